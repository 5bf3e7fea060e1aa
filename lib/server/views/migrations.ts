import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * Saved views and scheduled reports (`lib/server/views/`): a list page's address saved under a name in a workspace,
 * at most one schedule per view (daily or weekly, at a local time in a time zone), and the members it mails.
 */
const reports: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("saved_views")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      // The list page's path and query string, as the address bar had it ("/invoices?Statuses=1,7").
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // The create's Idempotency-Key: a double submit answers the view the first made.
      .addColumn("idempotency_key", "text")
      .execute();
    await db.schema
      .createIndex("saved_views_workspace_idx")
      .on("saved_views")
      .columns(["workspace_id", "name"])
      .execute();
    await db.schema
      .createIndex("saved_views_idempotency_idx")
      .on("saved_views")
      .columns(["workspace_id", "created_by", "idempotency_key"])
      .unique()
      .execute();

    await db.schema
      .createTable("report_schedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("view_id", "text", (c) => c.notNull().unique())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      // The workspace key the report reads with (the scheduler's, when they scheduled it).
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("frequency", "text", (c) => c.notNull())
      // 1 (Monday) to 7 (Sunday) for a weekly report; null for a daily one.
      .addColumn("weekday", "integer")
      .addColumn("local_time", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      .addColumn("next_run_at", "text", (c) => c.notNull())
      .addColumn("last_run_at", "text")
      .addColumn("last_rows", "integer")
      .addColumn("last_error", "text")
      .addColumn("scheduled_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    // The sweep's read: every schedule due.
    await db.schema
      .createIndex("report_schedules_next_run_idx")
      .on("report_schedules")
      .columns(["next_run_at"])
      .execute();

    await db.schema
      .createTable("report_recipients")
      .addColumn("schedule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("report_recipients_pk", ["schedule_id", "user_id"])
      .execute();
  },
};

/**
 * The saved views' and scheduled reports' tables, by name: a database records the names it ran, so they never change.
 * They run in the order of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const REPORT_MIGRATIONS: Migrations = {
  "010-reports": reports,
};
