import type { Selectable } from "kysely";
import type { InventoryBatchTable, InventoryTable } from "../db/schema";
import { bool, centi, dateTime, units } from "../format";
import { type ApiRecord, EMPTY, type Handlers, listOf, visibleIds } from "../handler";
import { customerScope, customerStates, isEmpty, supplierScope, visibleValues } from "../scope";

type InventoryQuantities = Pick<
  Selectable<InventoryTable>,
  | "inventory"
  | "received"
  | "loaded"
  | "picked"
  | "pending_sales"
  | "delivered"
  | "unsellable"
  | "pre_sales"
  | "allocated"
>;

/** Inventory + Received − (Loaded + Picked + PendingSales + Delivered + Unsellable), as documented. */
export const onFloor = (i: InventoryQuantities) =>
  i.inventory + i.received - (i.loaded + i.picked + i.pending_sales + i.delivered + i.unsellable);

/** OnFloorInventory − (PreSales + Allocated): what can still be sold. */
export const availableUnits = (i: InventoryQuantities) => onFloor(i) - (i.pre_sales + i.allocated);

/**
 * The documented buckets, by available cases (available units / units per case), compared in units so no fraction is
 * rounded: ≥ 50 '50+ Cases', ≥ 25 '< 50 Cases', ≥ 10 '< 25 Cases', ≥ 5 '< 10 Cases', ≥ 1 '< 5 Cases',
 * > 0 '< 1 Case', ≤ 0 'Out of Stock'.
 */
export function inventoryBucket(available: number, unitsPerCase: number): string {
  const perCase = Math.max(unitsPerCase, 1);
  if (available >= 50 * perCase) return "50+ Cases";
  if (available >= 25 * perCase) return "< 50 Cases";
  if (available >= 10 * perCase) return "< 25 Cases";
  if (available >= 5 * perCase) return "< 10 Cases";
  if (available >= perCase) return "< 5 Cases";
  if (available > 0) return "< 1 Case";
  return "Out of Stock";
}

/** Enough for the smallest allowed order: one full case for case-only products, else the minimum order, at least 1 unit. */
export function inStock(
  available: number,
  product: { case_only: number; wholesale_units_per_case: number; min_order_units: number },
): boolean {
  const smallestOrder = product.case_only
    ? Math.max(product.wholesale_units_per_case, 1)
    : Math.max(product.min_order_units, 1);
  return available >= smallestOrder;
}

/** PendingSales feeds OnFloorInventory but is not in the documented record, so it is left out. */
const inventoryRecord = (i: Selectable<InventoryTable>): ApiRecord => ({
  LocationID: i.location_id,
  ProductID: i.product_id,
  PurchaseTransID: i.purchase_trans_id,
  AvailableUnits: availableUnits(i),
  OnFloorInventory: units(onFloor(i)),
  PreSales: units(i.pre_sales),
  Allocated: units(i.allocated),
  Inventory: units(i.inventory),
  Received: units(i.received),
  Loaded: units(i.loaded),
  Picked: units(i.picked),
  Delivered: units(i.delivered),
  Unsellable: units(i.unsellable),
  DOI: centi(i.doi_centi),
  AvgDailySales90d: centi(i.avg_daily_sales_90d_centi),
  NotAuthorized: bool(i.not_authorized),
  TimeUpdated: i.time_updated,
});

/**
 * The record production's `/inventory` gives a Supplier key, as the field notes observed it: 11 fields, in this order,
 * `AvailableUnits` a JSON number and the other quantities decimal strings; Inventory, Received, Loaded, Picked,
 * Delivered and Unsellable left out (not null).
 */
const supplierProductionRecord = (i: Selectable<InventoryTable>): ApiRecord => ({
  LocationID: i.location_id,
  ProductID: i.product_id,
  OnFloorInventory: units(onFloor(i)),
  PreSales: units(i.pre_sales),
  Allocated: units(i.allocated),
  NotAuthorized: bool(i.not_authorized),
  AvailableUnits: availableUnits(i),
  PurchaseTransID: i.purchase_trans_id,
  DOI: centi(i.doi_centi),
  AvgDailySales90d: centi(i.avg_daily_sales_90d_centi),
  TimeUpdated: i.time_updated,
});

const batchRecord = (b: Selectable<InventoryBatchTable>, assetUrl: (path: string) => string): ApiRecord => ({
  LocationID: b.location_id,
  ProductID: b.product_id,
  SupplierID: b.supplier_id,
  PurchaseTransID: b.purchase_trans_id,
  InventoryUnits: b.inventory_units,
  State: b.state,
  BatchCode: b.batch_code,
  UID: b.uid,
  Laboratory: b.laboratory,
  PotencyType: b.potency_type,
  COAURL: assetUrl(b.coa_url),
  ExpirationDate: b.expiration_date,
  BestByDate: b.best_by_date,
  HarvestDate: b.harvest_date,
  ManufactureDate: b.manufacture_date,
  PackDate: b.pack_date,
  COAExpirationDate: b.coa_expiration_date,
  Vintage: b.vintage,
  THCPotency: centi(b.thc_potency_centi),
  CBDPotency: centi(b.cbd_potency_centi),
  TotalCannabinoids: centi(b.total_cannabinoids_centi),
  LabelTHCPotency: centi(b.label_thc_potency_centi),
  LabelCBDPotency: centi(b.label_cbd_potency_centi),
  LabelTotalCannabinoids: centi(b.label_total_cannabinoids_centi),
  TimeCreated: b.time_created,
  TimeUpdated: b.time_updated,
});

