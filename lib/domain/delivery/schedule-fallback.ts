import type { ApiRequest } from "@/lib/domain/api-query";
import type { DeliveryParams } from "./requests";
import type { ScheduleCustomer } from "./schedule";

/**
 * The delivery schedules of customers whose records come without them. Records are sparse: a key type may not be
 * shown a customer's `DeliveryDays`, or any of its dates (`DeliveryDates`, `NextDeliveryDates`). `/deliveryDays`
 * serves the same schedule (DeliverySchedule: CustomerID, DeliveryDays, DeliveryDates) for active customers, so the
 * delivery-days page asks it for the customers that lack one, and only then: when `/customers` carries the fields,
 * nothing more is requested. Pure; the page makes the request.
 */

/** What `/deliveryDays` answers (every field may be missing, as in any record). */
export interface ScheduleRecord {
  CustomerID?: number | null;
  DeliveryDays?: string | null;
  DeliveryDates?: string[] | null;
}

/** Customers asked for by id in one request at most; more than these, and the schedules are walked (by state). */
export const MAX_SCHEDULE_IDS = 200;

/**
 * Whether a customer's record was sent without its schedule: no `DeliveryDays` field, or none of its date fields.
 * A field sent as null or "" is the API's answer (no schedule), not a field left out.
 *
 * @example
 * lacksSchedule({ CustomerID: 1, DeliveryDays: "2,5", DeliveryDates: ["2026-11-24"] }); // false
 * lacksSchedule({ CustomerID: 1, DeliveryDays: "2,5" }); // true: no dates of any kind
 */
export function lacksSchedule(customer: ScheduleCustomer): boolean {
  return (
    customer.DeliveryDays === undefined ||
    (customer.DeliveryDates === undefined && customer.NextDeliveryDates === undefined)
  );
}

/** `/deliveryDays` covers active customers: one whose status is another is not asked about (its status may be missing). */
const coveredBySchedules = (customer: ScheduleCustomer) =>
  customer.AccountStatus == null || customer.AccountStatus === "Active";

/**
 * The `/deliveryDays` request that completes the customers in view, or undefined when none needs it (the frugal
 * case: every record carries its schedule, or those that lack one are not active). The customers in view are those
 * of the chosen states (all, without a state). Up to `MAX_SCHEDULE_IDS` lacking customers are asked for by id, one
 * request; more are walked, filtered by the chosen states when there are some.
 *
 * @example
 * scheduleFallbackRequest([{ CustomerID: 20001, State: "CA", DeliveryDays: "2,5" }], { statuses: "Active" }); // { operation: "listDeliveryDays", query: { CustomerIDs: "20001" } }
 */
export function scheduleFallbackRequest(
  customers: ScheduleCustomer[],
  params: Pick<DeliveryParams, "states">,
): ApiRequest<"listDeliveryDays"> | undefined {
  const states = params.states ? new Set(params.states.split(",")) : undefined;
  const ids = new Set<number>();
  for (const customer of customers) {
    if (customer.CustomerID == null || !coveredBySchedules(customer) || !lacksSchedule(customer)) continue;
    if (states && !states.has(customer.State ?? "")) continue;
    ids.add(customer.CustomerID);
  }
  if (ids.size === 0) return undefined;
  if (ids.size <= MAX_SCHEDULE_IDS)
    return { operation: "listDeliveryDays", query: { CustomerIDs: [...ids].sort((a, b) => a - b).join(",") } };
  return { operation: "listDeliveryDays", query: params.states ? { States: params.states } : {} };
}

/**
 * The customers with the schedules joined in by CustomerID: a missing `DeliveryDays` is taken from the customer's
 * schedule, and when the record has none of its dates, the schedule's `DeliveryDates`. What the record has is kept.
 * The records are copied, not changed (they are the query cache's).
 *
 * @example
 * withSchedules([{ CustomerID: 1, State: "CA" }], [{ CustomerID: 1, DeliveryDays: "3", DeliveryDates: ["2026-11-25"] }]);
 * // [{ CustomerID: 1, State: "CA", DeliveryDays: "3", DeliveryDates: ["2026-11-25"] }]
 */
export function withSchedules<C extends ScheduleCustomer>(customers: C[], schedules: ScheduleRecord[]): C[] {
  if (schedules.length === 0) return customers;
  const byId = new Map<number, ScheduleRecord>();
  for (const s of schedules) if (s.CustomerID != null && !byId.has(s.CustomerID)) byId.set(s.CustomerID, s);
  return customers.map((customer) => {
    const schedule = customer.CustomerID == null ? undefined : byId.get(customer.CustomerID);
    if (!schedule || !lacksSchedule(customer)) return customer;
    const joined: C = { ...customer };
    if (joined.DeliveryDays === undefined && schedule.DeliveryDays !== undefined)
      joined.DeliveryDays = schedule.DeliveryDays;
    if (
      joined.DeliveryDates === undefined &&
      joined.NextDeliveryDates === undefined &&
      schedule.DeliveryDates !== undefined
    )
      joined.DeliveryDates = schedule.DeliveryDates;
    return joined;
  });
}

/**
 * How many customers in view still have no delivery days after the join (the page says so: their days are not known
 * to the key; an inactive customer's, for one, since `/deliveryDays` covers active customers). A field left out
 * only: days the API sent as null or "" are known to be none.
 */
export function unknownSchedules(customers: ScheduleCustomer[], params: Pick<DeliveryParams, "states">): number {
  const states = params.states ? new Set(params.states.split(",")) : undefined;
  return customers.filter(
    (c) => c.CustomerID != null && c.DeliveryDays === undefined && (!states || states.has(c.State ?? "")),
  ).length;
}
