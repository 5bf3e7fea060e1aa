import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { createPacer, untilAborted } from "./pacer";
import { abortError, type ExportPlan, type FetchPage, type PageResult } from "./plan";

/**
 * Writing a whole list as CSV, page by page, within the Data API's rate limit: every request goes through the
 * export's pacer (`pacer.ts`: a reserve kept for the rest of the dashboard, waits for the window, 429s waited out).
 */

export { reserveOf, waitsForReset } from "./pacer";

export interface ExportProgress {
  /** Pages written so far. */
  page: number;
  pages: number;
  /** Rows written so far. */
  rows: number;
  /** Set while the export waits for the rate limit: the seconds it will wait. */
  waitingSeconds?: number;
}

/**
 * Columns joined from another operation (a brand's share of each invoice, from its lines): each page's rows take what
 * their children make before they are written, the children read by the page's ids, every request through the
 * export's pacer (`call`). The join itself is the list view's (lib/domain/views/list-joins.ts, `exportJoin`).
 */
export interface ExportJoin {
  /** What it reads, in a sentence's words ("the brand's lines of these invoices"). */
  reading?: string;
  /** Requests reading the children of `rows` rows takes at least. */
  requestsFor: (rows: number) => number;
  /** A page's rows with their children's fields. */
  join: (
    rows: Record<string, unknown>[],
    call: (work: (signal: AbortSignal) => Promise<PageResult>) => Promise<PageResult>,
    signal: AbortSignal,
  ) => Promise<Record<string, unknown>[]>;
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
  /** Columns joined from other operations: each page's rows take their children's fields before they are written. */
  joins?: readonly ExportJoin[];
  /** The list's own order (invoices newest first): each page sorted, and the pages read last to first where it says. */
  order?: ExportOrder;
}

/** The order an export writes its rows in, where the list has one of its own (`exportOrder` of its view). */
export interface ExportOrder {
  /** The API lists the rows the other way round: the last page is written first. */
  lastPageFirst: boolean;
  /** A page's rows in the list's order. */
  sort: (rows: Record<string, unknown>[]) => Record<string, unknown>[];
}

export interface ExportResult {
  rows: number;
  pages: number;
  /** Requests the export made, retries included (the plan's are not counted). */
  requests: number;
}

/**
 * Requests the export will make: the plan's pages it did not already fetch (retries after a 429 aside); none for a
 * list the plan found empty (its empty page 1 is all there is).
 *
 * @example
 * requestsToFetch(plan); // 18 for 25 pages of which the plan fetched 7
 */
export function requestsToFetch(plan: Pick<ExportPlan, "pages" | "fetched"> & { rows?: number }): number {
  if (plan.rows === 0) return 0;
  let count = 0;
  for (let page = 1; page <= plan.pages; page++) if (!plan.fetched.has(page)) count++;
  return count;
}

/**
 * Requests a join adds to an export, at least: its requests for each page's rows.
 *
 * @example
 * joinRequestsOf({ pages: 3, pageSize: 500, rows: 1234 }, brandShare); // 5 + 5 + 3, in batches of 100 ids
 */
export function joinRequestsOf(plan: Pick<ExportPlan, "pages" | "pageSize" | "rows">, join: ExportJoin): number {
  if (plan.rows === 0) return 0;
  const last = plan.rows - (plan.pages - 1) * plan.pageSize;
  return (plan.pages - 1) * join.requestsFor(plan.pageSize) + join.requestsFor(last);
}

/**
 * Fetches every page of a planned export in order (reusing the pages the plan fetched) and writes each as CSV as it
 * arrives, the header first; with `order`, each page sorted and, where it says, the last page first. Paces itself by the rate-limit headers, retries a page answered with 429 up to 3 times,
 * and rejects with an AbortError promptly when `signal` aborts, also during a wait.
 *
 * @example
 * const plan = await planExport(fetchPage, { signal });
 * const sink = await openCsvSink("invoices.csv");
 * await runExport({ fetchPage, plan, columns, write: sink.write, onProgress: setProgress, signal });
 * await sink.close();
 */
export async function runExport(options: RunExportOptions): Promise<ExportResult> {
  const { fetchPage, plan, columns, write, onProgress, signal, now, sleep, bom = true, joins = [], order } = options;
  let toFetch = requestsToFetch(plan) + joins.reduce((n, join) => n + joinRequestsOf(plan, join), 0);
  let rows = 0;
  /** Pages written so far. */
  let done = 0;

  const report = (page: number, waitingSeconds?: number) =>
    onProgress?.({ page, pages: plan.pages, rows, ...(waitingSeconds === undefined ? {} : { waitingSeconds }) });
  const pacer = createPacer({
    rateLimit: plan.rateLimit,
    signal,
    now,
    sleep,
    onWait: (seconds) => report(done, seconds),
  });

  if (signal.aborted) throw abortError(signal);
  await untilAborted(write(csvHeader(columns, { bom })), signal);
  report(0);
  const pages = Array.from({ length: plan.pages }, (_, i) => (order?.lastPageFirst ? plan.pages - i : i + 1));
  for (const page of pages) {
    // An empty list's page 1 was fetched by the plan, and kept as nothing.
    let pageRows = plan.fetched.get(page) ?? (plan.rows === 0 ? [] : undefined);
    if (!pageRows) {
      pageRows = (await pacer.request((s) => fetchPage(page, plan.pageSize, s), toFetch)).rows;
      toFetch--;
    }
    for (const join of pageRows.length > 0 ? joins : []) {
      pageRows = await join.join(
        pageRows,
        async (work) => {
          const result = await pacer.request(work, Math.max(1, toFetch));
          toFetch--;
          return result;
        },
        signal,
      );
    }
    if (order) pageRows = order.sort(pageRows);
    if (pageRows.length > 0) await untilAborted(write(csvRows(columns, pageRows)), signal);
    rows += pageRows.length;
    done += 1;
    report(done);
  }
  return { rows, pages: plan.pages, requests: pacer.requests };
}
