import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import * as z from "zod";
import { type NoteJson, type NotesJson, withinDeleteWindow } from "@/lib/domain/notes/note-rules";
import { NewNote } from "@/lib/domain/notes/note-schema";
import type { AuditTrail } from "../core/audit/audit-trail";
import { actorOf } from "../core/audit/write-audit";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute, invalidField, refuse, type RouteDeps } from "../core/define-route";
import { NO_STORE } from "../core/route-errors";
import { customerNotInScope, deleteWindowPassed, idempotencyKeyReused, noteDeleted, notNoteAuthor } from "./errors";
import { mayWriteNotes, NOTES_WRITE_REFUSED, outOfScope } from "./note-access";
import { notesCsv } from "./notes-csv";
import { NotesQuery } from "./notes-query";
import { createNotesStore, type NotesScope, type StoredNote } from "./notes-store";

/**
 * The visit notes' endpoints (`app/api/notes/...`): Backroom's own data, per workspace and the active key's
 * environment. Every member reads; owners, admins, accounts and purchasing write (`note-access.ts`); the author deletes
 * their own within a day. Adding and deleting are in the audit trail (`note-added`, `note-deleted`: the customer and
 * the note's id, never its text); nothing here logs a note's text.
 */

export interface NotesDeps extends RouteDeps {
  db: Kysely<BackroomDatabase>;
  audit: AuditTrail;
  /** The clock (ms): the delete window is measured on it. */
  now?: () => number;
}

type Member = ActorOf["key"];

/** An Idempotency-Key longer than this is refused (a UUID is 36). */
const MAX_KEY_LENGTH = 200;

/** A note's body; a request with none is told so on `body`, as one that is not JSON is. */
const NoteBody = z
  .unknown()
  .refine((body) => body !== undefined, {
    error: 'Send the note as JSON: {"customerId": 20001, "text": "…"} (up to 2,000 characters).',
    path: ["body"],
  })
  .pipe(NewNote);

const clock = (deps: NotesDeps) => deps.now?.() ?? Date.now();
const storeOf = (deps: NotesDeps) => createNotesStore(deps.db, () => new Date(clock(deps)));
// The workspace's notes, or in the shared demo the visitor's own (`recordOwner`).
const scopeOf = (actor: Member): NotesScope => ({
  workspaceId: recordOwner(actor),
  environment: actor.key.environment,
});
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

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

// GET /api/notes?customerId=N, or ?customerIds=1,2,3 (up to 500), optionally &latest=N (each customer's newest N);
// &format=csv with customerId: that customer's notes as a CSV download. Newest first.
export const listNotes = defineRoute(
  {
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

// POST /api/notes {customerId, text, visited?, position?} with an Idempotency-Key: writes a note (201); a visit's
// position refines the store's place. The same key again in the workspace answers the note it made (200) or, asking
// for another note (another position too), 409 IDEMPOTENCY_KEY_REUSED.
export const createNote = defineRoute(
  {
    need: "key",
    body: NoteBody,
    invalid: "Send the customer's number and the note's text (up to 2,000 characters).",
  },
  async ({ request, actor, body }, deps: NotesDeps) => {
    // Checked here rather than as the route's permission: a viewer is told why, in the words of the Notes' own.
    if (!mayWriteNotes(actor.membership.role)) throw refuse("forbidden-by-role", NOTES_WRITE_REFUSED);
    const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || undefined;
    if (idempotencyKey && idempotencyKey.length > MAX_KEY_LENGTH)
      throw invalidField("Idempotency-Key", `An Idempotency-Key is at most ${MAX_KEY_LENGTH} characters.`);
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
    return json(noteJson(added.note, actor, clock(deps)), added.outcome === "created" ? 201 : 200);
  },
);

// DELETE /api/notes/{noteId}: the author deletes their note within a day of writing it (204); anyone else, or later,
// 403; a note that is not the workspace's (or already deleted) 404.
export const deleteNote = defineRoute({ need: "key" }, async ({ request, actor, params }, deps: NotesDeps) => {
  if (!mayWriteNotes(actor.membership.role)) throw refuse("forbidden-by-role", NOTES_WRITE_REFUSED);
  const noteId = params.noteId ?? "";
  if (noteId.length > MAX_KEY_LENGTH) throw refuse("not-found");
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
});
