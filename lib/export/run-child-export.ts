import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { createPacer, untilAborted } from "./pacer";
import { abortError, type ExportPlan, type FetchPage, type PageResult } from "./plan";
import { requestsToFetch } from "./run-export";

/**
 * Exporting the records that belong to a filtered list (the lines of the invoices shown, their certificates, the
 * lines of the purchases shown) as one CSV, in two phases: first the list itself is walked, as its own CSV export
 * walks it, to collect the ids of its rows; then the child operation is read with those ids in batches
 * (`InvoiceIDs=1,2,…`), each batch page by page, every row written as it arrives. Each child row starts with the
 * identifying fields of its parent row, so that it can be traced. Every request goes through one pacer.
 */

/** Ids per child request: the documentation sets no limit, and 100 ids keep a URL under about 1,000 characters. */
export const CHILD_BATCH_SIZE = 100;

/** Fetches one page of the child operation for a batch of parent ids. */
export type FetchChildPage = (
  ids: readonly string[],
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<PageResult>;

export interface ChildExportProgress {
  /** `parents` while the list is walked for its ids, `children` while the batches are read. */
  phase: "parents" | "children";
  /** Pages of the list read so far, and its pages. */
  page: number;
  pages: number;
  /** Rows of the list with an id, so far. */
  parents: number;
  /** Batches read so far, and how many there are (while the list is walked, as many as its rows would make). */
  batchesDone: number;
  batches: number;
  /** Child rows written so far. */
  rows: number;
  /** Set while the export waits for the rate limit: the seconds it will wait. */
  waitingSeconds?: number;
}

export interface RunChildExportOptions {
  /** The list, as its CSV export reads it (`planExport`'s plan of it, whose pages are not fetched again). */
  fetchParentPage: FetchPage;
  plan: ExportPlan;
  /** The id a row of the list gives the child operation; undefined for a row without one, which is skipped. */
  parentId: (row: Record<string, unknown>) => string | undefined;
  /** The parent's identifying columns, written first on every child row. */
  parentColumns: readonly ExportColumn[];
  fetchChildPage: FetchChildPage;
  /** The parent id a child row names. */
  childParentId: (row: Record<string, unknown>) => string | undefined;
  /** The child's own columns. */
  columns: readonly ExportColumn[];
  /** Ids per child request (default CHILD_BATCH_SIZE). */
  batchSize?: number;
  /** Child rows per request (default 500, the Data API's maximum). */
  pageSize?: number;
  write: (chunk: string) => Promise<void>;
  onProgress?: (progress: ChildExportProgress) => void;
  signal: AbortSignal;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Starts the file with the UTF-8 byte order mark, for Excel (default true). */
  bom?: boolean;
}

export interface ChildExportResult {
  /** Child rows written. */
  rows: number;
  /** Rows of the list whose ids were read (each once). */
  parents: number;
  /** Rows of the list without an id (skipped). */
  skipped: number;
  batches: number;
  /** Requests the export made, retries included (the plan's are not counted). */
  requests: number;
}

/**
 * Splits ids into batches of `size`, in order.
 *
 * @example
 * batchesOf(["1", "2", "3"], 2); // [["1", "2"], ["3"]]
 */
export function batchesOf<T>(ids: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, not ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}

/**
 * Requests a child export will make, as far as the plan can tell: the list's pages the plan did not fetch, and one
 * per batch of its rows. Rows without an id make no batch; a batch with more child rows than a page holds takes one
 * more request per further page.
 *
 * @example
 * estimatedChildRequests(plan, 100); // 1 + 13 for 1,234 invoices in 3 pages of which the plan fetched 2
 */
export function estimatedChildRequests(
  plan: Pick<ExportPlan, "pages" | "fetched" | "rows">,
  batchSize = CHILD_BATCH_SIZE,
): number {
  return requestsToFetch(plan) + Math.ceil(plan.rows / batchSize);
}

/**
 * Walks the planned list for its ids, then reads the child operation for them in batches, writing the CSV (the
 * header first, the parent's columns then the child's) as the rows arrive. Rejects with an AbortError as soon as
 * `signal` aborts: between requests, during a wait and during a request.
 *
 * @example
 * const plan = await planExport(fetchInvoicesPage, { signal });
 * await runChildExport({ fetchParentPage: fetchInvoicesPage, plan, parentId: (r) => String(r.InvoiceID), parentColumns,
 *   fetchChildPage: (ids, page, size, signal) => fetchLines({ InvoiceIDs: ids.join(","), Page: page, PageSize: size }, signal),
 *   childParentId: (r) => String(r.InvoiceID), columns, write: sink.write, signal });
 */
export async function runChildExport(options: RunChildExportOptions): Promise<ChildExportResult> {
  const {
    fetchParentPage,
    plan,
    parentId,
    parentColumns,
    fetchChildPage,
    childParentId,
    columns,
    write,
    onProgress,
    signal,
  } = options;
  const { batchSize = CHILD_BATCH_SIZE, pageSize = 500, bom = true } = options;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`pageSize must be a positive integer, not ${pageSize}`);

  /** The parent's identifying cells, by id; and the ids in the list's order, each once. */
  const cells = new Map<string, string[]>();
  const ids: string[] = [];
  let skipped = 0;
  let parentPagesLeft = requestsToFetch(plan);
  let batches = Math.ceil(plan.rows / batchSize);
  const progress: ChildExportProgress = {
    phase: "parents",
    page: 0,
    pages: plan.pages,
    parents: 0,
    batchesDone: 0,
    batches,
    rows: 0,
  };
  const report = (waitingSeconds?: number) =>
    onProgress?.({ ...progress, ...(waitingSeconds === undefined ? {} : { waitingSeconds }) });
  const pacer = createPacer({
    rateLimit: plan.rateLimit,
    signal,
    now: options.now,
    sleep: options.sleep,
    onWait: report,
  });

  // A child row's parent cells, looked up by the parent id it names (empty when it names none the list had).
  const parentCells = (row: Record<string, unknown>) => cells.get(childParentId(row) ?? "");
  const all: ExportColumn[] = [
    ...parentColumns.map((column, index) => ({
      ...column,
      value: (row: Record<string, unknown>) => parentCells(row)?.[index] ?? "",
    })),
    ...columns,
  ];

  if (signal.aborted) throw abortError(signal);
  await untilAborted(write(csvHeader(all, { bom })), signal);
  report();

  // Phase 1: the list's ids.
  for (let page = 1; page <= plan.pages; page++) {
    let rows = plan.fetched.get(page) ?? (plan.rows === 0 ? [] : undefined);
    if (!rows) {
      rows = (await pacer.request((s) => fetchParentPage(page, plan.pageSize, s), parentPagesLeft + batches)).rows;
      parentPagesLeft--;
    }
    for (const row of rows) {
      const id = parentId(row);
      if (id === undefined || id === "") skipped++;
      else if (!cells.has(id)) {
        // A row can come twice when the list shifts while it is walked: its children are read once.
        cells.set(
          id,
          parentColumns.map((c) => c.value(row)),
        );
        ids.push(id);
      }
    }
    progress.page = page;
    progress.parents = ids.length;
    report();
  }

  // Phase 2: the children, batch by batch, each page by page.
  const batchList = batchesOf(ids, batchSize);
  batches = batchList.length;
  Object.assign(progress, { phase: "children", batches });
  report();
  for (const [index, batch] of batchList.entries()) {
    for (let page = 1; ; page++) {
      const result = await pacer.request((s) => fetchChildPage(batch, page, pageSize, s), batches - index);
      if (result.rows.length > 0) await untilAborted(write(csvRows(all, result.rows)), signal);
      progress.rows += result.rows.length;
      // An empty page ends the batch even if it claims a next one: a page past the end is empty.
      const last = !result.hasNextPage || result.rows.length === 0;
      if (last) progress.batchesDone = index + 1;
      report();
      if (last) break;
    }
  }
  return { rows: progress.rows, parents: ids.length, skipped, batches, requests: pacer.requests };
}
