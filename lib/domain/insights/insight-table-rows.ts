import { addDays, isoWeekday } from "@/lib/format/days";
import { salesBy, shelfWatch, weeklyLeaderboard, whiteSpace } from "./aggregate";
import { cadence, doorsDue } from "./cadence";
import { customerZone, type HistoryInput, type Period, weekStart } from "./definitions";
import type { ShelfRow } from "./history-types";
import { type HeldDays, weekDays } from "./partial-weeks";
import type { DoorDueRow, NamedLeaderboardRow, NamedShelfRow, WeekRow, WhiteSpaceLine } from "./insight-columns";

/** A history with its retailers' shelf, as the Insights page reads it. */
type ShelvedHistory = HistoryInput & { shelf: readonly ShelfRow[] };

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * The page's choosers: every retailer, supplier and rep of the history, by name.
 *
 * @example
 * choosers(history).suppliers[0]; // { supplierId: 7, name: "Acme" }
 */
export function choosers(history: HistoryInput) {
  const retailers = [...history.customers]
    .sort((a, b) => byName(a, b) || a.customerId - b.customerId)
    .map(({ customerId, name }) => ({ customerId, name }));
  const supplierIds = [
    ...new Set([...Object.keys(history.supplierNames ?? {}).map(Number), ...history.lines.map((l) => l.supplierId)]),
  ];
  const suppliers = supplierIds
    .map((supplierId) => ({ supplierId, name: history.supplierNames?.[supplierId] ?? `Supplier ${supplierId}` }))
    .sort((a, b) => byName(a, b) || a.supplierId - b.supplierId);
  const reps = Object.entries(history.repNames ?? {})
    .map(([id, name]) => ({ userId: Number(id), name }))
    .sort((a, b) => byName(a, b) || a.userId - b.userId);
  return { retailers, suppliers, reps };
}

/**
 * Each week of the period beside the same week of the period before (`days` long, just before it), with the days
 * each counts (`weekDays`): the period's, those the history holds (`held`), and while it reads back, those read.
 *
 * @example
 * weekRows(input, period, 28)[0]; // { week: "2026-10-26", days: { days: 7, partial: false, … }, units: 40, … }
 */
export function weekRows(input: HistoryInput, period: Period, days: number, held: HeldDays = {}): WeekRow[] {
  const previous = { from: addDays(period.from, -days), to: addDays(period.from, -1), zoneOf: customerZone };
  const thisWeeks = salesBy("week", input, period);
  const previousWeeks = salesBy("week", input, previous);
  return thisWeeks.map((w, i) => ({
    week: w.key,
    days: weekDays(w.key, period, held),
    units: w.units,
    revenue: w.revenue,
    invoices: w.invoices,
    previous: weekDays(previousWeeks[i]?.key ?? addDays(w.key, -days), previous, held),
    previousUnits: previousWeeks[i]?.units ?? 0,
    previousRevenue: previousWeeks[i]?.revenue ?? "0.00",
  }));
}

/**
 * The stores due or late to reorder by the end of the history's last week, each under the rep who covers it.
 *
 * @example
 * doorsDueRows(input, "2026-11-23")[0]; // { rep: "Dana", name: "Valley Market", status: "due", … }
 */
export function doorsDueRows(input: HistoryInput, asOf: string): DoorDueRow[] {
  return doorsDue(cadence(input, { asOf, zoneOf: customerZone }), input, asOf).flatMap((group) =>
    group.doors.map((door) => ({ ...door, rep: group.name })),
  );
}

/**
 * The shelf watch's rows, named from the whole history (a retailer or product narrowed away keeps its name).
 *
 * @example
 * shelfRows(history, input)[0]; // { customer: "Valley Market", product: "Oat Milk", label: "Out of stock", … }
 */
export function shelfRows(history: HistoryInput, input: ShelvedHistory): NamedShelfRow[] {
  const customerNames = new Map(history.customers.map((c) => [c.customerId, c.name]));
  const productNames = new Map(history.products.map((p) => [p.productId, p.name]));
  return shelfWatch(input.shelf).map((r) => ({
    ...r,
    customer: customerNames.get(r.customerId) ?? `Customer ${r.customerId}`,
    product: productNames.get(r.productId) ?? `Product ${r.productId}`,
  }));
}

/**
 * The white space of the last 90 days, with what each retailer misses counted and in words.
 *
 * @example
 * whiteSpaceLines(input, "2026-11-23")[0].missingText; // "Dairy — Oat Milk, Soy Milk"
 */
export function whiteSpaceLines(input: HistoryInput, asOf: string): WhiteSpaceLine[] {
  return whiteSpace(input, { asOf, days: 90, zoneOf: customerZone }).map((r) => {
    const missing = r.groups.filter((g) => g.missing.length > 0);
    return {
      ...r,
      missingCount: missing.reduce((n, g) => n + g.missing.length, 0),
      missingText: missing.map((g) => `${g.group} — ${g.missing.map((p) => p.name).join(", ")}`).join("; "),
    };
  });
}

/**
 * The Monday of the history's last full week (Monday to Sunday: the week before asOf's, unless asOf is its Sunday).
 *
 * @example
 * lastFullWeek("2026-11-23"); // "2026-11-16"
 */
export function lastFullWeek(asOf: string): string {
  return isoWeekday(asOf) === 7 ? weekStart(asOf) : addDays(weekStart(asOf), -7);
}

/**
 * The rep's accounts ranked for the history's last full week (`lastFullWeek`); none without a rep.
 *
 * @example
 * leaderboardRows(input, "2026-11-23", 42)[0]; // { rank: 1, week: "2026-11-16", … }
 */
export function leaderboardRows(input: HistoryInput, asOf: string, rep: number | undefined): NamedLeaderboardRow[] {
  const week = lastFullWeek(asOf);
  return rep === undefined
    ? []
    : weeklyLeaderboard(input, { weekOf: week, repUserId: rep, zoneOf: customerZone }).map((row) => ({
        ...row,
        week,
      }));
}
