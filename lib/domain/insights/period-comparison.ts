/** A period's sales against the period of the same length before it. Pure. */
import { growthPercent, previousPeriod, saleLines, Totals, type HistoryInput, type Period } from "./definitions";

/** A period's totals. */
export interface PeriodTotals {
  from: string;
  to: string;
  units: number;
  revenue: string;
  invoices: number;
}

/** `periodComparison`'s result: growth in percent (one decimal), null when the previous figure is zero. */
export interface PeriodComparison {
  current: PeriodTotals;
  previous: PeriodTotals;
  growth: { units: string | null; revenue: string | null; invoices: string | null };
}

/**
 * This period against the one of the same length just before it.
 *
 * @example
 * periodComparison(input, { from: "2026-11-01", to: "2026-11-30" });
 * // { current: {...}, previous: { from: "2026-10-02", to: "2026-10-31", ... }, growth: { revenue: "12.5", ... } }
 */
export function periodComparison(input: HistoryInput, period: Period): PeriodComparison {
  const before = previousPeriod(period);
  const current = totalsOf(input, period);
  const previous = totalsOf(input, before);
  return {
    current: plain(period, current),
    previous: plain(before, previous),
    growth: {
      units: growthPercent(BigInt(current.units), BigInt(previous.units)),
      revenue: growthPercent(current.micros, previous.micros),
      invoices: growthPercent(BigInt(current.invoiceIds.size), BigInt(previous.invoiceIds.size)),
    },
  };
}

function totalsOf(input: HistoryInput, period: Period): Totals {
  const totals = new Totals();
  for (const sale of saleLines(input, period)) totals.add(sale);
  return totals;
}

function plain(period: Period, totals: Totals): PeriodTotals {
  return {
    from: period.from,
    to: period.to,
    units: totals.units,
    revenue: totals.revenue,
    invoices: totals.invoiceIds.size,
  };
}
