/**
 * Calendar days (YYYY-MM-DD) as a time zone's wall clock has them. Pure and universal: the pages, the delivery
 * cut-offs and the sandbox's delivery dates all count days with these.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) in a zone at an instant. */
export function localDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Today's date in a zone. */
export function todayIn(timeZone: string): string {
  return localDay(new Date(), timeZone);
}

/** A YYYY-MM-DD moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a YYYY-MM-DD: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The zones found valid. A formatter made per question cost Today's model a fifth of a second on a phone (a question
 * per account and delivery). Only valid names are kept, and at most a thousand (zone names are case-insensitive, so
 * variants of one could otherwise grow it without end).
 */
const knownZones = new Set<string>();

/**
 * Whether a name is a time zone this runtime knows (an IANA name such as "America/Los_Angeles", or "UTC").
 *
 * @example
 * isZone("America/Los_Angeles"); // true
 * isZone("Pacific"); // false
 */
export function isZone(timeZone: string): boolean {
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    return false;
  }
  if (knownZones.size < 1_000) knownZones.add(timeZone);
  return true;
}
