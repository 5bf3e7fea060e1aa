import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * Reorder lists to the rep (`lib/server/order-guide/`):
 * - `order_lists`: each list sent (or kept unsent: no mail), per workspace and environment: the store, the rep it went
 *   to, the lines as mailed (JSON), the totals, its status, who sent it and when, and the Idempotency-Key that made it
 *   (one list, and one mail, per key in the workspace);
 * - `order_list_contacts`: the workspace's contact address, for a store whose record has no SalesRepEmail.
 */
const orderLists: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("order_lists")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("lines_json", "text", (c) => c.notNull())
      .addColumn("line_count", "integer", (c) => c.notNull())
      .addColumn("total_cases", "integer", (c) => c.notNull())
      .addColumn("total", "text", (c) => c.notNull())
      .addColumn("price_day", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("sent_by", "text", (c) => c.notNull())
      .addColumn("sent_by_name", "text", (c) => c.notNull())
      .addColumn("sent_by_email", "text", (c) => c.notNull())
      .addColumn("sent_at", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addUniqueConstraint("order_lists_key_unique", ["workspace_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("order_lists_workspace_idx")
      .on("order_lists")
      .columns(["workspace_id", "environment", "sent_at"])
      .execute();
    await db.schema
      .createTable("order_list_contacts")
      .addColumn("workspace_id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};

/**
 * A list's withdrawal, on its row (all null while it stands): when and by whom, what became of the mail that tells the
 * rep (`WithdrawalMail`), and the Idempotency-Key of the request that withdrew it.
 */
const withdrawals: Migration = {
  async up(db: AnyDb) {
    // One column a statement: SQLite adds one at a time.
    for (const column of [
      "withdrawn_at",
      "withdrawn_by",
      "withdrawn_by_name",
      "withdrawn_by_email",
      "withdrawal_mail",
      "withdrawal_key",
    ])
      await db.schema.alterTable("order_lists").addColumn(column, "text").execute();
  },
};

/** Where a demo visitor's part of a record owner begins (`recordOwner`, `lib/server/core/auth/demo-visitor.ts`). */
const VISITOR_PART = "/visitor/";

/**
 * A list shared between its store and its rep (`lib/server/core/parties.ts`): on its row, the demo visitor it belongs
 * to (read from its owner, so a shared read filters on a column), the key type it was sent with, a version (its
 * `ETag`: every change adds one), the rep's acknowledgment and entry in the ERP, and what was invoiced against it;
 * `order_list_events`, each change as it happened (who, when, what; a write's Idempotency-Key, once per list); and
 * `order_list_invoices`, the invoices matched to it, so an invoice links back to its list.
 */
const sharing: Migration = {
  async up(db: AnyDb) {
    for (const column of [
      "visitor",
      "sent_with",
      "acknowledged_at",
      "acknowledged_by_name",
      "entered_at",
      "entered_by_name",
      "erp_ref",
      "match_json",
      "matched_at",
    ])
      await db.schema.alterTable("order_lists").addColumn(column, "text").execute();
    await db.schema
      .alterTable("order_lists")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    const owners = await db.selectFrom("order_lists").select(["id", "workspace_id"]).execute();
    for (const row of owners as { id: string; workspace_id: string }[]) {
      const at = row.workspace_id.indexOf(VISITOR_PART);
      if (at >= 0)
        await db
          .updateTable("order_lists")
          .set({ visitor: row.workspace_id.slice(at + VISITOR_PART.length) })
          .where("id", "=", row.id)
          .execute();
    }
    await db.schema
      .createIndex("order_lists_shared_idx")
      .on("order_lists")
      .columns(["environment", "customer_id", "sent_at"])
      .execute();
    await db.schema
      .createTable("order_list_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("list_id", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("by_id", "text", (c) => c.notNull())
      .addColumn("by_name", "text", (c) => c.notNull())
      .addColumn("side", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text")
      .addUniqueConstraint("order_list_events_key_unique", ["list_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("order_list_events_list_idx")
      .on("order_list_events")
      .columns(["list_id", "at"])
      .execute();
    await db.schema
      .createTable("order_list_invoices")
      .addColumn("list_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("invoice_num", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("order_list_invoices_pk", ["list_id", "invoice_num"])
      .execute();
    await db.schema
      .createIndex("order_list_invoices_invoice_idx")
      .on("order_list_invoices")
      .columns(["environment", "customer_id", "invoice_num"])
      .execute();
  },
};

/**
 * The reorder lists sent and the workspaces' contact addresses, by name: a database records the names it ran, so they
 * never change. They run in the order of their names, the core's and every feature's together
 * (`lib/server/features.ts`).
 */
export const ORDER_LIST_MIGRATIONS: Migrations = {
  "020-order-lists": orderLists,
  "023-order-list-withdrawals": withdrawals,
  "031-order-list-sharing": sharing,
};
