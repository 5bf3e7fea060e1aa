import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type ColumnsOf, expectedColumns, sqliteColumns, sqliteTables } from "@/lib/testing/catalogue";
import { AUTH_TABLES } from "./core/db/migration-accounts";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrate } from "./core/db/migrations";
import { type Database, openDatabase } from "./core/db/open";
import type { BackroomDatabase } from "./core/db/schema";
import { CORE_COLUMNS } from "./core/db/testing";
import type { AccountingTables } from "./accounting/tables";
import type { CollectionsTables } from "./collections/tables";
import type { CreditTables } from "./credit/tables";
import type { DisputeTables } from "./disputes/tables";
import type { HistoryTables } from "./insights/tables";
import type { MenuTables } from "./menus/tables";
import type { NoteTables } from "./notes/tables";
import type { OrderListTables } from "./order-guide/tables";
import type { ReportTables } from "./views/tables";
import type { StatementTables } from "./statements/tables";
import type { TodayTables } from "./today/tables";
import type { WatchTables } from "./watch/tables";
import { MIGRATIONS } from "./features";
import { databaseProfiles } from "./testing";

/** The migrations a database has recorded as run, by name. */
async function recorded(database: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(
    database.db,
  );
  return rows.rows.map((r) => r.name);
}

/** Every table, the core's and each feature's, as Kysely sees them. */
type AllTables = BackroomDatabase &
  WatchTables &
  ReportTables &
  HistoryTables &
  StatementTables &
  CollectionsTables &
  NoteTables &
  AccountingTables &
  OrderListTables &
  MenuTables &
  TodayTables &
  DisputeTables &
  CreditTables;

/**
 * Every table with every column, as its type says (`CORE_COLUMNS` for the core's): TypeScript refuses this object
 * unless it names exactly the tables and columns of the core's schema and of every feature's `tables.ts`, each with the
 * kind and nullability of its type.
 */
