import "server-only";
import type { DehydratedState } from "@tanstack/react-query";
import { backend } from "@/lib/backend";
import { accountsHealth } from "@/lib/server/insights/rep-health";
import { readTodayData, TODAY_DATA_STALE, type TodayData, todayDataKey } from "@/lib/domain/today/today-data";
import { STALE } from "@/lib/domain/api-query";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { prefetchedQuery, serverAnswer } from "../../_lib/prefetch";

/**
 * A rep's Today read on the server for the page's first paint (`readTodayData` through the proxy, as the person, with
 * the accounts' health from the key's history): the dehydrated state the browser hydrates, under the key its own
 * query (`GET /api/today`) uses.
 *
 * @example
 * const { state } = await todayState(1008, "2026-11-25", keyId);
 * <HydrationBoundary state={state}>...</HydrationBoundary>
 */
export async function todayState(
  repId: number,
  today: string,
  keyId: string,
): Promise<{ state: DehydratedState; data?: TodayData }> {
  // The reps as the page's other region (its choice of rep) reads them: one request for both.
  const [{ db }, reps] = await Promise.all([
    backend(),
    serverAnswer({ request: repsRequest, staleTime: STALE.directory }),
  ]);
  return prefetchedQuery((api) => ({
    queryKey: todayDataKey(repId, today),
    queryFn: async (): Promise<TodayData> => {
      const data = await readTodayData(api, repId, today, { reps });
      const health = data.accountIds.length ? await accountsHealth(db, keyId, data.accountIds) : undefined;
      return health ? { ...data, health } : data;
    },
    staleTime: TODAY_DATA_STALE,
  }));
}
