import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The watches' memory of holds (`lib/server/watch/hold-store.ts`): which customers a key's watch last saw on hold, and
 * since when. A hold gone from the API's answer is deleted; one that comes back is a new row, a new `since`, and so a
 * new notification.
 */
const watch: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("watch_holds")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("since", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("watch_holds_pk", ["key_id", "customer_id"])
      .execute();
  },
};

/**
 * The watches' tables, by name: a database records the names it ran, so they never change. They run in the order of
 * their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const WATCH_MIGRATIONS: Migrations = {
  "009-watch": watch,
};
