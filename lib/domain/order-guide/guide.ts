import { DECIMAL_SCALE, parseDecimal, toDecimalString } from "@/lib/format/decimal";

/**
 * The order guide's rules: what a store has on its shelf and for how many days, what it usually orders,
 * what it pays today, and how many whole cases would cover a chosen number of days. Pure: the server's answer
 * (`GET /api/order-guide`) and the page draw the same figures of them.
 */

/** `/retailerInventory` `LastInventoryDate` before this day is the API's "never counted" (2000-01-01, also 1999). */
const NEVER_COUNTED_BEFORE = "2000-01-02";
/** `/customerPricing` `EndDate` from this day on is the API's "open-ended" (3000-12-31). */
const OPEN_ENDED_FROM = "3000-01-01";
/** The cover a suggestion aims at when the person chooses none. */
export const DEFAULT_COVER_DAYS = 14;
/** How far back "what the store bought" reaches. */
export const BOUGHT_WITHIN_DAYS = 180;
/** How many of a product's last orders its usual order is the median of. */
export const USUAL_OF_LAST = 5;

const ONE = 10n ** BigInt(DECIMAL_SCALE);
const micros = (text: unknown): bigint | undefined => (typeof text === "string" ? parseDecimal(text) : undefined);

/** Whether a `/retailerInventory` record's count is the never-counted sentinel (or missing). */
export function neverCounted(lastInventoryDate: unknown): boolean {
  return typeof lastInventoryDate !== "string" || lastInventoryDate.slice(0, 10) < NEVER_COUNTED_BEFORE;
}

/** A promotion's end as the person reads it: null when there is none or it is open-ended (3000-12-31). */
export function promotionEnds(endDate: unknown): string | null {
  if (typeof endDate !== "string" || !endDate) return null;
  const day = endDate.slice(0, 10);
  return day >= OPEN_ENDED_FROM ? null : day;
}

/** The fields of a `/customerPricing` record the price in force is read from. */
export interface PriceRecord {
  FullPrice?: string | null;
  UnitPrice?: string | null;
  PromotionID?: number | null;
  StartDate?: string | null;
  EndDate?: string | null;
}

/**
 * The unit price in force on `day`: the promotion's price while the promotion runs (its StartDate to its EndDate, both
 * included; no EndDate or 3000-12-31 never ends), else the full price. Undefined when the record has no price.
 *
 * @example
 * priceInForce({ FullPrice: "14.50", UnitPrice: "3.50", PromotionID: 3001, StartDate: "2026-10-29", EndDate: "3000-12-31" }, "2026-11-25"); // "3.50"
 */
export function priceInForce(record: PriceRecord, day: string): string | undefined {
  const full = record.FullPrice ?? undefined;
  const promoted = record.UnitPrice ?? full;
  if (record.PromotionID == null) return promoted ?? undefined;
  const starts = record.StartDate ? record.StartDate.slice(0, 10) : undefined;
  const ends = record.EndDate ? record.EndDate.slice(0, 10) : undefined;
  const running = (!starts || starts <= day) && (!ends || ends >= day);
  return (running ? promoted : full) ?? undefined;
}

/** A unit price times the units in a case, 2 decimals; undefined when either is unknown. */
export function casePrice(unitPrice: string | undefined, unitsPerCase: number | undefined): string | undefined {
  const unit = micros(unitPrice);
  if (unit === undefined || !unitsPerCase || unitsPerCase < 1) return undefined;
  return toDecimalString(unit * BigInt(Math.trunc(unitsPerCase)), 2);
}

/** A store's count of a product, as `/retailerInventory` has it. */
export interface ShelfCount {
  LastInventoryDate?: string | null;
  Inventory?: string | null;
  DailySales?: string | null;
}

/** What the shelf holds and for how long: units (null when never counted) and days (null when unknown). */
export interface Cover {
  shelf: string | null;
  daysOfCover: string | null;
}

/**
 * The shelf and its days of cover: units on hand ÷ daily sales, one decimal. Never counted: both null. A negative
 * count (the ERP's books ahead of the shelf) is shown as it is and covers 0 days. No sales: null days (not infinite).
 *
 * @example
 * cover({ LastInventoryDate: "2026-11-23", Inventory: "29.50", DailySales: "0.25" }); // { shelf: "29.50", daysOfCover: "118.0" }
 */
export function cover(count: ShelfCount | undefined): Cover {
  if (!count || neverCounted(count.LastInventoryDate)) return { shelf: null, daysOfCover: null };
  const onHand = micros(count.Inventory);
  if (onHand === undefined) return { shelf: null, daysOfCover: null };
  const shelf = toDecimalString(onHand, 2);
  if (onHand <= 0n) return { shelf, daysOfCover: "0.0" };
  const daily = micros(count.DailySales);
  if (daily === undefined || daily <= 0n) return { shelf, daysOfCover: null };
  return { shelf, daysOfCover: toDecimalString((onHand * ONE) / daily, 1) };
}

