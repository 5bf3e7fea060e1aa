import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import type { NoteJson, NotesJson, NotesOf } from "./note-rules";
import type { NewNoteBody } from "./note-schema";

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

async function call<T>(method: string, url: string, init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: init.body === undefined ? init.headers : { "Content-Type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "Backroom could not be reached. Check your connection and try again.", cause });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): told by its status below.
  }
  if (response.ok) return parsed as T;
  const error = parseErrorBody(parsed);
  const retryAfter = Number(response.headers.get("Retry-After"));
  throw new DataApiError({
    status: response.status,
    code: error?.code,
    detail: error?.detail ?? `Backroom answered ${response.status}.`,
    fieldErrors: error?.fieldErrors,
    requestId: response.headers.get("X-Request-Id") ?? undefined,
    retryAfter: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}

export const notesClient = {
  /** The notes of one or several customers, newest first. */
  list: (of: NotesOf, signal?: AbortSignal) => call<NotesJson>("GET", notesPath(of), { signal }),
  /** Writes a note; the same `idempotencyKey` again answers the note it made (200) instead of a second one. */
  create: (body: NewNoteBody, idempotencyKey: string) => call<NoteJson>("POST", "/api/notes", { body, headers: { "Idempotency-Key": idempotencyKey } }),
  /** Deletes one's own note, within a day of writing it. */
  remove: (noteId: string) => call<null>("DELETE", `/api/notes/${encodeURIComponent(noteId)}`),
};
