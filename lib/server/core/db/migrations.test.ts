import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgresIntrospector, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type ColumnsOf, expectedColumns, sqliteColumns, sqliteTables } from "@/lib/testing/catalogue";
import { AUTH_TABLES } from "./migration-accounts";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, MIGRATIONS, migrate } from "./migrations";
import type { Database } from "./open";
import { openDatabase } from "./open";
import type { BackroomDatabase } from "./schema";
import { databaseProfiles, freshSchema, postgresUrl } from "./testing";

const dir = mkdtempSync(join(tmpdir(), "backroom-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations a database has recorded as run, by name. */
async function recorded(database: Database, table = MIGRATION_TABLE): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(database.db);
  return rows.rows.map((r) => r.name);
}

/**
 * Kysely's own introspector reads every schema of the server; the other test files create and drop theirs meanwhile,
 * and a schema dropped between its catalogue's rows and their names fails the read with 3F000 or 42P01. Read again.
 */
async function everySchemasTables(db: Database["db"]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new PostgresIntrospector(db).getTables({ withInternalKyselyTables: true });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 10 || (code !== "3F000" && code !== "42P01")) throw error;
    }
  }
}

/**
 * Every table of Backroom's Kysely schema (`schema.ts`) with every column, as its type says: TypeScript refuses this
 * object unless it names exactly the interface's tables and columns, each with the kind and nullability of its type.
 * audit_events.id is `number | string` (an identity read back as a string on PostgreSQL).
 */
const COLUMNS = {
  audit_events: {
    id: "number or text",
    at: "text",
    event: "text",
    operation: "text null",
    environment: "text null",
    key_fingerprint: "text null",
    key_label: "text null",
    key_type: "text null",
    key_scope: "text null",
    session_hash: "text null",
    client_address: "text",
    reference_json: "text",
    idempotency_key: "text null",
    request_id: "text null",
    upstream_status: "number null",
    result: "text",
    answer_json: "text",
    outcome: "text null",
    outcome_final: "number",
    outcome_at: "text null",
    user_id: "text null",
    user_email: "text null",
    workspace_id: "text null",
  },
  workspace_keys: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    key_type: "text",
    label: "text",
    scope_json: "text",
    hint: "text",
    fingerprint: "text",
    secret_id: "text",
    iv: "text",
    ciphertext: "text",
    tag: "text",
    added_at: "text",
    added_by: "text null",
    last_used_at: "text null",
    history_scope: "text null",
  },
  workspace_active_keys: { user_id: "text", workspace_id: "text", key_id: "text" },
  jobs: {
    id: "text",
    kind: "text",
    key: "text null",
    data: "text",
    state: "text",
    attempt: "number",
    retry_limit: "number",
    retry_delay_seconds: "number",
    run_at: "text",
    locked_by: "text null",
    locked_until: "text null",
    created_at: "text",
    finished_at: "text null",
    error: "text null",
  },
  job_effects: { key: "text", state: "text", at: "text" },
  notifications: {
    id: "text",
    user_id: "text",
    workspace_id: "text null",
    kind: "text",
    effect_key: "text",
    title: "text",
    link: "text null",
    created_at: "text",
    read_at: "text null",
    inbox: "number",
    grouped_in: "text null",
  },
  notification_settings: { user_id: "text", kind: "text", channel: "text", updated_at: "text" },
  notification_people: {
    user_id: "text",
    digest: "number",
    digest_time: "text",
    time_zone: "text",
    last_digest_on: "text null",
    last_digest_at: "text null",
    updated_at: "text",
  },
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
  },
  accounting_exported: {
    workspace_id: "text",
    environment: "text",
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
  },
  order_list_contacts: { workspace_id: "text", email: "text", updated_by: "text", updated_at: "text" },
  invitation_links: { invitation_id: "text", secret_hash: "text", created_at: "text" },
} satisfies ColumnsOf<BackroomDatabase>;

