import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * Monthly statements by email (`lib/server/statements/`): at most one schedule per workspace key (a
 * retailer's Customer key), on a day of the month at a local time in a time zone, mailing each of the key's AR
 * accounts' statements to the workspace's members with the Accounts role; and those of them who asked for none
 * (`statement_optouts`, from the mail's unsubscribe link).
 */
const statements: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("statement_schedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("key_id", "text", (c) => c.notNull().unique())
      .addColumn("day_of_month", "integer", (c) => c.notNull())
      .addColumn("local_time", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      .addColumn("paper_size", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("next_run_at", "text", (c) => c.notNull())
      .addColumn("last_run_at", "text")
      // How the last run ended: the accounts it made statements of and the mails it sent, or why it could not.
      .addColumn("last_accounts", "integer")
      .addColumn("last_mailed", "integer")
      .addColumn("last_error", "text")
      .execute();
    await db.schema
      .createIndex("statement_schedules_due_idx")
      .on("statement_schedules")
      .column("next_run_at")
      .execute();
    await db.schema
      .createTable("statement_optouts")
      .addColumn("schedule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("statement_optouts_pk", ["schedule_id", "user_id"])
      .execute();
  },
};

/**
 * The monthly statements' schedules, by name: a database records the names it ran, so they never change. They run in
 * the order of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const STATEMENT_MIGRATIONS: Migrations = {
  "013-statements": statements,
};
