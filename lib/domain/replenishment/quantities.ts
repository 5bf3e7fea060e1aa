import { DECIMAL_SCALE, parseDecimal, toDecimalString } from "@/lib/format/decimal";
import type { WireQuantity } from "./inputs";

/**
 * Quantities of the planner as exact micro-units (BigInt, 6 decimals, as lib/format/decimal holds them): sales rates
 * arrive as decimal strings ("201.49") and are multiplied by days, which floats would get wrong at the edges
 * (12.4 × 30 is 371.99999999999994 in floating point, and the ceiling of a need must not move on that).
 */

/** One unit in micro-units. */
export const ONE = 10n ** BigInt(DECIMAL_SCALE);

const LOOSE_DECIMAL = /^(-?\d+)(?:\.(\d+))?$/;

/**
 * A wire quantity in micro-units: a JSON number or a decimal string; decimals past the sixth are cut. Undefined when
 * missing or not a number ("", "N/A", NaN).
 *
 * @example
 * toMicros("12.40"); // 12_400_000n
 * toMicros(61); // 61_000_000n
 * toMicros(null); // undefined
 */
export function toMicros(value: WireQuantity): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? parseDecimal(value.toFixed(DECIMAL_SCALE)) : undefined;
  const match = LOOSE_DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, whole = "0", fraction = ""] = match;
  return parseDecimal(fraction ? `${whole}.${fraction.slice(0, DECIMAL_SCALE)}` : whole);
}

/** Micro-units as a number, for display and for counts the page shows (units, cases). */
export function toNumber(micros: bigint): number {
  return Number(micros) / Number(ONE);
}

/**
 * Micro-units as short text: at most `digits` decimals, trailing zeros dropped.
 *
 * @example
 * shortText(12_400_000n); // "12.4"
 * shortText(61_000_000n); // "61"
 */
export function shortText(micros: bigint, digits = 2): string {
  const text = toDecimalString(micros, digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** The ceiling of a / b for b > 0 (BigInt division truncates toward zero). */
export function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b < a ? q + 1n : q;
}

/** The floor of a / b for b > 0. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b > a ? q - 1n : q;
}
