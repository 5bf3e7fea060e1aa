import { describe, expect, it } from "vitest";
import { CreatePurchaseBody } from "@/lib/data-api/writes";
import { createBody, type DraftPick, draftsOf, plannedOrders, poNumber, type SkippedPick } from "./drafts";
import { draftJobs } from "@/lib/ui/purchases/draft-runner";
import { CHOCOLATE, NORTH_FARM, OAKLAND_STOCK, SATURDAY, world } from "./fixtures";
import type { InventoryInput, ProductInput } from "@/lib/domain/replenishment/inputs";
import { planRows } from "@/lib/domain/replenishment/plan";

describe("poNumber", () => {
  it("writes PLAN-YYYYMMDD-<vendorId>-<n>, n from 1", () => {
    expect(poNumber("2026-11-21", 40)).toBe("PLAN-20261121-40-1");
    expect(poNumber("2026-11-21", 40, 3)).toBe("PLAN-20261121-40-3");
  });
});

// Oakland (1): chocolate 7 and almond 8 from vendor 40, berry 10 from vendor 41 (batch codes required; pickup Monday,
// 2 days' lead). Fresno (2): chocolate 7 from vendor 40's Fresno row. Brooklyn (3): no vendor.
const products: ProductInput[] = [
  CHOCOLATE,
  { ...CHOCOLATE, ProductID: 8, ProductName: "Almond Bar" },
  { ...CHOCOLATE, ProductID: 10, ProductName: "Berry Chew", WholesaleUnitsPerCase: 6 },
];
const inventory: InventoryInput[] = [
  OAKLAND_STOCK,
  { ...OAKLAND_STOCK, ProductID: 8, AvailableUnits: 500, AvgDailySales90d: "2" },
  { ...OAKLAND_STOCK, ProductID: 10, AvailableUnits: 0, AvgDailySales90d: "1" },
  { ...OAKLAND_STOCK, LocationID: 2, AvailableUnits: 0, AvgDailySales90d: "3" },
  { ...OAKLAND_STOCK, LocationID: 3 },
];
const vendors = [
  NORTH_FARM,
  { ...NORTH_FARM, LocationID: 2 },
  {
    ...NORTH_FARM,
    VendorID: 41,
    VendorName: "Berry Co",
    PickupDates: ["Mon"],
    LeadTimeDays: 2,
    RequirePOBatchCodes: true,
  },
];
const rows = planRows(world({ products, inventory, vendors }), {
  now: SATURDAY,
  chosenVendors: new Map([["1:10", 41]]),
});

describe("draftsOf", () => {
  it("makes one draft per vendor and warehouse, numbered per vendor, delivered on the arrival day", () => {
    const { drafts, skipped } = draftsOf(rows, [
      { key: "2:7" },
      { key: "1:7" },
      { key: "1:10" },
      { key: "1:8", units: 30 },
    ]);
    expect(skipped).toEqual([]);
    expect(
      drafts.map((d) => [
        d.locationId,
        d.vendorId,
        d.poNumber,
        d.deliveryDate,
        d.lines.map((l) => [l.productId, l.cases, l.units]),
      ]),
    ).toEqual([
      // Almond: 30 units typed, 2.5 cases of 12, rounded to 3.
      [
        1,
        40,
        "PLAN-20261121-40-1",
        "2026-12-01",
        [
          [7, 37, 444],
          [8, 3, 36],
        ],
      ],
      // Berry from vendor 41: Monday Nov 23 plus 2 days. Need 1 × (4 + 30) = 34 units → 6 cases of 6.
      [1, 41, "PLAN-20261121-41-1", "2026-11-25", [[10, 6, 36]]],
      // Vendor 40 again, to Fresno: its second PO number of the day (po_num is unique per vendor).
      [2, 40, "PLAN-20261121-40-2", "2026-12-01", [[7, 10, 120]]],
    ]);
    expect(drafts.map((d) => [d.totalCases, d.totalUnits])).toEqual([
      [40, 480],
      [6, 36],
      [10, 120],
    ]);
    expect(drafts.map((d) => [d.vendorName, d.warehouseName, d.supplierId])).toEqual([
      ["North Farm", "Oakland", 12],
      ["Berry Co", "Oakland", 12],
      ["North Farm", "Fresno", 12],
    ]);
  });

  it("marks the lines of a vendor that requires batch codes", () => {
    const { drafts } = draftsOf(rows, [{ key: "1:7" }, { key: "1:10" }]);
    expect(drafts.map((d) => [d.requiresBatchCodes, d.lines.map((l) => l.needsBatchCode)])).toEqual([
      [false, [false]],
      [true, [true]],
    ]);
  });

  const rounding: [string, number | undefined, number | undefined][] = [
    ["the suggestion when nothing was typed", undefined, 37],
    ["typed units rounded to the nearest case (30 of 12 → 3)", 30, 3],
    ["13 units → 1 case", 13, 1],
    ["a positive quantity under half a case → still 1 case", 3, 1],
    ["exactly 5 cases", 60, 5],
  ];
  it.each(rounding)("takes %s", (_name, units, cases) => {
    const { drafts } = draftsOf(rows, [{ key: "1:7", units }]);
    expect(drafts[0]?.lines[0]?.cases).toBe(cases);
    expect(drafts[0]?.lines[0]?.units).toBe((cases ?? 0) * 12);
  });

  it.each([
    ["a row that is not in the plan", { key: "9:9" }, "unknown-row"],
    ["a row without a vendor", { key: "3:7" }, "no-vendor"],
    ["a row without a suggestion and nothing typed", { key: "1:8" }, "no-quantity"],
    ["0 units typed", { key: "1:7", units: 0 }, "no-quantity"],
    ["a negative number typed", { key: "1:7", units: -12 }, "no-quantity"],
  ] as [string, DraftPick, SkippedPick["reason"]][])("skips %s, and says why", (_name, pick, reason) => {
    const { drafts, skipped } = draftsOf(rows, [pick]);
    expect(drafts).toEqual([]);
    expect(skipped).toEqual([{ key: pick.key, reason }]);
  });

  it("skips a row without a lead time (no arrival day)", () => {
    const noLead = planRows(world({ vendors: [{ ...NORTH_FARM, LeadTimeDays: null }] }), { now: SATURDAY });
    expect(draftsOf(noLead, [{ key: "1:7", units: 12 }]).skipped).toEqual([{ key: "1:7", reason: "no-arrival" }]);
  });

  it("skips a row whose supplier is known neither from the product nor from the vendor", () => {
    const unknown = planRows(world({ products: [], vendors: [{ ...NORTH_FARM, SupplierID: undefined }] }), {
      now: SATURDAY,
    });
    expect(draftsOf(unknown, [{ key: "1:7", units: 12 }]).skipped).toEqual([{ key: "1:7", reason: "no-supplier" }]);
  });

  it("takes a row ticked twice once", () => {
    const { drafts } = draftsOf(rows, [{ key: "1:7" }, { key: "1:7", units: 1200 }]);
    expect(drafts[0]?.lines).toHaveLength(1);
    expect(drafts[0]?.lines[0]?.cases).toBe(37);
  });

  it("splits a draft past 200 lines into several, each with its own PO number", () => {
    const many = Array.from({ length: 201 }, (_, i) => 1000 + i);
    const big = planRows(
      world({
        products: many.map((id) => ({ ...CHOCOLATE, ProductID: id, ProductName: `P${id}` })),
        inventory: many.map((id) => ({ ...OAKLAND_STOCK, ProductID: id })),
      }),
      { now: SATURDAY },
    );
    const { drafts } = draftsOf(
      big,
      big.map((r) => ({ key: r.key })),
    );
    expect(drafts.map((d) => [d.poNumber, d.lines.length])).toEqual([
      ["PLAN-20261121-40-1", 200],
      ["PLAN-20261121-40-2", 1],
    ]);
  });

  it("dates the PO number by today on the warehouse's clock", () => {
    // 05:00 UTC on Sunday Nov 22 is still Saturday evening in Los Angeles, already Sunday in New York.
    const input = world({
      inventory: [OAKLAND_STOCK, { ...OAKLAND_STOCK, LocationID: 3 }],
      vendors: [NORTH_FARM, { ...NORTH_FARM, VendorID: 43, LocationID: 3 }],
    });
    const late = planRows(input, { now: new Date("2026-11-22T05:00:00Z") });
    expect(draftsOf(late, [{ key: "1:7" }, { key: "3:7" }]).drafts.map((d) => d.poNumber)).toEqual([
      "PLAN-20261121-40-1",
      "PLAN-20261122-43-1",
    ]);
  });
});

