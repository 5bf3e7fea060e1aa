import type { DataApiClient } from "@/lib/data-api/client";
import type { WalkProgress } from "@/lib/export/walk";
import { type AgingRow } from "@/lib/domain/ar-aging/aging";
import { AGING_MAX_PAGES, AGING_PAGE_SIZE, AGING_STALE, agingRequest } from "@/lib/domain/ar-aging/requests";
import { apiQueryKey, callApi, type Walked } from "@/lib/domain/api-query";
import { oldestStale } from "@/lib/domain/stale";

export type { WalkProgress };

type Params = Parameters<typeof agingRequest>[0];

/**
 * react-query options for the whole aging of the address's filters, read live: page after page of 500
 * within the export's pacing (`lib/export/walk.ts`: the dashboard's reserve kept, the window's reset waited for, a 429
 * waited out), so the chart, the table and the totals cover every row. A key whose aging fits in one page makes the
 * one request it made before. The server's render passes a `sleep` that throws (it never holds a page for the rate
 * limit: its prefetch then fails, and the browser walks, saying what it waits for through `onProgress`).
 *
 * @example
 * useQuery(agingWalkOptions(browserApi, searchParams, { onProgress: setProgress }));
 */
export function agingWalkOptions(
  client: DataApiClient,
  params: Params,
  { onProgress, sleep }: { onProgress?: (progress: WalkProgress) => void; sleep?: (ms: number) => Promise<void> } = {},
) {
  const request = agingRequest(params);
  return {
    queryKey: ["walk", ...apiQueryKey(request), "whole"] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Walked<AgingRow>> => {
      // The pacer comes with the first walk, not with the page.
      const { walkPages } = await import("@/lib/export/walk");
      const walked = await walkPages({
        signal,
        pageSize: AGING_PAGE_SIZE,
        maxPages: AGING_MAX_PAGES,
        onProgress,
        sleep,
        fetchPage: async (page, size, pageSignal) => {
          const result = await callApi(
            client,
            { ...request, query: { ...request.query, Page: String(page), PageSize: String(size) } },
            { signal: pageSignal },
          );
          return {
            rows: result.records,
            hasNextPage: result.paging?.hasNextPage ?? false,
            rateLimit: result.meta.rateLimit,
            stale: result.meta.stale,
          };
        },
      });
      const stale = oldestStale(walked.pages.map((p) => p.stale));
      return {
        records: walked.pages.flatMap((p) => p.rows as AgingRow[]),
        complete: walked.complete,
        requests: walked.requests,
        ...(stale ? { stale } : {}),
      };
    },
    staleTime: AGING_STALE,
  };
}
