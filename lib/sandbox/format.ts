/**
 * Turns stored values into the Data API's wire forms. Money is stored in integer micro-units and goes out as a
 * decimal string with 6 decimals ("125.500000"); other decimals are stored in hundredths and go out with 2 ("5.60").
 */

function scaled(value: number, decimals: number): string {
  const negative = value < 0;
  const digits = String(Math.abs(Math.trunc(value))).padStart(decimals + 1, "0");
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** Micro-units to a 6-decimal string: 125500000 → "125.500000". */
export function money(micros: number): string {
  return scaled(micros, 6);
}

/** Hundredths to a 2-decimal string: 560 → "5.60". */
export function centi(value: number): string {
  return scaled(value, 2);
}

/** Whole units to a 2-decimal string: 12 → "12.00". */
export function units(value: number): string {
  return scaled(value * 100, 2);
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

/** The day after a YYYY-MM-DD date: an upper bound for "on or before" comparisons against timestamps stored as text. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Parses a decimal string ("125.5") into micro-units without passing through a float. */
export function parseMoney(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
  return sign ? -micros : micros;
}
