import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { withinDeleteWindow } from "@/lib/domain/notes/note-rules";
import type { VisitFix } from "@/lib/domain/today/plan/refine";
import type { BackroomDatabase } from "../core/db/schema";
import { refineStorePlace } from "./store-places";
import type { NoteTables, VisitNoteTable } from "./tables";
import type { Environment } from "../core/session/types";

/**
 * Visit notes in Backroom's database (`visit_notes`, migration 017). Every read and write names the workspace and the
 * environment, so one workspace's notes, or one environment's, never reach another's. Append-only: a note is written
 * once and never edited; its author may delete it within a day, which empties its text and takes it out of every list
 * (the row stays, so its Idempotency-Key still answers for it). A visit's position refines the store's place
 * (`store-places.ts`) in the note's transaction, and is not kept with the note.
 */

/** Where notes live: a workspace, and the environment of the key it works with. */
export interface NotesScope {
  workspaceId: string;
  environment: Environment;
}

/** A note as the store gives it (never a deleted one). */
export interface StoredNote {
  id: string;
  customerId: number;
  text: string;
  authorId: string;
  authorName: string;
  createdAt: string;
}

export interface NewNoteRecord {
  customerId: number;
  /** Already trimmed and checked (`NewNote`). */
  text: string;
  author: { id: string; name: string };
  idempotencyKey?: string;
  /** Where the phone was when the visit was tapped: refines the store's place, once, when the note is made. */
  position?: VisitFix;
}

/** What adding a note came to. */
export type AddOutcome =
  | { outcome: "created"; note: StoredNote }
  /** The same Idempotency-Key, asking for the same note: the note it made. */
  | { outcome: "replayed"; note: StoredNote }
  /** The same Idempotency-Key, asking for something else. */
  | { outcome: "key-reused" }
  /** The same Idempotency-Key and note, which its author has deleted since. */
  | { outcome: "deleted" };

/** What deleting a note came to. */
export type RemoveOutcome =
  | { outcome: "deleted"; note: StoredNote }
  | { outcome: "not-found" }
  | { outcome: "not-author" }
  | { outcome: "too-late" };

const noteOf = (row: VisitNoteTable): StoredNote => ({
  id: row.id,
  customerId: row.customer_id,
  text: row.text,
  authorId: row.author_id,
  authorName: row.author_name,
  createdAt: row.created_at,
});

/** What an add asked for, as a hash: a replay asks for exactly this again. */
function requestHash(scope: NotesScope, note: NewNoteRecord): string {
  const asked: unknown[] = [scope.environment, note.customerId, note.author.id, note.text];
  // Only when sent: a note without one hashes as it always has.
  if (note.position) asked.push([note.position.lat, note.position.lon, note.position.accuracy]);
  return createHash("sha256").update(JSON.stringify(asked)).digest("base64url");
}

/**
 * Writes a note in the caller's transaction, once per Idempotency-Key in the workspace (see `AddOutcome`), at `at`; a
 * new visit's position refines the store's place with it. What `createNotesStore().add` runs, and what another
 * feature's write that is also a visit runs in its own transaction (a collection recorded at the door).
 *
 * @example
 * await addNoteIn(trx.withTables<NoteTables>(), { workspaceId, environment }, { customerId, text, author, idempotencyKey }, now);
 */
export async function addNoteIn(
  trx: Kysely<BackroomDatabase & NoteTables>,
  scope: NotesScope,
  note: NewNoteRecord,
  at: Date,
): Promise<AddOutcome> {
  const row: VisitNoteTable = {
    id: randomUUID(),
    workspace_id: scope.workspaceId,
    environment: scope.environment,
    customer_id: note.customerId,
    text: note.text,
    author_id: note.author.id,
    author_name: note.author.name,
    created_at: at.toISOString(),
    idempotency_key: note.idempotencyKey ?? null,
    request_hash: requestHash(scope, note),
    deleted_at: null,
    deleted_by: null,
  };
  // One statement: two requests with one key at the same moment make one row, and the second reads it below.
  const inserted = await trx
    .insertInto("visit_notes")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) {
    if (note.position) await refineStorePlace(trx, scope, note.customerId, note.position, row.created_at);
    return { outcome: "created", note: noteOf(row) };
  }
  const first = await trx
    .selectFrom("visit_notes")
    .selectAll()
    .where("workspace_id", "=", scope.workspaceId)
    .where("idempotency_key", "=", note.idempotencyKey!)
    .executeTakeFirstOrThrow();
  if (first.request_hash !== row.request_hash) return { outcome: "key-reused" };
  return first.deleted_at ? { outcome: "deleted" } : { outcome: "replayed", note: noteOf(first) };
}

/**
 * @example
 * const notes = createNotesStore(db);
 * const added = await notes.add({ workspaceId, environment: "test" }, { customerId: 20001, text: "Wants the spring menu", author, idempotencyKey });
 * await notes.list({ workspaceId, environment: "test" }, [20001]); // newest first
 */
export function createNotesStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db = coreDb.withTables<NoteTables>();
  const live = (scope: NotesScope) =>
    db
      .selectFrom("visit_notes")
      .where("workspace_id", "=", scope.workspaceId)
      .where("environment", "=", scope.environment)
      .where("deleted_at", "is", null);

  return {
    /**
     * The notes on these customers, newest first; with `latest`, only each customer's newest `latest` notes (what a
     * Today card or the offline download keeps).
     */
    async list(scope: NotesScope, customerIds: readonly number[], latest?: number): Promise<StoredNote[]> {
      if (customerIds.length === 0) return [];
      const ids = [...new Set(customerIds)];
      if (latest === undefined) {
        const rows = await live(scope)
          .selectAll()
          .where("customer_id", "in", ids)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .execute();
        return rows.map(noteOf);
      }
      const ranked = live(scope)
        .selectAll()
        .select(sql<number>`row_number() over (partition by customer_id order by created_at desc, id desc)`.as("rank"))
        .where("customer_id", "in", ids)
        .as("ranked");
      const rows = await db
        .selectFrom(ranked)
        .selectAll()
        .where("rank", "<=", latest)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(noteOf);
    },

    /**
     * Writes a note, once per Idempotency-Key in the workspace (see `AddOutcome`); a new visit's position refines the
     * store's place with it (a replay refines nothing).
     */
    async add(scope: NotesScope, note: NewNoteRecord): Promise<AddOutcome> {
      return db.transaction().execute((trx) => addNoteIn(trx, scope, note, now()));
    },

    /** Deletes a note for its author within the day of writing it; nobody else, and never later. */
    async remove(scope: NotesScope, noteId: string, personId: string): Promise<RemoveOutcome> {
      const found = await live(scope).selectAll().where("id", "=", noteId).executeTakeFirst();
      if (!found) return { outcome: "not-found" };
      if (found.author_id !== personId) return { outcome: "not-author" };
      const at = now();
      if (!withinDeleteWindow(found.created_at, at.getTime())) return { outcome: "too-late" };
      // Conditional on not being deleted yet: of two deletes at once, one deletes and the other finds nothing.
      const updated = await db
        .updateTable("visit_notes")
        .set({ text: "", deleted_at: at.toISOString(), deleted_by: personId })
        .where("id", "=", noteId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0
        ? { outcome: "deleted", note: noteOf(found) }
        : { outcome: "not-found" };
    },
  };
}

export type NotesStore = ReturnType<typeof createNotesStore>;
