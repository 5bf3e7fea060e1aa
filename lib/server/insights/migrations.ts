import "server-only";
import type { Kysely, Migration } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * A workspace key's synced history (`lib/server/insights/`): its invoices of every status but Canceled and
 * their lines, the retailers' stock of its products, each row the key's (`key_id`: deleted with the key), and where the sync stands (`history_state`: the
 * window being walked, the invoices whose lines are still to read, when the backfill ended and the last refresh ran).
 */
const history: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("history_invoices")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("invoice_id", "integer", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("invoice_num", "text", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_invoices_pk", ["key_id", "invoice_id"])
      .execute();
    await db.schema
      .createIndex("history_invoices_key_date_idx")
      .on("history_invoices")
      .columns(["key_id", "date"])
      .execute();
    await db.schema
      .createTable("history_lines")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("line_id", "integer", (c) => c.notNull())
      .addColumn("invoice_id", "integer", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("product_id", "integer", (c) => c.notNull())
      .addColumn("supplier_id", "integer", (c) => c.notNull())
      .addColumn("product_name", "text", (c) => c.notNull())
      .addColumn("num_units", "integer", (c) => c.notNull())
      .addColumn("ext_price", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_lines_pk", ["key_id", "line_id"])
      .execute();
    await db.schema
      .createIndex("history_lines_key_invoice_idx")
      .on("history_lines")
      .columns(["key_id", "invoice_id"])
      .execute();
    // The sales reps the key sees, with their customers (`/salesReps`): who covers whom, for the rep views.
    await db.schema
      .createTable("history_reps")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("user_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("customer_ids_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_reps_pk", ["key_id", "user_id"])
      .execute();
    // The brand's active products (`/products`, status Active), with the group white space compares within.
    await db.schema
      .createTable("history_products")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("product_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("product_group", "text", (c) => c.notNull())
      .addColumn("supplier_id", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_products_pk", ["key_id", "product_id"])
      .execute();
    // The retailers the key sees (`/customers`, every status), with what the pages group and date by: the rep covering
    // each (`SalesRepUserID`) and the time zone of its state (`/states`), in which its invoices' days are read.
    await db.schema
      .createTable("history_customers")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("state", "text")
      .addColumn("time_zone", "text")
      .addColumn("rep_user_id", "integer")
      .addColumn("rep_name", "text")
      .addPrimaryKeyConstraint("history_customers_pk", ["key_id", "customer_id"])
      .execute();
    // The suppliers by name (an Employee key's: the page's supplier chooser).
    await db.schema
      .createTable("history_suppliers")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("supplier_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_suppliers_pk", ["key_id", "supplier_id"])
      .execute();
    // The retailers' stock of the key's products as last counted (`/retailerInventory`), replaced whole each walk:
    // the shelf watch's call list. Decimal strings; `last_inventory_date` null when never counted.
    await db.schema
      .createTable("history_shelf")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.notNull())
      .addColumn("product_id", "integer", (c) => c.notNull())
      .addColumn("inventory", "text", (c) => c.notNull())
      .addColumn("daily_sales", "text", (c) => c.notNull())
      .addColumn("last_inventory_date", "text")
      .addPrimaryKeyConstraint("history_shelf_pk", ["key_id", "customer_id", "product_id"])
      .execute();
    await db.schema
      .createTable("history_state")
      .addColumn("key_id", "text", (c) => c.primaryKey())
      .addColumn("state_json", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};

/**
 * What an Employee key's history covers (`workspace_keys.history_scope`): null or `linked-reps`, the accounts of the
 * sales reps its workspace's members are linked to (as 011 kept it); `distributor`, every account's invoices, which an
 * owner or admin chooses on the Insights page so that staff can choose any supplier. And the index the page's reads
 * of one supplier's lines take (a distributor's year is some hundred thousand lines).
 */
const historyScope: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("workspace_keys").addColumn("history_scope", "text").execute();
    await db.schema
      .createIndex("history_lines_key_supplier_idx")
      .on("history_lines")
      .columns(["key_id", "supplier_id"])
      .execute();
  },
};

/**
 * Promotion lift: each line's promotion (`PromotionID`) and per-unit `Discount`, null for a line read before
 * (the walk reads the whole history again once: `HistoryState.linesVersion`), and the brand's promotions
 * (`/promotionsProducts`) as the last walk read them, replaced whole.
 */
const historyPromotions: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("history_lines").addColumn("promotion_id", "integer").execute();
    await db.schema.alterTable("history_lines").addColumn("discount", "text").execute();
    await db.schema
      .createTable("history_promotions")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("promotion_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("start_date", "text", (c) => c.notNull())
      .addColumn("end_date", "text", (c) => c.notNull())
      .addColumn("all_products", "integer", (c) => c.notNull())
      .addColumn("product_ids_json", "text", (c) => c.notNull())
      .addColumn("states_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("history_promotions_pk", ["key_id", "promotion_id"])
      .execute();
  },
};

/**
 * The state each product ships to (`/products` State: a brand selling in several lists a product once per state), for
 * white space's line of a store's own state. Null for a product read before it: the walk reads the products again at
 * its next end (`HistoryState.referenceVersion`), and until then such a product is in every store's line.
 */
const historyProductStates: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("history_products").addColumn("state", "text").execute();
  },
};

/**
 * The insights' history: its tables, an Employee key's scope (012 adds `workspace_keys.history_scope`) and the
 * promotions, by name: a database records the names it ran, so they never change. They run in the order of their
 * names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const HISTORY_MIGRATIONS: Migrations = {
  "011-history": history,
  "012-history-scope": historyScope,
  "019-history-promotions": historyPromotions,
  "030-history-product-states": historyProductStates,
};
