import { daysBetween } from "@/lib/domain/insights/definitions";
import { localDay } from "@/lib/format/days";

/**
 * An account's visits, one fact each: its last visit's day (every note is a visit, a "Visited" tap is a note with no
 * text) and whether it is "not visited in N days". Today's strip counts with these, `/today/accounts` filters with
 * them and the route plan weighs them (`plan/reasons.ts`): the count and the list it opens cannot disagree. Pure.
 */

/** How long without a visit counts as "not visited", in days, when nothing says otherwise. */
export const NOT_VISITED_DAYS = 30;

/** The most days "not visited in N days" takes (a year). */
export const NOT_VISITED_MAX = 365;

/**
 * The day (YYYY-MM-DD) of a note's visit, on the person's clock (UTC when the zone is not known).
 *
 * @example
 * visitDay("2026-11-27T02:30:00Z", "America/Los_Angeles"); // "2026-11-26"
 */
export function visitDay(createdAt: string, timeZone = "UTC"): string {
  return localDay(new Date(createdAt), timeZone);
}

/**
 * Each account's last visit (its newest note's day), from notes of any order.
 *
 * @example
 * lastVisits([{ customerId: 7, createdAt: "2026-11-02T15:00:00Z" }, { customerId: 7, createdAt: "2026-10-01T15:00:00Z" }]);
 * // Map { 7 => "2026-11-02" }
 */
export function lastVisits(
  notes: readonly { customerId: number; createdAt: string }[],
  timeZone = "UTC",
): Map<number, string> {
  const newest = new Map<number, string>();
  for (const note of notes) {
    const seen = newest.get(note.customerId);
    if (seen === undefined || note.createdAt > seen) newest.set(note.customerId, note.createdAt);
  }
  return new Map([...newest].map(([id, createdAt]) => [id, visitDay(createdAt, timeZone)]));
}

/**
 * How many days an account has gone without a visit on `day`: undefined when no visit is on record.
 *
 * @example
 * daysSinceVisit("2026-10-28", "2026-11-27"); // 30
 */
export function daysSinceVisit(lastVisit: string | undefined, day: string): number | undefined {
  return lastVisit === undefined ? undefined : daysBetween(lastVisit, day);
}

/**
 * Whether an account counts as "not visited in `days` days" on `day`: no visit on record, or the last one `days` or
 * more days before.
 *
 * @example
 * notVisitedIn("2026-10-28", "2026-11-27", 30); // true
 * notVisitedIn("2026-10-29", "2026-11-27", 30); // false
 * notVisitedIn(undefined, "2026-11-27", 30); // true
 */
export function notVisitedIn(lastVisit: string | undefined, day: string, days = NOT_VISITED_DAYS): boolean {
  const since = daysSinceVisit(lastVisit, day);
  return since === undefined || since >= days;
}

/**
 * The accounts not visited in `days` days on `day`, in their order.
 *
 * @example
 * notVisited(model.accounts, lastVisits(notes), "2026-11-27", 30).length; // the strip's figure and the list's length
 */
export function notVisited<A extends { customerId: number }>(
  accounts: readonly A[],
  visits: ReadonlyMap<number, string>,
  day: string,
  days = NOT_VISITED_DAYS,
): A[] {
  return accounts.filter((account) => notVisitedIn(visits.get(account.customerId), day, days));
}

/** "Not visited in 30 days" or "Not visited in 1 day". */
export function notVisitedWords(days: number): string {
  return `Not visited in ${days} ${days === 1 ? "day" : "days"}`;
}
