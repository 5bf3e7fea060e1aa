import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * A brand's shared menus (`lib/server/menus/`): links to a public page of a Supplier key's live menu. The
 * token itself is never stored: its SHA-256 is, and a page opened hashes the token it was given and looks that up, so
 * that every instance answers a revoked or expired link 404 from the database alone.
 */
const menus: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("menu_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      // The Supplier key whose menu it shows (its removal takes the link).
      .addColumn("key_id", "text", (c) => c.notNull())
      // SHA-256 (hex) of the token in the link.
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      // JSON arrays: the states and the categories shown (empty: all).
      .addColumn("states_json", "text", (c) => c.notNull())
      .addColumn("categories_json", "text", (c) => c.notNull())
      // Where "Ask about this product" writes to.
      .addColumn("contact_email", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_by_name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // The POST's Idempotency-Key: a double click makes one link.
      .addColumn("idempotency_key", "text")
      .addColumn("revoked_at", "text")
      .addColumn("revoked_by", "text")
      .execute();
    await db.schema
      .createIndex("menu_links_workspace_idx")
      .on("menu_links")
      .columns(["workspace_id", "key_id"])
      .execute();
    await db.schema
      .createIndex("menu_links_idempotency_idx")
      .on("menu_links")
      .columns(["workspace_id", "idempotency_key"])
      .unique()
      .execute();
  },
};

/**
 * The menus' links, by name: a database records the names it ran, so they never change. They run in the order of their
 * names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const MENU_MIGRATIONS: Migrations = {
  "021-menus": menus,
};