describe.each(databaseProfiles())("migrations on $name", ({ open }) => {
  it("makes every table, records each migration, and changes nothing when run again", async () => {
    const database = await open({ migrated: false });
    try {
      await expect(recorded(database)).rejects.toThrow();
      await migrate(database);
      await migrate(database);
      expect(await recorded(database)).toEqual(Object.keys(MIGRATIONS).sort());
      // Every table of the schema exists and answers, empty.
      for (const table of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
        expect(await database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
    } finally {
      await database.close();
    }
  });
});

describe("migrations on SQLite", () => {
  it("make exactly the schema's tables, each with the columns and nullability its type says", async () => {
    const database = openDatabase({ file: ":memory:" });
    try {
      await migrate(database);
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

describe("migrations on a SQLite file", () => {
  it("keeps the data across a reopen, in WAL mode", async () => {
    const file = join(dir, "backroom.sqlite");
    const first = openDatabase({ file });
    await migrate(first);
    await first.db
      .insertInto("audit_events")
      .values({
        at: "2030-01-01T00:00:00.000Z",
        event: "sign-in",
        operation: null,
        environment: null,
        key_fingerprint: null,
        key_label: null,
        key_type: null,
        key_scope: null,
        session_hash: null,
        client_address: "127.0.0.1",
        reference_json: "{}",
        idempotency_key: null,
        request_id: null,
        upstream_status: null,
        result: "done",
        answer_json: "{}",
        outcome: null,
        outcome_at: null,
        user_id: "u",
        user_email: "ana@shop.example",
        workspace_id: null,
      })
      .execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    await first.close();
    const second = openDatabase({ file });
    await migrate(second);
    expect(await second.db.selectFrom("audit_events").select("user_email").execute()).toEqual([
      { user_email: "ana@shop.example" },
    ]);
    await second.close();
  });
});

describe.skipIf(!postgresUrl())("migrations on PostgreSQL, several instances", () => {
  it("lets four instances starting at the same moment on one empty database migrate it once", async () => {
    const url = postgresUrl()!;
    const schema = freshSchema();
    const admin = openDatabase({ url, poolMax: 1 });
    await admin.db.schema.createSchema(schema).execute();
    const instances = Array.from({ length: 4 }, () => openDatabase({ url, schema, poolMax: 2 }));
    try {
      await Promise.all(instances.map((instance) => migrate(instance)));
      for (const instance of instances) expect(await recorded(instance)).toEqual(Object.keys(MIGRATIONS).sort());
      expect(await recorded(admin, `${schema}.${MIGRATION_TABLE}`)).toHaveLength(Object.keys(MIGRATIONS).length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("migrates its own schema when another schema of the database holds Backroom's tables already", async () => {
    const url = postgresUrl()!;
    const [first, second] = [freshSchema(), freshSchema()];
    const admin = openDatabase({ url, poolMax: 1 });
    for (const schema of [first, second]) await admin.db.schema.createSchema(schema).execute();
    const [one, two] = [
      openDatabase({ url, schema: first, poolMax: 1 }),
      openDatabase({ url, schema: second, poolMax: 1 }),
    ];
    try {
      await migrate(one);
      // Kysely, told no schema, would find the first schema's migration tables and take them for the second's.
      await migrate(two);
      expect(await recorded(two)).toEqual(Object.keys(MIGRATIONS).sort());
      expect(await two.db.selectFrom("workspace_keys").selectAll().execute()).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      for (const schema of [first, second]) await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("introspects its own schema only, as Kysely's introspector reads that schema", async () => {
    const url = postgresUrl()!;
    const [ours, other] = [freshSchema(), freshSchema()];
    const admin = openDatabase({ url, poolMax: 1 });
    for (const schema of [ours, other]) await admin.db.schema.createSchema(schema).execute();
    const [one, two] = [
      openDatabase({ url, schema: ours, poolMax: 1 }),
      openDatabase({ url, schema: other, poolMax: 1 }),
    ];
    try {
      await migrate(one);
      await migrate(two);
      const read = await one.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(read.map((table) => table.schema))).toEqual(new Set([ours]));
      // Kysely's own, over every schema, then kept to ours: the same tables, the same columns.
      const kysely = (await everySchemasTables(admin.db)).filter((table) => table.schema === ours);
      expect(read).toEqual(kysely);
      expect(read.map((table) => table.name)).toContain(MIGRATION_TABLE);
    } finally {
      await Promise.all([one.close(), two.close()]);
      for (const schema of [ours, other]) await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("answers a ping, and rejects one when the server cannot be reached", async () => {
    const reachable = openDatabase({ url: postgresUrl()! });
    await expect(reachable.ping()).resolves.toBeUndefined();
    await reachable.close();
    const unreachable = openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    await expect(unreachable.ping(1000)).rejects.toThrow();
    await unreachable.close();
  });
});
