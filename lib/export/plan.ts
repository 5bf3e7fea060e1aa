/**
 * Counting the pages of a Data API list before exporting it. The lists are paged (Page, PageSize up to 500,
 * HasNextPage) and never say how many rows they hold, so the count is found by probing: page 1, then pages 2, 4,
 * 8, … until one is past the end, then a binary search between the last full page and it. That takes about
 * 2·log2(pages) requests, and every page fetched on the way is kept for the export.
 */

/** What one page request gives: its rows, whether the list goes on, and the rate-limit headers of the answer. */
export interface PageResult {
  rows: Record<string, unknown>[];
  hasNextPage: boolean;
  rateLimit: { limit?: number; remaining?: number; reset?: number };
}

/**
 * Fetches one page of the list being exported. A 429 is thrown as a DataApiError with status 429 and retryAfter
 * (lib/data-api/data-api-error.ts).
 */
export type FetchPage = (page: number, pageSize: number, signal: AbortSignal) => Promise<PageResult>;

/** The rate-limit headers of the most recent answer, and when it arrived (ms since the epoch). */
export interface RateLimitSeen {
  limit?: number;
  remaining?: number;
  /** Seconds from `at` until the window resets. */
  reset?: number;
  at: number;
}

export interface ExportPlan {
  /** Pages of the list (1 for an empty list: its page 1 is empty). */
  pages: number;
  /** Rows of the list: (pages − 1) · pageSize + the rows of the last page. */
  rows: number;
  /** The page size the pages are counted in (the service's, if it serves fewer rows per page than asked). */
  pageSize: number;
  /** Requests made to find the count. */
  requestsUsed: number;
  firstPage: PageResult;
  /** Rows of the pages already fetched, by page number (only pages of the list, not the empty probes past its end). */
  fetched: Map<number, Record<string, unknown>[]>;
  rateLimit: RateLimitSeen;
}

export interface PlanOptions {
  /** Rows per request; the Data API's maximum is 500. */
  pageSize?: number;
  signal: AbortSignal;
  /** The clock, for `rateLimit.at` (tests). */
  now?: () => number;
}

/**
 * The AbortError a cancelled export rejects with (the signal's own reason when it is one).
 *
 * @example
 * if (signal.aborted) throw abortError(signal); // error.name === "AbortError"
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === "AbortError"
    ? reason
    : new DOMException("The export was cancelled.", "AbortError");
}

/**
 * Finds how many pages and rows a list has, with as few requests as it can, keeping the pages it fetched.
 *
 * @example
 * const plan = await planExport((page, size, signal) => fetchInvoices(page, size, signal), { signal });
 * plan.rows; // 12345
 * plan.pages; // 25, found with 10 requests; pages 1, 2, 4, 8, 16, 24 and 25 are in plan.fetched
 */
export async function planExport(
  fetchPage: FetchPage,
  { pageSize = 500, signal, now = Date.now }: PlanOptions,
): Promise<ExportPlan> {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`pageSize must be a positive integer, not ${pageSize}`);
  const fetched = new Map<number, Record<string, unknown>[]>();
  let requestsUsed = 0;
  let rateLimit: RateLimitSeen = { at: now() };

  async function probe(page: number): Promise<PageResult> {
    if (signal.aborted) throw abortError(signal);
    const result = await fetchPage(page, pageSize, signal);
    requestsUsed++;
    rateLimit = { ...result.rateLimit, at: now() };
    if (result.rows.length > 0) fetched.set(page, result.rows);
    return result;
  }

  const firstPage = await probe(1);
  const plan = (last: number, size: number): ExportPlan => {
    const lastRows = fetched.get(last)?.length ?? 0;
    // Probes past the end are not pages of the list.
    for (const page of fetched.keys()) if (page > last) fetched.delete(page);
    return {
      pages: last,
      rows: (last - 1) * size + lastRows,
      pageSize: size,
      requestsUsed,
      firstPage,
      fetched,
      rateLimit,
    };
  };
  if (!firstPage.hasNextPage || firstPage.rows.length === 0) return plan(1, pageSize);

  // A full page 1 sets the page size: a service that serves fewer rows than asked pages by its own size.
  const size = Math.min(pageSize, firstPage.rows.length);

  // `low` is a page known to have rows and a next page; `high`, once found, a page known to be past the end.
  let low = 1;
  let high: number | undefined;
  for (let page = 2; high === undefined; page *= 2) {
    const result = await probe(page);
    if (result.rows.length === 0) high = page;
    else if (!result.hasNextPage) return plan(page, size);
    else low = page;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const result = await probe(middle);
    if (result.rows.length === 0) high = middle;
    else if (!result.hasNextPage) return plan(middle, size);
    else low = middle;
  }
  // `low` said it had a next page, and `low + 1` is empty: a service that derives HasNextPage from a full page
  // does this when the list is an exact multiple of the page size.
  return plan(low, size);
}
