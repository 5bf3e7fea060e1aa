/**
 * Turns the sandbox's stored values into the Data API's wire forms. The database keeps money as integer micro-units
 * and other decimals as integer hundredths (or whole units); they go out as decimal strings, money with 6 decimals
 * ("125.500000") and the rest with 2 ("5.60"). The decimal text itself is lib/format/decimal's, exact (BigInt).
 */
import { DECIMAL_SCALE, requireDecimal, toDecimalString } from "@/lib/format/decimal";

/** Micro-units per hundredth. */
const MICROS_PER_CENTI = 10n ** BigInt(DECIMAL_SCALE - 2);

/** Micro-units to a 6-decimal string: 125500000 → "125.500000". */
export function money(micros: number): string {
  return toDecimalString(BigInt(Math.trunc(micros)), DECIMAL_SCALE);
}

/** Hundredths to a 2-decimal string: 560 → "5.60". */
export function centi(value: number): string {
  return toDecimalString(BigInt(Math.trunc(value)) * MICROS_PER_CENTI, 2);
}

/** Whole units to a 2-decimal string: 12 → "12.00". */
export function units(value: number): string {
  return centi(value * 100);
}

export function bool(value: number): boolean {
  return value === 1;
}

/** A stored `YYYY-MM-DD` as the API's date-time (midnight UTC); a stored timestamp as it is. */
export function dateTime(value: string): string {
  return value.length === 10 ? `${value}T00:00:00.000Z` : value;
}

export function dateTimeOrNull(value: string | null): string | null {
  return value === null ? null : dateTime(value);
}

/** Parses a decimal string ("125.5") into the stored micro-units without passing through a float; throws on anything else. */
export function parseMoney(text: string): number {
  return Number(requireDecimal(text));
}
