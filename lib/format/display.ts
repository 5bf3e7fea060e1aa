import { DECIMAL_SCALE, parseDecimal, toDecimalString, toExactDecimalString } from "./decimal";

/**
 * How values show in the dashboard's tables. Every formatter gives MISSING for null, undefined and "", never the
 * text "undefined", "NaN" or "Invalid Date"; a value it cannot read is shown as it was sent. Browser-safe.
 */

/** What an empty cell shows. */
export const MISSING = "—";

/** A retailer's shelf whose LastInventoryDate is the live service's sentinel (2000-01-01): nobody has counted it. */
export const NEVER_COUNTED = "never counted";

/** An end date that is the live service's sentinel (3000-12-31): no end. */
export const OPEN_ENDED = "open-ended";
/** The same in a sentence ("with no end date"; `untilEnd` in lib/domain/views/sentinels.ts writes one). */
export const NO_END_DATE = "no end date";
/** A store's `LicenseNum` that is a placeholder ("#N/A", "LIC-99999-FAKE"): no licence is on record. */
export const NO_LICENCE = "no licence on record";

/**
 * Words that begin a sentence or a line: their first letter in capitals.
 *
 * @example
 * atStart(NO_LICENCE); // "No licence on record"
 */
export function atStart(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A customer whose DeliveryDays is null, "" or holds no weekday. */
export const NO_DELIVERY_DAYS = "no delivery days";

/** The payment type the live service names `SupplierCredit` (PaymentTypeID -1). */
export const SUPPLIER_CREDIT = "Supplier credit";

/** U+2212, the typographic minus: the same width as "+" and the figures, so negative amounts line up. */
const MINUS = "\u2212";

type Sparse<T> = T | null | undefined;

function isMissing(value: unknown): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}

/** 1234567 → "1,234,567" on the digits of a non-negative integer. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A number as a decimal string when it can be one exactly enough to show: its shortest round-trip text, or (for more
 * than 6 decimals) that text rounded to 6. Undefined for NaN and the infinities.
 */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (parseDecimal(text) !== undefined) return text;
  // 0.1 + 0.2, 1e-7, 1e21: toFixed gives plain digits below 1e21; beyond that the text is shown as it is.
  return Math.abs(value) < 1e21 ? value.toFixed(DECIMAL_SCALE) : text;
}

/** The text to format, or undefined when the value is missing (or a number that is not one). */
function decimalInput(value: Sparse<string | number>): string | undefined {
  if (isMissing(value)) return undefined;
  return typeof value === "number" ? numberText(value) : String(value);
}

