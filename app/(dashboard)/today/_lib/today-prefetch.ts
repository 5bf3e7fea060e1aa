import "server-only";
import type { DehydratedState } from "@tanstack/react-query";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import type { ActorOf } from "@/lib/server/core/define-route";
import { loadToday } from "@/lib/server/today/today-api";
import { TODAY_DATA_STALE, type TodayData, todayDataKey } from "@/lib/domain/today/today-data";
import { STALE } from "@/lib/domain/api-query";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { prefetchedQuery, serverAnswer } from "../../_lib/prefetch";

/**
 * A rep's Today read on the server for the page's first paint (`loadToday`, what `GET /api/today` answers, the
 * person's reorder requests with it): the dehydrated state the browser hydrates, under the key its own query uses.
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
  const [{ db, credit }, reps, session] = await Promise.all([
    backend(),
    serverAnswer({ request: repsRequest, staleTime: STALE.directory }),
    currentSession(backend),
  ]);
  const actor = session?.actor;
  const asker = actor?.workspace && actor.membership && actor.key ? (actor as ActorOf["key"]) : undefined;
  return prefetchedQuery((api) => ({
    queryKey: todayDataKey(repId, today),
    queryFn: (): Promise<TodayData> => loadToday(api, db, keyId, repId, today, { reps, asker, credit }),
    staleTime: TODAY_DATA_STALE,
  }));
}
