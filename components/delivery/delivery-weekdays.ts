import { weekdayName } from "@/lib/domain/delivery/cutoff";
import { isoWeekday } from "@/lib/format/days";
import { formatDay } from "@/lib/format/display";

/** The weekdays' short names, Monday (ISO weekday 1) first. */
export const SHORT_WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/**
 * A delivery date in words, its weekday first and no year: "Friday, Nov 27".
 *
 * @example
 * dateWords("2026-11-27"); // "Friday, Nov 27"
 */
export function dateWords(day: string): string {
  return `${weekdayName(isoWeekday(day))}, ${shortDay(day)}`;
}

/** A date as its month and day: "Nov 27". */
export function shortDay(day: string): string {
  return formatDay(day).replace(/, \d{4}$/, "");
}
