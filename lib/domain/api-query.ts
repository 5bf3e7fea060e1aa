import type { DataApiClient, DataApiResult, RecordOf } from "@/lib/data-api/client";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import type { OperationId } from "@/lib/data-api/registry";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { oldestStale } from "./stale";

/**
 * One Data API request as the dashboard caches it: the operation, its path values and its query as text (exactly
 * what goes on the wire, so the same request made on the server and in the browser shares one cache entry).
 */
export interface ApiRequest<K extends OperationId = OperationId> {
  operation: K;
  path?: Record<string, string | number>;
  /** Query parameters as the API takes them ("Statuses" → "1,7"); sorted into the key. */
  query?: Record<string, string>;
}

/** react-query's key of a request: ["api", operation, path, query], with stable ordering. */
export function apiQueryKey(request: ApiRequest): readonly [string, string, string, string] {
  const path = Object.entries(request.path ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&");
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
  return ["api", request.operation, path, query];
}

/**
 * react-query options for a request, run by whichever client the caller has: the browser's (through `/api/...`) or
 * the server's (the proxy in-process, for the first paint).
 *
 * @example
 * useQuery(apiQueryOptions(browserApi, { operation: "listStates" }, 5 * 60_000));
 */
export function apiQueryOptions<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
) {
  return {
    queryKey: apiQueryKey(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callApi(client, request, { signal }),
    staleTime,
  };
}

/**
 * Makes a request with a client: what a query runs, and what a "check now" runs with `revalidate` (past the proxy's
 * fresh copy, for the API's current answer); `acceptStale: false` refuses the proxy's last-known answer when the API
 * fails (an export: its file must not mix pages of different ages).
 */
export function callApi<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  options: { signal?: AbortSignal; revalidate?: boolean; acceptStale?: boolean } = {},
): Promise<DataApiResult<RecordOf<K>>> {
  // The typed client checks the query against the contract before sending; text values are what it would send.
  return (client.request as (id: K, input: object) => Promise<DataApiResult<RecordOf<K>>>)(request.operation, {
    path: request.path,
    query: request.query,
    ...options,
  });
}

/** Every record of a list, walked page by page (up to a bound): what a page that needs the whole list reads. */
export interface Walked<T> {
  records: T[];
  /** False when the bound stopped the walk before the last page. */
  complete: boolean;
  /** Requests the walk made (its cost in the key's hourly budget). */
  requests: number;
  /** The oldest last-known page's note, when any page was a cache's last-known answer (`ResponseMeta.stale`). */
  stale?: StaleNote;
}

/**
 * react-query options for a whole list: the request's pages of 500, one after another, up to `maxPages`. Its key
 * extends the request's (["walk", ...]) so the server's prefetch and the browser share it. `fields`, when given, keeps
 * only those fields of each record (and names them in the key): a walk of thousands of records that a page reads a few
 * fields of is then that much smaller in the page's first paint and in memory.
 *
 * @example
 * useQuery(apiWalkOptions(browserApi, { operation: "listCustomers", query: { States: "CA" } }, STALE.directory, 6));
 * useQuery(apiWalkOptions(browserApi, customersRequest(params), DELIVERY_STALE, 6, ["CustomerID", "DeliveryDays"]));
 */
export function apiWalkOptions<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
  maxPages: number,
): WalkOptions<RecordOf<K>>;
export function apiWalkOptions<K extends OperationId, F extends keyof RecordOf<K>>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
  maxPages: number,
  fields: readonly F[],
): WalkOptions<Pick<RecordOf<K>, F>>;
/** Fields named by a caller that holds requests of any operation (a page's prefetch list). */
export function apiWalkOptions<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
  maxPages: number,
  fields: readonly string[] | undefined,
): WalkOptions<Partial<RecordOf<K>>>;
export function apiWalkOptions<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
  maxPages: number,
  fields?: readonly string[],
): WalkOptions<Partial<RecordOf<K>>> {
  const paging = pagingParams(OPERATION_META[request.operation].version);
  const keep = (record: RecordOf<K>): Partial<RecordOf<K>> =>
    fields
      ? (Object.fromEntries(
          fields.flatMap((f) => (f in (record as object) ? [[f, (record as Record<string, unknown>)[f]]] : [])),
        ) as Partial<RecordOf<K>>)
      : record;
  return {
    queryKey: ["walk", ...apiQueryKey(request), String(maxPages), ...(fields ? [`fields=${fields.join(",")}`] : [])],
    queryFn: async ({ signal }) => {
      const records: Partial<RecordOf<K>>[] = [];
      let stale: StaleNote | undefined;
      const walked = (complete: boolean, requests: number): Walked<Partial<RecordOf<K>>> => ({
        records,
        complete,
        requests,
        ...(stale ? { stale } : {}),
      });
      for (let page = 1; page <= maxPages; page++) {
        const result = await callApi(
          client,
          { ...request, query: { ...request.query, [paging.page]: String(page), [paging.size]: "500" } },
          { signal },
        );
        for (const record of result.records) records.push(keep(record));
        stale = oldestStale([stale, result.meta.stale]);
        if (!result.paging?.hasNextPage) return walked(true, page);
      }
      return walked(false, maxPages);
    },
    staleTime,
  };
}

/** What `apiWalkOptions` gives react-query. */
export interface WalkOptions<T> {
  queryKey: readonly string[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Walked<T>>;
  staleTime: number;
}

/** How long answers stay fresh in the browser, by how often the data changes (the proxy's cache is behind it). */
export const STALE = {
  /** States, warehouses, categories, credit terms, payment types. */
  reference: 5 * 60_000,
  /** Customers, products, suppliers, vendors, users: change during the day, rarely by the minute. */
  directory: 60_000,
  /** Invoices, inventory, payments: working lists. */
  working: 15_000,
  /** AR aging: recalculated once a day. */
  daily: 30 * 60_000,
} as const;
