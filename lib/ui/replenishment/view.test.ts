import { describe, expect, it } from "vitest";
import { CHOCOLATE, NORTH_FARM, OAKLAND_STOCK, SATURDAY, world } from "./fixtures";
import { planRows } from "@/lib/domain/replenishment/plan";
import { filterRows, type PlanFilters, planTotals, sortByCover } from "./view";

// Oakland (1): chocolate 7 below target (vendor 40), almond 8 far above it, mint 9 not selling, berry 10 out of stock
// and ordered from vendor 42 (the person's pick). Fresno (2): chocolate 7 out of stock, from vendor 41.
const rows = planRows(
  world({
    products: [
      CHOCOLATE,
      { ...CHOCOLATE, ProductID: 8, ProductName: "Almond Bar", SupplierProductNumber: "AB-8" },
      { ...CHOCOLATE, ProductID: 9, ProductName: "Mint Tin", SupplierProductNumber: "N/A" },
      { ...CHOCOLATE, ProductID: 10, ProductName: "Berry Chew", SupplierProductNumber: null },
    ],
    inventory: [
      OAKLAND_STOCK,
      { ...OAKLAND_STOCK, ProductID: 8, AvailableUnits: 500, AvgDailySales90d: "2" },
      { ...OAKLAND_STOCK, ProductID: 9, AvailableUnits: 10, AvgDailySales90d: "0" },
      { ...OAKLAND_STOCK, ProductID: 10, AvailableUnits: 0, AvgDailySales90d: "1" },
      { ...OAKLAND_STOCK, LocationID: 2, AvailableUnits: 0, AvgDailySales90d: "3" },
    ],
    vendors: [
      NORTH_FARM,
      { ...NORTH_FARM, VendorID: 41, LocationID: 2, VendorName: "Valley" },
      { ...NORTH_FARM, VendorID: 42, VendorName: "Berry Co" },
    ],
  }),
  { now: SATURDAY, chosenVendors: new Map([["1:10", 42]]) },
);
const keys = (list: { key: string }[]) => list.map((r) => r.key);

describe("filterRows", () => {
  const table: [string, PlanFilters, string[]][] = [
    ["no filter: every row, in the plan's order", {}, ["1:8", "1:10", "1:7", "1:9", "2:7"]],
    ["a warehouse", { locationId: 2 }, ["2:7"]],
    ["a vendor (the chosen one counts)", { vendorId: 42 }, ["1:10"]],
    ["the default vendor", { vendorId: 40 }, ["1:8", "1:7", "1:9"]],
    [
      "only below target: under the target days, or no stock and selling",
      { onlyBelowTarget: true },
      ["1:10", "1:7", "2:7"],
    ],
    ["search in names, case ignored", { search: "BAR" }, ["1:8", "1:7", "2:7"]],
    ["search in supplier product numbers", { search: "ch-7" }, ["1:7", "2:7"]],
    ["search trimmed", { search: "  mint " }, ["1:9"]],
    ["search matching nothing", { search: "licorice" }, []],
    ["blank search: no filter", { search: "   " }, ["1:8", "1:10", "1:7", "1:9", "2:7"]],
    ["filters together", { locationId: 1, onlyBelowTarget: true, search: "chew" }, ["1:10"]],
  ];
  it.each(table)("%s", (_name, filters, expected) => {
    expect(keys(filterRows(rows, filters))).toEqual(expected);
  });
});

describe("filterRows: rows without a target", () => {
  // Out of stock and selling at Oakland, Fresno (no vendor delivers there) and Brooklyn (its vendor gives no TargetDOI).
  const untargeted = planRows(
    world({
      inventory: [
        { ...OAKLAND_STOCK, AvailableUnits: 0 },
        { ...OAKLAND_STOCK, LocationID: 2, AvailableUnits: 0 },
        { ...OAKLAND_STOCK, LocationID: 3, AvailableUnits: 0 },
      ],
      vendors: [NORTH_FARM, { ...NORTH_FARM, VendorID: 43, LocationID: 3, TargetDOI: undefined }],
    }),
    { now: SATURDAY },
  );
  it("leaves out of Only below target a row with no vendor or a vendor without TargetDOI, however empty its shelf", () => {
    expect(keys(filterRows(untargeted, { onlyBelowTarget: true }))).toEqual(["1:7"]);
    expect(keys(filterRows(untargeted, {}))).toEqual(["1:7", "2:7", "3:7"]);
  });
});

describe("sortByCover", () => {
  it("puts the fewest days of cover first and rows without cover last", () => {
    expect(keys(sortByCover(rows))).toEqual(["1:10", "2:7", "1:7", "1:8", "1:9"]);
  });
  it("puts the most days first when descending, rows without cover still last", () => {
    expect(keys(sortByCover(rows, "desc"))).toEqual(["1:8", "1:7", "1:10", "2:7", "1:9"]);
  });
  it("leaves its input alone", () => {
    const before = keys(rows);
    sortByCover(rows);
    expect(keys(rows)).toEqual(before);
  });
});

describe("planTotals", () => {
  it("sums the rows with a suggestion per vendor and warehouse", () => {
    expect(planTotals(rows)).toEqual({
      groups: [
        {
          vendorId: 40,
          vendorName: "North Farm",
          locationId: 1,
          warehouseName: "Oakland",
          lines: 1,
          cases: 37,
          units: 444,
        },
        {
          vendorId: 42,
          vendorName: "Berry Co",
          locationId: 1,
          warehouseName: "Oakland",
          lines: 1,
          cases: 4,
          units: 48,
        },
        { vendorId: 41, vendorName: "Valley", locationId: 2, warehouseName: "Fresno", lines: 1, cases: 10, units: 120 },
      ],
      all: { lines: 3, cases: 51, units: 612 },
    });
  });
  it("totals what the filters leave", () => {
    expect(planTotals(filterRows(rows, { locationId: 1 })).all).toEqual({ lines: 2, cases: 41, units: 492 });
    expect(planTotals([]).all).toEqual({ lines: 0, cases: 0, units: 0 });
  });
});
