import "server-only";
import type { Kysely } from "kysely";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { type NoteJson, type NotesJson, withinDeleteWindow } from "@/lib/domain/notes/note-rules";
import { NewNote } from "@/lib/domain/notes/note-schema";
import type { AuditTrail } from "../core/audit/audit-trail";
import { actorOf } from "../core/audit/write-audit";
import type { BackroomDatabase } from "../core/db/schema";
import { failureAnswer, invalidFieldAnswer, NO_STORE } from "../core/route-errors";
import { type ActorDeps, type ActorFor, withActor } from "../core/with-actor";
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

export interface NotesDeps extends ActorDeps {
  db: Kysely<BackroomDatabase>;
  audit: AuditTrail;
  /** The clock (ms): the delete window is measured on it. */
  now?: () => number;
}

type Member = ActorFor["key"];

/** A note body is 2,000 characters: 16 KiB holds it however it is escaped. */
const MAX_BODY_BYTES = 16 * 1024;
/** An Idempotency-Key longer than this is refused (a UUID is 36). */
const MAX_KEY_LENGTH = 200;

const clock = (deps: NotesDeps) => deps.now?.() ?? Date.now();
const storeOf = (deps: NotesDeps) => createNotesStore(deps.db, () => new Date(clock(deps)));
const scopeOf = (actor: Member): NotesScope => ({
  workspaceId: actor.workspace.id,
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
 * The notes of one or several customers as `GET /api/notes` answers them, for a member working with a key: what the
 * route answers, and what a page renders with on the server (`page-notes.ts`). Undefined when the key may not read
 * them (a Customer key asking about another's store).
 */
export async function readNotes(
  actor: Member,
  deps: NotesDeps,
  customerIds: readonly number[],
  latest?: number,
): Promise<NotesJson | undefined> {
  if (outOfScope(actor.key, customerIds).length) return undefined;
  const notes = await storeOf(deps).list(scopeOf(actor), customerIds, latest);
  const now = clock(deps);
  return { notes: notes.map((note) => noteJson(note, actor, now)) };
}

// GET /api/notes?customerId=N, or ?customerIds=1,2,3 (up to 500), optionally &latest=N (each customer's newest N);
// &format=csv with customerId: that customer's notes as a CSV download. Newest first.
export const listNotes = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: NotesDeps): Promise<Response> => {
    const parsed = NotesQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return json(
        validationErrorBody(
          parsed.error,
          "Name the customer (customerId=N) or the customers (customerIds=1,2,3) whose notes to read.",
        ),
        400,
      );
    const query = parsed.data;
    const ids = query.customerIds ?? [query.customerId!];
    if (outOfScope(actor.key, ids).length) return failureAnswer("customer-not-in-scope");
    if (query.format === "csv")
      return notesCsv(query.customerId!, await storeOf(deps).list(scopeOf(actor), ids), new Date(clock(deps)));
    return json(await readNotes(actor, deps, ids, query.latest));
  },
);

// POST /api/notes {customerId, text} with an Idempotency-Key: writes a note (201). The same key again in the workspace
// answers the note it made (200) or, asking for another note, 409 IDEMPOTENCY_KEY_REUSED.
export const createNote = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: NotesDeps): Promise<Response> => {
    if (!mayWriteNotes(actor.membership.role))
      return failureAnswer("forbidden-by-role", undefined, NOTES_WRITE_REFUSED);
    const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || undefined;
    if (idempotencyKey && idempotencyKey.length > MAX_KEY_LENGTH)
      return invalidFieldAnswer("Idempotency-Key", `An Idempotency-Key is at most ${MAX_KEY_LENGTH} characters.`);
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, MAX_BODY_BYTES));
    } catch {
      return invalidFieldAnswer(
        "body",
        'Send the note as JSON: {"customerId": 20001, "text": "…"} (up to 2,000 characters).',
      );
    }
    const parsed = NewNote.safeParse(body);
    if (!parsed.success)
      return json(
        validationErrorBody(parsed.error, "Send the customer's number and the note's text (up to 2,000 characters)."),
        400,
      );
    const { customerId, text } = parsed.data;
    if (outOfScope(actor.key, [customerId]).length) return failureAnswer("customer-not-in-scope");

    const added = await storeOf(deps).add(scopeOf(actor), {
      customerId,
      text,
      author: { id: actor.person.id, name: actor.person.name },
      idempotencyKey,
    });
    if (added.outcome === "key-reused") return failureAnswer("idempotency-key-reused");
    if (added.outcome === "deleted") return failureAnswer("note-deleted");
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
export const deleteNote = withActor(
  "key",
  undefined,
  async (request: Request, actor, noteId: string, deps: NotesDeps): Promise<Response> => {
    if (!mayWriteNotes(actor.membership.role))
      return failureAnswer("forbidden-by-role", undefined, NOTES_WRITE_REFUSED);
    if (noteId.length > MAX_KEY_LENGTH) return failureAnswer("not-found");
    const removed = await storeOf(deps).remove(scopeOf(actor), noteId, actor.person.id);
    if (removed.outcome === "not-found") return failureAnswer("not-found");
    if (removed.outcome === "not-author") return failureAnswer("note-not-author");
    if (removed.outcome === "too-late") return failureAnswer("note-delete-window-passed");
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
