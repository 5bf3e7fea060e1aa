import type { StaleNote } from "@/lib/data-api/response-meta";

/**
 * Which of a region's answers were a cache's last-known ones (`ResponseMeta.stale`, set by Backroom's proxy when the
 * API did not answer well), and the oldest of them: a region drawn from several answers is as old as its oldest.
 */

/** Anything a region reads: a request's result (`meta.stale`), a walked list (`stale`), or nothing yet. */
export type Answered = { meta?: { stale?: StaleNote } } | { stale?: StaleNote } | null | undefined;

/**
 * The oldest of some notes (by when the copy was read), or undefined when there are none.
 *
 * @example
 * oldestStale([undefined, { reason: "timeout", at: "2026-11-23T14:02:00.000Z" }]); // the timeout's note
 */
export function oldestStale(notes: readonly (StaleNote | undefined)[]): StaleNote | undefined {
  let oldest: StaleNote | undefined;
  for (const note of notes) if (note && (!oldest || Date.parse(note.at) < Date.parse(oldest.at))) oldest = note;
  return oldest;
}

/**
 * The note of a region drawn from these answers: the oldest last-known one, or undefined when every answer came
 * from the API (or the cache while fresh).
 *
 * @example
 * staleOf([invoices.data, customers.data]); // { reason: "rate-limited", at, until } when either was last-known
 */
export function staleOf(answers: readonly Answered[]): StaleNote | undefined {
  return oldestStale(answers.map((a) => (a && "meta" in a ? a.meta?.stale : a && "stale" in a ? a.stale : undefined)));
}
