import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type {
  HistoryCustomer,
  HistoryInvoice,
  HistoryLine,
  HistoryProduct,
  HistoryPromotion,
  ShelfRow,
} from "@/lib/domain/insights/history-types";
import type { HistoryTables } from "./tables";

/** A key's history as the aggregations read it, and how far it reaches. */
export interface KeyHistory {
  invoices: HistoryInvoice[];
  lines: HistoryLine[];
  customers: HistoryCustomer[];
  products: HistoryProduct[];
  /** The reps' names by UserID. */
  repNames: Record<number, string>;
  /** The retailers' stock of the key's products as the last walk found it. */
  shelf: ShelfRow[];
  /** Suppliers' names by SupplierID (an Employee key's history). */
  supplierNames: Record<number, string>;
  /** The promotions the key sees, as the last walk read them (the lift keeps those of the history's products). */
  promotions: HistoryPromotion[];
}

/**
 * Reads a key's synced history from Backroom's database (no request to the API): the invoices dated from `from`
 * (inclusive, `YYYY-MM-DD`; all when left out) and their lines; the customers named on them or on the shelf
 * snapshot, as the key's `/customers` has them (name, state's zone) with the reps covering each; the products, active
 * ones from the catalogue and any other sold in the period by its line's name.
 *
 * With `supplier`, one supplier's part only, as `narrowed` in `insights-tables.ts` cuts a whole history: its lines, the
 * invoices holding them, its products, the shelf rows of those and the customers of either. A distributor's year (an
 * Employee key's whole history: some hundred thousand lines) is never held whole.
 *
 * @example
 * const history = await readHistory(db, keyId, { from: "2025-11-23" });
 * const brand = await readHistory(db, keyId, { supplier: 101 });
 */
