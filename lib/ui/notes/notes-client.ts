import { backroomJson } from "../backroom-json";
import type { NoteJson, NotesJson, NotesOf } from "@/lib/domain/notes/note-rules";
import type { NewNoteBody } from "@/lib/domain/notes/note-schema";

/**
 * The browser's calls to `/api/notes` (`lib/server/notes/notes-api.ts`): JSON in and out, and every failure thrown as
 * a `DataApiError` (status 0 `NETWORK_ERROR` without an answer), so the queries' retry rule, `sendOnce`'s idea of a
 * settled write and `describeFailure`'s words all apply as they do to the Data API's.
 */

/** The address of `GET /api/notes` for these customers. */
export function notesPath(of: NotesOf, format?: "csv"): string {
  const params = new URLSearchParams();
  if ("customerId" in of) params.set("customerId", String(of.customerId));
  else {
    params.set("customerIds", [...of.customerIds].sort((a, b) => a - b).join(","));
    if (of.latest !== undefined) params.set("latest", String(of.latest));
  }
  if (format) params.set("format", format);
  // Commas kept as they are: the address reads as the API documents it.
  return `/api/notes?${params.toString().replaceAll("%2C", ",")}`;
}

/** The download of one customer's notes as CSV (what "Export notes (CSV)" links to). */
export const notesCsvHref = (customerId: number) => notesPath({ customerId }, "csv");

export const notesClient = {
  /** The notes of one or several customers, newest first. */
  list: (of: NotesOf, signal?: AbortSignal) => backroomJson<NotesJson>("GET", notesPath(of), { signal }),
  /** Writes a note; the same `idempotencyKey` again answers the note it made (200) instead of a second one. */
  create: (body: NewNoteBody, idempotencyKey: string) =>
    backroomJson<NoteJson>("POST", "/api/notes", { body, headers: { "Idempotency-Key": idempotencyKey } }),
  /** Deletes one's own note, within a day of writing it. */
  remove: (noteId: string) => backroomJson<null>("DELETE", `/api/notes/${encodeURIComponent(noteId)}`),
};
