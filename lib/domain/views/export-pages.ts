/**
 * How an export reads the Data API: one page of a request as rows, "is there more" and the rate-limit headers of the
 * answer, which is what `lib/export/` paces itself by. The list's own export and a child export read the list the
 * same way; a child export then reads its child operation with a batch of ids.
 */
import type { DataApiClient } from "@/lib/data-api/client";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { type ApiRequest, callApi } from "../api-query";
import { type ChildExport, childRequest } from "./child-exports";
import {
  type JoinPage,
  joinIds,
  joinRequest,
  joinRequestsFor,
  joinRows,
  type JoinScope,
  type ListJoin,
  readJoinChildren,
} from "./list-joins";

/** One page as an export reads it (the shape of `PageResult` in lib/export/plan.ts). */
export interface ExportPage {
  rows: Record<string, unknown>[];
  hasNextPage: boolean;
  rateLimit: { limit?: number; remaining?: number; reset?: number };
}

/**
 * Makes a request and reads its answer as an export's page. Never the proxy's last-known copy: a file must not mix
 * pages of different ages, so a spent budget comes back as the 429 the export waits out (`lib/export/pacer.ts`).
 */
export async function exportPage(client: DataApiClient, request: ApiRequest, signal: AbortSignal): Promise<ExportPage> {
  const result = await callApi(client, request, { signal, acceptStale: false });
  return {
    rows: result.records as Record<string, unknown>[],
    hasNextPage: result.paging?.hasNextPage ?? false,
    rateLimit: result.meta.rateLimit,
  };
}

/**
 * The pages of a list already read whole (a list page's walk, narrowed and in its order), served from memory: the
 * CSV is then the very rows the page counts and totals, and costs no request.
 *
 * @example
 * const fetchPage = rowsPages(whole.rows);
 * await fetchPage(2, 500, signal); // rows 501 to 1,000
 */
export function rowsPages(rows: readonly Record<string, unknown>[]) {
  return async (page: number, pageSize: number, signal: AbortSignal): Promise<ExportPage> => {
    signal.throwIfAborted();
    const start = (page - 1) * pageSize;
    return { rows: rows.slice(start, start + pageSize), hasNextPage: start + pageSize < rows.length, rateLimit: {} };
  };
}

/**
 * The pages of a list as its page asks for it (its filters and fixed parameters), with the export's page and size.
 *
 * @example
 * const fetchPage = listPages(browserApi, listRequest(view, params));
 * await fetchPage(2, 500, signal); // Page=2&PageSize=500, the filters as the address has them
 */
export function listPages(client: DataApiClient, request: ApiRequest) {
  const paging = pagingParams(OPERATION_META[request.operation].version);
  return (page: number, pageSize: number, signal: AbortSignal) =>
    exportPage(
      client,
      { ...request, query: { ...request.query, [paging.page]: String(page), [paging.size]: String(pageSize) } },
      signal,
    );
}

/**
 * The pages of a child export's operation for a batch of the list's ids (`childRequest`).
 *
 * @example
 * const fetchChildPage = childPages(browserApi, invoiceLines, listRequest(LIST_VIEWS.invoices, params));
 * await fetchChildPage(["300001", "300002"], 1, 500, signal); // /invoiceTransactions?InvoiceIDs=300001,300002&…
 */
export function childPages(client: DataApiClient, spec: ChildExport, parentRequest: ApiRequest) {
  return (ids: readonly string[], page: number, pageSize: number, signal: AbortSignal) =>
    exportPage(client, childRequest(spec, parentRequest, ids, page, pageSize), signal);
}

/** A join as an export runs it (the shape of `ExportJoin`, lib/export/run-export.ts). */
export interface ExportJoinRun {
  reading: string;
  requestsFor: (rows: number) => number;
  join: (
    rows: Record<string, unknown>[],
    call: (work: (signal: AbortSignal) => Promise<JoinPage>) => Promise<JoinPage>,
    signal: AbortSignal,
  ) => Promise<Record<string, unknown>[]>;
}

/**
 * A join as an export runs it: a page's ids, the child operation's pages for each batch of them (every request through
 * the export's `call`), and the rows merged with what their children make (`list-joins.ts`).
 *
 * @example
 * runExport({ …, joins: joinsFor(view, keyType).map((j) => exportJoin(browserApi, j, { supplierIds })) });
 */
export function exportJoin(client: DataApiClient, join: ListJoin, scope: JoinScope): ExportJoinRun {
  return {
    reading: join.reading,
    requestsFor: (rows) => joinRequestsFor(rows),
    join: async (rows, call, signal) => {
      const children = await readJoinChildren({
        ids: joinIds(join, rows),
        fetchPage: (ids, page, pageSize, s) => exportPage(client, joinRequest(join, ids, page, pageSize), s),
        signal,
        call,
      });
      return joinRows(join, rows, children, scope);
    },
  };
}
