import { addDays, isoWeekday, localDay } from "@/lib/format/days";

/**
 * The weekdays (1 = Monday .. 7 = Sunday) of a stored `delivery_days`, in every form the ERP holds: digits run together
 * ("25"), joined by commas ("2,5") or by semicolons in any order ("5;2"); none for null (no schedule).
 *
 * @example
 * deliveryWeekdays("4;1"); // [4, 1]
 */
export function deliveryWeekdays(stored: string | null): number[] {
  if (stored === null) return [];
  const parts = /[,;]/.test(stored) ? stored.split(/[,;]/) : stored.split("");
  return parts.map((p) => Number(p.trim())).filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
}

/**
 * Stored delivery days as the API writes them: digits run together ("25") comma-joined ("2,5"); the joined forms as
 * the ERP holds them ("2,5", "4;1"); null when the customer has no schedule.
 */
export function deliveryDaysText(stored: string | null): string | null {
  if (stored === null) return null;
  return /[,;]/.test(stored) ? stored : stored.split("").join(",");
}

export interface DeliveryDatesOptions {
  /**
   * How many days old the ERP sync's computation is (`customers.delivery_dates_lag_days`). 0: computed now, the dates
   * after today. 1: computed at the start of yesterday, the dates from yesterday on (yesterday included, as its
   * delivery was still to come then), so the first may have passed.
   */
  lagDays?: number;
  /** How many days the list covers. */
  days?: number;
}

/**
 * The customer's delivery dates over the next two weeks, in the state's time zone, for the weekdays it takes deliveries
 * on: after today, or, when the ERP's sync computed them `lagDays` ago, from that day on. None without a schedule.
 *
 * @example
 * nextDeliveryDates("25", new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles"); // ["2026-11-24", "2026-11-27", "2026-12-01", "2026-12-04"]
 * nextDeliveryDates("5", new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles", { lagDays: 1 }); // ["2026-11-20", "2026-11-27"]
 */
export function nextDeliveryDates(
  stored: string | null,
  now: Date,
  timeZone: string,
  { lagDays = 0, days = 14 }: DeliveryDatesOptions = {},
): string[] {
  const today = localDay(now, timeZone);
  return datesFrom(stored, lagDays > 0 ? addDays(today, -lagDays) : addDays(today, 1), days);
}

/**
 * The first delivery date after `day` (YYYY-MM-DD, a day of the state's calendar): the delivery an order entered that
 * day goes on, by the rule of `nextDeliveryDates` (for today, its first date as computed now); null without a schedule.
 *
 * @example
 * nextDeliveryDate("25", "2026-11-21"); // "2026-11-24"
 * nextDeliveryDate("25", "2026-11-24"); // "2026-11-27"
 */
export function nextDeliveryDate(stored: string | null, day: string): string | null {
  return datesFrom(stored, addDays(day, 1), 7)[0] ?? null;
}

/** The dates of the delivery weekdays among the `days` days from `first` on. */
function datesFrom(stored: string | null, first: string, days: number): string[] {
  const weekdays = new Set(deliveryWeekdays(stored));
  const dates: string[] = [];
  if (weekdays.size === 0) return dates;
  for (let i = 0; i < days; i++) {
    const day = addDays(first, i);
    if (weekdays.has(isoWeekday(day))) dates.push(day);
  }
  return dates;
}
