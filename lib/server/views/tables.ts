import "server-only";

/**
 * The saved views' and scheduled reports' tables, as Kysely sees them (made by `migrations.ts` beside this file), with
 * the core's conventions (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<ReportTables>()`: the core's database handle knows the core's tables only.
 */
export type ReportTables = {
  saved_views: SavedViewTable;
  report_schedules: ReportScheduleTable;
  report_recipients: ReportRecipientTable;
};

/** A list page's address saved under a name in a workspace (migration 010, `lib/server/views/`). */
export interface SavedViewTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The list page's path with its query string ("/invoices?Statuses=1,7"). */
  path: string;
  created_by: string;
  created_at: string;
  idempotency_key: string | null;
}

/** A saved view's schedule (migration 010): its CSV mailed daily or weekly to members. */
export interface ReportScheduleTable {
  id: string;
  view_id: string;
  workspace_id: string;
  key_id: string;
  /** "daily" or "weekly". */
  frequency: string;
  /** ISO weekday (1 Monday … 7 Sunday) of a weekly report. */
  weekday: number | null;
  /** "HH:MM", in `time_zone`. */
  local_time: string;
  time_zone: string;
  next_run_at: string;
  last_run_at: string | null;
  last_rows: number | null;
  last_error: string | null;
  scheduled_by: string;
  updated_at: string;
}

/** A member a schedule mails (migration 010). */
export interface ReportRecipientTable {
  schedule_id: string;
  user_id: string;
}
