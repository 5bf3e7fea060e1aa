/**
 * Each store's own reorder rhythm and whether it is due or late by it, and the doors a rep should call on
 * this week. A store ordering every 45 days is not late at day 40, one ordering weekly is at day 12: a fixed tier
 * (30/60/90 days) cannot say that. The interval is the insights' reorder interval (`reorderInterval`, definitions.ts),
 * asked of three orders at least: two give one gap, which is no rhythm. Pure; see `DEFINITIONS`.
 */
import { addDays } from "@/lib/format/days";
import {
  customersById,
  daysBetween,
  orderDays,
  reorderInterval,
  tierOf,
  weekStart,
  type HistoryInput,
  type ZoneOptions,
} from "./definitions";

/** Orders a store needs before its median says anything. */
export const CADENCE_MIN_ORDERS = 3;

export type CadenceStatus = "late" | "due" | "ok" | "unknown";

/** One store's cadence as of a day. */
export interface CadenceRow {
  customerId: number;
  name: string;
  /** Distinct order days (non-returned invoices) up to the day asked about. */
  orders: number;
  /** Median days between them (may end in .5); null with fewer than three. */
  medianDays: number | null;
  lastOrder: string;
  daysSince: number;
  /** The day its next order is expected: the last plus the median, a half day rounded up; null without a median. */
  nextOrder: string | null;
  status: CadenceStatus;
}

const SEVERITY: Record<CadenceStatus, number> = { late: 0, due: 1, ok: 2, unknown: 3 };

/**
 * A store's status by its days since its last order and its median: "late" past 1.5 × the median, "due" past the
 * median, else "ok"; "unknown" without a median. On the day itself it is not yet past.
 *
 * @example
 * cadenceStatus(15, 10); // "late"
 * cadenceStatus(15, 14); // "due"
 * cadenceStatus(14, 14); // "ok"
 */
export function cadenceStatus(daysSince: number, medianDays: number | null): CadenceStatus {
  if (medianDays === null) return "unknown";
  if (daysSince > 1.5 * medianDays) return "late";
  if (daysSince > medianDays) return "due";
  return "ok";
}

/** A store's rhythm from its order days, as of a day. */
export type Rhythm = Omit<CadenceRow, "customerId" | "name">;

/**
 * A store's rhythm from its distinct order days (sorted, none after `asOf`): orders, median, last order, days since,
 * next expected order and status. The one reading of a rhythm: the Insights tables and a rep's Today both take it.
 *
 * @example
 * rhythmOf(["2026-10-26", "2026-11-05", "2026-11-15"], "2026-11-25");
 * // { orders: 3, medianDays: 10, lastOrder: "2026-11-15", daysSince: 10, nextOrder: "2026-11-25", status: "ok" }
 */
export function rhythmOf(days: readonly string[], asOf: string): Rhythm {
  const lastOrder = days.at(-1) ?? asOf;
  const medianDays = reorderInterval(days, CADENCE_MIN_ORDERS);
  const daysSince = daysBetween(lastOrder, asOf);
  return {
    orders: days.length,
    medianDays,
    lastOrder,
    daysSince,
    nextOrder: medianDays === null ? null : addDays(lastOrder, Math.ceil(medianDays)),
    status: cadenceStatus(daysSince, medianDays),
  };
}

/**
 * Every store with an order up to `asOf`: its orders, median, days since, next expected order and status; the late
 * first, then due, ok and unknown, each by days since descending, then customer id.
 *
 * @example
 * cadence(input, { asOf: "2026-11-23", zoneOf: customerZone }).filter((r) => r.status === "late");
 */
export function cadence(input: HistoryInput, options: { asOf: string } & ZoneOptions): CadenceRow[] {
  const customers = customersById(input);
  const rows = [...orderDays(input, options.asOf, options)].map(
    ([customerId, days]): CadenceRow => ({
      customerId,
      name: customers.get(customerId)?.name ?? `Customer ${customerId}`,
      ...rhythmOf(days, options.asOf),
    }),
  );
  return rows.sort(
    (a, b) => SEVERITY[a.status] - SEVERITY[b.status] || b.daysSince - a.daysSince || a.customerId - b.customerId,
  );
}

/**
 * The stores due to reorder in the Monday-to-Sunday week holding `asOf`: those whose next expected order is on or
 * before its Sunday, but not those silent for over 90 days (the Lost tier: no rhythm left to be due by; the account
 * health and white space list them). This week's first, by the day expected; then those expected before the week (due
 * or late already), the most recent first, so a store that slipped last week leads one that slipped in the summer.
 *
 * @example
 * dueThisWeek(cadence(input, { asOf }), asOf).map((r) => r.nextOrder); // ["2026-11-24", "2026-11-27", "2026-11-20", "2026-11-02"]
 */
export function dueThisWeek<R extends { customerId: number; nextOrder: string | null; daysSince: number }>(
  rows: readonly R[],
  asOf: string,
): R[] {
  const monday = weekStart(asOf);
  const sunday = addDays(monday, 6);
  const due = rows.filter(
    (r): r is R & { nextOrder: string } =>
      r.nextOrder !== null && r.nextOrder <= sunday && tierOf(r.daysSince) !== "Lost",
  );
  const thisWeek = (r: { nextOrder: string }) => r.nextOrder >= monday;
  return due.sort((a, b) => {
    if (thisWeek(a) !== thisWeek(b)) return thisWeek(a) ? -1 : 1;
    const order = thisWeek(a) ? a.nextOrder.localeCompare(b.nextOrder) : b.nextOrder.localeCompare(a.nextOrder);
    return order || a.customerId - b.customerId;
  });
}

/** One rep's doors due in the week. */
export interface DoorsDue {
  /** The rep's UserID; null for the stores no rep covers. */
  repUserId: number | null;
  name: string;
  doors: CadenceRow[];
}

/**
 * The doors due in the Monday-to-Sunday week holding `asOf`, per rep, in `dueThisWeek`'s order. A store covered by
 * two reps is in both lists; stores with no rep are under `null` ("No rep"), last. Reps by UserID.
 *
 * @example
 * doorsDue(cadence(input, { asOf }), input, asOf).find((r) => r.repUserId === 10)?.doors;
 */
export function doorsDue(rows: readonly CadenceRow[], input: HistoryInput, asOf: string): DoorsDue[] {
  const customers = customersById(input);
  const byRep = new Map<number | null, CadenceRow[]>();
  for (const row of dueThisWeek(rows, asOf)) {
    const reps = customers.get(row.customerId)?.repUserIds ?? [];
    for (const rep of reps.length === 0 ? [null] : [...new Set(reps)]) byRep.set(rep, [...(byRep.get(rep) ?? []), row]);
  }
  return [...byRep]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([repUserId, doors]) => ({
      repUserId,
      name: repUserId === null ? "No rep" : (input.repNames?.[repUserId] ?? `Rep ${repUserId}`),
      doors,
    }));
}
