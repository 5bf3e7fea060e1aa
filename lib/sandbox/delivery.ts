// Building a DateTimeFormat costs far more than using one: keep one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) it is in a time zone at an instant. */
export function localDay(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** ISO weekday of a YYYY-MM-DD date: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function nextDay(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

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
    const day = nextDay(today, i);
    if (weekdays.has(isoWeekday(day))) dates.push(day);
  }
  return dates;
}
