import "server-only";

/**
 * The monthly statements' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's
 * conventions (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<StatementTables>()`: the core's database handle knows the core's tables only.
 */
export type StatementTables = {
  statement_schedules: StatementScheduleTable;
  statement_optouts: StatementOptoutTable;
};

/** A workspace key's monthly statements by email (migration 013, `lib/server/statements/statement-schedules.ts`). */
export interface StatementScheduleTable {
  id: string;
  workspace_id: string;
  key_id: string;
  /** 1 to 28: a day every month has. */
  day_of_month: number;
  /** "HH:MM", 24-hour, in `time_zone`. */
  local_time: string;
  time_zone: string;
  /** "Letter" or "A4". */
  paper_size: string;
  created_by: string;
  created_at: string;
  next_run_at: string;
  last_run_at: string | null;
  last_accounts: number | null;
  last_mailed: number | null;
  last_error: string | null;
}

/** A member who left a key's monthly statements (their mail's unsubscribe link). */
export interface StatementOptoutTable {
  schedule_id: string;
  user_id: string;
}
