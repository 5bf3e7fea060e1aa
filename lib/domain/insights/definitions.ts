/**
 * What the insights' numbers mean, written once: the pure aggregations follow it and the pages show
 * `DEFINITIONS` beside the figures. Shared helpers for the aggregations: the input, sale days, weeks, tiers, growth.
 */
import { addDays, isoWeekday, localDay } from "@/lib/format/days";
import { toDecimalString } from "@/lib/format/decimal";
import { netSale, RETURNED_STATUS } from "@/lib/domain/invoices/net-sales";
import type { HistoryCustomer, HistoryInvoice, HistoryLine, HistoryProduct, HistoryPromotion } from "./history-types";

/** The text a page shows under its figures. */
export const DEFINITIONS = `Sales are the lines of invoices dated in the period (from and to included). An invoice counts on its date: a Date at midnight UTC is the ERP's calendar date as it stands; one with a time of day is read on the clock of its customer's state (UTC when none is known).
Units are NumUnits, revenue is ExtPrice (exact, 2 decimals), invoices the count of distinct sales invoices.
A Returned invoice (status 4) is taken off: its units and revenue are subtracted (the ERP writes them negative; they are never added) and it is not counted as an invoice or an order. Canceled invoices are not in the history.
Weeks start on Monday; a week is named by its Monday, and the first and last weeks of a period count only its days. Each rep covering a customer is credited with all of that customer's sales, so reps' totals can add up to more than the total; customers without a rep are under "none".
Last order is the day of the customer's latest non-returned invoice; days since counts from it to the period's end. Tiers: Active up to 30 days, Priority 31 to 60, At risk 61 to 90, Lost over 90 or never ordered.
Growth is (this − previous) ÷ |previous| in percent with one decimal, blank when the previous is zero. The previous period is the same number of days just before.
Account health looks at the 30 days ending on the chosen day against the 30 before; the weekly leaderboard at the Monday-to-Sunday week.
Reorder interval is the median of the days between a customer's distinct order days (blank with fewer than two).
Doors: the stores with a non-returned invoice line of a product (or of any product of a line, its product group) dated in the period that delivered units (a line wholly back-ordered, NumUnits 0, makes no door); the brand's doors are those that bought anything of it. New doors were none of the previous period's doors, lost doors are the previous period's doors that are none of this one's. Share of doors is its doors ÷ the brand's doors, in percent with one decimal: a product's of the brand's doors in the state it ships to (a store buys its own state's products), a line's of all of them.
Units per door per week (velocity) is the net units of the period (a Returned invoice's units subtracted, on its own date; a return makes no door) ÷ its doors ÷ the period's weeks, its days ÷ 7: every week counts, one without a sale as zero, and a door that bought once counts over the whole period. Two decimals, blank without a door.
Reorder cadence: a store's orders are its distinct order days (non-returned invoices; two the same day are one order) up to the day shown; its median days between them is its reorder interval, given with three orders at least. Due when the days since its last order pass the median, late when they pass 1.5 × it, ok otherwise, unknown without a median. Its next order is expected on its last order's day plus the median (a half day rounded up); a rep's doors due this week are the stores it covers whose next order is expected by the Sunday of the Monday-to-Sunday week, but not those silent over 90 days (Lost): this week's first, by the day expected, then those already due or late, the most recently expected first.
Promotion lift: a promotion's doors are the stores with a non-returned line priced by it (PromotionID) that delivered units while it ran, within the history and up to its last day; its products are those it names, or all its supplier's. Units and revenue per door per week are what those doors bought of its products while it ran (at its price or not, returns subtracted) ÷ doors ÷ its days ÷ 7; the baseline is the same doors' in the 8 weeks before it began. Lift is (during − baseline) ÷ |baseline| in percent with one decimal, blank without a baseline. New doors bought none of its products in those 8 weeks. Discount given is each line priced by it, Discount × NumUnits. With fewer than 5 doors, under 2 weeks, or a baseline reaching before the history, the lift is too thin to tell and not given. A promotion the promotions list lacks is read from the lines it priced.
White space: the brand's active products shipping to a customer's state that it did not buy in the window, by product group, for customers who bought anything in it.
Shelf watch: cover is inventory ÷ daily sales in days; a product is listed under the minimum cover, when out of stock, or when never counted.`;

/** The synced history an aggregation reads. */
export interface HistoryInput {
  invoices: readonly HistoryInvoice[];
  lines: readonly HistoryLine[];
  customers: readonly HistoryCustomer[];
  products: readonly HistoryProduct[];
  /** Reps' display names by UserID (optional; a missing one shows as "Rep <id>"). */
  repNames?: Readonly<Record<number, string>>;
  /** Suppliers' names by SupplierID (optional; a missing one shows as "Supplier <id>"). */
  supplierNames?: Readonly<Record<number, string>>;
  /** The brand's promotions, as the last walk read them (optional: a promotion its lines name is read from them). */
  promotions?: readonly HistoryPromotion[];
}

/** The time zone a customer's invoice dates are read in (default: UTC for everyone). */
export type ZoneOf = (customer: HistoryCustomer | undefined) => string;

