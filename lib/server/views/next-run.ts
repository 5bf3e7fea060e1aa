import { addDays, isoWeekday, isZone, localDay } from "@/lib/format/days";
import { zonedInstant as instantAt } from "@/lib/format/zone-time";

/**
 * When a scheduled report is due next: daily, or weekly on an ISO weekday, at a wall-clock time ("07:30") in an IANA
 * time zone. Pure (Intl only; the zone arithmetic is lib/format/zone-time.ts, shared with the order cut-offs). Across a
 * daylight-saving change the wall clock wins: 07:30 stays 07:30 local. A time the clock skips (02:30 on the
 * spring-forward night) runs at the same distance past the gap (03:30); a time it shows twice (01:30 on the fall-back
 * night) runs at the first.
 */

export interface ScheduleTime {
  frequency: "daily" | "weekly";
  /** ISO weekday, 1 (Monday) to 7 (Sunday); weekly only. */
  weekday?: number | null;
  /** "HH:MM", 24-hour. */
  localTime: string;
  timeZone: string;
}

/**
 * The instant a wall-clock time of a day has in a zone (see the module's note for skipped and repeated times).
 *
 * @example
 * zonedInstant("2026-07-01", "07:30", "Europe/Berlin").toISOString(); // "2026-07-01T05:30:00.000Z"
 * zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString(); // "2026-03-08T07:30:00.000Z" (03:30 EDT)
 */
export function zonedInstant(day: string, localTime: string, timeZone: string): Date {
  const [hours, minutes] = localTime.split(":").map(Number) as [number, number];
  return instantAt(day, hours, minutes, timeZone);
}

/** Whether a string names a time zone this runtime knows ("Europe/Berlin", "UTC"): lib/format's `isZone`. */
export const isTimeZone = isZone;

/**
 * The first run strictly after `after`.
 *
 * @example
 * nextRunAt({ frequency: "daily", localTime: "07:00", timeZone: "UTC" }, new Date("2026-11-23T08:00:00Z")); // 2026-11-24T07:00:00Z
 * nextRunAt({ frequency: "weekly", weekday: 1, localTime: "09:00", timeZone: "Europe/Berlin" }, new Date("2026-11-23T09:00:00Z")); // 2026-11-30T08:00:00Z
 */
export function nextRunAt(schedule: ScheduleTime, after: Date): Date {
  // Start the day before, in the zone: a time zone far east may already be on the next day.
  let day = addDays(localDay(after, schedule.timeZone), -1);
  for (let i = 0; i < 16; i++, day = addDays(day, 1)) {
    if (schedule.frequency === "weekly" && isoWeekday(day) !== schedule.weekday) continue;
    const at = zonedInstant(day, schedule.localTime, schedule.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new RangeError(`no run within two weeks of ${after.toISOString()} for ${JSON.stringify(schedule)}`);
}

/** A monthly run: a day of the month every month has (1 to 28), at a wall-clock time in a zone. */
export interface MonthlyTime {
  dayOfMonth: number;
  localTime: string;
  timeZone: string;
}

/**
 * The first monthly run strictly after `after` (a monthly statement's), with the same wall-clock rules as `nextRunAt`.
 *
 * @example
 * nextMonthlyRunAt({ dayOfMonth: 1, localTime: "07:00", timeZone: "America/Los_Angeles" }, new Date("2026-11-25T12:00:00Z")); // 2026-12-01T15:00:00Z
 */
export function nextMonthlyRunAt(schedule: MonthlyTime, after: Date): Date {
  if (!Number.isInteger(schedule.dayOfMonth) || schedule.dayOfMonth < 1 || schedule.dayOfMonth > 28)
    throw new RangeError(`day of month ${schedule.dayOfMonth} is not 1 to 28`);
  // This month's day in the zone (and the month before, for a zone already in tomorrow), then the next months'.
  const [year, month] = localDay(after, schedule.timeZone).split("-").map(Number) as [number, number];
  for (let i = -1; i < 3; i++) {
    const first = new Date(Date.UTC(year, month - 1 + i, schedule.dayOfMonth));
    const at = zonedInstant(first.toISOString().slice(0, 10), schedule.localTime, schedule.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new RangeError(`no monthly run after ${after.toISOString()} for ${JSON.stringify(schedule)}`);
}