const COLUMNS = {
  ...CORE_COLUMNS,
  // Migration 012 (the insights') adds a column to the core's key table.
  workspace_keys: { ...CORE_COLUMNS.workspace_keys, history_scope: "text null" },
  watch_holds: { key_id: "text", customer_id: "number", since: "text" },
  saved_views: {
    id: "text",
    workspace_id: "text",
    name: "text",
    path: "text",
    created_by: "text",
    created_at: "text",
    idempotency_key: "text null",
  },
  report_schedules: {
    id: "text",
    view_id: "text",
    workspace_id: "text",
    key_id: "text",
    frequency: "text",
    weekday: "number null",
    local_time: "text",
    time_zone: "text",
    next_run_at: "text",
    last_run_at: "text null",
    last_rows: "number null",
    last_error: "text null",
    scheduled_by: "text",
    updated_at: "text",
  },
  report_recipients: { schedule_id: "text", user_id: "text" },
  history_invoices: {
    key_id: "text",
    invoice_id: "number",
    customer_id: "number",
    invoice_num: "text",
    customer_name: "text",
    date: "text",
    status: "number",
  },
  history_lines: {
    key_id: "text",
    line_id: "number",
    invoice_id: "number",
    customer_id: "number",
    product_id: "number",
    supplier_id: "number",
    product_name: "text",
    num_units: "number",
    ext_price: "text",
    promotion_id: "number null",
    discount: "text null",
  },
  history_promotions: {
    key_id: "text",
    promotion_id: "number",
    name: "text",
    start_date: "text",
    end_date: "text",
    all_products: "number",
    product_ids_json: "text",
    states_json: "text",
  },
  history_reps: { key_id: "text", user_id: "number", name: "text", customer_ids_json: "text" },
  history_products: {
    key_id: "text",
    product_id: "number",
    name: "text",
    product_group: "text",
    supplier_id: "number",
    state: "text null",
  },
  history_customers: {
    key_id: "text",
    customer_id: "number",
    name: "text",
    state: "text null",
    time_zone: "text null",
    rep_user_id: "number null",
    rep_name: "text null",
  },
  history_suppliers: { key_id: "text", supplier_id: "number", name: "text" },
  history_shelf: {
    key_id: "text",
    customer_id: "number",
    product_id: "number",
    inventory: "text",
    daily_sales: "text",
    last_inventory_date: "text null",
  },
  history_state: { key_id: "text", state_json: "text", updated_at: "text" },
  statement_schedules: {
    id: "text",
    workspace_id: "text",
    key_id: "text",
    day_of_month: "number",
    local_time: "text",
    time_zone: "text",
    paper_size: "text",
    created_by: "text",
    created_at: "text",
    next_run_at: "text",
    last_run_at: "text null",
    last_accounts: "number null",
    last_mailed: "number null",
    last_error: "text null",
  },
  statement_optouts: { schedule_id: "text", user_id: "text" },
  collections_pages: { key_id: "text", list: "text", page: "number", records_json: "text" },
  collections_accounts: {
    key_id: "text",
    ar_account_id: "number",
    name: "text",
    customer_ids_json: "text",
    customer_names_json: "text",
    state: "text null",
    on_hold: "number",
    account_status: "text null",
    agent_name: "text null",
    agent_email: "text null",
    sales_rep: "text null",
    people_json: "text null",
    reliability_json: "text null",
    suppliers: "number",
    current_due: "text",
    due_1_30: "text",
    due_31_60: "text",
    due_61_90: "text",
    due_91: "text",
    over_30: "text",
    over_60: "text",
    over_90: "text",
    open_credit: "text",
    unapplied: "text",
    total: "text",
    last_payment: "text null",
    days_since: "number null",
  },
  collections_state: {
    key_id: "text",
    phase: "text",
    list: "text null",
    page: "number",
    pending_json: "text",
    walk_close_date: "text null",
    fresh_aging: "number",
    as_of: "text null",
    started_at: "text null",
    refreshed_at: "text null",
    requests: "number",
    updated_at: "text",
  },
  collections_aging: {
    key_id: "text",
    position: "number",
    ar_account_id: "number",
    supplier_id: "number null",
    record_json: "text",
  },
  collections_collected: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    visitor: "text null",
    ar_account_id: "number",
    customer_id: "number null",
    amount: "text",
    method: "text",
    reference: "text null",
    delivery_date: "text null",
    recorded_by_id: "text",
    recorded_by_name: "text",
    recorded_at: "text",
    idempotency_key: "text",
    request_digest: "text",
    status: "text",
    payment_json: "text null",
    matched_at: "text null",
    checked_at: "text null",
    due_by: "text",
  },
  visit_notes: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    customer_id: "number",
    text: "text",
    author_id: "text",
    author_name: "text",
    created_at: "text",
    idempotency_key: "text null",
    request_hash: "text",
    deleted_at: "text null",
    deleted_by: "text null",
  },
  store_places: {
    workspace_id: "text",
    environment: "text",
    customer_id: "number",
    lat: "number",
    lon: "number",
    fixes: "number",
    updated_at: "text",
  },
  accounting_mappings: { workspace_id: "text", mapping_json: "text", updated_by: "text", updated_at: "text" },
  accounting_exports: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    kind: "text",
    format: "text",
    period_from: "text",
    period_to: "text",
    file_name: "text",
    records: "number",
    total_cents: "text",
    made_by: "text null",
    made_at: "text",
    idempotency_key: "text null",
    request_hash: "text null",
  },
  accounting_exported: {
    workspace_id: "text",
    environment: "text",
    program: "text",
    kind: "text",
    record_key: "text",
    fingerprint: "text",
    export_id: "text",
    exported_at: "text",
  },
  accounting_schedules: {
    id: "text",
    workspace_id: "text",
    key_id: "text",
    cadence: "text",
    day: "number",
    local_time: "text",
    time_zone: "text",
    formats: "text",
    created_by: "text",
    created_at: "text",
    next_run_at: "text",
    last_run_at: "text null",
    last_records: "number null",
    last_mailed: "number null",
    last_error: "text null",
  },
  accounting_optouts: { schedule_id: "text", user_id: "text" },
  menu_links: {
    id: "text",
    workspace_id: "text",
    key_id: "text",
    token_hash: "text",
    name: "text",
    states_json: "text",
    categories_json: "text",
    contact_email: "text",
    expires_at: "text",
    created_by: "text",
    created_by_name: "text",
    created_at: "text",
    idempotency_key: "text null",
    revoked_at: "text null",
    revoked_by: "text null",
  },
  order_lists: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    customer_id: "number",
    customer_name: "text",
    recipient: "text",
    lines_json: "text",
    line_count: "number",
    total_cases: "number",
    total: "text",
    price_day: "text",
    status: "text",
    sent_by: "text",
    sent_by_name: "text",
    sent_by_email: "text",
    sent_at: "text",
    idempotency_key: "text",
    withdrawn_at: "text null",
    withdrawn_by: "text null",
    withdrawn_by_name: "text null",
    withdrawn_by_email: "text null",
    withdrawal_mail: "text null",
    withdrawal_key: "text null",
    visitor: "text null",
    sent_with: "text null",
    version: "number",
    acknowledged_at: "text null",
    acknowledged_by_name: "text null",
    entered_at: "text null",
    entered_by_name: "text null",
    erp_ref: "text null",
    match_json: "text null",
    matched_at: "text null",
  },
  order_list_events: {
    id: "text",
    list_id: "text",
    version: "number",
    at: "text",
    by_id: "text",
    by_name: "text",
    side: "text",
    kind: "text",
    detail: "text",
    idempotency_key: "text null",
  },
  disputes: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    visitor: "text null",
    customer_id: "number",
    customer_name: "text",
    sales_rep_user_id: "number null",
    invoice_id: "number",
    invoice_num: "text",
    invoice_date: "text",
    status: "text",
    amount: "text",
    credited: "text",
    opened_at: "text",
    opened_by: "text",
    opened_by_name: "text",
    acknowledged_at: "text null",
    acknowledged_by_name: "text null",
    resolved_at: "text null",
    resolved_by_name: "text null",
    resolution_json: "text null",
    matched_at: "text null",
    version: "number",
    idempotency_key: "text",
    request_digest: "text",
  },
  dispute_lines: {
    dispute_id: "text",
    position: "number",
    invoice_line_id: "number",
    product_id: "number",
    product_name: "text",
    supplier_id: "number null",
    batch_code: "text",
    reason: "text",
    units: "number",
    invoiced_units: "number",
    unit_price: "text",
    expected_price: "text null",
    amount: "text",
    note: "text null",
    credited: "text",
    credits_json: "text",
  },
  dispute_events: {
    id: "text",
    dispute_id: "text",
    version: "number",
    at: "text",
    by_id: "text",
    by_name: "text",
    side: "text",
    kind: "text",
    text: "text",
    idempotency_key: "text null",
  },
  dispute_photos: {
    id: "text",
    dispute_id: "text",
    type: "text",
    bytes: "number",
    sha256: "text",
    at: "text",
    by_id: "text",
    by_name: "text",
    side: "text",
    idempotency_key: "text",
  },
  dispute_photo_blobs: { photo_id: "text", data: "blob" },
  collections_collected_photos: {
    id: "text",
    collected_id: "text",
    type: "text",
    bytes: "number",
    sha256: "text",
    at: "text",
    by_id: "text",
    by_name: "text",
    idempotency_key: "text",
  },
  collections_collected_photo_blobs: { photo_id: "text", data: "blob" },
  credit_limits: {
    place: "text",
    environment: "text",
    visitor: "text null",
    ar_account_id: "number",
    credit_limit: "text null",
    version: "number",
    set_by_id: "text",
    set_by_name: "text",
    set_at: "text",
    workspace_id: "text",
  },
  credit_limit_changes: {
    id: "text",
    place: "text",
    ar_account_id: "number",
    version: "number",
    at: "text",
    by_id: "text",
    by_name: "text",
    workspace_id: "text",
    from_limit: "text null",
    to_limit: "text null",
    idempotency_key: "text",
    body_digest: "text",
  },
  order_list_invoices: { list_id: "text", environment: "text", customer_id: "number", invoice_num: "text" },
  order_list_contacts: { workspace_id: "text", email: "text", updated_by: "text", updated_at: "text" },
  rep_day_settings: {
    owner: "text",
    user_id: "text",
    start_text: "text null",
    start_lat: "number null",
    start_lon: "number null",
    end_at_last_stop: "number",
    day_minutes: "number",
    visit_minutes: "number",
    updated_at: "text",
  },
} satisfies ColumnsOf<AllTables>;

