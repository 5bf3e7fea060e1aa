import "server-only";
import type { Kysely, Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The shared demo's visitors (`lib/server/core/auth/demo-visitor.ts`): each session of a demo person belongs to one
 * visitor (a browser), whose own records (saved views, notes, menus, the books' mapping) nobody else sees.
 */
export const demoVisits: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("demo_visits")
      .addColumn("session_id", "text", (c) => c.primaryKey())
      .addColumn("visitor", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("demo_visits_started_idx").on("demo_visits").column("started_at").execute();
  },
};
