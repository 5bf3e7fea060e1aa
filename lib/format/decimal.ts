/**
 * Exact decimal arithmetic for the Data API's money and quantities, which arrive as decimal strings with up to
 * 6 decimals ("1234.500000", "-12.5"). Values are held as BigInt micro-units (a fixed scale of 6 decimals), so
 * nothing ever passes through a float. Browser-safe, no dependencies.
 */

/** Decimal places of the fixed scale: one micro-unit is 0.000001. */
export const DECIMAL_SCALE = 6;

const ONE = 10n ** BigInt(DECIMAL_SCALE);
const DECIMAL = /^(-?)(\d+)(?:\.(\d{0,6}))?$/;

/**
 * Reads a decimal string into micro-units: an optional "-", digits, an optional "." and up to 6 fraction digits.
 * Anything else (more than 6 decimals, exponents, spaces, thousands separators) gives undefined.
 *
 * @example
 * parseDecimal("1234.5"); // 1234500000n
 * parseDecimal("-0.000001"); // -1n
 * parseDecimal("1.0000001"); // undefined
 */
export function parseDecimal(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = ""] = match;
  const micros = BigInt(whole) * ONE + BigInt(fraction.padEnd(DECIMAL_SCALE, "0"));
  return sign ? -micros : micros;
}

/**
 * Writes micro-units as a decimal string with `fractionDigits` decimals (0 to 6), rounding half away from zero.
 * A value that rounds to zero has no sign. The minus is the ASCII "-" of the wire format.
 *
 * @example
 * toDecimalString(5_000n); // "0.01"  (0.005 rounds up)
 * toDecimalString(-5_000n); // "-0.01"
 * toDecimalString(1_234_500_000n, 6); // "1234.500000"
 */
export function toDecimalString(micros: bigint, fractionDigits = 2): string {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > DECIMAL_SCALE) {
    throw new RangeError(`fractionDigits must be an integer from 0 to ${DECIMAL_SCALE}, not ${fractionDigits}`);
  }
  const negative = micros < 0n;
  const step = 10n ** BigInt(DECIMAL_SCALE - fractionDigits);
  const magnitude = negative ? -micros : micros;
  // Half away from zero: round the magnitude half up, then put the sign back.
  const rounded = (magnitude + step / 2n) / step;
  const digits = rounded.toString().padStart(fractionDigits + 1, "0");
  const text = fractionDigits === 0 ? digits : `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
  return negative && rounded !== 0n ? `-${text}` : text;
}

/**
 * `parseDecimal` for text that must be a decimal: throws a RangeError on anything else.
 *
 * @example
 * requireDecimal("125.5"); // 125500000n
 * requireDecimal("1.2345678"); // throws RangeError
 */
export function requireDecimal(text: string): bigint {
  const micros = parseDecimal(text);
  if (micros === undefined)
    throw new RangeError(`not a decimal with up to ${DECIMAL_SCALE} decimals: ${JSON.stringify(text)}`);
  return micros;
}

/**
 * The exact sum of decimal strings, with 6 decimals (an empty list sums to "0.000000").
 * Throws a RangeError on a string that is not a decimal.
 *
 * @example
 * addDecimals("0.10", "0.20"); // "0.300000"
 * addDecimals(...allocations.map((a) => a.Amount));
 */
export function addDecimals(...values: string[]): string {
  return toDecimalString(
    values.reduce((sum, value) => sum + requireDecimal(value), 0n),
    DECIMAL_SCALE,
  );
}

/**
 * `a - b`, exactly, with 6 decimals. Throws a RangeError on a string that is not a decimal.
 *
 * @example
 * subtractDecimal("100.00", "40.125"); // "59.875000"  (credit left after an allocation)
 */
export function subtractDecimal(a: string, b: string): string {
  return toDecimalString(requireDecimal(a) - requireDecimal(b), DECIMAL_SCALE);
}

/**
 * Compares two decimal strings by value: -1 when a < b, 0 when equal ("1.5" equals "1.500000"), 1 when a > b.
 * Throws a RangeError on a string that is not a decimal.
 *
 * @example
 * compareDecimals(addDecimals(...amounts), creditLeft) > 0; // allocating more than the credit left
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = requireDecimal(a);
  const y = requireDecimal(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Whether the text is a decimal greater than zero (false for zero, negatives and anything that is not a decimal).
 *
 * @example
 * isPositiveDecimal("0.01"); // true
 * isPositiveDecimal("0.000"); // false
 * isPositiveDecimal("abc"); // false
 */
export function isPositiveDecimal(text: string): boolean {
  const micros = parseDecimal(text);
  return micros !== undefined && micros > 0n;
}

/** Micro-units in one cent. */
const MICROS_PER_CENT = 10n ** BigInt(DECIMAL_SCALE - 2);

/**
 * Writes micro-units exactly, with at least `minDigits` decimals (0 to 6) and no trailing zeros beyond them: nothing
 * is rounded. Money as a person reads and types it: cents always, a sub-cent digit only where the figure has one.
 *
 * @example
 * toExactDecimalString(50_000_000n); // "50.00"
 * toExactDecimalString(3_546_085_000n); // "3546.085"
 * toExactDecimalString(1n); // "0.000001"
 */
export function toExactDecimalString(micros: bigint, minDigits = 2): string {
  if (!Number.isInteger(minDigits) || minDigits < 0 || minDigits > DECIMAL_SCALE) {
    throw new RangeError(`minDigits must be an integer from 0 to ${DECIMAL_SCALE}, not ${minDigits}`);
  }
  const full = toDecimalString(micros, DECIMAL_SCALE);
  const point = full.indexOf(".");
  let end = full.length;
  while (end > point + 1 + minDigits && full[end - 1] === "0") end--;
  return full.slice(0, end === point + 1 ? point : end);
}

/**
 * Whether the text is a decimal whose value is a whole number of cents ("10.5", "10.50", "10.500000"; not "10.005",
 * nor text that is not a decimal of up to 6 decimals).
 *
 * @example
 * isWholeCents("100.01"); // true
 * isWholeCents("100.005"); // false
 */
export function isWholeCents(text: string): boolean {
  const micros = parseDecimal(text);
  return micros !== undefined && micros % MICROS_PER_CENT === 0n;
}
