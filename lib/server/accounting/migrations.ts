import "server-only";
import { type Kysely, type Migration, sql } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The retailer's books (`lib/server/accounting/`):
 * - `accounting_mappings`: how a workspace's books name the vendor, the accounts per product type, the tax code, the
 *   bank and the date format (one JSON per workspace);
 * - `accounting_exports`: each export remembered (marked): when, by whom (or the schedule), which format, period and
 *   file, how many records and their total in cents;
 * - `accounting_exported`: each invoice (a bill) and each payment and allocation an export held, per workspace,
 *   environment and program (migration 028), with what it held of it (a fingerprint) and the export: the next export
 *   to that program takes only what is new or changed since;
 * - `accounting_schedules` and `accounting_optouts`: a key's exports mailed weekly or monthly to the Accounts role.
 */
const accounting: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("accounting_mappings")
      .addColumn("workspace_id", "text", (c) => c.primaryKey())
      .addColumn("mapping_json", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("accounting_exports")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("period_from", "text", (c) => c.notNull())
      .addColumn("period_to", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("records", "integer", (c) => c.notNull())
      .addColumn("total_cents", "text", (c) => c.notNull())
      // The person who downloaded it, or null: the schedule mailed it.
      .addColumn("made_by", "text")
      .addColumn("made_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("accounting_exports_workspace_idx")
      .on("accounting_exports")
      .columns(["workspace_id", "made_at"])
      .execute();
    await db.schema
      .createTable("accounting_exported")
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("record_key", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("export_id", "text", (c) => c.notNull())
      .addColumn("exported_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("accounting_exported_pk", ["workspace_id", "environment", "kind", "record_key"])
      .execute();
    await db.schema
      .createTable("accounting_schedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("key_id", "text", (c) => c.notNull().unique())
      // "weekly" (day: 1 Monday to 7 Sunday) or "monthly" (day: 1 to 28).
      .addColumn("cadence", "text", (c) => c.notNull())
      .addColumn("day", "integer", (c) => c.notNull())
      .addColumn("local_time", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      // The formats mailed, comma-separated.
      .addColumn("formats", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("next_run_at", "text", (c) => c.notNull())
      .addColumn("last_run_at", "text")
      .addColumn("last_records", "integer")
      .addColumn("last_mailed", "integer")
      .addColumn("last_error", "text")
      .execute();
    await db.schema
      .createIndex("accounting_schedules_due_idx")
      .on("accounting_schedules")
      .column("next_run_at")
      .execute();
    await db.schema
      .createTable("accounting_optouts")
      .addColumn("schedule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("accounting_optouts_pk", ["schedule_id", "user_id"])
      .execute();
  },
};

/**
 * A marked download's Idempotency-Key (`POST /api/accounting/export`) and a hash of what it asked for, per workspace:
 * the same key again answers the export it marked and marks nothing more; asking for another, 409. A scheduled mail's
 * exports, and those marked before, have neither.
 */
const exportKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("accounting_exports").addColumn("idempotency_key", "text").execute();
    await db.schema.alterTable("accounting_exports").addColumn("request_hash", "text").execute();
    await db.schema
      .createIndex("accounting_exports_idempotency_idx")
      .on("accounting_exports")
      .columns(["workspace_id", "idempotency_key"])
      .unique()
      .execute();
  },
};

/**
 * The ledger per program: each program's books are their own, so a record exported to QuickBooks Online is still new
 * to Xero. `accounting_exported` is made again with its program in the key (a primary key changes only so on SQLite),
 * each row given the program of the export that held it last (the only one the ledger kept).
 */
const exportedByProgram: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("accounting_exported_by_program")
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("program", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("record_key", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("export_id", "text", (c) => c.notNull())
      .addColumn("exported_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("accounting_exported_by_program_pk", [
        "workspace_id",
        "environment",
        "program",
        "kind",
        "record_key",
      ])
      .execute();
    await sql`
      insert into accounting_exported_by_program
        (workspace_id, environment, program, kind, record_key, fingerprint, export_id, exported_at)
      select r.workspace_id, r.environment,
        case when e.format like 'qbo-%' then 'qbo' when e.format like 'xero-%' then 'xero' else 'qbd' end,
        r.kind, r.record_key, r.fingerprint, r.export_id, r.exported_at
      from accounting_exported r join accounting_exports e on e.id = r.export_id
    `.execute(db);
    await db.schema.dropTable("accounting_exported").execute();
    await db.schema.alterTable("accounting_exported_by_program").renameTo("accounting_exported").execute();
  },
};

/**
 * The books' mapping, ledger and schedules, by name: a database records the names it ran, so they never change. They
 * run in the order of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const ACCOUNTING_MIGRATIONS: Migrations = {
  "018-accounting": accounting,
  "026-accounting-export-keys": exportKeys,
  "028-accounting-ledger-programs": exportedByProgram,
};
