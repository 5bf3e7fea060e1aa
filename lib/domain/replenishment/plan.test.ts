import { describe, expect, it } from "vitest";
import type { RecordOf } from "@/lib/data-api/client";
import {
  CHOCOLATE,
  LOCATIONS,
  NORTH_FARM,
  OAKLAND_STOCK,
  oaklandRow,
  purchase,
  SATURDAY,
  world,
} from "@/lib/ui/replenishment/fixtures";
import type { PlanInput, PlanOptions, PlanRow } from "./plan";
import { planRows } from "./plan";

// The planner takes what the typed client answers, as it is (a compile-time check: npm run typecheck).
({
  inventory: [] as RecordOf<"listInventory">[],
  products: [] as RecordOf<"listProducts">[],
  vendors: [] as RecordOf<"listVendors">[],
  locations: [] as RecordOf<"listLocations">[],
  states: [] as RecordOf<"listStates">[],
  purchases: [] as RecordOf<"listPurchasesV2">[],
  purchasesV1: { purchases: [] as RecordOf<"listPurchases">[], lines: [] as RecordOf<"listPurchaseTransactions">[] },
}) satisfies PlanInput;

/** What a test expects of a row: some of its fields, and some of theirs. */
type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
type Expected = DeepPartial<PlanRow>;

/** The row's fields that `expected` names, a missing one as undefined (so `reason: undefined` means "no reason"). */
function fieldsOf(row: PlanRow, expected: Expected): Partial<PlanRow> {
  return Object.fromEntries(Object.keys(expected).map((k) => [k, row[k as keyof PlanRow]]));
}

const vendor = (id: number, more: Partial<typeof NORTH_FARM> = {}) => ({
  ...NORTH_FARM,
  VendorID: id,
  VendorName: `Vendor ${id}`,
  ...more,
});

describe("planRows: the baseline row", () => {
  it("sums nothing away: 12.4 a day, 61 available, arrives in 10 days, 30 days' target → 37 cases of 12", () => {
    // Saturday Nov 21 → pickup Thursday Nov 26 → plus 5 days: Tuesday Dec 1. Need 12.4 × 40 − 61 = 435 units.
    const expected: Expected = {
      key: "1:7",
      productName: "Chocolate Bar",
      warehouseName: "Oakland",
      supplierId: 12,
      available: 61,
      onOrder: 0,
      inDrafts: 0,
      sellsPerDay: "12.4",
      daysOfCover: 4.919,
      belowTarget: true,
      vendor: { vendorId: 40, name: "North Farm" },
      today: "2026-11-21",
      timeZone: "America/Los_Angeles",
      zoneKnown: true,
      arrivesIn: 10,
      arrival: { day: "2026-12-01", pickup: { day: "2026-11-26", source: "weekday" } },
      targetDays: 30,
      suggestedCases: 37,
      suggestedUnits: 444,
      reason: undefined,
    };
    expect(fieldsOf(oaklandRow(), expected)).toMatchObject(expected);
  });
});

type Case = [string, Partial<PlanInput>, Partial<PlanOptions>, Expected];

/** Production `/inventory` for a Supplier key: these 11 fields only (no Inventory, Received, Loaded, Picked, Delivered, Unsellable). */
const SUPPLIER_KEY_ROW = {
  LocationID: 1,
  ProductID: 7,
  OnFloorInventory: "70.00",
  PreSales: "9.00",
  Allocated: "0.00",
  NotAuthorized: false,
  AvailableUnits: 61,
  PurchaseTransID: 700001,
  DOI: "4.92",
  AvgDailySales90d: "12.40",
  TimeUpdated: "2026-11-21T08:00:00Z",
};

