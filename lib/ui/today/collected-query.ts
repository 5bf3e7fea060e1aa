import type { QueryClient } from "@tanstack/react-query";
import type { CollectedView } from "@/lib/domain/credit/view";
import { backroomJson } from "@/lib/ui/backroom-json";

/** Where an AR account's collections are recorded and read (`POST`/`GET /api/collections/{arAccountId}/collected`). */
export const collectedUrl = (arAccountId: number) => `/api/collections/${arAccountId}/collected`;

/** The query key of an account's recorded collections; its prefix is what a sent write has read again. */
export const COLLECTED_KEY = ["backroom", "collected"] as const;

/**
 * How often an open page reads again an account's collections while one waits for its payment: each read asks the
 * server for a match when the last is old enough (the server decides; a read itself costs no Data API request).
 */
export const COLLECTED_REFRESH_MS = 60_000;

/**
 * react-query options for an AR account's recorded collections, newest first (`GET /api/collections/{id}/collected`).
 *
 * @example
 * useQuery(collectedQueryOptions(30012));
 */
export function collectedQueryOptions(arAccountId: number) {
  return {
    queryKey: [...COLLECTED_KEY, arAccountId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<CollectedView[]> =>
      backroomJson<CollectedView[]>("GET", collectedUrl(arAccountId), { signal }),
    staleTime: 20_000,
    refetchInterval: COLLECTED_REFRESH_MS,
    refetchIntervalInBackground: false,
  };
}

/**
 * Reads an account's recorded collections again after a write (a record, its photo), from a read that leaves after it.
 * A read already on its way is cancelled first: react-query hands an invalidation the read in flight when the query
 * has no answer yet, and Today's card starts its first read as the record comes back, before the photo is sent. That
 * read answered the record without its photo, and the card showed it so until the next minute's read.
 *
 * @example
 * await readCollectedAgain(queryClient, 30012);
 */
export async function readCollectedAgain(queryClient: QueryClient, arAccountId: number) {
  const queryKey = [...COLLECTED_KEY, arAccountId];
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
