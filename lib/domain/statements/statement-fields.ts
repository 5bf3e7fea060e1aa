import { localDay } from "@/lib/format/days";

/**
 * The API's fields as a statement reads them: calendar days, text that may be blank, a timestamp's day in the
 * account's zone, and the orders and names it prints.
 */

/**
 * A value's calendar day (YYYY-MM-DD), when it starts with one.
 *
 * @example
 * calendarDay("2026-11-02T00:00:00"); // "2026-11-02"
 */
export const calendarDay = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/**
 * A text field, undefined when absent or blank.
 *
 * @example
 * text("  "); // undefined
 */
export const text = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === "" ? undefined : value;

/**
 * A timestamp's day in a zone (undefined when it is not one).
 *
 * @example
 * dayIn("2026-11-02T03:00:00Z", "America/Denver"); // "2026-11-01"
 */
export function dayIn(value: string | null | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : localDay(at, timeZone);
}

/**
 * "A", "A and B", "A, B and 3 more".
 *
 * @example
 * namesOf(["Valley Market", "Hill Grocers", "Corner Store"]); // "Valley Market, Hill Grocers and 1 more"
 */
export function namesOf(names: string[]): string | undefined {
  if (names.length <= 2) return names.join(" and ") || undefined;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

/**
 * A comparator: newest day first, those without a day last.
 *
 * @example
 * payments.sort(byDayDesc((p) => p.postDate));
 */
export const byDayDesc =
  <T>(day: (x: T) => string | undefined) =>
  (a: T, b: T) =>
    (day(b) ?? "").localeCompare(day(a) ?? "");
