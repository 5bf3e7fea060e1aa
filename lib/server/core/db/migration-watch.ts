import "server-only";
import type { Kysely, Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The watches' memory of holds (`lib/server/watch/hold-store.ts`): which customers a key's watch last saw on hold, and
 * since when. A hold gone from the API's answer is deleted; one that comes back is a new row, a new `since`, and so a
 * new notification.
 */
export const watch: Migration = {
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