/** Options every date-reading aggregation takes. */
export interface ZoneOptions {
  zoneOf?: ZoneOf;
}

/** An inclusive period of local days (YYYY-MM-DD). */
export interface Period extends ZoneOptions {
  from: string;
  to: string;
}

/** Statuses the history holds; anything else is ignored. */
export const HISTORY_STATUSES: ReadonlySet<number> = new Set([1, 2, 3, 4, 5, 7]);
/** Invoice status Returned: taken off the sales (`netSale`). */
export const RETURNED = RETURNED_STATUS;

export type Tier = "Active" | "Priority" | "At risk" | "Lost";

/**
 * The tier of a customer by days since its last order (null: never ordered).
 *
 * @example
 * tierOf(30); // "Active"
 * tierOf(61); // "At risk"
 * tierOf(null); // "Lost"
 */
export function tierOf(daysSince: number | null): Tier {
  if (daysSince === null) return "Lost";
  if (daysSince <= 30) return "Active";
  if (daysSince <= 60) return "Priority";
  if (daysSince <= 90) return "At risk";
  return "Lost";
}

/**
 * Whole days from one YYYY-MM-DD to another (negative when `to` is earlier).
 *
 * @example
 * daysBetween("2026-01-01", "2026-03-01"); // 59
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * The Monday (YYYY-MM-DD) of the week a day falls in.
 *
 * @example
 * weekStart("2026-11-22"); // "2026-11-16" (a Sunday's week began the Monday before)
 */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/**
 * Growth from `previous` to `current` in percent with one decimal, rounded half away from zero; null when the
 * previous is zero. Divides by |previous| so a smaller loss reads as growth.
 *
 * @example
 * growthPercent(150n, 100n); // "50.0"
 * growthPercent(1n, 3n); // "-66.7"
 * growthPercent(5n, 0n); // null
 */
export function growthPercent(current: bigint, previous: bigint): string | null {
  if (previous === 0n) return null;
  return roundedRatio((current - previous) * 100n, previous < 0n ? -previous : previous, 1);
}

/**
 * `numerator ÷ denominator` (a positive denominator) as a decimal string with `fractionDigits` decimals (0 to 6),
 * rounded once, half away from zero, from the exact quotient: shares and rates without a float or a double rounding.
 *
 * @example
 * roundedRatio(2n, 3n, 2); // "0.67"
 * roundedRatio(-1n, 8n, 2); // "-0.13"
 */
export function roundedRatio(numerator: bigint, denominator: bigint, fractionDigits: number): string {
  const scaled = numerator * 10n ** BigInt(fractionDigits);
  const magnitude = scaled < 0n ? -scaled : scaled;
  const rounded = (magnitude * 2n + denominator) / (2n * denominator);
  // The rounded figure to micro-units, so the decimal formatter writes it.
  return toDecimalString((scaled < 0n ? -rounded : rounded) * 10n ** BigInt(6 - fractionDigits), fractionDigits);
}

/**
 * The period of the same number of days just before `period` (what growth and new and lost doors compare with).
 *
 * @example
 * previousPeriod({ from: "2026-11-01", to: "2026-11-30" }); // { from: "2026-10-02", to: "2026-10-31" }
 */
