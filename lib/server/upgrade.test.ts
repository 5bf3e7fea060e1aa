import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrate } from "./core/db/migrations";
import type { Database } from "./core/db/open";
import type { AuditEventTable, AuthTables, WorkspaceKeyTable } from "./core/db/schema";
import { MIGRATIONS } from "./features";
import type { HistoryInvoiceTable, HistoryStateTable, HistoryTables } from "./insights/tables";
import type { MenuLinkTable, MenuTables } from "./menus/tables";
import type { NoteTables, VisitNoteTable } from "./notes/tables";
import type { OrderListTable, OrderListTables } from "./order-guide/tables";
import { databaseProfiles } from "./testing";

/**
 * The migrations' names as a database made before the features kept their own migrations recorded them, in the order
 * they ran. Frozen here: a name released never changes, and a new migration comes after these. A database of that time
 * upgrades in place when the record composed of the core's and the features' migrations begins with exactly these.
 */
const RELEASED = [
  "001-initial",
  "002-audit",
  "003-accounts",
  "004-audit-people",
  "005-ring-gone",
  "006-jobs",
  "007-notifications",
  "008-notification-settings",
  "009-watch",
  "010-reports",
  "011-history",
  "012-history-scope",
  "013-statements",
  "014-collections",
  "015-notification-summaries",
  "016-collections-aging",
  "017-visit-notes",
  "018-accounting",
  "019-history-promotions",
  "020-order-lists",
  "021-menus",
  "022-invitation-links",
];

/**
 * Migrates as the code of that time did: a Kysely migrator over the released migrations only, recording them in the
 * same tables (and, on PostgreSQL, in the database's own schema, as `migrate` does).
 */
