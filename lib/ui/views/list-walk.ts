"use client";

import { experimental_streamedQuery as streamedQuery } from "@tanstack/react-query";
import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import type { OperationId } from "@/lib/data-api/registry";
import { pagingParams } from "@/lib/data-api/values";
import { type ApiRequest, apiWalkOptions, callApi, type Walked } from "@/lib/domain/api-query";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { oldestStale } from "@/lib/domain/stale";
import { WHOLE_LIST_PAGES } from "@/lib/domain/views/whole-list";

/** One page of a walk as it arrives. */
interface WalkChunk<T> {
  records: readonly T[];
  page: number;
  last: boolean;
  stale?: StaleNote;
}

/**
 * A list page's walk of its whole list, as the browser reads it: the same query (key and answer's shape) as
 * `apiWalkOptions`, which the server's prefetch and an overview's figure walk, but streamed: each page of 500 is in
 * the answer as it arrives, so the page says "at least N so far" while the walk runs (`fetchStatus` "fetching", not
 * `complete`). A refetch keeps the list shown until the new one is whole.
 *
 * @example
 * const walk = useQuery(listWalkOptions(browserApi, walkRequest(view, params), view.staleTime));
 */
export function listWalkOptions<K extends OperationId>(
  client: DataApiClient,
  request: ApiRequest<K>,
  staleTime: number,
  maxPages = WHOLE_LIST_PAGES,
) {
  const { queryKey } = apiWalkOptions(client, request, staleTime, maxPages);
  const paging = pagingParams(OPERATION_META[request.operation].version);
  const initialValue: Walked<RecordOf<K>> = { records: [], complete: false, requests: 0 };
  return {
    queryKey,
    staleTime,
    queryFn: streamedQuery<WalkChunk<RecordOf<K>>, Walked<RecordOf<K>>>({
      refetchMode: "replace",
      initialValue,
      reducer: (walked, chunk) => {
        const stale = oldestStale([walked.stale, chunk.stale]);
        return {
          records: [...walked.records, ...chunk.records],
          complete: chunk.last,
          requests: chunk.page,
          ...(stale ? { stale } : {}),
        };
      },
      streamFn: async function* ({ signal }) {
        for (let page = 1; page <= maxPages; page++) {
          const result = await callApi(
            client,
            { ...request, query: { ...request.query, [paging.page]: String(page), [paging.size]: "500" } },
            { signal },
          );
          const last = !result.paging?.hasNextPage;
          yield { records: result.records, page, last, stale: result.meta.stale };
          if (last) return;
        }
      },
    }),
  };
}
