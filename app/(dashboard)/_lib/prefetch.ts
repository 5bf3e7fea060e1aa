import "server-only";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import type { OperationId } from "@/lib/data-api/registry";
import { backend } from "@/lib/backend";
import { pageApi } from "@/lib/server/page-api";
import { type ApiRequest, apiQueryOptions, apiWalkOptions } from "@/lib/ui/api-query";

/**
 * Fetches a page's requests on the server, side by side, and returns react-query's dehydrated state for the browser
 * (a failed request is left out: the browser asks again and shows the error with a retry).
 *
 * @example
 * <HydrationBoundary state={await prefetched([{ request: { operation: "listStates" }, staleTime: STALE.reference }])}>
 */
export async function prefetched(requests: { request: ApiRequest<OperationId>; staleTime: number; /** Walk every page, up to this many (apiWalkOptions). */ pages?: number }[]) {
  const client = new QueryClient();
  const api = await pageApi(backend);
  await Promise.all(
    requests.map(({ request, staleTime, pages }) =>
      pages === undefined ? client.prefetchQuery(apiQueryOptions(api, request, staleTime)) : client.prefetchQuery(apiWalkOptions(api, request, staleTime, pages)),
    ),
  );
  return dehydrate(client);
}
