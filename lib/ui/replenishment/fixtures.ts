import type {
  InventoryInput,
  LocationInput,
  ProductInput,
  PurchaseV2Input,
  StateInput,
  VendorInput,
} from "@/lib/domain/replenishment/inputs";
import { type PlanInput, type PlanOptions, type PlanRow, planRows } from "@/lib/domain/replenishment/plan";

/**
 * A small supplier's world for the planner's tests (used by `*.test.ts` files only): California warehouses 1 (Oakland)
 * and 2 (Fresno), a New York warehouse 3, and product 7, a chocolate bar in cases of 12 that sells 12.4 a day with 61
 * available at Oakland, ordered from vendor 40 (pickup Thursdays, 5 days' lead time, 30 days' target).
 */

/** Saturday 2026-11-21, 3:00 PM in Los Angeles (23:00 UTC). */
export const SATURDAY = new Date("2026-11-21T23:00:00Z");

export const STATES: StateInput[] = [
  { StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" },
  { StateAbbreviation: "NY", TimeZone: "America/New_York" },
];

export const LOCATIONS: LocationInput[] = [
  { LocationID: 1, Location: "Oakland", State: "CA" },
  { LocationID: 2, Location: "Fresno", State: "CA" },
  { LocationID: 3, Location: "Brooklyn", State: "NY" },
];

export const CHOCOLATE: ProductInput = {
  ProductID: 7,
  SupplierID: 12,
  ProductName: "Chocolate Bar",
  SupplierProductNumber: "CH-7",
  WholesaleUnitsPerCase: 12,
  StatusID: 1,
};

export const NORTH_FARM: VendorInput = {
  VendorID: 40,
  SupplierID: 12,
  LocationID: 1,
  VendorName: "North Farm",
  LeadTimeDays: 5,
  TargetDOI: 30,
  PickupDates: ["Thu"],
  RequirePOBatchCodes: false,
  Active: true,
};

export const OAKLAND_STOCK: InventoryInput = {
  LocationID: 1,
  ProductID: 7,
  AvailableUnits: 61,
  AvgDailySales90d: "12.40",
  NotAuthorized: false,
};

/** The world with parts replaced. */
export function world(parts: Partial<PlanInput> = {}): PlanInput {
  return {
    inventory: [OAKLAND_STOCK],
    products: [CHOCOLATE],
    vendors: [NORTH_FARM],
    locations: LOCATIONS,
    states: STATES,
    ...parts,
  };
}

/** The one row of the world (with parts replaced) for product 7 at warehouse 1. */
export function oaklandRow(parts: Partial<PlanInput> = {}, options: Partial<PlanOptions> = {}): PlanRow {
  const row = planRows(world(parts), { now: SATURDAY, ...options }).find((r) => r.key === "1:7");
  if (!row) throw new Error("no row for product 7 at warehouse 1");
  return row;
}

/** A v2 purchase to warehouse 1 with draft-style lines of product 7. */
export function purchase(status: string, units: number, more: Partial<PurchaseV2Input> = {}): PurchaseV2Input {
  return {
    status,
    to_location_id: 1,
    vendor_id: 40,
    purchase_transactions: [{ id: 1, product_id: 7, num_units: units }],
    ...more,
  };
}