async function migrateAsReleased(database: Database): Promise<void> {
  const schema =
    database.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => Object.fromEntries(RELEASED.map((name) => [name, MIGRATIONS[name]!])) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** The migrations a database has recorded as run, by name (the order they ran in). */
async function recorded(database: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(
    database.db,
  );
  return rows.rows.map((r) => r.name);
}

const AT = "2026-11-20T09:00:00.000Z";

const workspace = {
  id: "ws-1",
  name: "Valley Market",
  slug: "valley-market",
  logo: null,
  createdAt: AT,
  metadata: null,
  requireTwoFactor: null,
};

const key: WorkspaceKeyTable & { history_scope: string | null } = {
  id: "key-1",
  workspace_id: "ws-1",
  environment: "test",
  key_type: "Employee",
  label: "Staff key",
  scope_json: JSON.stringify({ summary: "the distributor" }),
  hint: "abcd",
  fingerprint: "f-1",
  secret_id: "s-1",
  iv: "iv",
  ciphertext: "ct",
  tag: "tag",
  added_at: AT,
  added_by: "user-1",
  last_used_at: null,
  history_scope: "distributor",
};

const entry: Omit<AuditEventTable, "id" | "outcome_final"> = {
  at: AT,
  event: "key-added",
  operation: null,
  environment: "test",
  key_fingerprint: "f-1",
  key_label: "Staff key",
  key_type: "Employee",
  key_scope: "the distributor",
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
  user_id: "user-1",
  user_email: "ana@shop.example",
  workspace_id: "ws-1",
};

const menuLink: MenuLinkTable = {
  id: "menu-1",
  workspace_id: "ws-1",
  key_id: "key-1",
  token_hash: "a".repeat(64),
  name: "Spring menu",
  states_json: '["CA"]',
  categories_json: "[]",
  contact_email: "sales@brand.example",
  expires_at: "2027-01-01T00:00:00.000Z",
  created_by: "user-1",
  created_by_name: "Ana Ruiz",
  created_at: AT,
  idempotency_key: "k-1",
  revoked_at: null,
  revoked_by: null,
};

const note: VisitNoteTable = {
  id: "note-1",
  workspace_id: "ws-1",
  environment: "test",
  customer_id: 20001,
  text: "Wants the new lager on tap",
  author_id: "user-1",
  author_name: "Ana Ruiz",
  created_at: AT,
  idempotency_key: "k-1",
  request_hash: "b".repeat(64),
  deleted_at: null,
  deleted_by: null,
};

/** The withdrawal's columns came after the released migrations (023): a list kept before reads them null. */
const WITHDRAWAL_COLUMNS = {
  withdrawn_at: null,
  withdrawn_by: null,
  withdrawn_by_name: null,
  withdrawn_by_email: null,
  withdrawal_mail: null,
  withdrawal_key: null,
} as const;

/** Sharing's columns came after them too (031): a list kept before reads them null, at version 1. */
const SHARING_COLUMNS = {
  visitor: null,
  sent_with: null,
  version: 1,
  acknowledged_at: null,
  acknowledged_by_name: null,
  entered_at: null,
  entered_by_name: null,
  erp_ref: null,
  match_json: null,
  matched_at: null,
} as const;

const orderList: Omit<OrderListTable, keyof typeof WITHDRAWAL_COLUMNS | keyof typeof SHARING_COLUMNS> = {
  id: "list-1",
  workspace_id: "ws-1",
  environment: "test",
  customer_id: 20001,
  customer_name: "Valley Market",
  recipient: "rep@distributor.example",
  lines_json: "[]",
  line_count: 0,
  total_cases: 0,
  total: "0.00",
  price_day: "2026-11-20",
  status: "sent",
  sent_by: "user-1",
  sent_by_name: "Ana Ruiz",
  sent_by_email: "ana@shop.example",
  sent_at: AT,
  idempotency_key: "k-1",
};

const invoice: HistoryInvoiceTable = {
  key_id: "key-1",
  invoice_id: 501,
  customer_id: 20001,
  invoice_num: "INV-501",
  customer_name: "Valley Market",
  date: "2026-11-19",
  status: 3,
};

const historyState: HistoryStateTable = { key_id: "key-1", state_json: '{"phase":"idle"}', updated_at: AT };

describe.each(databaseProfiles())("a database of the released migrations on $name", ({ open }) => {
  it("upgrades in place: what it holds, in the core's tables and the features', reads back unchanged", async () => {
    const database = await open({ migrated: false });
    try {
      await migrateAsReleased(database);
      expect(await recorded(database)).toEqual(RELEASED);
      const db = database.db.withTables<AuthTables & HistoryTables & MenuTables & NoteTables & OrderListTables>();
      // The workspace (better-auth's organization, which its keys reference), then its key.
      await db.insertInto("auth_organization").values(workspace).execute();
      await db.insertInto("workspace_keys").values(key).execute();
      await db.insertInto("audit_events").values(entry).execute();
      await db.insertInto("menu_links").values(menuLink).execute();
      await db.insertInto("visit_notes").values(note).execute();
      // Into the released table, which has no version yet (031 adds it with its default).
      await db
        .insertInto("order_lists")
        .values(orderList as OrderListTable)
        .execute();
      await db.insertInto("history_invoices").values(invoice).execute();
      await db.insertInto("history_state").values(historyState).execute();

      await migrate(database, MIGRATIONS);

      expect(await recorded(database)).toEqual(Object.keys(MIGRATIONS));
      expect(await db.selectFrom("auth_organization").select(["id", "name", "slug"]).execute()).toEqual([
        { id: workspace.id, name: workspace.name, slug: workspace.slug },
      ]);
      expect(await db.selectFrom("workspace_keys").selectAll().execute()).toEqual([key]);
      const columns = Object.keys(entry) as (keyof typeof entry)[];
      expect(await db.selectFrom("audit_events").select(columns).execute()).toEqual([entry]);
      expect(await db.selectFrom("menu_links").selectAll().execute()).toEqual([menuLink]);
      expect(await db.selectFrom("visit_notes").selectAll().execute()).toEqual([note]);
      expect(await db.selectFrom("order_lists").selectAll().execute()).toEqual([
        { ...orderList, ...WITHDRAWAL_COLUMNS, ...SHARING_COLUMNS },
      ]);
      expect(await db.selectFrom("history_invoices").selectAll().execute()).toEqual([invoice]);
      expect(await db.selectFrom("history_state").selectAll().execute()).toEqual([historyState]);
    } finally {
      await database.close();
    }
  });
});

describe("the composed migrations", () => {
  it("begin with the released names, in their order: the core's and the features' together, none renamed", () => {
    expect(Object.keys(MIGRATIONS).slice(0, RELEASED.length)).toEqual(RELEASED);
  });
});