/** LastInventoryDate is documented as a date-time; a stored bare day is sent as its midnight UTC. */

export const inventoryHandlers: Handlers = {
  // GET /inventory: Customer keys are refused by the registry (403). Supplier keys see their suppliers' products, in
  // production as the sparse record the live service gives them. States filters by the product's state (products are
  // sold per state; a warehouse stocks its state's products).
  async listInventory({ db, env, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("inventory as i")
          .innerJoin("products as p", "p.product_id", "i.product_id")
          .selectAll("i")
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(query.ProductIDs !== undefined, (q) => q.where("i.product_id", "in", query.ProductIDs!))
          .$if(query.LocationIDs !== undefined, (q) => q.where("i.location_id", "in", query.LocationIDs!))
          .$if(query.States !== undefined, (q) => q.where("p.state", "in", query.States!))
          .orderBy("i.location_id")
          .orderBy("i.product_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      env === "production" && scope.type === "Supplier" ? supplierProductionRecord : inventoryRecord,
    );
  },

  // GET /inventory/batches: as /inventory; the batch row carries its supplier and state, BatchCodes match exactly.
  async listInventoryBatches({ db, scope, query, assetUrl }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("inventory_batches as b")
          .selectAll("b")
          .$if(suppliers !== undefined, (q) => q.where("b.supplier_id", "in", suppliers!))
          .$if(query.ProductIDs !== undefined, (q) => q.where("b.product_id", "in", query.ProductIDs!))
          .$if(query.LocationIDs !== undefined, (q) => q.where("b.location_id", "in", query.LocationIDs!))
          .$if(query.States !== undefined, (q) => q.where("b.state", "in", query.States!))
          .$if(query.BatchCodes !== undefined, (q) => q.where("b.batch_code", "in", query.BatchCodes!))
          .orderBy("b.location_id")
          .orderBy("b.product_id")
          .orderBy("b.purchase_trans_id")
          .orderBy("b.batch_code")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (b) => batchRecord(b, assetUrl),
    );
  },

  // GET /availableInventory: computed from the inventory rows. Customer keys see the warehouses serving their
  // customers and the products of their states; CustomerIDs narrows to the warehouses serving those customers.
  // NotAuthorized products are still listed (documented).
  async listAvailableInventory({ db, scope, query }) {
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const states = visibleValues(query.States, await customerStates(db, scope));
    if (isEmpty(customers, suppliers, states)) return EMPTY;
    const serving = customers
      ? (
          await db
            .selectFrom("customers")
            .select("location_id")
            .distinct()
            .where("customer_id", "in", customers)
            .execute()
        ).map((r) => r.location_id)
      : undefined;
    const locations = visibleIds(query.LocationIDs, serving);
    if (isEmpty(locations)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("inventory as i")
          .innerJoin("products as p", "p.product_id", "i.product_id")
          .selectAll("i")
          .select(["p.case_only", "p.min_order_units", "p.wholesale_units_per_case"])
          .$if(locations !== undefined, (q) => q.where("i.location_id", "in", locations!))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(states !== undefined, (q) => q.where("p.state", "in", states!))
          .$if(query.ProductIDs !== undefined, (q) => q.where("i.product_id", "in", query.ProductIDs!))
          .orderBy("i.location_id")
          .orderBy("i.product_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (i) => {
        const available = availableUnits(i);
        return {
          LocationID: i.location_id,
          ProductID: i.product_id,
          InStock: inStock(available, i),
          InventoryBucket: inventoryBucket(available, i.wholesale_units_per_case),
          TimeUpdated: i.time_updated,
        };
      },
    );
  },

  // GET /retailerInventory: Customer keys see their customers' rows, Supplier keys the rows of their products.
  // States filters by the customer's state (the retailer's stock is where the retailer is).
  async listRetailerInventory({ db, scope, query }) {
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(customers, suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("retailer_inventory as r")
          .innerJoin("products as p", "p.product_id", "r.product_id")
          .innerJoin("customers as c", "c.customer_id", "r.customer_id")
          .selectAll("r")
          .$if(customers !== undefined, (q) => q.where("r.customer_id", "in", customers!))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(query.ProductIDs !== undefined, (q) => q.where("r.product_id", "in", query.ProductIDs!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .orderBy("r.id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (r) => ({
        ID: r.id,
        ProductID: r.product_id,
        CustomerID: r.customer_id,
        LastInventoryDate: dateTime(r.last_inventory_date),
        TimeUpdated: r.time_updated,
        Inventory: centi(r.inventory_centi),
        DailySales: centi(r.daily_sales_centi),
      }),
    );
  },

  // GET /allocations: Customer keys see their customers' allocations, Supplier keys those of their products.
  // SupplierIDs matches the product's supplier, States the customer's state.
  async listAllocations({ db, scope, query }) {
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(customers, suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("allocations as a")
          .innerJoin("products as p", "p.product_id", "a.product_id")
          .innerJoin("customers as c", "c.customer_id", "a.customer_id")
          .selectAll("a")
          .$if(customers !== undefined, (q) => q.where("a.customer_id", "in", customers!))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .orderBy("a.allocation_id")
          .orderBy("a.product_id")
          .orderBy("a.customer_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (a) => ({
        AllocationID: a.allocation_id,
        ProductID: a.product_id,
        CustomerID: a.customer_id,
        Units: a.units,
        AllocationTypeID: a.allocation_type_id,
        StartDate: a.start_date,
        EndDate: a.end_date,
        TimeUpdated: a.time_updated,
      }),
    );
  },
};