/**
 * The median of a product's last orders' cases (the newest `USUAL_OF_LAST`), 2 decimals; null when never ordered.
 * `orders` are the cases of each order, newest first.
 *
 * @example
 * usualCases(["2", "3", "10"]); // "3.00"
 */
export function usualCases(orders: readonly string[]): string | null {
  const values = orders
    .slice(0, USUAL_OF_LAST)
    .map((o) => parseDecimal(o))
    .filter((v): v is bigint => v !== undefined && v > 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!values.length) return null;
  const mid = Math.floor(values.length / 2);
  const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2n;
  return toDecimalString(median, 2);
}

/** What a suggestion is made of. */
export interface SuggestionInput {
  count: ShelfCount | undefined;
  usual: string | null;
  /** Cases of it the store bought in the last `BOUGHT_WITHIN_DAYS` days, returns taken off; null when none. */
  boughtCases: string | null;
  unitsPerCase: number | undefined;
  inStock: boolean;
  coverDays: number;
  /** Today's case price (`casePrice`); undefined when the product has none (no price, or no units per case). */
  casePrice: string | undefined;
  /** The product is a sample (`IsSample`). */
  sample: boolean;
}

/**
 * Whole cases to suggest, bounded by what the store buys. The rules, in order:
 * 1. Nothing the store cannot be sent or priced: out of stock at the serving warehouse, a sample (`IsSample`: a
 *    "$0.10 a case" giveaway), or no case price today (a list is priced; the server refuses a line without one).
 * 2. A counted shelf with daily sales: (daily sales × days − what is on the shelf, a negative count as 0) ÷ units per
 *    case, a part case rounded up; nothing when the shelf covers the days. This alone may pass the usual order: the
 *    shelf is counted and short.
 * 3. A counted shelf without sales known: an empty (or negative) shelf is short, the usual order with a part case
 *    rounded up (a usual of 0.15 case is one case); a shelf holding stock that does not sell needs nothing.
 * 4. A shelf never counted (the API's 2000-01-01), or with no count at all: what the store bought of it in as many
 *    days (its cases of the last 180 days × the days ÷ 180, to the nearest whole case), and at most the usual order
 *    in whole cases rounded down (a usual of 1.5 cases is 1, one of 0.15 case is nothing): a product bought once in
 *    half a year is no fortnight's need. The page leaves such a row's field empty until "Fill suggestions".
 *
 * @example
 * const product = { unitsPerCase: 10, inStock: true, coverDays: 14, casePrice: "35.00", sample: false };
 * suggestedCases({ ...product, count: { LastInventoryDate: "2026-11-23", Inventory: "1", DailySales: "0.61" }, usual: "1", boughtCases: "4" }); // 1
 * suggestedCases({ ...product, count: undefined, usual: "0.15", boughtCases: "0.6" }); // 0
 * suggestedCases({ ...product, count: undefined, usual: "2", boughtCases: "2" }); // 0 (bought once in 180 days)
 */
export function suggestedCases(input: SuggestionInput): number {
  const { count, usual, boughtCases, unitsPerCase, inStock, coverDays } = input;
  const price = micros(input.casePrice);
  if (!inStock || input.sample || price === undefined || price <= 0n) return 0;
  const u = micros(usual);
  const usualMicros = u === undefined || u <= 0n ? 0n : u;
  if (!count || neverCounted(count.LastInventoryDate)) {
    const bought = micros(boughtCases) ?? 0n;
    // Cases in `coverDays` at the 180 days' rate, to the nearest whole case (half up): bought × days ÷ 180.
    const span = BigInt(BOUGHT_WITHIN_DAYS) * ONE;
    const rate = bought <= 0n ? 0n : (bought * BigInt(coverDays) * 2n + span) / (2n * span);
    const usualWhole = usualMicros / ONE;
    return Number(rate < usualWhole ? rate : usualWhole);
  }
  const onHand = micros(count.Inventory) ?? 0n;
  const daily = micros(count.DailySales);
  if (daily === undefined || daily <= 0n || !unitsPerCase || unitsPerCase < 1)
    return onHand > 0n ? 0 : Number((usualMicros + ONE - 1n) / ONE);
  const need = daily * BigInt(coverDays) - (onHand > 0n ? onHand : 0n);
  if (need <= 0n) return 0;
  const perCase = BigInt(Math.trunc(unitsPerCase)) * ONE;
  return Number((need + perCase - 1n) / perCase);
}
