import "server-only";
import { dehydrate, type DehydratedState, hashKey, QueryClient } from "@tanstack/react-query";
import { cache } from "react";
import type { OperationId } from "@/lib/data-api/registry";
import type { DataApiClient, DataApiResult, RecordOf } from "@/lib/data-api/client";
import { backend } from "@/lib/backend";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { pageApi } from "@/lib/server/core/page-api";
import { type ApiRequest, apiQueryOptions, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { packWalked } from "@/lib/domain/walked-wire";

/**
 * One query client for everything a page render fetches on the server (React's `cache`: one per request). Regions of
 * a page that need the same request (two overview cards reading the aging) make it once: the second waits for the
 * first's answer instead of asking again. A walk's answer goes to the browser packed (`packWalked`; the browser's
 * client unpacks it).
 */
const renderClient = cache(() => new QueryClient({ defaultOptions: { dehydrate: { serializeData: packWalked } } }));

type Prefetch = {
  request: ApiRequest<OperationId>;
  staleTime: number /** Walk every page, up to this many (apiWalkOptions). */;
  pages?: number;
  /** A walk's fields kept (apiWalkOptions): the browser's query names the same. */
  fields?: readonly string[];
};

/**
 * Fetches a page's requests on the server, side by side, and returns react-query's dehydrated state of those requests
 * for the browser (a failed request is left out: the browser asks again and shows the error with a retry).
 *
 * @example
 * <HydrationBoundary state={await prefetched([{ request: { operation: "listStates" }, staleTime: STALE.reference }])}>
 */
export async function prefetched(requests: Prefetch[]) {
  const client = renderClient();
  const api = await pageApi(backend);
  const hashes = new Set(
    await Promise.all(
      requests.map(async ({ request, staleTime, pages, fields }) => {
        if (pages === undefined) {
          const options = apiQueryOptions(api, request, staleTime);
          await client.prefetchQuery(options);
          return hashKey(options.queryKey);
        }
        const options = apiWalkOptions(api, request, staleTime, pages, fields);
        await client.prefetchQuery(options);
        return hashKey(options.queryKey);
      }),
    ),
  );
  // Only this region's answers: another region's are sent with that region.
  return dehydrate(client, {
    shouldDehydrateQuery: (query) => hashes.has(query.queryHash) && query.state.status === "success",
  });
}

/**
 * One request's answer on the server, through the render's client (made once per render, whoever asks): what a region
 * reads to know its next requests (an overview card's accounts, from the open invoices). Undefined when it failed:
 * the browser asks again.
 *
 * @example
 * const open = await serverAnswer({ request: overviewOpenInvoices, staleTime: STALE.working });
 */
export async function serverAnswer<K extends OperationId>(
  prefetch: Prefetch & { request: ApiRequest<K>; pages?: undefined },
): Promise<DataApiResult<RecordOf<K>> | undefined> {
  const client = renderClient();
  const options = apiQueryOptions(await pageApi(backend), prefetch.request, prefetch.staleTime);
  await client.prefetchQuery(options);
  return client.getQueryData<DataApiResult<RecordOf<K>>>(options.queryKey);
}

/**
 * A whole list on the server, walked through the render's client (`apiWalkOptions`, shared with the browser's key):
 * what a region reads when its next request depends on the walk (delivery days: the schedules of customers whose
 * records came without them). Undefined when it failed: the browser asks again.
 *
 * @example
 * const customers = await serverWalk({ request: customersRequest(params), staleTime: DELIVERY_STALE, pages: CUSTOMER_PAGES });
 */
export async function serverWalk<K extends OperationId>(
  prefetch: Prefetch & { request: ApiRequest<K>; pages: number },
): Promise<Walked<Partial<RecordOf<K>>> | undefined> {
  const client = renderClient();
  const { request, staleTime, pages, fields } = prefetch;
  const options = apiWalkOptions(await pageApi(backend), request, staleTime, pages, fields);
  await client.prefetchQuery(options);
  return client.getQueryData<Walked<Partial<RecordOf<K>>>>(options.queryKey);
}

/**
 * One request on the server, through the render's client: its answer, or the HTTP status it was refused with (none
 * when no answer came). For a page that acts on a refusal itself (a user the key may not read is looked for among its
 * sales reps) and tells the browser so, rather than having it ask again for the same 404.
 *
 * @example
 * const outcome = await serverOutcome({ request: userRequest(1012), staleTime: STALE.directory });
 * if ("status" in outcome && outcome.status === 404) ...
 */
export async function serverOutcome<K extends OperationId>(
  prefetch: Prefetch & { request: ApiRequest<K>; pages?: undefined },
): Promise<{ data: DataApiResult<RecordOf<K>> } | { status: number | undefined }> {
  const client = renderClient();
  const options = apiQueryOptions(await pageApi(backend), prefetch.request, prefetch.staleTime);
  await client.prefetchQuery(options);
  const state = client.getQueryState<DataApiResult<RecordOf<K>>>(options.queryKey);
  if (state?.data !== undefined) return { data: state.data };
  return { status: state?.error instanceof DataApiError ? state.error.status : undefined };
}

/**
 * A query of a page's own making (a walk with its own pacing: `agingWalkOptions`) run on the server with the render's
 * client: its answer for the region, and the dehydrated state that hands it to the browser (nothing when it failed:
 * the browser runs it again and shows its progress or its error).
 *
 * @example
 * const { state, data } = await prefetchedQuery((api) => agingWalkOptions(api, params, { sleep: refuseToWait }));
 */
export async function prefetchedQuery<T>(
  make: (api: DataApiClient) => {
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<T>;
    staleTime: number;
  },
): Promise<{ state: DehydratedState; data: T | undefined }> {
  const client = renderClient();
  const options = make(await pageApi(backend));
  await client.prefetchQuery(options as Parameters<QueryClient["prefetchQuery"]>[0]);
  const hash = hashKey(options.queryKey);
  return {
    state: dehydrate(client, {
      shouldDehydrateQuery: (query) => query.queryHash === hash && query.state.status === "success",
    }),
    data: client.getQueryData<T>(options.queryKey),
  };
}
