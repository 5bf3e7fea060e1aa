import { DECIMAL_SCALE, parseDecimal, toDecimalString, toExactDecimalString } from "./decimal";
import { zoneOffsetMinutes } from "./zone-time";

/**
 * Values as a CSV export writes them: what the screen shows, in the forms a spreadsheet reads as numbers and dates
 * (money in cents and no currency sign, never rounded, quantities exact, days as YYYY-MM-DD, times as YYYY-MM-DD HH:MM in the
 * person's zone). A value that is not what its column says is written as it was sent; a missing one is empty.
 * Exact: decimals never pass through floats.
 */

type Value = string | number | null | undefined;

/** The value's text, or undefined when it is missing (a number that is not one is missing too). */
function textOf(value: Value): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  return value;
}

/**
 * Money as a plain number in cents, and with its sub-cent digits where it has them (an ERP can hold 3,546.085): never
 * rounded, so a column's sum in a spreadsheet is the sum of what the API holds, the total its page shows.
 *
 * @example
 * csvMoney("1308.570000"); // "1308.57"
 * csvMoney("-0.005"); // "-0.005"
 * csvMoney(null); // ""
 */
export function csvMoney(value: Value): string {
  const text = textOf(value);
  if (text === undefined) return "";
  const micros = parseDecimal(text);
  return micros === undefined ? text : toExactDecimalString(micros);
}

/**
 * A quantity exactly, without the trailing zeros of the wire's fixed decimals.
 *
 * @example
 * csvQuantity("7.500000"); // "7.5"
 * csvQuantity("63"); // "63"
 */
export function csvQuantity(value: Value): string {
  const text = textOf(value);
  if (text === undefined) return "";
  const micros = parseDecimal(text);
  return micros === undefined ? text : toDecimalString(micros, DECIMAL_SCALE).replace(/\.?0+$/, "");
}

const DAY = /^(\d{4}-\d{2}-\d{2})/;

/**
 * A calendar day as YYYY-MM-DD: a date, or a day the API sends as a timestamp at midnight UTC (an invoice's Date,
 * a DueDate), as the day it names.
 *
 * @example
 * csvDay("2026-08-28T00:00:00.000Z"); // "2026-08-28"
 */
export function csvDay(value: Value): string {
  const text = textOf(value);
  if (text === undefined) return "";
  return DAY.exec(text)?.[1] ?? text;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * An instant as YYYY-MM-DD HH:MM on the clock of `timeZone` (the screen's zone; UTC when absent or unknown); a bare date
 * as YYYY-MM-DD.
 *
 * @example
 * csvDateTime("2026-11-21T22:30:00.000Z", "America/Los_Angeles"); // "2026-11-21 14:30"
 * csvDateTime("2026-11-21"); // "2026-11-21"
 */
export function csvDateTime(value: Value, timeZone?: string): string {
  const text = textOf(value);
  if (text === undefined) return "";
  if (!TIMESTAMP.test(text)) return text;
  // The API's timestamps are UTC: one without a zone is read as UTC.
  const at = Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at)) return text;
  let offset = 0;
  try {
    offset = timeZone ? zoneOffsetMinutes(at, timeZone) : 0;
  } catch {
    // A zone this runtime does not know: UTC, rather than no file.
  }
  const local = new Date(at + offset * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}
