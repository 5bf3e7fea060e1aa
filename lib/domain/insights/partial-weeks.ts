/**
 * Which days of a Monday-to-Sunday week a weekly figure counts, so that a week of fewer is marked as partial rather
 * than read as a fall in sales: the first and last weeks of a period count only the period's days, a week reaching
 * before the history's first day only those it holds, and while the history reads back, only those read. Pure.
 */
import { addDays } from "@/lib/format/days";
import { formatDate } from "@/lib/format/display";

/** The days of one week that count, and those left out. */
export interface WeekDays {
  /** The week's Monday. */
  week: string;
  /** The first and last day counted; when none is (`days` 0), the week's days in the period. */
  from: string;
  to: string;
  /** Days counted, 0 to 7. */
  days: number;
  /** Days of the week in the period and the history that are not read yet (counted once read). */
  unread: number;
  /** Fewer than 7 days counted. */
  partial: boolean;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const daysFrom = (from: string, to: string) =>
  from > to ? 0 : Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The days a history holds: from its first day (its horizon), and while it reads back, those read from `readFrom`. */
export interface HeldDays {
  from?: string;
  readFrom?: string;
}

/**
 * The days of the week beginning on Monday `week` that a figure over `period` counts: those in the period, on or
 * after the history's first day (`held.from`) and, while the history reads back, on or after `held.readFrom` (the
 * first of the days read whole). A week is partial with fewer than 7.
 *
 * @example
 * weekDays("2026-08-17", { from: "2026-08-23", to: "2026-11-21" });
 * // { week: "2026-08-17", from: "2026-08-23", to: "2026-08-23", days: 1, unread: 0, partial: true }
 * weekDays("2026-09-21", { from: "2026-08-23", to: "2026-11-21" }, { from: "2025-11-21", readFrom: "2026-09-23" });
 * // { week: "2026-09-21", from: "2026-09-23", to: "2026-09-27", days: 5, unread: 2, partial: true }
 */
export function weekDays(week: string, period: { from: string; to: string }, held: HeldDays = {}): WeekDays {
  const inPeriod = { from: later(week, period.from), to: earlier(addDays(week, 6), period.to) };
  const kept = held.from === undefined ? inPeriod.from : later(inPeriod.from, held.from);
  const from = held.readFrom === undefined ? kept : later(kept, held.readFrom);
  const days = daysFrom(from, inPeriod.to);
  const unread = daysFrom(kept, inPeriod.to) - days;
  return days === 0
    ? { week, ...inPeriod, days, unread, partial: true }
    : { week, from, to: inPeriod.to, days, unread, partial: days < 7 };
}

/**
 * A week's days in words, for its table: "7 of 7", "partial: 4 of 7 days", with those still being read said, "not
 * read yet", or "before the history" (a week of the period before reaching further back than the history holds).
 *
 * @example
 * weekDaysWords(weekDays("2026-09-21", { from: "2026-08-23", to: "2026-11-21" }, { readFrom: "2026-09-23" }));
 * // "partial: 5 of 7 days; 2 more still being read"
 */
export function weekDaysWords(week: WeekDays): string {
  if (week.days === 0) return week.unread > 0 ? "not read yet" : "before the history";
  if (!week.partial) return "7 of 7";
  const reading = week.unread > 0 ? `; ${week.unread} more still being read` : "";
  return `partial: ${week.days} of 7 days${reading}`;
}

/** A week by its Monday, without its year ("Aug 17"). */
const weekName = (week: string) => formatDate(week).replace(/, \d{4}$/, "");

/**
 * What a weekly chart marks, in words for its accessible name: the partial weeks with their days, then the weeks not
 * read yet (a week before the history is none of this period's); "" when every week is whole.
 *
 * @example
 * partialWeeksWords([weekDays("2026-08-17", period), weekDays("2026-08-24", period), weekDays("2026-11-16", period)]);
 * // "partial weeks, hatched: Aug 17 (1 of 7 days), Nov 16 (6 of 7 days)"
 */
export function partialWeeksWords(weeks: readonly WeekDays[]): string {
  const partial = weeks.filter((w) => w.partial && w.days > 0);
  const unread = weeks.filter((w) => w.days === 0 && w.unread > 0);
  const parts = [
    partial.length > 0 &&
      `partial ${partial.length === 1 ? "week" : "weeks"}, hatched: ${partial.map((w) => `${weekName(w.week)} (${w.days} of 7 days)`).join(", ")}`,
    unread.length > 0 &&
      `${unread.length === 1 ? "1 week" : `${unread.length} weeks`} not read yet, ${unread.length === 1 ? weekName(unread[0]!.week) : `${weekName(unread[0]!.week)} to ${weekName(unread.at(-1)!.week)}`}`,
  ];
  return parts.filter(Boolean).join("; ");
}
