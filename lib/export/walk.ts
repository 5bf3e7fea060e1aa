import { createPacer } from "./pacer";
import { abortError, type PageResult } from "./plan";

/**
 * Reading every page of a list for a page of the dashboard that shows it whole (the AR aging of a key with
 * more than 500 rows), within the export's pacing (`pacer.ts`): one page after another, the requests left to the rest
 * of the dashboard kept, the window's reset waited for when they would be eaten into, a 429 waited out. Unlike an
 * export it does not count the pages first: a list the page shows whole is a few pages long, and its first page is
 * read anyway.
 */

/** Progress of a walk: pages read so far, and the seconds it waits for the rate limit (while it does). */
export interface WalkProgress {
  pages: number;
  rows: number;
  waitingSeconds?: number;
}

export interface WalkOptions<P extends PageResult> {
  /** Reads one page (1-based) of `pageSize` rows. */
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<P>;
  signal: AbortSignal;
  /** Rows per request: the Data API's maximum. */
  pageSize?: number;
  /** Pages read at most (a bound against a list that never ends). */
  maxPages: number;
  onProgress?: (progress: WalkProgress) => void;
  /** Waits `ms` (the pacer's waits); a server render passes one that throws rather than hold the page. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface WalkResult<P extends PageResult> {
  /** Every page read, in order. */
  pages: P[];
  /** False when `maxPages` stopped the walk before the last page. */
  complete: boolean;
  /** Requests made, retries included. */
  requests: number;
}

/**
 * Reads a list's pages in order until one says it is the last (or is empty), through the export's pacer.
 *
 * @example
 * const { pages, complete } = await walkPages({ fetchPage, signal, maxPages: 40, onProgress: setProgress });
 * const rows = pages.flatMap((p) => p.rows);
 */
export async function walkPages<P extends PageResult>({
  fetchPage,
  signal,
  pageSize = 500,
  maxPages,
  onProgress,
  sleep,
  now = Date.now,
}: WalkOptions<P>): Promise<WalkResult<P>> {
  if (signal.aborted) throw abortError(signal);
  const pages: P[] = [];
  let rows = 0;
  const pacer = createPacer({
    rateLimit: { at: now() },
    signal,
    now,
    sleep,
    onWait: (waitingSeconds) => onProgress?.({ pages: pages.length, rows, waitingSeconds }),
  });
  for (let page = 1; page <= maxPages; page++) {
    // How many pages remain is not known: the pacer keeps its reserve for the next one.
    const result = await pacer.request((s) => fetchPage(page, pageSize, s), 1);
    pages.push(result);
    rows += result.rows.length;
    onProgress?.({ pages: pages.length, rows });
    if (!result.hasNextPage || result.rows.length === 0) return { pages, complete: true, requests: pacer.requests };
  }
  return { pages, complete: false, requests: pacer.requests };
}
