import { ceilDiv, floorDiv, ONE, toMicros } from "./quantities";

/**
 * The order suggestion for one product at one warehouse, in exact micro-units. With v the sales per day,
 * P the stock (available + on order), d the days until an order placed now arrives and u the case size:
 *
 *   need = v × (d + target) − P; none when v is 0 or need ≤ 0;
 *   units = ⌈need ÷ u⌉ × u, then lowered a case at a time while P + units > v × (d + maximum) (no cap without one).
 */

export interface SuggestionInput {
  /** Sales per day, micro-units. */
  perDay: bigint;
  /** Available + on order, micro-units. */
  stock: bigint;
  /** Whole days until an order placed today arrives. */
  arrivesIn: number;
  /** The vendor's TargetDOI: days of sales the stock should cover once the order arrives. */
  targetDays: number;
  /** The vendor's MaxDOI: the stock never goes past this many days of sales. Undefined: no cap. */
  maxDays?: number;
  /** Units per case, at least 1 (see caseSize). */
  unitsPerCase: number;
}

export type Suggestion =
  | { kind: "no-sales" }
  /** The stock already covers the target: nothing to order. */
  | { kind: "above-target" }
  /** `cases` whole cases; `uncappedCases` when the maximum lowered the count. */
  | { kind: "order"; cases: number; units: number; uncappedCases?: number }
  /** The target asks for `uncappedCases`, but even one case would pass the maximum. */
  | { kind: "capped-to-zero"; uncappedCases: number };

/**
 * The case size to count in: `WholesaleUnitsPerCase` when it is a positive whole number, 1 when it is missing or 0
 * (or anything else that is not a case size).
 */
export function caseSize(unitsPerCase: number | null | undefined): number {
  return typeof unitsPerCase === "number" && Number.isInteger(unitsPerCase) && unitsPerCase > 0 ? unitsPerCase : 1;
}

/** v × days in micro-units (days may be fractional: TargetDOI is a JSON number). */
function salesOver(perDay: bigint, days: number): bigint {
  return (perDay * (toMicros(days) ?? 0n)) / ONE;
}

/**
 * The suggestion for one row.
 *
 * @example
 * // 12.4 a day, 101 in stock, arrives in 9 days, 30 days' target, cases of 12: need 382.6 → 32 cases.
 * suggest({ perDay: 12_400_000n, stock: 101_000_000n, arrivesIn: 9, targetDays: 30, unitsPerCase: 12 }); // { kind: "order", cases: 32, units: 384 }
 */
export function suggest(input: SuggestionInput): Suggestion {
  const { perDay, stock, arrivesIn, targetDays, maxDays } = input;
  const u = BigInt(caseSize(input.unitsPerCase));
  if (perDay <= 0n) return { kind: "no-sales" };
  const need = salesOver(perDay, arrivesIn + targetDays) - stock;
  if (need <= 0n) return { kind: "above-target" };
  const uncapped = ceilDiv(need, u * ONE);
  if (maxDays === undefined) return order(uncapped, u);
  // Lowering a case at a time while P + c × u > cap stops at the largest c with P + c × u ≤ cap, or at 0.
  const cap = salesOver(perDay, arrivesIn + maxDays);
  const fits = floorDiv(cap - stock, u * ONE);
  const cases = fits < 0n ? 0n : fits < uncapped ? fits : uncapped;
  if (cases === 0n) return { kind: "capped-to-zero", uncappedCases: Number(uncapped) };
  return order(cases, u, cases < uncapped ? uncapped : undefined);
}

function order(cases: bigint, u: bigint, uncapped?: bigint): Suggestion {
  const suggestion: Suggestion = { kind: "order", cases: Number(cases), units: Number(cases * u) };
  return uncapped === undefined ? suggestion : { ...suggestion, uncappedCases: Number(uncapped) };
}

/**
 * Days of cover: stock ÷ sales per day, to a thousandth; undefined without sales, 0 when there is no stock.
 *
 * @example
 * coverDays(101_000_000n, 12_400_000n); // 8.145
 */
export function coverDays(stock: bigint, perDay: bigint): number | undefined {
  if (perDay <= 0n) return undefined;
  if (stock <= 0n) return 0;
  return Number((stock * 1000n) / perDay) / 1000;
}

/**
 * Whether a row is below its target: days of cover under the target days (exactly: P < v × target), or no stock while
 * selling. A row without a target (no vendor, or a vendor without TargetDOI) is never below it, however empty its
 * shelf: there is nothing to be below, and "Only below target" leaves it out. `available` undefined (not sent) is not
 * "no stock".
 */
export function isBelowTarget(row: {
  perDay?: bigint;
  stock: bigint;
  available?: bigint;
  targetDays?: number;
}): boolean {
  const { perDay, stock, available, targetDays } = row;
  if (targetDays === undefined || perDay === undefined || perDay <= 0n) return false;
  if (available !== undefined && available <= 0n) return true;
  return stock < salesOver(perDay, targetDays);
}