describe("createBody", () => {
  const { drafts } = draftsOf(rows, [{ key: "1:7" }, { key: "1:8", units: 30 }, { key: "1:10" }]);
  const [oakland, berry] = drafts as [(typeof drafts)[number], (typeof drafts)[number]];

  it("is the v2 POST /purchases body, as the strict schema takes it", () => {
    const body = createBody(oakland);
    expect(body).toEqual({
      vendor_id: 40,
      to_location_id: 1,
      supplier_id: 12,
      delivery_date: "2026-12-01",
      po_num: "PLAN-20261121-40-1",
      purchase_transactions: [
        { product_id: 7, units: 444 },
        { product_id: 8, units: 36 },
      ],
    });
    expect(CreatePurchaseBody.safeParse(body).success).toBe(true);
  });

  it("adds batch codes by row key (trimmed; blanks left out), a supplier name, and a retried PO number", () => {
    const body = createBody(berry, {
      batchCodes: new Map([
        ["1:10", " BC-261121 "],
        ["1:7", "ignored: not in this draft"],
      ]),
      supplierName: "Cocoa Co",
      poNumber: "PLAN-20261121-41-2",
    });
    expect(body).toMatchObject({
      supplier_name: "Cocoa Co",
      po_num: "PLAN-20261121-41-2",
      purchase_transactions: [{ product_id: 10, units: 36, batch_code: "BC-261121" }],
    });
    expect(CreatePurchaseBody.safeParse(body).success).toBe(true);
    expect(createBody(berry, { batchCodes: new Map([["1:10", "  "]]) }).purchase_transactions).toEqual([
      { product_id: 10, units: 36 },
    ]);
  });
});

describe("plannedOrders", () => {
  const { drafts } = draftsOf(rows, [{ key: "1:7" }, { key: "1:10" }]);

  it("gives the purchase-order runner each draft's body (with the supplier's name) and keeps the plan's draft", () => {
    const orders = plannedOrders(drafts, { supplierName: "Cocoa Co" });
    expect(orders.map((o) => [o.body, o.requiresBatchCodes])).toEqual(
      drafts.map((d) => [createBody(d, { supplierName: "Cocoa Co" }), d.requiresBatchCodes]),
    );
    expect(orders.map((o) => o.planned)).toEqual(drafts);
    // The runner numbers them as planned, past a number the vendor already has.
    const known = new Map([[40, new Set(["PLAN-20261121-40-1"])]]);
    expect(draftJobs(orders, known).map((j) => j.poNumber)).toEqual(["PLAN-20261121-40-2", "PLAN-20261121-41-1"]);
  });
});
