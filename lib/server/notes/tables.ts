import "server-only";

/**
 * The visit notes' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<NoteTables>()`: the core's database handle knows the core's tables only.
 */
export type NoteTables = {
  visit_notes: VisitNoteTable;
  store_places: StorePlaceTable;
};

/**
 * A member's note on a customer (migration 017, `lib/server/notes/`), in a workspace and the key's environment.
 * Append-only: a deleted note keeps its row (its Idempotency-Key still answers for it) with its text emptied.
 */
export interface VisitNoteTable {
  id: string;
  workspace_id: string;
  /** "test" or "production": the environment of the key the note was written with. */
  environment: string;
  /** The Data API's CustomerID. */
  customer_id: number;
  text: string;
  author_id: string;
  /** The author's name when they wrote it. */
  author_name: string;
  created_at: string;
  idempotency_key: string | null;
  /** SHA-256 of what the POST asked for (environment, customer, author, text), to tell a replay from a reuse. */
  request_hash: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

/**
 * A store's place refined from its visits' positions (migration 025, `store-places.ts`): the mean of the fixes, how
 * many made it, and when it last changed. The store's, never a person's: no author and no fix is kept.
 */
export interface StorePlaceTable {
  workspace_id: string;
  /** "test" or "production": the environment of the key the visits were written with. */
  environment: string;
  /** The Data API's CustomerID. */
  customer_id: number;
  /** Degrees, WGS 84. */
  lat: number;
  lon: number;
  fixes: number;
  updated_at: string;
}