describe.each(databaseProfiles())("every migration on $name", ({ open }) => {
  it("makes every table, records each migration, and changes nothing when run again", async () => {
    const database = await open({ migrated: false });
    try {
      await expect(recorded(database)).rejects.toThrow();
      await migrate(database, MIGRATIONS);
      await migrate(database, MIGRATIONS);
      expect(await recorded(database)).toEqual(Object.keys(MIGRATIONS).sort());
      // Every table of the schema exists and answers, empty.
      for (const table of Object.keys(COLUMNS)) {
        expect((await sql`select * from ${sql.table(table)}`.execute(database.db)).rows, table).toEqual([]);
      }
    } finally {
      await database.close();
    }
  });
});

describe("every migration on SQLite", () => {
  it("make exactly the tables of the core's schema and every feature's, each with the columns and nullability its type says", async () => {
    const database = openDatabase({ file: ":memory:" });
    try {
      await migrate(database, MIGRATIONS);
      // better-auth's own tables are checked against better-auth (lib/server/core/auth/auth-schema.test.ts).
      const tables = await sqliteTables(database.db, [
        MIGRATION_TABLE,
        MIGRATION_LOCK_TABLE,
        ...Object.keys(AUTH_TABLES),
      ]);
      expect(tables).toEqual(Object.keys(COLUMNS).sort());
      const found = await sqliteColumns(database.db, tables);
      expect(found).toEqual(expectedColumns(COLUMNS, found));
    } finally {
      await database.close();
    }
  });
});
