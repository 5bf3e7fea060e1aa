import { reconnect } from "../browser-api";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { notesClient } from "./notes-client";
import { NOTES_KEY, type NotesJson, type NotesOf } from "@/lib/domain/notes/note-rules";

export { NOTES_KEY } from "@/lib/domain/notes/note-rules";

/** Notes change only when someone writes one: a minute before asking again is plenty. */
const STALE_MS = 60_000;

/**
 * react-query options for the notes of one customer (the customer page) or several (a Today page's cards, the offline
 * download), from `GET /api/notes`. Ids are sorted into the key, so the same customers share one cache entry.
 *
 * @example
 * useQuery(notesQueryOptions({ customerId: 20001 }));
 * useQuery(notesQueryOptions({ customerIds: [20001, 20002], latest: 1 }));
 */
export function notesQueryOptions(of: NotesOf) {
  const key =
    "customerId" in of
      ? [String(of.customerId)]
      : [[...of.customerIds].sort((a, b) => a - b).join(","), String(of.latest ?? "")];
  return {
    queryKey: [...NOTES_KEY, ...key] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<NotesJson> => {
      try {
        return await notesClient.list(of, signal);
      } catch (error) {
        // The session ended: sign in again, and come back here.
        if (isDataApiError(error) && error.status === 401) reconnect();
        throw error;
      }
    },
    staleTime: STALE_MS,
  };
}
