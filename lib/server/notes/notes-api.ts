import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import * as z from "zod";
import { type NoteJson, type NotesJson, withinDeleteWindow } from "@/lib/domain/notes/note-rules";
import { NewNote } from "@/lib/domain/notes/note-schema";
import type { AuditTrail } from "../core/audit/audit-trail";
import { actorOf } from "../core/audit/write-audit";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute, type RouteDeps } from "../core/define-route";
import { refuse } from "../core/route-errors";
import { NO_STORE } from "../core/route-errors";
import { customerNotInScope, deleteWindowPassed, idempotencyKeyReused, noteDeleted, notNoteAuthor } from "./errors";
import { mayWriteNotes, NOTES_WRITE_REFUSED, outOfScope, WRITE_NOTES } from "./note-access";
import { notesCsv } from "./notes-csv";
import { NotesQuery } from "./notes-query";
import { createNotesStore, type NotesScope, type StoredNote } from "./notes-store";

/**
 * The visit notes' endpoints: Backroom's own data, per workspace and the active key's environment (`note-access.ts`
 * says who may do what). Nothing here logs a note's text.
 */

export interface NotesDeps extends RouteDeps {
  db: Kysely<BackroomDatabase>;
  audit: AuditTrail;
  /** The clock (ms): the delete window is measured on it. */
  now?: () => number;
}

type Member = ActorOf["key"];

/** A note's id longer than this is no note's (a UUID is 36). */
const MAX_ID_LENGTH = 200;

/**
 * A note's body; a request with none is told so on `body`, as one that is not JSON is. A transform, so the body's
 * JSON Schema is the note's (`/api/openapi.json`).
 */
const NoteBody = z
  .transform((body: unknown, ctx) => {
    if (body !== undefined) return body;
    ctx.issues.push({
      code: "custom",
      message: 'Send the note as JSON: {"customerId": 20001, "text": "…"} (up to 2,000 characters).',
      path: ["body"],
      input: body,
    });
    return z.NEVER;
  })
  .pipe(NewNote);

const clock = (deps: NotesDeps) => deps.now?.() ?? Date.now();
const storeOf = (deps: NotesDeps) => createNotesStore(deps.db, () => new Date(clock(deps)));
// The workspace's notes, or in the shared demo the visitor's own (`recordOwner`).
const scopeOf = (actor: Member): NotesScope => ({
  workspaceId: recordOwner(actor),
  environment: actor.key.environment,
});

/** A note as the routes answer it. */
const NoteAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  text: z.string().describe("Empty for a visit marked with no note."),
  author: z.object({ id: z.string(), name: z.string().describe("Their name when they wrote it.") }),
  createdAt: z.string().describe("ISO 8601, UTC."),
  mayDelete: z
    .boolean()
    .describe("Whether the asker may delete it now: its author, who may write notes, within a day of writing it."),
}) satisfies z.ZodType<NoteJson>;

const NotesAnswer = z.object({ notes: z.array(NoteAnswer) }) satisfies z.ZodType<NotesJson>;

/** Said of every route: where notes are kept, and a Customer key's reach. */
const WHERE = [
  "Visit notes are Backroom's own, per workspace and the active key's environment. A Customer key reads and writes",
  "notes on its own stores only (403 `CUSTOMER_NOT_IN_SCOPE`).",
].join("\n");

/** A stored note as the asker sees it: `mayDelete` when they wrote it, may write, and it is under a day old. */
function noteJson(note: StoredNote, actor: Member, now: number): NoteJson {
  const mayDelete =
    note.authorId === actor.person.id &&
    mayWriteNotes(actor.membership.role) &&
    withinDeleteWindow(note.createdAt, now);
  return {
    id: note.id,
    customerId: note.customerId,
    text: note.text,
    author: { id: note.authorId, name: note.authorName },
    createdAt: note.createdAt,
    mayDelete,
  };
}

/**
 * The notes of one or several customers (each customer's newest `latest`, when given), newest first, as
 * `GET /api/notes` answers them and a page renders them on the server (`page-notes.ts`). A Customer key asking about
 * another's store is refused (403 `CUSTOMER_NOT_IN_SCOPE`).
 *
 * @example
 * const { notes } = await loadNotes(actor, deps, { customerIds: [20001], latest: 1 });
 */
export async function loadNotes(
  actor: Member,
  deps: NotesDeps,
  params: { customerIds: readonly number[]; latest?: number },
): Promise<NotesJson> {
  if (outOfScope(actor.key, params.customerIds).length) throw customerNotInScope();
  const notes = await storeOf(deps).list(scopeOf(actor), params.customerIds, params.latest);
  const now = clock(deps);
  return { notes: notes.map((note) => noteJson(note, actor, now)) };
}

