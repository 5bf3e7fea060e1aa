/**
 * Money as the books take it: whole cents (BigInt), from the API's decimal strings of up to 6 decimals, never through
 * a float. Half a cent rounds away from zero, as `toDecimalString` does.
 */
import { DECIMAL_SCALE, parseDecimal, toDecimalString } from "@/lib/format/decimal";

const MICROS_PER_CENT = 10n ** BigInt(DECIMAL_SCALE - 2);

/**
 * Micro-units to whole cents, half away from zero.
 *
 * @example
 * centsOf(12_345_000n); // 1235n  (12.345 → 12.35)
 * centsOf(-5_000n); // -1n
 */
export function centsOf(micros: bigint): bigint {
  const half = MICROS_PER_CENT / 2n;
  return micros < 0n ? -((-micros + half) / MICROS_PER_CENT) : (micros + half) / MICROS_PER_CENT;
}

/**
 * A decimal string to micro-units; undefined when absent or not a decimal.
 *
 * @example
 * microsOf("12.5"); // 12_500_000n
 * microsOf(undefined); // undefined
 */
export function microsOf(text: string | null | undefined): bigint | undefined {
  return typeof text === "string" ? parseDecimal(text.trim()) : undefined;
}

/**
 * Cents as the files write them: "1234.50", "-0.25".
 *
 * @example
 * centsText(123450n); // "1234.50"
 */
export function centsText(cents: bigint): string {
  return toDecimalString(cents * MICROS_PER_CENT, 2);
}

/**
 * Micro-units with as few decimals as say them exactly, at least 2 (a unit price of 3.456789 keeps all six).
 *
 * @example
 * priceText(12_500_000n); // "12.50"
 * priceText(3_456_789n); // "3.456789"
 */
export function priceText(micros: bigint): string {
  const full = toDecimalString(micros, DECIMAL_SCALE);
  return full.replace(/(\.\d\d\d*?)0+$/, "$1");
}

/**
 * How many decimals a micro-unit amount needs to be said exactly (0 to 6).
 *
 * @example
 * decimalsOf(12_500_000n); // 1
 */
export function decimalsOf(micros: bigint): number {
  let magnitude = micros < 0n ? -micros : micros;
  let places = DECIMAL_SCALE;
  while (places > 0 && magnitude % 10n === 0n) {
    magnitude /= 10n;
    places--;
  }
  return places;
}

/** Whole cents to micro-units. */
export function microsOfCents(cents: bigint): bigint {
  return cents * MICROS_PER_CENT;
}

/**
 * A short, stable fingerprint of a text (53-bit cyrb53, as hex): what an export remembers of a record to tell later
 * whether it changed. Not a secret, not a security measure.
 *
 * @example
 * fingerprint("INV-1|bill|1250"); // "1b0c4b7a1e2f3"
 */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
