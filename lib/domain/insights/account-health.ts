/** Each account's recency, tier, reorder rhythm and recent revenue. Pure. */
import { addDays } from "@/lib/format/days";
import {
  customersById,
  datedInvoices,
  daysBetween,
  growthPercent,
  orderDays,
  reorderInterval,
  tierOf,
  Totals,
  totalsByCustomer,
  type HistoryInput,
  type Tier,
  type ZoneOptions,
} from "./definitions";

/** One customer's health as of a day. */
export interface AccountHealthRow {
  customerId: number;
  name: string;
  lastOrder: string | null;
  daysSince: number | null;
  tier: Tier;
  /** Median days between distinct order days; null with fewer than two. May end in .5. */
  medianReorderDays: number | null;
  /** Revenue of the 30 days ending `asOf`, and of the 30 before (2 decimals). */
  revenueLast30: string;
  revenuePrevious30: string;
  growth: string | null;
  /** Distinct non-returned invoices up to `asOf`. */
  orders: number;
}

/**
 * Per customer: recency, tier, median reorder interval and the last 30 days' revenue against the 30 before; sorted
 * by last 30 days' revenue descending, then customer id.
 *
 * @example
 * accountHealth(input, { asOf: "2026-11-23" }).filter((row) => row.tier === "At risk");
 */
export function accountHealth(input: HistoryInput, options: { asOf: string } & ZoneOptions): AccountHealthRow[] {
  const { asOf } = options;
  const days = orderDays(input, asOf, options);
  const orders = new Map<number, number>();
  for (const dated of datedInvoices(input, options)) {
    if (dated.returned || dated.day > asOf) continue;
    orders.set(dated.invoice.customerId, (orders.get(dated.invoice.customerId) ?? 0) + 1);
  }
  const last30 = totalsByCustomer(input, { ...options, from: addDays(asOf, -29), to: asOf });
  const previous30 = totalsByCustomer(input, { ...options, from: addDays(asOf, -59), to: addDays(asOf, -30) });
  const ids = new Set([
    ...input.customers.map((c) => c.customerId),
    ...days.keys(),
    ...last30.keys(),
    ...previous30.keys(),
  ]);
  const customers = customersById(input);
  const result = [...ids].map((id) => {
    const sorted = days.get(id) ?? [];
    const lastOrder = sorted.at(-1) ?? null;
    const daysSince = lastOrder === null ? null : daysBetween(lastOrder, asOf);
    const now = last30.get(id)?.micros ?? 0n;
    const before = previous30.get(id)?.micros ?? 0n;
    return {
      row: {
        customerId: id,
        name: customers.get(id)?.name ?? `Customer ${id}`,
        lastOrder,
        daysSince,
        tier: tierOf(daysSince),
        medianReorderDays: reorderInterval(sorted),
        revenueLast30: (last30.get(id) ?? new Totals()).revenue,
        revenuePrevious30: (previous30.get(id) ?? new Totals()).revenue,
        growth: growthPercent(now, before),
        orders: orders.get(id) ?? 0,
      },
      now,
    };
  });
  return result
    .sort((a, b) => (a.now === b.now ? a.row.customerId - b.row.customerId : a.now > b.now ? -1 : 1))
    .map(({ row }) => row);
}
