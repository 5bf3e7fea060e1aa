import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";

/**
 * The insights' history tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's
 * conventions (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<HistoryTables>()`: the core's database handle knows the core's tables only.
 */
/** The database as the insights read it: the core's tables and the history's (a transaction of it too). */
export type HistoryDb = Kysely<BackroomDatabase & HistoryTables>;

export type HistoryTables = {
  history_invoices: HistoryInvoiceTable;
  history_lines: HistoryLineTable;
  history_promotions: HistoryPromotionTable;
  history_reps: HistoryRepTable;
  history_products: HistoryProductTable;
  history_shelf: HistoryShelfTable;
  history_customers: HistoryCustomerTable;
  history_suppliers: HistorySupplierTable;
  history_state: HistoryStateTable;
  /** The core's key table, with the column migration 012 adds: what an Employee key's history covers. */
  workspace_keys: { history_scope: string | null };
};

/** Every table of a key's synced history (migration 011): what goes when the key goes. */
export const HISTORY_TABLES = [
  "history_lines",
  "history_promotions",
  "history_invoices",
  "history_reps",
  "history_products",
  "history_shelf",
  "history_customers",
  "history_suppliers",
  "history_state",
] as const;

/** The key store's forgetter (`KeyForgetter`): a removed key's history goes, in the removal's transaction. */
export async function forgetHistory(trx: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  for (const table of HISTORY_TABLES)
    await trx.withTables<HistoryTables>().deleteFrom(table).where("key_id", "=", keyId).execute();
}

/** A key's synced invoice (migration 011, `lib/server/insights/`). */
export interface HistoryInvoiceTable {
  key_id: string;
  invoice_id: number;
  customer_id: number;
  invoice_num: string;
  customer_name: string;
  date: string;
  status: number;
}

/** A key's synced invoice line (migration 011): units and the exact decimal revenue. */
export interface HistoryLineTable {
  key_id: string;
  line_id: number;
  invoice_id: number;
  customer_id: number;
  product_id: number;
  supplier_id: number;
  product_name: string;
  num_units: number;
  ext_price: string;
  /** `PromotionID` (migration 019): null for none, and for a line read before it. */
  promotion_id: number | null;
  /** `Discount` per unit, a decimal string (migration 019): null for a line read before it. */
  discount: string | null;
}

/** A promotion of the key's (`/promotionsProducts`, migration 019), replaced whole by each walk that read it. */
export interface HistoryPromotionTable {
  key_id: string;
  promotion_id: number;
  name: string;
  /** YYYY-MM-DD. */
  start_date: string;
  end_date: string;
  /** 1 for `AllProducts`. */
  all_products: number;
  product_ids_json: string;
  states_json: string;
}

/** A sales rep the key sees, and the customers they cover (migration 011). */
export interface HistoryRepTable {
  key_id: string;
  user_id: number;
  name: string;
  customer_ids_json: string;
}

/** An active product of the key's (migration 011), with its group (`ProductTypeName`). */
export interface HistoryProductTable {
  key_id: string;
  product_id: number;
  name: string;
  product_group: string;
  supplier_id: number;
  /** The state it ships to (`State`, migration 030): null when not said, and for a product read before it. */
  state: string | null;
}

/** A retailer's stock of one of the key's products as last counted (migration 011, `/retailerInventory`). */
export interface HistoryShelfTable {
  key_id: string;
  customer_id: number;
  product_id: number;
  inventory: string;
  daily_sales: string;
  last_inventory_date: string | null;
}

/** A retailer the key sees (migration 011, `/customers`), with its covering rep and its state's time zone. */
export interface HistoryCustomerTable {
  key_id: string;
  customer_id: number;
  name: string;
  state: string | null;
  time_zone: string | null;
  rep_user_id: number | null;
  rep_name: string | null;
}

/** A supplier by name (migration 011): an Employee key's history names the suppliers its lines are of. */
export interface HistorySupplierTable {
  key_id: string;
  supplier_id: number;
  name: string;
}

/** Where a key's sync stands (migration 011), as JSON (`HistoryState` in `lib/server/insights/history-sync.ts`). */
export interface HistoryStateTable {
  key_id: string;
  state_json: string;
  updated_at: string;
}
