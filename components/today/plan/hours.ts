/**
 * "7 h 25 min" for minutes: the plan's and the week's times.
 *
 * @example
 * hours(445); // "7 h 25 min"
 * hours(480); // "8 h"
 */
export function hours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}