export async function readHistory(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  { from, supplier }: { from?: string; supplier?: number } = {},
): Promise<KeyHistory> {
  const db = coreDb.withTables<HistoryTables>();
  const supplierInvoices = db
    .selectFrom("history_lines")
    .select("invoice_id")
    .where("key_id", "=", keyId)
    .where("supplier_id", "=", supplier ?? -1);
  const [invoiceRows, lineRows, repRows, productRows, allShelfRows, customerRows, supplierRows, promotionRows] =
    await Promise.all([
      db
        .selectFrom("history_invoices")
        .selectAll()
        .where("key_id", "=", keyId)
        .$if(from !== undefined, (q) => q.where("date", ">=", from!))
        .$if(supplier !== undefined, (q) => q.where("invoice_id", "in", supplierInvoices))
        .orderBy("date")
        .orderBy("invoice_id")
        .execute(),
      db
        .selectFrom("history_lines")
        .innerJoin("history_invoices", (join) =>
          join
            .onRef("history_invoices.key_id", "=", "history_lines.key_id")
            .onRef("history_invoices.invoice_id", "=", "history_lines.invoice_id"),
        )
        .selectAll("history_lines")
        .where("history_lines.key_id", "=", keyId)
        .$if(from !== undefined, (q) => q.where("history_invoices.date", ">=", from!))
        .$if(supplier !== undefined, (q) => q.where("history_lines.supplier_id", "=", supplier!))
        .orderBy("history_lines.line_id")
        .execute(),
      db.selectFrom("history_reps").selectAll().where("key_id", "=", keyId).execute(),
      db
        .selectFrom("history_products")
        .selectAll()
        .where("key_id", "=", keyId)
        .$if(supplier !== undefined, (q) => q.where("supplier_id", "=", supplier!))
        .execute(),
      db
        .selectFrom("history_shelf")
        .selectAll()
        .where("key_id", "=", keyId)
        .orderBy("customer_id")
        .orderBy("product_id")
        .execute(),
      db.selectFrom("history_customers").selectAll().where("key_id", "=", keyId).execute(),
      db.selectFrom("history_suppliers").selectAll().where("key_id", "=", keyId).execute(),
      db.selectFrom("history_promotions").selectAll().where("key_id", "=", keyId).orderBy("promotion_id").execute(),
    ]);
  // One supplier's shelf: the rows of the products its catalogue or its lines name (the shelf has no supplier id).
  const supplierProducts =
    supplier === undefined
      ? undefined
      : new Set([...productRows.map((p) => p.product_id), ...lineRows.map((l) => l.product_id)]);
  const shelfRows = supplierProducts ? allShelfRows.filter((r) => supplierProducts.has(r.product_id)) : allShelfRows;
  // Who covers a customer: the rep its record names (SalesRepUserID), and any rep whose accounts list it.
  const repsOf = new Map<number, Set<number>>();
  const cover = (customerId: number, userId: number) =>
    repsOf.set(customerId, (repsOf.get(customerId) ?? new Set()).add(userId));
  for (const rep of repRows)
    for (const customerId of JSON.parse(rep.customer_ids_json) as number[]) cover(customerId, rep.user_id);
  for (const c of customerRows) if (c.rep_user_id !== null) cover(c.customer_id, c.rep_user_id);
  const known = new Map(customerRows.map((c) => [c.customer_id, c]));
  const customers = new Map<number, HistoryCustomer>();
  const add = (customerId: number, fallbackName: string) => {
    if (customers.has(customerId)) return;
    const record = known.get(customerId);
    customers.set(customerId, {
      customerId,
      name: record?.name ?? fallbackName,
      state: record?.state ?? null,
      timeZone: record?.time_zone ?? null,
      repUserIds: [...(repsOf.get(customerId) ?? [])].sort((a, b) => a - b),
    });
  };
  // The customers the history names: those invoiced (named as the invoice names them when the key's /customers does not list them) and those of the shelf.
  for (const r of invoiceRows) add(r.customer_id, r.customer_name);
  for (const r of shelfRows) add(r.customer_id, `Customer ${r.customer_id}`);
  const products = new Map<number, HistoryProduct>(
    productRows.map((p) => [
      p.product_id,
      {
        productId: p.product_id,
        name: p.name,
        supplierId: p.supplier_id,
        group: p.product_group,
        active: true,
        state: p.state,
      },
    ]),
  );
  for (const l of lineRows)
    if (!products.has(l.product_id))
      products.set(l.product_id, {
        productId: l.product_id,
        name: l.product_name,
        supplierId: l.supplier_id,
        group: "Other",
        active: false,
      });
  return {
    invoices: invoiceRows.map((r) => ({
      invoiceId: r.invoice_id,
      customerId: r.customer_id,
      invoiceNum: r.invoice_num,
      date: r.date,
      status: r.status,
    })),
    lines: lineRows.map((l) => ({
      lineId: l.line_id,
      invoiceId: l.invoice_id,
      customerId: l.customer_id,
      productId: l.product_id,
      supplierId: l.supplier_id,
      numUnits: l.num_units,
      extPrice: l.ext_price,
      promotionId: l.promotion_id,
      discount: l.discount,
    })),
    promotions: promotionRows.map((p) => ({
      promotionId: p.promotion_id,
      name: p.name,
      start: p.start_date,
      end: p.end_date,
      allProducts: p.all_products === 1,
      productIds: JSON.parse(p.product_ids_json) as number[],
      states: JSON.parse(p.states_json) as string[],
    })),
    customers: [...customers.values()],
    products: [...products.values()],
    repNames: Object.fromEntries([
      ...customerRows
        .filter((c) => c.rep_user_id !== null && c.rep_name)
        .map((c) => [c.rep_user_id!, c.rep_name!] as const),
      ...repRows.map((r) => [r.user_id, r.name] as const),
    ]),
    supplierNames: Object.fromEntries(supplierRows.map((r) => [r.supplier_id, r.name])),
    shelf: shelfRows.map((r) => ({
      customerId: r.customer_id,
      productId: r.product_id,
      inventory: r.inventory,
      dailySales: r.daily_sales,
      lastInventoryDate: r.last_inventory_date,
    })),
  };
}
