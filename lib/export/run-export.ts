import { isDataApiError } from "@/lib/data-api/data-api-error";
import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { abortError, type ExportPlan, type FetchPage, type RateLimitSeen } from "./plan";

/**
 * Writing a whole list as CSV, page by page, within the Data API's rate limit (about 1,000 requests an hour per
 * key): the export keeps a reserve of requests for the rest of the dashboard, waits for the window to reset when
 * it would eat into it, and waits out a 429 before trying the same page again.
 */

/** Requests left untouched for the rest of the dashboard while an export runs. */
export const RATE_LIMIT_RESERVE = 20;
/** How often a page answered with 429 is tried again before the export fails. */
export const MAX_RETRIES = 3;
/** The wait after a 429 without Retry-After, or before a reset the service did not announce. */
const DEFAULT_WAIT_SECONDS = 60;

export interface ExportProgress {
  /** Pages written so far. */
  page: number;
  pages: number;
  /** Rows written so far. */
  rows: number;
  /** Set while the export waits for the rate limit: the seconds it will wait. */
  waitingSeconds?: number;
}

export interface RunExportOptions {
  fetchPage: FetchPage;
  plan: ExportPlan;
  columns: readonly ExportColumn[];
  /** Receives the CSV text in order: the header, then one chunk per page. */
  write: (chunk: string) => Promise<void>;
  onProgress?: (progress: ExportProgress) => void;
  signal: AbortSignal;
  /** The clock (tests). */
  now?: () => number;
  /** Waits `ms` (tests pass one that returns at once). The export stops waiting as soon as `signal` aborts. */
  sleep?: (ms: number) => Promise<void>;
  /** Starts the file with the UTF-8 byte order mark, for Excel (default true). */
  bom?: boolean;
}

export interface ExportResult {
  rows: number;
  pages: number;
  /** Requests the export made, retries included (the plan's are not counted). */
  requests: number;
}

/**
 * Requests the export will make: the plan's pages it did not already fetch (retries after a 429 aside).
 *
 * @example
 * requestsToFetch(plan); // 18 for 25 pages of which the plan fetched 7
 */
export function requestsToFetch(plan: Pick<ExportPlan, "pages" | "fetched">): number {
  let count = 0;
  for (let page = 1; page <= plan.pages; page++) if (!plan.fetched.has(page)) count++;
  return count;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles as `work` does, or rejects with an AbortError as soon as the signal aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Whether the export waits for the window to reset before its next request. It goes on while the requests left
 * cover the pages still to fetch plus the reserve. When they do not, it waits for the reset, because a fresh window
 * will hold the rest; but when even a fresh window could not (an export larger than the limit), it uses this window
 * down to the reserve first, since waiting now would only make it wait again later.
 *
 * @example
 * waitsForReset({ limit: 1000, remaining: 30, at: 0 }, 18); // true: 30 < 18 + 20
 * waitsForReset(plan.rateLimit, requestsToFetch(plan)); // the dialog's "the export will pause" note
 */
export function waitsForReset(seen: Pick<RateLimitSeen, "limit" | "remaining">, toFetch: number): boolean {
  const { remaining, limit } = seen;
  if (remaining === undefined || remaining >= toFetch + RATE_LIMIT_RESERVE) return false;
  if (remaining <= RATE_LIMIT_RESERVE) return true;
  return limit !== undefined && toFetch + RATE_LIMIT_RESERVE <= limit;
}

/**
 * Fetches every page of a planned export in order (reusing the pages the plan fetched) and writes each as CSV as it
 * arrives, the header first. Paces itself by the rate-limit headers, retries a page answered with 429 up to 3 times,
 * and rejects with an AbortError promptly when `signal` aborts, also during a wait.
 *
 * @example
 * const plan = await planExport(fetchPage, { signal });
 * const sink = await openCsvSink("invoices.csv");
 * await runExport({ fetchPage, plan, columns, write: sink.write, onProgress: setProgress, signal });
 * await sink.close();
 */
export async function runExport(options: RunExportOptions): Promise<ExportResult> {
  const { fetchPage, plan, columns, write, onProgress, signal, now = Date.now, sleep = defaultSleep, bom = true } = options;
  let seen: RateLimitSeen = plan.rateLimit;
  let toFetch = requestsToFetch(plan);
  let rows = 0;
  let requests = 0;

  const report = (page: number, waitingSeconds?: number) =>
    onProgress?.({ page, pages: plan.pages, rows, ...(waitingSeconds === undefined ? {} : { waitingSeconds }) });

  async function wait(seconds: number, pagesDone: number): Promise<void> {
    report(pagesDone, seconds);
    await untilAborted(sleep(seconds * 1000), signal);
  }

  /** Waits, when the requests left are too few, until the window resets. */
  async function pace(pagesDone: number): Promise<void> {
    if (!waitsForReset(seen, toFetch)) return;
    const resetAt = seen.reset === undefined ? undefined : seen.at + seen.reset * 1000;
    const seconds = resetAt === undefined ? DEFAULT_WAIT_SECONDS : Math.ceil((resetAt - now()) / 1000);
    if (seconds > 0) await wait(seconds, pagesDone);
    // The window has reset: what is left in it is known again from the next answer.
    seen = { at: now() };
  }

  async function fetchWithRetry(page: number, pagesDone: number): Promise<Record<string, unknown>[]> {
    for (let retries = 0; ; retries++) {
      await pace(pagesDone);
      try {
        requests++;
        const result = await untilAborted(fetchPage(page, plan.pageSize, signal), signal);
        seen = { ...result.rateLimit, at: now() };
        return result.rows;
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        if (!isDataApiError(error) || error.status !== 429 || retries >= MAX_RETRIES) throw error;
        // The window is spent: after Retry-After, the next answer says what is left.
        seen = { at: now() };
        await wait(error.retryAfter ?? DEFAULT_WAIT_SECONDS, pagesDone);
      }
    }
  }

  if (signal.aborted) throw abortError(signal);
  await untilAborted(write(csvHeader(columns, { bom })), signal);
  report(0);
  for (let page = 1; page <= plan.pages; page++) {
    let pageRows = plan.fetched.get(page);
    if (!pageRows) {
      pageRows = await fetchWithRetry(page, page - 1);
      toFetch--;
    }
    if (pageRows.length > 0) await untilAborted(write(csvRows(columns, pageRows)), signal);
    rows += pageRows.length;
    report(page);
  }
  return { rows, pages: plan.pages, requests };
}
