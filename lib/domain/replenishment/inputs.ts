/**
 * What the replenishment planner reads from the Data API, as narrow structural types: exactly the fields it uses, each
 * optional and nullable because live records are sparse (docs: field notes, "Records are sparse"). The records the
 * typed client answers with (`RecordOf<"listInventory">`, `RecordOf<"listVendors">`...) fit these types as they are;
 * plan.test.ts checks that at compile time.
 */

type Sparse<T> = T | null | undefined;

/** A quantity as the wire carries it: a JSON number, or a decimal string ("12.40"). */
export type WireQuantity = Sparse<number | string>;

/** A `/inventory` row: one product at one warehouse (several rows per pair are summed, e.g. one per PurchaseTransID). */
export interface InventoryInput {
  LocationID?: Sparse<number>;
  ProductID?: Sparse<number>;
  AvailableUnits?: WireQuantity;
  AvgDailySales90d?: WireQuantity;
  NotAuthorized?: Sparse<boolean>;
}

/** A `/products` record. */
export interface ProductInput {
  ProductID?: Sparse<number>;
  SupplierID?: Sparse<number>;
  ProductName?: Sparse<string>;
  SupplierProductNumber?: Sparse<string>;
  WholesaleUnitsPerCase?: Sparse<number>;
  /** 0 Discontinued, 1 Active, 2 Pre-order, 3 Manufacture, 4 Unavailable, 5 Close Out. */
  StatusID?: Sparse<number>;
}

/** A `/vendors` record: where a supplier's purchase orders ship from, for one destination warehouse (`LocationID`). */
export interface VendorInput {
  VendorID?: Sparse<number>;
  SupplierID?: Sparse<number>;
  LocationID?: Sparse<number>;
  VendorName?: Sparse<string>;
  LeadTimeDays?: Sparse<number>;
  TargetDOI?: Sparse<number>;
  MaxDOI?: Sparse<number>;
  /** Documented as weekday abbreviations ("Mon", "Thu"); see arrival.ts for what else is read. */
  PickupDates?: Sparse<readonly string[]>;
  RequirePOBatchCodes?: Sparse<boolean>;
  Active?: Sparse<boolean>;
}

/** A `/locations` record (a warehouse). */
export interface LocationInput {
  LocationID?: Sparse<number>;
  Location?: Sparse<string>;
  /** The state's abbreviation, which names its `/states` record. */
  State?: Sparse<string>;
}

/** A `/states` record. */
export interface StateInput {
  StateAbbreviation?: Sparse<string>;
  TimeZone?: Sparse<string>;
}

/**
 * A v2 purchase (`GET /api/v2/purchases`). Its `purchase_transactions` mix draft lines (`{product_id, num_units}`)
 * and posted lines (`{product_id, ordered, num_units, cases, ...}`); the client types them as unknown, so on-order.ts
 * reads each line's fields itself.
 */
export interface PurchaseV2Input {
  purchase_id?: Sparse<number>;
  purchase_global_id?: Sparse<string>;
  status?: Sparse<string>;
  to_location_id?: Sparse<number>;
  vendor_id?: Sparse<number>;
  /** Unique per vendor: the page starts its own PO numbers past the ones it sees (drafts.ts). */
  po_num?: Sparse<string>;
  purchase_transactions?: unknown;
}

/** A v1 purchase (`GET /api/v1/purchases`): posted purchases only, for a service without the v2 endpoints. */
export interface PurchaseV1Input {
  PurchaseID?: Sparse<number>;
  PurchaseGlobalID?: Sparse<string>;
  Status?: Sparse<string>;
  ToLocationID?: Sparse<number>;
  VendorID?: Sparse<number>;
}

/** A v1 purchase line (`GET /api/v1/purchaseTrans`). */
export interface PurchaseLineV1Input {
  PurchaseID?: Sparse<number>;
  ProductID?: Sparse<number>;
  Ordered?: WireQuantity;
  NumUnits?: WireQuantity;
  Cases?: WireQuantity;
}

/** v1 purchases with their lines (the lines of every purchase, joined by PurchaseID). */
export interface PurchasesV1Input {
  purchases: readonly PurchaseV1Input[];
  lines: readonly PurchaseLineV1Input[];
}

/** The key of a planner row: one product at one warehouse. */
export function rowKey(productId: number, locationId: number): string {
  return `${locationId}:${productId}`;
}
