import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * Credit limits (`lib/server/credit/`): the Data API has none, so Backroom keeps them.
 * - `credit_limits`: one row per place and AR account: the limit the distributor's staff set (decimal text, 2
 *   decimals; null: removed), its version (the `ETag`), who set it, when, and from which workspace. `place` is the
 *   environment and the demo visitor in one text (`placeKey`: "production:" outside the demo), so the primary key holds
 *   on PostgreSQL too, where a NULL visitor would make every row unique; `environment` and `visitor` stay apart to read.
 * - `credit_limit_changes`: its history (who, when, from, to), once per Idempotency-Key and account in a place, with a
 *   digest of the body that key sent (the same key with another body is refused).
 */
const credit: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("credit_limits")
      .addColumn("place", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("visitor", "text")
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("credit_limit", "text")
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("set_by_id", "text", (c) => c.notNull())
      .addColumn("set_by_name", "text", (c) => c.notNull())
      .addColumn("set_at", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("credit_limits_pk", ["place", "ar_account_id"])
      .execute();
    await db.schema
      .createTable("credit_limit_changes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("place", "text", (c) => c.notNull())
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("by_id", "text", (c) => c.notNull())
      .addColumn("by_name", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("from_limit", "text")
      .addColumn("to_limit", "text")
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("body_digest", "text", (c) => c.notNull())
      .addUniqueConstraint("credit_limit_changes_key_unique", ["place", "ar_account_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("credit_limit_changes_account_idx")
      .on("credit_limit_changes")
      .columns(["place", "ar_account_id", "version"])
      .execute();
  },
};

/**
 * The credit's migrations, by name: a database records the names it ran, so they never change. They run in the order
 * of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const CREDIT_MIGRATIONS: Migrations = {
  "034-credit": credit,
};