export const listNotes = defineRoute(
  {
    method: "GET",
    path: "/api/notes",
    summary: "The visit notes of one customer or several, newest first.",
    description: [
      "`{notes}`; with `format=csv` (and `customerId`), that customer's notes as a CSV download instead.",
      "",
      WHERE,
    ].join("\n"),
    answer: NotesAnswer,
    need: "key",
    query: NotesQuery,
    invalid: "Name the customer (customerId=N) or the customers (customerIds=1,2,3) whose notes to read.",
  },
  async ({ actor, query }, deps: NotesDeps) => {
    const customerIds = query.customerIds ?? [query.customerId!];
    if (query.format !== "csv") return loadNotes(actor, deps, { customerIds, latest: query.latest });
    if (outOfScope(actor.key, customerIds).length) throw customerNotInScope();
    return notesCsv(query.customerId!, await storeOf(deps).list(scopeOf(actor), customerIds), new Date(clock(deps)));
  },
);

export const createNote = defineRoute(
  {
    method: "POST",
    path: "/api/notes",
    summary: "Writes a visit note on a customer, or marks a visit with none.",
    description: [
      "A note `{customerId, text}`, or a visit `{customerId, visited: true, position?}`: the phone's position",
      "(degrees; the fix's accuracy in metres) refines the store's place on the route plan and is not kept with the",
      "note. Owners, admins, accounts and purchasing write notes: anyone else 403 `FORBIDDEN_BY_ROLE`.",
      "",
      "201 with the note. The same key again in the workspace: 200 with the same note; with another body (another",
      "position too) 409 `IDEMPOTENCY_KEY_REUSED`; for a note deleted since, 409 `NOTE_DELETED`.",
      "",
      WHERE,
      "In the audit trail as `note-added`, with the customer and the note's id, never its text.",
    ].join("\n"),
    answer: NoteAnswer,
    status: 201,
    idempotencyKey: "optional",
    need: "key",
    permission: WRITE_NOTES,
    refusedByRole: NOTES_WRITE_REFUSED,
    body: NoteBody,
    invalid: "Send the customer's number and the note's text (up to 2,000 characters).",
  },
  async ({ request, actor, body, idempotencyKey }, deps: NotesDeps) => {
    const { customerId, text, position } = body;
    if (outOfScope(actor.key, [customerId]).length) throw customerNotInScope();

    const added = await storeOf(deps).add(scopeOf(actor), {
      customerId,
      text,
      author: { id: actor.person.id, name: actor.person.name },
      idempotencyKey,
      position,
    });
    if (added.outcome === "key-reused") throw idempotencyKeyReused();
    if (added.outcome === "deleted") throw noteDeleted();
    // Recorded for a replay too: the trail keeps one entry per Idempotency-Key, and a first answer lost before its entry
    // was written gets it now.
    await deps.audit.record({
      event: "note-added",
      operation: "POST /api/notes",
      actor: actorOf(request, actor, actor.key),
      reference: { customerId, noteId: added.note.id },
      idempotencyKey: idempotencyKey ?? null,
      result: "done",
    });
    const note = noteJson(added.note, actor, clock(deps));
    return added.outcome === "created" ? note : Response.json(note, { status: 200, headers: NO_STORE });
  },
);

export const deleteNote = defineRoute(
  {
    method: "DELETE",
    path: "/api/notes/{noteId}",
    summary: "The author deletes their visit note, within 24 hours of writing it.",
    description: [
      "204 with no body. Refusals: 403 `NOT_NOTE_AUTHOR` for another's note, 403 `NOTE_DELETE_WINDOW_PASSED` once",
      "the day has passed, 403 `FORBIDDEN_BY_ROLE` for a role that does not write notes; 404 for a note not the",
      "workspace's, or deleted already. In the audit trail as `note-deleted`, with the customer and the note's id.",
    ].join("\n"),
    status: 204,
    need: "key",
    permission: WRITE_NOTES,
    refusedByRole: NOTES_WRITE_REFUSED,
  },
  async ({ request, actor, params }, deps: NotesDeps) => {
    const noteId = params.noteId ?? "";
    if (noteId.length > MAX_ID_LENGTH) throw refuse("not-found");
    const removed = await storeOf(deps).remove(scopeOf(actor), noteId, actor.person.id);
    if (removed.outcome === "not-found") throw refuse("not-found");
    if (removed.outcome === "not-author") throw notNoteAuthor();
    if (removed.outcome === "too-late") throw deleteWindowPassed();
    await deps.audit.record({
      event: "note-deleted",
      operation: "DELETE /api/notes",
      actor: actorOf(request, actor, actor.key),
      reference: { customerId: removed.note.customerId, noteId },
      result: "done",
    });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
