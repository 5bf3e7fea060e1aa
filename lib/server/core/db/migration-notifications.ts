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
    await db.schema
      .createIndex("notifications_user_created_idx")
      .on("notifications")
      .columns(["user_id", "created_at"])
      .execute();
  },
};

/**
 * Each person's say in what they are told (`lib/server/core/notify/preferences.ts`): a channel per kind they changed
 * (`notification_settings`; a kind without a row follows the role's default), and their daily digest
 * (`notification_people`: on or off, its local time and zone, and the local day of the last one sent). A notification
 * sent by email only is kept out of the inbox (`inbox` 0) but still told once, and still listed in the digest.
 */
export const notificationSettings: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("notifications")
      .addColumn("inbox", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable("notification_settings")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("notification_settings_pk", ["user_id", "kind"])
      .execute();
    await db.schema
      .createTable("notification_people")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("digest", "integer", (c) => c.notNull())
      .addColumn("digest_time", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      .addColumn("last_digest_on", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};

/**
 * A watch's findings told as one (`grouped_in`: the summary's id): when one run finds more than a few new things of a
 * kind for a person ("12 invoices are overdue"), each is still recorded, once, so it is not told again, but only the
 * summary reaches the inbox, an email and the digest. And the instant of a person's last digest (`last_digest_at`): the
 * next lists what came since, not a fixed 24 hours (a day missed, a digest time moved).
 */
export const notificationSummaries: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("notifications").addColumn("grouped_in", "text").execute();
    await db.schema.alterTable("notification_people").addColumn("last_digest_at", "text").execute();
  },
};
