/** Sales in a period grouped by product, customer, week, rep or supplier. Pure. */
import { addDays } from "@/lib/format/days";
import {
  customersById,
  datedInvoices,
  daysBetween,
  saleLines,
  tierOf,
  Totals,
  weekStart,
  type HistoryInput,
  type Period,
  type SaleLine,
  type Tier,
  type ZoneOptions,
} from "./definitions";

export type SalesDimension = "product" | "customer" | "week" | "rep" | "supplier";

/** One row of `salesBy`. */
export interface SalesRow {
  /** ProductID, CustomerID, the week's Monday, the rep's UserID ("none": no rep) or SupplierID, as text. */
  key: string;
  name: string;
  units: number;
  /** Decimal string, 2 decimals. */
  revenue: string;
  invoices: number;
}

/** A `salesBy("customer")` row: the sales plus the customer's recency. */
export interface CustomerSalesRow extends SalesRow {
  lastOrder: string | null;
  daysSince: number | null;
  tier: Tier;
}

/**
 * Sales in a period grouped by product, customer, week, rep or supplier, revenue descending then key (weeks: by date, with
 * every week of the period present, so a chart has no gaps). Customer rows cover every known customer.
 *
 * @example
 * salesBy("week", input, { from: "2026-11-01", to: "2026-11-30", zoneOf: (c) => zoneOfState(c?.state) });
 * // [{ key: "2026-10-26", name: "2026-10-26", units: 0, revenue: "0.00", invoices: 0 }, ...]
 */
export function salesBy(by: "customer", input: HistoryInput, period: Period): CustomerSalesRow[];
export function salesBy(by: SalesDimension, input: HistoryInput, period: Period): SalesRow[];
export function salesBy(by: SalesDimension, input: HistoryInput, period: Period): SalesRow[] {
  const sales = saleLines(input, period);
  switch (by) {
    case "product": {
      const names = new Map(input.products.map((p) => [p.productId, p.name]));
      const groups = group(sales, (sale) => [String(sale.line.productId)]);
      return sortByRevenue(rows(groups, (key) => names.get(Number(key)) ?? `Product ${key}`));
    }
    case "customer":
      return salesByCustomer(input, period, sales);
    case "week": {
      const groups = group(sales, (sale) => [weekStart(sale.day)]);
      for (let week = weekStart(period.from); week <= period.to; week = addDays(week, 7)) {
        if (!groups.has(week)) groups.set(week, new Totals());
      }
      return rows(groups, (key) => key)
        .sort((a, b) => a.key.localeCompare(b.key))
        .map(({ micros: _micros, ...row }) => row);
    }
    case "rep": {
      const groups = group(sales, (sale) => {
        const reps = sale.customer?.repUserIds ?? [];
        return reps.length === 0 ? ["none"] : [...new Set(reps)].map(String);
      });
      return sortByRevenue(
        rows(groups, (key) => (key === "none" ? "No rep" : (input.repNames?.[Number(key)] ?? `Rep ${key}`))),
      );
    }
    case "supplier": {
      const groups = group(sales, (sale) => [String(sale.line.supplierId)]);
      return sortByRevenue(rows(groups, (key) => input.supplierNames?.[Number(key)] ?? `Supplier ${key}`));
    }
  }
}

function salesByCustomer(input: HistoryInput, period: Period, sales: SaleLine[]): CustomerSalesRow[] {
  const groups = group(sales, (sale) => [String(sale.invoice.customerId)]);
  for (const customer of input.customers) {
    if (!groups.has(String(customer.customerId))) groups.set(String(customer.customerId), new Totals());
  }
  const last = lastOrders(input, period.to, period);
  const customers = customersById(input);
  const withNames = rows(groups, (key) => customers.get(Number(key))?.name ?? `Customer ${key}`);
  return sortByRevenue(
    withNames.map((row) => {
      const lastOrder = last.get(Number(row.key)) ?? null;
      const daysSince = lastOrder === null ? null : daysBetween(lastOrder, period.to);
      return { ...row, lastOrder, daysSince, tier: tierOf(daysSince) };
    }),
  );
}

/** Each customer's latest non-returned invoice day up to `asOf`. */
function lastOrders(input: HistoryInput, asOf: string, options: ZoneOptions): Map<number, string> {
  const last = new Map<number, string>();
  for (const dated of datedInvoices(input, options)) {
    if (dated.returned || dated.day > asOf) continue;
    const id = dated.invoice.customerId;
    const seen = last.get(id);
    if (seen === undefined || dated.day > seen) last.set(id, dated.day);
  }
  return last;
}

function group(sales: SaleLine[], keysOf: (sale: SaleLine) => string[]): Map<string, Totals> {
  const groups = new Map<string, Totals>();
  for (const sale of sales) {
    for (const key of keysOf(sale)) {
      let totals = groups.get(key);
      if (!totals) groups.set(key, (totals = new Totals()));
      totals.add(sale);
    }
  }
  return groups;
}

interface RowWithMicros extends SalesRow {
  micros: bigint;
}

function rows(groups: Map<string, Totals>, nameOf: (key: string) => string): RowWithMicros[] {
  return [...groups].map(([key, totals]) => ({
    key,
    name: nameOf(key),
    units: totals.units,
    revenue: totals.revenue,
    invoices: totals.invoiceIds.size,
    micros: totals.micros,
  }));
}

/** Revenue descending, then key (numeric keys as numbers), without the sort's helper field. */
function sortByRevenue<T extends RowWithMicros>(list: T[]): Omit<T, "micros">[] {
  return list
    .sort((a, b) => (a.micros === b.micros ? compareKeys(a.key, b.key) : a.micros > b.micros ? -1 : 1))
    .map(({ micros: _micros, ...row }) => row);
}

function compareKeys(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y) && a !== "" && b !== "") return x - y;
  return a.localeCompare(b);
}
