import { formatDay, NEVER_COUNTED, NO_END_DATE, NO_LICENCE, OPEN_ENDED } from "@/lib/format/display";

/**
 * The live service's sentinel dates (field notes, "More from integrators"): a made-up day in a date field that stands
 * for "none". One rule per field, by the field's name, whichever record carries it:
 *
 * - `LastInventoryDate` (`/retailerInventory`) on or before 2000-01-01 (seen as 2000-01-01 and 1999-12-31, at any
 *   time of day): the retailer's shelf was never counted.
 * - `EndDate` (`/customerPricing`; allocations and promotions have the field too) from 3000-01-01 on (seen as
 *   3000-12-31): open-ended.
 *
 * `cellText` reads them (so tables, record facts and embedded lists show the words), and whatever computes from these
 * fields asks `realDate` first (a shelf never counted has no days of cover). CSV keeps the value as sent (`csvText`).
 *
 * And one text field: `LicenseNum` holding a placeholder ("#N/A", "LIC-99999-FAKE", "none", "0") is no licence
 * (`licenceOf`): every page reads it as "no licence on record", the Today card as the customer page and a statement.
 */

interface SentinelRule {
  /** Whether a calendar day (YYYY-MM-DD, the value's first ten characters) is the sentinel. */
  matches: (day: string) => boolean;
  /** What the sentinel stands for, shown instead of the date. */
  words: string;
}

const SENTINEL_DATES: Readonly<Record<string, SentinelRule>> = {
  LastInventoryDate: { matches: (day) => day <= "2000-01-01", words: NEVER_COUNTED },
  EndDate: { matches: (day) => day >= "3000-01-01", words: OPEN_ENDED },
};

/** Licence numbers that are placeholders, not licences (the field notes: `#N/A`, `LIC-99999-FAKE`). */
const PLACEHOLDER_LICENCE = /^(#?N\/?A|none|null|0+|-+|tbd)$|fake/i;

/**
 * A store's licence as every page shows it: the record's `LicenseNum`, or undefined for an empty or placeholder value
 * (shown as `NO_LICENCE`).
 *
 * @example
 * licenceOf("C10-0000123-LIC"); // "C10-0000123-LIC"
 * licenceOf("LIC-99999-FAKE"); // undefined
 */
export function licenceOf(text: unknown): string | undefined {
  const value = typeof text === "string" ? text.trim() : undefined;
  return value && !PLACEHOLDER_LICENCE.test(value) ? value : undefined;
}

/** The calendar day a date or timestamp's text begins with, or undefined when it begins with none. */
function dayOf(value: unknown): string | undefined {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

/**
 * The words a field's value stands for when it is the field's sentinel; undefined for a real value, a missing one, or
 * a field without a rule.
 *
 * @example
 * sentinelWords("LastInventoryDate", "2000-01-01T00:00:00"); // "never counted"
 * sentinelWords("EndDate", "3000-12-31"); // "open-ended"
 * sentinelWords("EndDate", "2026-12-31"); // undefined
 */
export function sentinelWords(field: string, value: unknown): string | undefined {
  if (field === "LicenseNum")
    return typeof value === "string" && value.trim() !== "" && !licenceOf(value) ? NO_LICENCE : undefined;
  const rule = SENTINEL_DATES[field];
  const day = rule ? dayOf(value) : undefined;
  return day !== undefined && rule!.matches(day) ? rule!.words : undefined;
}

/**
 * A date field's calendar day when it is a real date, for arithmetic and sorting; undefined when it is missing,
 * unreadable or its field's sentinel.
 *
 * @example
 * realDate("LastInventoryDate", "2026-11-16T08:00:00Z"); // "2026-11-16"
 * realDate("LastInventoryDate", "2000-01-01T00:00:00"); // undefined
 */
export function realDate(field: string, value: unknown): string | undefined {
  return sentinelWords(field, value) === undefined ? dayOf(value) : undefined;
}

/**
 * An end date in a sentence: "until Dec 31, 2026", or "with no end date" where there is none or it is the open-ended
 * sentinel (a table's cell says "open-ended"; a sentence saying "until open-ended" reads wrong). Text that is no date is
 * kept as sent.
 *
 * @example
 * untilEnd("2026-12-31"); // "until Dec 31, 2026"
 * untilEnd("3000-12-31"); // "with no end date"
 * untilEnd(null); // "with no end date"
 */
export function untilEnd(value: unknown): string {
  const day = realDate("EndDate", value);
  if (day) return `until ${formatDay(day)}`;
  return typeof value === "string" && value.trim() !== "" && sentinelWords("EndDate", value) === undefined
    ? `until ${value}`
    : `with ${NO_END_DATE}`;
}