export function previousPeriod<P extends Period>(period: P): P {
  const length = daysBetween(period.from, period.to) + 1;
  return { ...period, from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/**
 * The median of a list of numbers (mean of the two middle ones when even); null when empty.
 *
 * @example
 * median([7, 14, 30]); // 14
 * median([10, 21]); // 15.5
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * Each customer's distinct order days up to `asOf` (its non-returned invoices' days, oldest first): what recency and
 * the reorder interval read. Two invoices on one day are one order day.
 *
 * @example
 * orderDays(input, "2026-11-23").get(42); // ["2026-09-01", "2026-10-02", "2026-11-03"]
 */
export function orderDays(input: HistoryInput, asOf: string, options: ZoneOptions = {}): Map<number, string[]> {
  const days = new Map<number, Set<string>>();
  for (const dated of datedInvoices(input, options)) {
    if (dated.returned || dated.day > asOf) continue;
    let set = days.get(dated.invoice.customerId);
    if (!set) days.set(dated.invoice.customerId, (set = new Set()));
    set.add(dated.day);
  }
  return new Map([...days].map(([id, set]) => [id, [...set].sort()]));
}

/**
 * The reorder interval: the median of the days between consecutive distinct order days (sorted), null with fewer than
 * `minimumOrders` of them (2, one gap, unless said: the cadence asks for 3).
 *
 * @example
 * reorderInterval(["2026-09-01", "2026-09-15", "2026-10-15"]); // 22 (gaps of 14 and 30)
 * reorderInterval(["2026-09-01", "2026-09-15"], 3); // null
 */
export function reorderInterval(days: readonly string[], minimumOrders = 2): number | null {
  if (days.length < Math.max(2, minimumOrders)) return null;
  return median(days.slice(1).map((day, i) => daysBetween(days[i] ?? day, day)));
}

/** A line of a sales invoice with the facts the aggregations group by. */
export interface SaleLine {
  line: HistoryLine;
  invoice: HistoryInvoice;
  customer: HistoryCustomer | undefined;
  /** The invoice's day in the customer's zone. */
  day: string;
  /** Whether the invoice is Returned (a credit): no invoice, order or door. */
  returned: boolean;
  /** What the line adds to sales, net of returns (`netSale`): a return's units and money negative. */
  units: number;
  micros: bigint;
}

/**
 * Whether a line makes its store a door of its product: a non-returned invoice's line that delivered units. A line
 * wholly back-ordered (`NumUnits` 0) delivered nothing, and a return makes no door.
 *
 * @example
 * makesDoor({ returned: false, units: 0 }); // false
 */
export function makesDoor(sale: Pick<SaleLine, "returned" | "units">): boolean {
  return !sale.returned && sale.units > 0;
}

/** An invoice with its day in its customer's zone. */
export interface DatedInvoice {
  invoice: HistoryInvoice;
  day: string;
  returned: boolean;
}

const UTC: ZoneOf = () => "UTC";

/** The zone the pages read a customer's invoices in: its state's (as synced), else UTC. */
export const customerZone: ZoneOf = (customer) => customer?.timeZone ?? "UTC";

/** An ERP's date without a time, as the API writes it: midnight UTC exactly. */
const CALENDAR_MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.0+)?Z$/;

/**
 * The calendar day an invoice counts for: a `Date` at midnight UTC exactly is the ERP's calendar date and is taken as
 * it is (read in a zone west of UTC it would fall on the day before); one with a time of day is read on its
 * customer's clock. Undefined when the text is no date.
 *
 * @example
 * invoiceDay("2026-11-23T00:00:00.000Z", "America/Los_Angeles"); // "2026-11-23"
 * invoiceDay("2026-11-23T03:30:00.000Z", "America/Los_Angeles"); // "2026-11-22"
 */
export function invoiceDay(date: string, timeZone: string): string | undefined {
  const calendar = CALENDAR_MIDNIGHT.exec(date);
  if (calendar) return calendar[1];
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? undefined : localDay(at, timeZone);
}

/**
 * The invoices of the history's statuses, each with its local day.
 *
 * @example
 * datedInvoices(input, { zoneOf: () => "Europe/Berlin" }).filter((i) => !i.returned);
 */
export function datedInvoices(input: HistoryInput, options: ZoneOptions = {}): DatedInvoice[] {
  const zoneOf = options.zoneOf ?? UTC;
  const customers = customersById(input);
  const dated: DatedInvoice[] = [];
  for (const invoice of input.invoices) {
    if (!HISTORY_STATUSES.has(invoice.status)) continue;
    const day = invoiceDay(invoice.date, zoneOf(customers.get(invoice.customerId)));
    if (day === undefined) continue;
    dated.push({ invoice, day, returned: invoice.status === RETURNED });
  }
  return dated;
}

/**
 * The lines of invoices whose local day is within `from`..`to` (inclusive).
 *
 * @example
 * saleLines(input, { from: "2026-01-01", to: "2026-01-31" }).length;
 */
export function saleLines(input: HistoryInput, range: Period): SaleLine[] {
  const customers = customersById(input);
  const inRange = new Map<number, DatedInvoice>();
  for (const dated of datedInvoices(input, range)) {
    if (dated.day >= range.from && dated.day <= range.to) inRange.set(dated.invoice.invoiceId, dated);
  }
  const out: SaleLine[] = [];
  for (const line of input.lines) {
    const dated = inRange.get(line.invoiceId);
    if (!dated) continue;
    out.push({
      line,
      invoice: dated.invoice,
      customer: customers.get(dated.invoice.customerId),
      day: dated.day,
      returned: dated.returned,
      ...netSale({ units: line.numUnits, amount: line.extPrice }, dated.returned),
    });
  }
  return out;
}

/**
 * The input's customers by id.
 *
 * @example
 * customersById(input).get(42)?.name;
 */
export function customersById(input: HistoryInput): Map<number, HistoryCustomer> {
  return new Map(input.customers.map((customer) => [customer.customerId, customer]));
}

/** Running totals of a group of sale lines. */
export class Totals {
  units = 0;
  micros = 0n;
  readonly invoiceIds = new Set<number>();

  /** Adds a line, net of returns (a return's line takes off). */
  add(sale: SaleLine): void {
    this.units += sale.units;
    this.micros += sale.micros;
    if (!sale.returned) this.invoiceIds.add(sale.invoice.invoiceId);
  }

  /** Revenue with 2 decimals. */
  get revenue(): string {
    return toDecimalString(this.micros, 2);
  }
}

/**
 * Sales in a period totalled per customer.
 *
 * @example
 * totalsByCustomer(input, { from: "2026-11-16", to: "2026-11-22" }).get(42)?.revenue;
 */
export function totalsByCustomer(input: HistoryInput, period: Period): Map<number, Totals> {
  const map = new Map<number, Totals>();
  for (const sale of saleLines(input, period)) {
    let totals = map.get(sale.invoice.customerId);
    if (!totals) map.set(sale.invoice.customerId, (totals = new Totals()));
    totals.add(sale);
  }
  return map;
}
