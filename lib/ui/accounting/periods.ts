import { addDays } from "@/lib/format/days";

/**
 * The periods a bookkeeper exports most, as quick choices beside the two dates: the last full calendar
 * month (the page's default: the month just closed), this month so far, the last 7 days. Counted from today in the
 * person's time zone; days are YYYY-MM-DD, both ends inclusive.
 */

export interface Period {
  from: string;
  to: string;
}

export interface PeriodChoice {
  id: "last-month" | "month-so-far" | "last-7-days";
  label: string;
  of: (today: string) => Period;
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The last full calendar month before `today`'s.
 *
 * @example
 * lastMonth("2026-11-21"); // { from: "2026-10-01", to: "2026-10-31" }
 * lastMonth("2026-01-05"); // { from: "2025-12-01", to: "2025-12-31" }
 */
export function lastMonth(today: string): Period {
  const to = addDays(firstOfMonth(today), -1);
  return { from: firstOfMonth(to), to };
}

export const PERIOD_CHOICES: readonly PeriodChoice[] = [
  { id: "last-month", label: "Last month", of: lastMonth },
  { id: "month-so-far", label: "This month so far", of: (today) => ({ from: firstOfMonth(today), to: today }) },
  { id: "last-7-days", label: "Last 7 days", of: (today) => ({ from: addDays(today, -6), to: today }) },
];

/** The quick choice a period is, if any (its button is then pressed). */
export function choiceOf(period: Period, today: string): PeriodChoice["id"] | undefined {
  return PERIOD_CHOICES.find((c) => {
    const p = c.of(today);
    return p.from === period.from && p.to === period.to;
  })?.id;
}