describe("planRows: the rules, one by one", () => {
  const table: Case[] = [
    // Inventory rows
    [
      "several inventory rows of a product and warehouse are summed",
      {
        inventory: [
          { ...OAKLAND_STOCK, AvailableUnits: 40, AvgDailySales90d: "6.20" },
          { ...OAKLAND_STOCK, AvailableUnits: 21, AvgDailySales90d: "6.2" },
        ],
      },
      {},
      { available: 61, sellsPerDay: "12.4", suggestedCases: 37 },
    ],
    [
      "a Supplier key's 11-field row plans as the full one does",
      { inventory: [SUPPLIER_KEY_ROW] },
      {},
      { available: 61, sellsPerDay: "12.4", daysOfCover: 4.919, belowTarget: true, suggestedCases: 37 },
    ],
    [
      "a decimal string sales figure is read exactly",
      { inventory: [{ ...OAKLAND_STOCK, AvgDailySales90d: "12.400000" }] },
      {},
      { sellsPerDay: "12.4", suggestedUnits: 444 },
    ],
    [
      "a missing AvailableUnits: no suggestion, with the reason",
      { inventory: [{ ...OAKLAND_STOCK, AvailableUnits: undefined }] },
      {},
      { available: undefined, daysOfCover: undefined, suggestedCases: undefined, reason: "no-stock-figure" },
    ],
    [
      "a missing AvgDailySales90d: no suggestion, with the reason",
      { inventory: [{ ...OAKLAND_STOCK, AvgDailySales90d: undefined }] },
      {},
      { sellsPerDay: undefined, reason: "no-sales-figure", belowTarget: false },
    ],
    [
      "a missing field on one of several rows: the others' sum",
      {
        inventory: [
          { ...OAKLAND_STOCK, AvailableUnits: undefined },
          { ...OAKLAND_STOCK, AvgDailySales90d: undefined },
        ],
      },
      {},
      { available: 61, sellsPerDay: "12.4", suggestedCases: 37 },
    ],
    [
      "no sales: no suggestion and no days of cover",
      { inventory: [{ ...OAKLAND_STOCK, AvgDailySales90d: "0.00" }] },
      {},
      { reason: "no-sales", daysOfCover: undefined, belowTarget: false },
    ],
    [
      "NotAuthorized on any row marks the row, which is still planned",
      {
        inventory: [OAKLAND_STOCK, { ...OAKLAND_STOCK, AvailableUnits: 0, AvgDailySales90d: "0", NotAuthorized: true }],
      },
      {},
      { notAuthorized: true, suggestedCases: 37 },
    ],
    [
      "enough stock: no suggestion",
      { inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 500 }] },
      {},
      { reason: "above-target", belowTarget: false },
    ],
    [
      "no stock while selling is below target",
      { inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 0 }] },
      {},
      { daysOfCover: 0, belowTarget: true, suggestedCases: 42 },
    ],

    // Products
    ["StatusID 2 (Pre-order) is planned", { products: [{ ...CHOCOLATE, StatusID: 2 }] }, {}, { suggestedCases: 37 }],
    [
      "StatusID 0 (Discontinued): no suggestion",
      { products: [{ ...CHOCOLATE, StatusID: 0 }] },
      {},
      { reason: "inactive-product", suggestedCases: undefined },
    ],
    [
      "StatusID 3 (Manufacture): no suggestion",
      { products: [{ ...CHOCOLATE, StatusID: 3 }] },
      {},
      { reason: "inactive-product" },
    ],
    [
      "StatusID 4 (Unavailable): no suggestion",
      { products: [{ ...CHOCOLATE, StatusID: 4 }] },
      {},
      { reason: "inactive-product" },
    ],
    [
      "StatusID 5 (Close Out): no suggestion",
      { products: [{ ...CHOCOLATE, StatusID: 5 }] },
      {},
      { reason: "inactive-product" },
    ],
    ["no StatusID: no suggestion", { products: [{ ...CHOCOLATE, StatusID: undefined }] }, {}, { reason: "no-status" }],
    [
      "a product missing from /products: no suggestion",
      { products: [] },
      {},
      { reason: "unknown-product", productName: undefined, supplierId: 12 },
    ],
    [
      "case size missing: counted in units",
      { products: [{ ...CHOCOLATE, WholesaleUnitsPerCase: undefined }] },
      {},
      { unitsPerCase: 1, suggestedCases: 435, suggestedUnits: 435 },
    ],
    [
      "case size 0: counted in units",
      { products: [{ ...CHOCOLATE, WholesaleUnitsPerCase: 0 }] },
      {},
      { unitsPerCase: 1, suggestedUnits: 435 },
    ],

    // Vendors
    [
      "no vendor: no suggestion",
      { vendors: [] },
      {},
      { vendor: undefined, vendorChoices: [], reason: "no-vendor", arrival: undefined },
    ],
    [
      "no vendor, no stock while selling: no target, so not below it",
      { vendors: [], inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 0 }] },
      {},
      { targetDays: undefined, belowTarget: false, reason: "no-vendor" },
    ],
    [
      "a vendor without TargetDOI, no stock while selling: not below target",
      { vendors: [{ ...NORTH_FARM, TargetDOI: undefined }], inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 0 }] },
      {},
      { targetDays: undefined, belowTarget: false, reason: "no-target" },
    ],
    [
      "an inactive vendor is ignored",
      { vendors: [{ ...NORTH_FARM, Active: false }] },
      {},
      { vendor: undefined, reason: "no-vendor" },
    ],
    [
      "a vendor without Active is taken as active (the list answers active ones)",
      { vendors: [{ ...NORTH_FARM, Active: undefined }] },
      {},
      { vendor: { vendorId: 40 } },
    ],
    [
      "a vendor for another warehouse does not deliver here",
      { vendors: [{ ...NORTH_FARM, LocationID: 2 }] },
      {},
      { reason: "no-vendor" },
    ],
    [
      "another supplier's vendor does not deliver this product",
      { vendors: [{ ...NORTH_FARM, SupplierID: 99 }] },
      {},
      { reason: "no-vendor" },
    ],
    [
      "several vendors: the lowest VendorID",
      { vendors: [vendor(45), vendor(41), vendor(43)] },
      {},
      { vendor: { vendorId: 41 }, vendorChosen: false },
    ],
    [
      "an inactive lower VendorID is passed over",
      { vendors: [vendor(45), vendor(39, { Active: false })] },
      {},
      { vendor: { vendorId: 45 } },
    ],
    [
      "the person's chosen vendor overrides the lowest",
      { vendors: [vendor(41), vendor(45, { LeadTimeDays: 0, PickupDates: ["Mon"] })] },
      { chosenVendors: new Map([["1:7", 45]]) },
      { vendor: { vendorId: 45 }, vendorChosen: true, arrivesIn: 2 },
    ],
    [
      "a chosen vendor that is not a choice (inactive) is ignored, and said",
      { vendors: [vendor(41), vendor(45, { Active: false })] },
      { chosenVendors: new Map([["1:7", 45]]) },
      { vendor: { vendorId: 41 }, vendorChosen: false, chosenVendorMissing: true },
    ],
    [
      "a chosen vendor for another row changes nothing here",
      { vendors: [vendor(41), vendor(45)] },
      { chosenVendors: new Map([["2:7", 45]]) },
      { vendor: { vendorId: 41 }, chosenVendorMissing: false },
    ],
    [
      "no lead time: no suggestion",
      { vendors: [{ ...NORTH_FARM, LeadTimeDays: undefined }] },
      {},
      { arrival: undefined, reason: "no-lead-time" },
    ],
    [
      "no TargetDOI: no suggestion, with the reason",
      { vendors: [{ ...NORTH_FARM, TargetDOI: undefined }] },
      {},
      { targetDays: undefined, reason: "no-target" },
    ],
    [
      "no MaxDOI: no cap",
      { vendors: [{ ...NORTH_FARM, MaxDOI: undefined }] },
      {},
      { maxDays: undefined, suggestedCases: 37, uncappedCases: undefined },
    ],
    // Cap at 12.4 × (10 + 33) = 533.2: 61 + 12c ≤ 533.2 → c = 39, no lowering; at 12.4 × 39 = 483.6 → c = 35.
    [
      "a MaxDOI with room changes nothing",
      { vendors: [{ ...NORTH_FARM, MaxDOI: 33 }] },
      {},
      { suggestedCases: 37, uncappedCases: undefined },
    ],
    [
      "a MaxDOI lowers the cases",
      { vendors: [{ ...NORTH_FARM, MaxDOI: 29 }] },
      {},
      { suggestedCases: 35, suggestedUnits: 420, uncappedCases: 37 },
    ],
    // A MaxDOI of 0 is a maximum like any other: stock for the days until arrival, 12.4 × 10 = 124 → 61 + 60.
    [
      "a MaxDOI of 0 days caps at the sales until arrival",
      { vendors: [{ ...NORTH_FARM, MaxDOI: 0 }] },
      {},
      { suggestedCases: 5, uncappedCases: 37 },
    ],
    // 120 + 12 > 124: not one case fits, though the target asks for ⌈(496 − 120) ÷ 12⌉ = 32.
    [
      "a MaxDOI that leaves room for no case: no suggestion",
      { vendors: [{ ...NORTH_FARM, MaxDOI: 0 }], inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 120 }] },
      {},
      { suggestedCases: undefined, reason: "capped-to-zero", uncappedCases: 32 },
    ],
    [
      "empty PickupDates: from today",
      { vendors: [{ ...NORTH_FARM, PickupDates: [] }] },
      {},
      { arrivesIn: 5, arrival: { day: "2026-11-26", pickup: { day: "2026-11-21", source: "none" } } },
    ],
    ["missing PickupDates: from today", { vendors: [{ ...NORTH_FARM, PickupDates: undefined }] }, {}, { arrivesIn: 5 }],
    [
      "pickup Saturday, today Saturday: next week's",
      { vendors: [{ ...NORTH_FARM, PickupDates: ["Sat"] }] },
      {},
      { arrivesIn: 12 },
    ],
    [
      "pickups Monday and Tuesday, today Saturday: Monday",
      { vendors: [{ ...NORTH_FARM, PickupDates: ["Mon", "Tue"] }] },
      {},
      { arrivesIn: 7, arrival: { pickup: { day: "2026-11-23", source: "weekday" } } },
    ],

    // Purchases
    [
      "a Submitted API order is on order",
      { purchases: [purchase("Submitted", 40)] },
      {},
      { onOrder: 40, daysOfCover: 8.145, suggestedCases: 33 },
    ],
    [
      "New and Accepted posted purchases are on order",
      {
        purchases: [
          purchase("New", 24, { purchase_global_id: "a" }),
          purchase("Accepted", 16, { purchase_global_id: "b" }),
        ],
      },
      {},
      { onOrder: 40, suggestedCases: 33 },
    ],
    [
      "Received, Confirmed and Verified purchases are not",
      {
        purchases: [
          purchase("Received", 24, { purchase_global_id: "a" }),
          purchase("Confirmed", 24, { purchase_global_id: "b" }),
          purchase("Verified", 24, { purchase_global_id: "c" }),
        ],
      },
      {},
      { onOrder: 0, suggestedCases: 37 },
    ],
    [
      "a posted line in cases counts cases × WholesaleUnitsPerCase",
      {
        purchases: [
          { ...purchase("New", 0), purchase_transactions: [{ purchase_trans_id: 1, product_id: 7, cases: "2.00" }] },
        ],
      },
      {},
      { onOrder: 24 },
    ],
    [
      "a draft is shown apart and not counted",
      { purchases: [purchase("InProgress", 120)] },
      {},
      { onOrder: 0, inDrafts: 120, draftsCounted: false, suggestedCases: 37 },
    ],
    // 61 + 120 = 181: need 496 − 181 = 315 → 26.25 → 27 cases.
    [
      "a draft is counted when Count drafts is ticked",
      { purchases: [purchase("InProgress", 120)] },
      { countDrafts: true },
      { onOrder: 0, inDrafts: 120, draftsCounted: true, suggestedCases: 27 },
    ],
    [
      "v1 purchases count as v2 ones",
      {
        purchasesV1: {
          purchases: [{ PurchaseID: 1, Status: "New", ToLocationID: 1 }],
          lines: [{ PurchaseID: 1, ProductID: 7, Ordered: "40.00" }],
        },
      },
      {},
      { onOrder: 40, suggestedCases: 33 },
    ],

    // Time zones
    [
      "a warehouse without a state: days counted in UTC, said",
      { locations: [{ LocationID: 1, Location: "Oakland" }] },
      {},
      { timeZone: "UTC", zoneKnown: false, today: "2026-11-21" },
    ],
    [
      "a state without a zone: UTC",
      { states: [{ StateAbbreviation: "CA" }] },
      {},
      { timeZone: "UTC", zoneKnown: false },
    ],
  ];
  it.each(table)("%s", (_name, parts, options, expected) => {
    expect(fieldsOf(oaklandRow(parts, options), expected)).toMatchObject(expected);
  });
});

