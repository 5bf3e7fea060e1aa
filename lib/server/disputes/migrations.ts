import "server-only";
import { type Kysely, type Migration, PostgresAdapter } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * Disputes of a delivery against its invoice (`lib/server/disputes/`):
 * - `disputes`: each dispute, per owner (the store's workspace, or a demo visitor's part of it) and environment: the
 *   store, the invoice, its status and who moved it, its resolution, its amounts, its version (the `ETag`) and the
 *   Idempotency-Key that raised it (one dispute per key and owner);
 * - `dispute_lines`: its lines (the invoice's line, the reason, the units, the amount, what was credited);
 * - `dispute_events`: the thread and the changes, once per Idempotency-Key;
 * - `dispute_photos`: the photos' metadata; `dispute_photo_blobs` their bytes where the database keeps them
 *   (PostgreSQL), `bytea` there and a blob on SQLite (where they are kept on disk instead).
 */
const disputes: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable("disputes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("visitor", "text")
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("sales_rep_user_id", "integer")
      .addColumn("invoice_id", "integer", (c) => c.notNull())
      .addColumn("invoice_num", "text", (c) => c.notNull())
      .addColumn("invoice_date", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("amount", "text", (c) => c.notNull())
      .addColumn("credited", "text", (c) => c.notNull())
      .addColumn("opened_at", "text", (c) => c.notNull())
      .addColumn("opened_by", "text", (c) => c.notNull())
      .addColumn("opened_by_name", "text", (c) => c.notNull())
      .addColumn("acknowledged_at", "text")
      .addColumn("acknowledged_by_name", "text")
      .addColumn("resolved_at", "text")
      .addColumn("resolved_by_name", "text")
      .addColumn("resolution_json", "text")
      .addColumn("matched_at", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("request_digest", "text", (c) => c.notNull())
      .addUniqueConstraint("disputes_key_unique", ["workspace_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("disputes_store_idx")
      .on("disputes")
      .columns(["environment", "customer_id", "opened_at"])
      .execute();
    await db.schema.createIndex("disputes_status_idx").on("disputes").columns(["status", "opened_at"]).execute();
    await db.schema
      .createTable("dispute_lines")
      .addColumn("dispute_id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("invoice_line_id", "integer", (c) => c.notNull())
      .addColumn("product_id", "integer", (c) => c.notNull())
      .addColumn("product_name", "text", (c) => c.notNull())
      .addColumn("supplier_id", "integer")
      .addColumn("batch_code", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("units", "integer", (c) => c.notNull())
      .addColumn("invoiced_units", "integer", (c) => c.notNull())
      .addColumn("unit_price", "text", (c) => c.notNull())
      .addColumn("expected_price", "text")
      .addColumn("amount", "text", (c) => c.notNull())
      .addColumn("note", "text")
      .addColumn("credited", "text", (c) => c.notNull())
      .addColumn("credits_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("dispute_lines_pk", ["dispute_id", "invoice_line_id"])
      .execute();
    await db.schema
      .createIndex("dispute_lines_supplier_idx")
      .on("dispute_lines")
      .columns(["supplier_id", "reason"])
      .execute();
    await db.schema
      .createTable("dispute_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("dispute_id", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("by_id", "text", (c) => c.notNull())
      .addColumn("by_name", "text", (c) => c.notNull())
      .addColumn("side", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text")
      .addUniqueConstraint("dispute_events_key_unique", ["dispute_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("dispute_events_dispute_idx")
      .on("dispute_events")
      .columns(["dispute_id", "version"])
      .execute();
    await db.schema
      .createTable("dispute_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("dispute_id", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("by_id", "text", (c) => c.notNull())
      .addColumn("by_name", "text", (c) => c.notNull())
      .addColumn("side", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addUniqueConstraint("dispute_photos_key_unique", ["dispute_id", "idempotency_key"])
      .execute();
    await db.schema.createIndex("dispute_photos_dispute_idx").on("dispute_photos").columns(["dispute_id"]).execute();
    await db.schema
      .createTable("dispute_photo_blobs")
      .addColumn("photo_id", "text", (c) => c.primaryKey())
      .addColumn("data", postgres ? "bytea" : "blob", (c) => c.notNull())
      .execute();
  },
};

/**
 * The disputes' migrations, by name: a database records the names it ran, so they never change. They run in the order
 * of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const DISPUTE_MIGRATIONS: Migrations = {
  "032-disputes": disputes,
};
