import "server-only";
import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/** The columns written with a note that nothing may change afterwards. */
const FIXED = [
  "id",
  "workspace_id",
  "environment",
  "customer_id",
  "author_id",
  "author_name",
  "created_at",
  "idempotency_key",
  "request_hash",
];

/**
 * Visit notes (`lib/server/notes/`): a member's short note on a customer of the Data API, per workspace and
 * environment (a workspace may hold keys of both, whose customer ids are unrelated). Append-only, enforced by the
 * database as well as by the code: nothing written with a note changes, and the one later change is its deletion by
 * its author, which stamps `deleted_at`/`deleted_by` and empties the text (the row stays, so its Idempotency-Key still
 * answers for it).
 */
const visitNotes: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable("visit_notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      // The key's environment when the note was written: "test" or "production".
      .addColumn("environment", "text", (c) => c.notNull())
      // The Data API's CustomerID.
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      // The person (better-auth's user id), and their name as it was when they wrote it.
      .addColumn("author_id", "text", (c) => c.notNull())
      .addColumn("author_name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // The POST's Idempotency-Key, and a hash of what it asked for: the same key again answers this note, or 409
      // when it asks for something else.
      .addColumn("idempotency_key", "text")
      .addColumn("request_hash", "text", (c) => c.notNull())
      .addColumn("deleted_at", "text")
      .addColumn("deleted_by", "text")
      .execute();
    // A customer's notes, newest first (the customer page, the export, the Today cards).
    await db.schema
      .createIndex("visit_notes_customer_idx")
      .on("visit_notes")
      .columns(["workspace_id", "environment", "customer_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("visit_notes_idempotency_idx")
      .on("visit_notes")
      .columns(["workspace_id", "idempotency_key"])
      .unique()
      .execute();

    const list = FIXED.join(", ");
    if (postgres) {
      await sql
        .raw(`
        create or replace function visit_notes_guard() returns trigger language plpgsql as $$
        begin
          if (${FIXED.map((c) => `new.${c}`).join(", ")}) is distinct from (${FIXED.map((c) => `old.${c}`).join(", ")})
            or old.deleted_at is not null
            or (new.text is distinct from old.text and (new.deleted_at is null or new.text <> '')) then
            raise exception 'visit notes are append-only: a note is deleted (its text emptied), never edited';
          end if;
          return new;
        end $$`)
        .execute(db);
      await sql
        .raw(
          "create trigger visit_notes_append_only before update on visit_notes for each row execute function visit_notes_guard()",
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger visit_notes_fixed before update of ${list} on visit_notes begin select raise(abort, 'visit notes are append-only: a note is deleted (its text emptied), never edited'); end`,
        )
        .execute(db);
      await sql
        .raw(`
        create trigger visit_notes_deleted_once before update on visit_notes
        when old.deleted_at is not null or (new.text is not old.text and (new.deleted_at is null or new.text <> ''))
        begin select raise(abort, 'visit notes are append-only: a note is deleted (its text emptied), never edited'); end`)
        .execute(db);
    }
  },
};

/**
 * A store's place refined from its visits' positions (`store-places.ts`), per workspace, environment and customer: the
 * store's point and how many fixes made it, and when it last moved. It is the store's, not a person's: no author, no
 * fix as it was sent, no time of a visit (the notes hold those, without the position).
 */
const storePlaces: Migration = {
  async up(db: AnyDb) {
    // Degrees to a centimetre: PostgreSQL's `real` is single precision (about a metre at these values).
    const degrees = db.getExecutor().adapter instanceof PostgresAdapter ? "double precision" : "real";
    await db.schema
      .createTable("store_places")
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      // The Data API's CustomerID.
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("lat", degrees, (c) => c.notNull())
      .addColumn("lon", degrees, (c) => c.notNull())
      .addColumn("fixes", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("store_places_pk", ["workspace_id", "environment", "customer_id"])
      .execute();
  },
};

/**
 * The visit notes' tables, by name: a database records the names it ran, so they never change. They run in the order of
 * their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const NOTE_MIGRATIONS: Migrations = {
  "017-visit-notes": visitNotes,
  "025-store-places": storePlaces,
};
