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
 * A stop's recorded collections (Today's answer's, with what this phone sent since) and the account's read again, as
 * one list: each record as read again (its match), the read's records of the delivery this phone did not know
 * added. A check's photo is kept from either: a read that left before the photo was sent answers the record without
 * it, after the photo's own answer gave it (a photo is never taken off a record).
 *
 * @example
 * withReadAgain([{ id: "a", status: "waiting", photo: { href: "/p", type: "image/png", bytes: 9 }, … }],
 *   [{ id: "a", status: "matched", photo: null, … }], "2026-11-30");
 * // [{ id: "a", status: "matched", photo: { href: "/p", type: "image/png", bytes: 9 }, … }]
 */
export function withReadAgain(
  collected: CollectedView[],
  readAgain: CollectedView[],
  deliveryDate: string,
): CollectedView[] {
  const fresh = new Map(readAgain.map((r) => [r.id, r]));
  const known = new Set(collected.map((r) => r.id));
  return [
    ...collected.map((r) => {
      const read = fresh.get(r.id);
      return read ? { ...read, photo: read.photo ?? r.photo } : r;
    }),
    ...readAgain.filter((r) => !known.has(r.id) && r.deliveryDate === deliveryDate),
  ];
}
