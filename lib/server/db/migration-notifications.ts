import "server-only";
import type { Kysely, Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The people's inbox (`lib/server/notifications/`): one row per thing a person is told, made once however often it is
 * learned (`effect_key` is unique: "outcome:<audit entry id>" for a write's outcome), read or not.
 */
export const notifications: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("notifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("effect_key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("link", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("read_at", "text")
      .execute();
    // The inbox: a person's newest first, and their unread count.
    await db.schema.createIndex("notifications_user_created_idx").on("notifications").columns(["user_id", "created_at"]).execute();
  },
};
