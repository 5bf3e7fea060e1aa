import { cutOffFor } from "@/lib/domain/delivery/cutoff";
import { deliveryDates, type ScheduleCustomer, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { isZone } from "@/lib/format/days";

/**
 * A store's next order cut-off: the first of its deliveries to come (the dates Today and Delivery days count it by,
 * `deliveryDates`) whose cut-off, on its state's clock, has not passed. What a reorder request on Today counts down to:
 * the rep has until then to enter it for that delivery. Pure.
 */

export interface NextCutOff {
  /** The delivery it is for, YYYY-MM-DD on the state's clock. */
  day: string;
  cutOff: Date;
  /** The state's zone: the cut-off is said on its clock. */
  timeZone: string;
}

/**
 * The store's next open cut-off, or undefined when its state gives no usable rule or it has no delivery to come.
 *
 * @example
 * nextCutOff({ State: "CA", NextDeliveryDates: "2026-12-01;2026-12-02" }, states, new Date("2026-11-30T23:00:00Z"));
 * // { day: "2026-12-02", cutOff: 2026-12-01T22:30:00.000Z, timeZone: "America/Los_Angeles" } (Dec 1's has passed)
 */
export function nextCutOff(
  customer: Pick<ScheduleCustomer, "State" | "DeliveryDays" | "DeliveryDates" | "NextDeliveryDates">,
  states: readonly ScheduleState[],
  now: Date,
): NextCutOff | undefined {
  const rule = customer.State ? states.find((s) => s.StateAbbreviation === customer.State) : undefined;
  const timeZone = rule?.TimeZone;
  if (!rule || !timeZone || !isZone(timeZone)) return undefined;
  for (const day of deliveryDates(customer, rule, now)) {
    const cutOff = cutOffFor(day, rule);
    if (cutOff && cutOff.getTime() > now.getTime()) return { day, cutOff, timeZone };
  }
  return undefined;
}
