import { isDataApiError } from "@/lib/data-api/data-api-error";
import { backroomJson } from "@/lib/ui/backroom-json";
import { reconnect } from "@/lib/ui/browser-api";
import { TODAY_DATA_STALE, type TodayData, todayDataKey } from "@/lib/domain/today/today-data";

/**
 * react-query options for a rep's Today in the browser: `GET /api/today` (one request to Backroom, which reads the
 * lists). The page's server prefetch runs `readTodayData` under the same key, so the browser hydrates it.
 *
 * @example
 * useQuery(todayQueryOptions(1008, "2026-11-25"));
 */
export function todayQueryOptions(repId: number, day: string) {
  return {
    queryKey: todayDataKey(repId, day),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TodayData> => {
      try {
        return await backroomJson<TodayData>("GET", `/api/today?rep=${repId}&day=${day}`, { signal });
      } catch (error) {
        // The session ended: sign in again, and come back here.
        if (isDataApiError(error) && error.status === 401) reconnect();
        throw error;
      }
    },
    staleTime: TODAY_DATA_STALE,
  };
}
