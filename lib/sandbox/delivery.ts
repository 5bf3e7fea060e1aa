import { addDays, isoWeekday, localDay } from "@/lib/format/days";

/** Stored delivery days ("25") as the API writes them ("2,5"). */
export function deliveryDaysText(stored: string): string {
  return stored.split("").join(",");
}

/**
 * The customer's delivery dates in the next two weeks after today (in the state's time zone), for the weekdays it
 * takes deliveries on.
 *
 * @example
 * nextDeliveryDates("25", new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles"); // ["2026-11-24", "2026-11-27", "2026-12-01", "2026-12-04"]
 */
export function nextDeliveryDates(stored: string, now: Date, timeZone: string, days = 14): string[] {
  const weekdays = new Set(stored.split("").map(Number));
  const today = localDay(now, timeZone);
  const dates: string[] = [];
  for (let i = 1; i <= days; i++) {
    const day = addDays(today, i);
    if (weekdays.has(isoWeekday(day))) dates.push(day);
  }
  return dates;
}
