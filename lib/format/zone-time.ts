/**
 * Wall-clock times in IANA zones as instants: a zone's offset at an instant, and the instant a day's wall-clock time
 * has in a zone, right across daylight-saving changes. Pure (Intl only), for Node and the browser: one copy for the
 * order cut-offs (lib/domain/delivery/cutoff.ts) and a scheduled report's next run (lib/server/views/next-run.ts).
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes (Los Angeles in winter: −480). */
export function zoneOffsetMinutes(at: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time happens in a zone. A time the clocks skip (spring forward) is moved later by the gap,
 * and a time that happens twice (fall back) is the first, as Temporal's "compatible" choice does.
 *
 * @example
 * zonedInstant("2026-11-24", 14, 30, "America/Los_Angeles"); // 2026-11-24T22:30:00.000Z
 */
export function zonedInstant(day: string, hours: number, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  // The offsets a day and a half either side: past any change that day, even in zones 14 hours from UTC (changes
  // are months apart, so nothing else falls inside).
  const before = zoneOffsetMinutes(wall - 36 * 3_600_000, timeZone);
  const after = zoneOffsetMinutes(wall + 36 * 3_600_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((at) => zoneOffsetMinutes(at, timeZone) * 60_000 === wall - at);
  if (candidates.length) return new Date(Math.min(...candidates));
  // Skipped by the clocks: the same wall time read with the offset from before the change lands after the gap.
  return new Date(wall - before * 60_000);
}