/** Splits a fixed-point string ("-1234.50") into sign and grouped parts. */
function grouped(fixed: string): { negative: boolean; text: string } {
  const negative = fixed.startsWith("-");
  const [whole = "0", fraction] = (negative ? fixed.slice(1) : fixed).split(".");
  return { negative, text: fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}` };
}

/**
 * Money in US dollars with cents, exact from the decimal string (rounded half away from zero), thousands grouped,
 * negatives with a true minus. A string that is not a decimal is shown as given.
 *
 * @example
 * formatMoney("1234.500000"); // "$1,234.50"
 * formatMoney("-0.005"); // "−$0.01"
 * formatMoney(null); // "—"
 */
export function formatMoney(value: Sparse<string | number>): string {
  const text = decimalInput(value);
  if (text === undefined) return MISSING;
  const micros = parseDecimal(text);
  if (micros === undefined) return text;
  const { negative, text: amount } = grouped(toDecimalString(micros, 2));
  return `${negative ? MINUS : ""}$${amount}`;
}

/**
 * Money as `formatMoney` writes it, but never rounded: cents always, and a sub-cent digit where the figure has one (an
 * ERP can hold 3,546.085). Where a person acts on a figure (allocates up to it, clears it), it is shown as it is.
 *
 * @example
 * formatMoneyExact("3546.085000"); // "$3,546.085"
 * formatMoneyExact("1234.500000"); // "$1,234.50"
 * formatMoneyExact(null); // "—"
 */
export function formatMoneyExact(value: Sparse<string | number>): string {
  const text = decimalInput(value);
  if (text === undefined) return MISSING;
  const micros = parseDecimal(text);
  if (micros === undefined) return text;
  const { negative, text: amount } = grouped(toExactDecimalString(micros));
  return `${negative ? MINUS : ""}$${amount}`;
}

/**
 * A quantity, exact, thousands grouped, negatives with a true minus: trailing zeros trimmed, or with `fractionDigits`
 * exactly that many decimals (rounded half away from zero; a column of rates reads evenly). A string that is not a
 * decimal is shown as given.
 *
 * @example
 * formatQuantity("12.500000"); // "12.5"
 * formatQuantity("1200"); // "1,200"
 * formatQuantity(-3); // "−3"
 * formatQuantity("1.9", 2); // "1.90"
 */
export function formatQuantity(value: Sparse<string | number>, fractionDigits?: number): string {
  const text = decimalInput(value);
  if (text === undefined) return MISSING;
  const micros = parseDecimal(text);
  if (micros === undefined) return text;
  const trimmed =
    fractionDigits === undefined
      ? toDecimalString(micros, DECIMAL_SCALE).replace(/\.?0+$/, "")
      : toDecimalString(micros, fractionDigits);
  const { negative, text: quantity } = grouped(trimmed);
  return `${negative ? MINUS : ""}${quantity}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A zone designator at the end of an ISO timestamp: "Z", "+02:00", "-0700". */
const ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per style and zone (a table formats thousands of cells); an unknown zone falls back to the runtime's. */
function formatter(
  style: "date" | "dateTime" | "time" | "shortDateTime",
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ""}`;
  let cached = formatters.get(key);
  if (!cached) {
    const options: Intl.DateTimeFormatOptions = {
      date: { year: "numeric", month: "short", day: "numeric" },
      dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
      time: { hour: "numeric", minute: "2-digit" },
      shortDateTime: { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
    }[style] as Intl.DateTimeFormatOptions;
    try {
      cached = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      // A RangeError for a zone the runtime does not know: show the runtime's zone rather than break the table.
      cached = new Intl.DateTimeFormat("en-US", options);
    }
    formatters.set(key, cached);
  }
  return cached;
}

/** Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps server and browser output identical. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** "YYYY-MM-DD" as the UTC midnight of that day, or undefined when it is not a real calendar date. */
function calendarDate(value: string): Date | undefined {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100; it rolls 2026-02-30 over into March: not a date.
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : undefined;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * An ISO timestamp as an instant. The Data API's timestamps are UTC, so one without a zone is read as UTC.
 * Only ISO text is read: Date.parse would also take "1" (as the year 2001) or "Nov 21".
 */
function instant(value: string): Date | undefined {
  if (!TIMESTAMP.test(value)) return undefined;
  const text = ZONE.test(value) ? value : `${value}Z`;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/**
 * A date in words. A "YYYY-MM-DD" value is a calendar date and is shown as that day, whatever the zone; a full
 * timestamp is shown as its date in `timeZone` (by default the runtime's). An unreadable value is shown as given.
 *
 * @example
 * formatDate("2026-11-21"); // "Nov 21, 2026"
 * formatDate("2026-11-21T05:30:00Z", "America/Los_Angeles"); // "Nov 20, 2026"
 */
export function formatDate(value: Sparse<string>, timeZone?: string): string {
  if (isMissing(value)) return MISSING;
  if (CALENDAR_DATE.test(value)) {
    const day = calendarDate(value);
    // Formatted in UTC because the Date holds that day's UTC midnight: no zone can move it to another day.
    return day ? formatter("date", "UTC").format(day) : value;
  }
  const at = instant(value);
  return at ? formatter("date", timeZone).format(at) : value;
}

const dayRanges = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * Two calendar days ("YYYY-MM-DD", from and to included) as one span, the month and year said once where they are
 * shared; one day when they are the same. `joiner` stands between the two ends (" to " reads better in a sentence).
 * A value that is not a calendar day is shown as given.
 *
 * @example
 * formatDayRange("2026-11-16", "2026-11-22"); // "Nov 16 – 22, 2026"
 * formatDayRange("2025-12-29", "2026-01-04", " to "); // "Dec 29, 2025 to Jan 4, 2026"
 */
export function formatDayRange(from: string, to: string, joiner = " – "): string {
  const start = calendarDate(from);
  const end = calendarDate(to);
  if (!start || !end) return `${from}${joiner}${to}`;
  if (from === to) return formatDate(from);
  if (to < from) return `${formatDate(from)}${joiner}${formatDate(to)}`;
  // ICU puts thin or no-break spaces around its dash; plain ones keep server and browser output identical.
  return dayRanges
    .formatRange(start, end)
    .replace(/[\u2009\u202f\u00a0]/g, " ")
    .replace(" – ", joiner);
}

/**
 * A day the API sends as a timestamp (a due date, a post date: midnight UTC by convention) shown as the calendar day
 * it names, whatever the viewer's zone; `formatDate` would move midnight UTC to the day before west of Greenwich.
 *
 * @example
 * formatDay("2026-11-21T00:00:00.000Z"); // "Nov 21, 2026" (in every zone)
 */
export function formatDay(value: Sparse<string>): string {
  if (isMissing(value)) return MISSING;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value.slice(0, 10)) : value;
}

/**
 * A timestamp as date and time in `timeZone` (by default the runtime's); a bare "YYYY-MM-DD" is shown as formatDate
 * shows it, with no time. An unreadable value is shown as given.
 *
 * @example
 * formatDateTime("2026-11-21T22:30:00Z", "America/Los_Angeles"); // "Nov 21, 2026, 2:30 PM"
 * formatDateTime("2026-11-21"); // "Nov 21, 2026"
 */
export function formatDateTime(value: Sparse<string>, timeZone?: string): string {
  if (isMissing(value)) return MISSING;
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  const at = instant(value);
  return at ? plainSpaces(formatter("dateTime", timeZone).format(at)) : value;
}

/**
 * "Yes" or "No" (also for the wire's "true" and "false"); MISSING when absent. Other text is shown as given.
 *
 * @example
 * formatBoolean(true); // "Yes"
 * formatBoolean(undefined); // "—"
 */
export function formatBoolean(value: Sparse<boolean | string>): string {
  if (isMissing(value)) return MISSING;
  if (value === true || value === "true") return "Yes";
  if (value === false || value === "false") return "No";
  return String(value);
}

/**
 * An instant as a clock time in `timeZone`, with its day when that is not the day of `now` there: how a note says
 * when something happened or will ("as of 2:02 PM", "until Nov 24, 9:00 AM"). An unreadable value is shown as given.
 *
 * @example
 * formatClock("2026-11-23T22:02:00Z", "America/Los_Angeles", new Date("2026-11-23T23:00:00Z")); // "2:02 PM"
 * formatClock("2026-11-24T17:00:00Z", "America/Los_Angeles", new Date("2026-11-23T23:00:00Z")); // "Nov 24, 9:00 AM"
 */
export function formatClock(value: Sparse<string>, timeZone: string | undefined, now: Date): string {
  if (isMissing(value)) return MISSING;
  const at = instant(value);
  if (!at) return value;
  const sameDay = formatter("date", timeZone).format(at) === formatter("date", timeZone).format(now);
  return plainSpaces(formatter(sameDay ? "time" : "shortDateTime", timeZone).format(at));
}
