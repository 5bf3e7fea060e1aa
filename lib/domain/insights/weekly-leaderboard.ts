/** A rep's accounts ranked for one week. Pure. */
import { addDays } from "@/lib/format/days";
import { Totals, totalsByCustomer, weekStart, type HistoryInput, type ZoneOptions } from "./definitions";

/** One account's week on the leaderboard. */
export interface LeaderboardRow {
  /** 1-based; tied accounts share a rank (1, 1, 3). */
  rank: number;
  customerId: number;
  name: string;
  units: number;
  revenue: string;
  invoices: number;
}

/**
 * A rep's accounts ranked by revenue (then units, then customer id) for the Monday-to-Sunday week containing
 * `weekOf`. Accounts with no sales that week are listed with zeros.
 *
 * @example
 * weeklyLeaderboard(input, { weekOf: "2026-11-19", repUserId: 12 }); // the week of 2026-11-16
 */
export function weeklyLeaderboard(
  input: HistoryInput,
  options: { weekOf: string; repUserId: number } & ZoneOptions,
): LeaderboardRow[] {
  const from = weekStart(options.weekOf);
  const accounts = input.customers.filter((c) => c.repUserIds.includes(options.repUserId));
  const totals = totalsByCustomer(input, { ...options, from, to: addDays(from, 6) });
  const entries = accounts.map((customer) => ({ customer, totals: totals.get(customer.customerId) ?? new Totals() }));
  entries.sort(
    (a, b) =>
      (a.totals.micros === b.totals.micros ? 0 : a.totals.micros > b.totals.micros ? -1 : 1) ||
      b.totals.units - a.totals.units ||
      a.customer.customerId - b.customer.customerId,
  );
  const ranked: LeaderboardRow[] = [];
  entries.forEach(({ customer, totals: t }, index) => {
    const previous = ranked[index - 1];
    const prior = entries[index - 1];
    const tied =
      previous !== undefined &&
      prior !== undefined &&
      prior.totals.micros === t.micros &&
      prior.totals.units === t.units;
    ranked.push({
      rank: tied ? previous.rank : index + 1,
      customerId: customer.customerId,
      name: customer.name,
      units: t.units,
      revenue: t.revenue,
      invoices: t.invoiceIds.size,
    });
  });
  return ranked;
}
