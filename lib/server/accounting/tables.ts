import "server-only";

/**
 * The books' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<AccountingTables>()`: the core's database handle knows the core's tables only.
 */
export type AccountingTables = {
  accounting_mappings: AccountingMappingTable;
  accounting_exports: AccountingExportTable;
  accounting_exported: AccountingExportedTable;
  accounting_schedules: AccountingScheduleTable;
  accounting_optouts: AccountingOptoutTable;
};

/** A workspace's mapping to its books (migration 018, `lib/server/accounting/`): `AccountingMapping` as JSON. */
export interface AccountingMappingTable {
  workspace_id: string;
  mapping_json: string;
  updated_by: string;
  updated_at: string;
}

/** An export remembered (marked): a download of the page or a `POST /api/accounting/export`, or a scheduled mail. */
export interface AccountingExportTable {
  id: string;
  workspace_id: string;
  /** The key's environment: "test" or "production". */
  environment: string;
  /** "bills" or "payments". */
  kind: string;
  format: string;
  period_from: string;
  period_to: string;
  file_name: string;
  records: number;
  /** The file's total, whole cents, as text (a BigInt). */
  total_cents: string;
  /** Who downloaded it; null: the schedule mailed it. */
  made_by: string | null;
  made_at: string;
  /** The POST's Idempotency-Key (migration 026), unique in the workspace; null: a scheduled mail's, or older. */
  idempotency_key: string | null;
  /** A hash of what that POST asked for: the same key asking for another export is refused. */
  request_hash: string | null;
}

/**
 * An invoice (kind "bills", by its InvoiceID), or a payment ("payments": `payment:<PaymentID>`) and its allocations (by
 * their ERP id as its lines, `applied:<id>` applied later from its prepayment), that an export to a program held, as it
 * held it.
 */
export interface AccountingExportedTable {
  workspace_id: string;
  environment: string;
  /** The program whose books hold it (migration 028): "qbo", "qbd" or "xero". */
  program: string;
  kind: string;
  record_key: string;
  fingerprint: string;
  export_id: string;
  exported_at: string;
}

/** A workspace key's exports by email (migration 018). */
export interface AccountingScheduleTable {
  id: string;
  workspace_id: string;
  key_id: string;
  /** "weekly" or "monthly". */
  cadence: string;
  /** Weekly: 1 (Monday) to 7; monthly: 1 to 28. */
  day: number;
  local_time: string;
  time_zone: string;
  /** The formats mailed, comma-separated. */
  formats: string;
  created_by: string;
  created_at: string;
  next_run_at: string;
  last_run_at: string | null;
  last_records: number | null;
  last_mailed: number | null;
  last_error: string | null;
}

/** A member who left a key's export mails (their mail's unsubscribe link). */
export interface AccountingOptoutTable {
  schedule_id: string;
  user_id: string;
}
