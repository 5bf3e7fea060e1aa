import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { isZone } from "@/lib/format/days";
import { readPromotions } from "./history-promotions";
import { type RepRow, repRow } from "./history-scope";
import { customerBatches, type HistoryState, type ReadAll, REFERENCE_VERSION } from "./history-state";
import type { HistoryDb, HistoryTables } from "./tables";

type ProductRow = {
  ProductID: number;
  ProductName?: string | null;
  ProductTypeName?: string | null;
  SupplierID: number;
  Supplier?: string | null;
  State?: string | null;
};
type CustomerRow = {
  CustomerID: number;
  CustomerName?: string | null;
  State?: string | null;
  SalesRepUserID?: number | null;
  SalesRepName?: string | null;
};
type StateRow = { StateAbbreviation: string; TimeZone?: string | null };
type SupplierRow = { SupplierID: number; Supplier?: string | null };

/**
 * The active products (a brand's own; an Employee key's the distributor's whole catalogue, for a chosen supplier's
 * white space), the retailers the key sees (with their state's zone) and the reps, replaced whole. For an Employee
 * key: its scope's customers and the suppliers (for the page's chooser); its reps were read with its scope.
 *
 * @example
 * await readGroupings(db, keyId, state, readAll); // before a backfill's first window, and weekly at a walk's end
 */
export async function readGroupings(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  state: HistoryState,
  readAll: ReadAll,
): Promise<void> {
  const db = coreDb.withTables<HistoryTables>();
  await readCustomers(db, keyId, state, readAll);
  const products = await readProducts(db, keyId, readAll);
  await readPromotions(db, keyId, readAll);
  await readSuppliers(db, keyId, state, products, readAll);
  if (!state.scope) await readReps(db, keyId, readAll);
  state.referenceVersion = REFERENCE_VERSION;
}

/** The retailers the key sees, each with its state's time zone. */
async function readCustomers(db: HistoryDb, keyId: string, state: HistoryState, readAll: ReadAll) {
  const states = await readAll<StateRow>("/states?PageSize=500");
  const zones = new Map(
    states.filter((s) => s.TimeZone && isZone(s.TimeZone)).map((s) => [s.StateAbbreviation, s.TimeZone!]),
  );
  const customers: CustomerRow[] = [];
  for (const batch of customerBatches(state)) {
    customers.push(
      ...(await readAll<CustomerRow>(
        `/customers?AccountStatuses=Active,Inactive,OutOfBus&PageSize=500${batch ? `&CustomerIDs=${batch}` : ""}`,
      )),
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_customers").where("key_id", "=", keyId).execute();
    for (let i = 0; i < customers.length; i += 500) {
      await trx
        .insertInto("history_customers")
        .values(
          customers.slice(i, i + 500).map((c) => ({
            key_id: keyId,
            customer_id: c.CustomerID,
            name: c.CustomerName ?? `Customer ${c.CustomerID}`,
            state: c.State ?? null,
            time_zone: (c.State && zones.get(c.State)) ?? null,
            rep_user_id: c.SalesRepUserID ?? null,
            rep_name: c.SalesRepName ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(["key_id", "customer_id"]).doNothing())
        .execute();
    }
  });
}

/** The active products the key sees, answered for the suppliers' names. */
async function readProducts(db: HistoryDb, keyId: string, readAll: ReadAll) {
  const products = await readAll<ProductRow>("/products?PageSize=500");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_products").where("key_id", "=", keyId).execute();
    for (let i = 0; i < products.length; i += 500) {
      await trx
        .insertInto("history_products")
        .values(
          products.slice(i, i + 500).map((p) => ({
            key_id: keyId,
            product_id: p.ProductID,
            name: p.ProductName ?? `Product ${p.ProductID}`,
            product_group: p.ProductTypeName || "Other",
            supplier_id: p.SupplierID,
            state: p.State || null,
          })),
        )
        .onConflict((oc) => oc.columns(["key_id", "product_id"]).doNothing())
        .execute();
    }
  });
  return products;
}

/** The suppliers by name: a brand's from its products (no request more); an Employee key's every supplier, inactive too. */
async function readSuppliers(
  db: HistoryDb,
  keyId: string,
  state: HistoryState,
  products: ProductRow[],
  readAll: ReadAll,
) {
  const named = new Map(products.flatMap((p) => (p.Supplier ? [[p.SupplierID, p.Supplier] as const] : [])));
  if (state.scope) {
    for (const row of [
      ...(await readAll<SupplierRow>("/suppliers?Active=false&PageSize=500")),
      ...(await readAll<SupplierRow>("/suppliers?PageSize=500")),
    ]) {
      named.set(row.SupplierID, row.Supplier ?? named.get(row.SupplierID) ?? `Supplier ${row.SupplierID}`);
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_suppliers").where("key_id", "=", keyId).execute();
    const rows = [...named].map(([supplierId, name]) => ({ key_id: keyId, supplier_id: supplierId, name }));
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("history_suppliers")
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

/** A Supplier key's reps (an Employee key's were read with its scope). */
async function readReps(db: HistoryDb, keyId: string, readAll: ReadAll) {
  const rows = await readAll<RepRow>("/salesReps?PageSize=500");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_reps").where("key_id", "=", keyId).execute();
    if (rows.length) {
      await trx
        .insertInto("history_reps")
        .values(rows.map((r) => repRow(keyId, r)))
        .onConflict((oc) => oc.columns(["key_id", "user_id"]).doNothing())
        .execute();
    }
  });
}