describe("planRows: today on the warehouse's clock", () => {
  const sunday = { ...NORTH_FARM, PickupDates: ["Sun"], LeadTimeDays: 0 };
  it.each([
    // 2026-11-22T05:00Z is Saturday 9 PM in Los Angeles: Sunday's pickup is tomorrow. In UTC it would be next week's.
    ["Los Angeles at 9 PM Saturday (Sunday in UTC)", "2026-11-22T05:00:00Z", "2026-11-21", 1],
    ["Los Angeles on Sunday morning", "2026-11-22T17:00:00Z", "2026-11-22", 7],
    // Daylight saving ends at 2 AM on Sunday 2026-11-01: the day has 25 hours, and still counts as one.
    ["the evening before daylight saving ends", "2026-11-01T06:30:00Z", "2026-10-31", 1],
    // It starts at 2 AM on Sunday 2026-03-08: a 23-hour day, one day all the same.
    ["the evening before daylight saving starts", "2026-03-08T07:30:00Z", "2026-03-07", 1],
  ] as const)("%s", (_name, now, today, arrivesIn) => {
    const row = oaklandRow({ vendors: [sunday] }, { now: new Date(now) });
    expect(row.today).toBe(today);
    expect(row.arrivesIn).toBe(arrivesIn);
  });

  it("counts a week across the end of daylight saving as 7 days", () => {
    // Saturday 2026-10-31, noon in Los Angeles; pickup Monday Nov 2 plus 5 days: Saturday Nov 7.
    const row = oaklandRow(
      { vendors: [{ ...NORTH_FARM, PickupDates: ["Mon"], LeadTimeDays: 5 }] },
      { now: new Date("2026-10-31T19:00:00Z") },
    );
    expect(row.arrival?.day).toBe("2026-11-07");
    expect(row.arrivesIn).toBe(7);
  });

  it("counts each warehouse in its own state's zone", () => {
    const input = world({
      inventory: [OAKLAND_STOCK, { ...OAKLAND_STOCK, LocationID: 3 }],
      vendors: [sunday, { ...sunday, VendorID: 41, LocationID: 3 }],
    });
    const rows = planRows(input, { now: new Date("2026-11-22T05:00:00Z") });
    expect(rows.map((r) => [r.warehouseName, r.today, r.arrivesIn])).toEqual([
      ["Oakland", "2026-11-21", 1],
      ["Brooklyn", "2026-11-22", 7],
    ]);
  });
});

describe("planRows: the rows", () => {
  it("makes one row per product and warehouse with inventory, by warehouse then product name", () => {
    const input = world({
      inventory: [
        { ...OAKLAND_STOCK, LocationID: 2 },
        OAKLAND_STOCK,
        { ...OAKLAND_STOCK, ProductID: 8 },
        OAKLAND_STOCK,
        { ProductID: 9 },
        { LocationID: 1 },
      ],
      products: [CHOCOLATE, { ...CHOCOLATE, ProductID: 8, ProductName: "Almond Bar" }],
      locations: LOCATIONS,
    });
    const rows = planRows(input, { now: SATURDAY });
    expect(rows.map((r) => r.key)).toEqual(["1:8", "1:7", "2:7"]);
    expect(rows.find((r) => r.key === "1:7")?.available).toBe(122);
  });

  it("never throws on records with every field missing", () => {
    const rows = planRows(
      {
        inventory: [{}, { ProductID: 7, LocationID: 1 }],
        products: [{}],
        vendors: [{}],
        locations: [{}],
        states: [{}],
        purchases: [{}],
      },
      { now: SATURDAY },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe("unknown-product");
  });
});
