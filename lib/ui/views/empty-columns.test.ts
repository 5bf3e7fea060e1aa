import { describe, expect, it } from "vitest";
import type { ColumnSpec } from "./columns";
import { emptyColumns } from "./empty-columns";
import { LIST_VIEWS } from "./list-views";

/** Production `/inventory` for a Supplier key: these 11 fields and no others (field notes, "More from integrators"). */
const SUPPLIER_INVENTORY = [
  {
    LocationID: 1,
    ProductID: 10001,
    OnFloorInventory: "64.00",
    PreSales: "12.00",
    Allocated: "0.00",
    NotAuthorized: false,
    AvailableUnits: 52,
    PurchaseTransID: 700001,
    DOI: "5.60",
    AvgDailySales90d: "9.29",
    TimeUpdated: "2026-11-20T08:00:00Z",
  },
  {
    LocationID: 2,
    ProductID: 10001,
    OnFloorInventory: "10.00",
    PreSales: "0.00",
    Allocated: "2.00",
    NotAuthorized: true,
    AvailableUnits: 8,
    PurchaseTransID: 700002,
    DOI: "1.10",
    AvgDailySales90d: "7.10",
    TimeUpdated: "2026-11-20T08:00:00Z",
  },
];
const inventory = LIST_VIEWS.inventory.columns as ColumnSpec[];

describe("emptyColumns", () => {
  it("finds the six fields the live service leaves out of a Supplier key's inventory, and no other", () => {
    expect([...emptyColumns(inventory, SUPPLIER_INVENTORY)].sort()).toEqual([
      "Delivered",
      "Inventory",
      "Loaded",
      "Picked",
      "Received",
      "Unsellable",
    ]);
  });

  it("keeps a column one row has a value in, and a column whose cell says something without the field", () => {
    const rows = [{ ...SUPPLIER_INVENTORY[0]!, Inventory: "70.00" }, SUPPLIER_INVENTORY[1]!];
    expect(emptyColumns(inventory, rows).has("Inventory")).toBe(false);
    // A product promotion for all products has no ProductIDs, and its cell says "All products".
    const promotions = LIST_VIEWS.productPromotions.columns as ColumnSpec[];
    expect(emptyColumns(promotions, [{ PromotionID: 1, AllProducts: true }]).has("ProductIDs")).toBe(false);
    expect(emptyColumns(promotions, [{ PromotionID: 1 }]).has("ProductIDs")).toBe(true);
  });

  it("counts null, empty text and an empty list as nothing, and a sentinel date's words as something", () => {
    const customers = LIST_VIEWS.customers.columns as ColumnSpec[];
    const empty = emptyColumns(customers, [{ CustomerID: 1, ChainName: null, LicenseNum: "", DeliveryDates: [] }]);
    expect(empty.has("ChainName")).toBe(true);
    expect(empty.has("LicenseNum")).toBe(true);
    expect(empty.has("DeliveryDates")).toBe(true);
    const shelves = LIST_VIEWS.retailerInventory.columns as ColumnSpec[];
    expect(emptyColumns(shelves, [{ ID: 1, LastInventoryDate: "2000-01-01T00:00:00" }]).has("LastInventoryDate")).toBe(
      false,
    );
  });

  it("hides nothing without rows: an empty page, or rows still on their way", () => {
    expect(emptyColumns(inventory, []).size).toBe(0);
  });
});
