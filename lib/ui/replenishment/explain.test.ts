import { describe, expect, it } from "vitest";
import { explain } from "./explain";
import { CHOCOLATE, NORTH_FARM, OAKLAND_STOCK, oaklandRow, purchase } from "./fixtures";
import type { PlanInput, PlanOptions } from "@/lib/domain/replenishment/plan";

const trip = "next pickup Thursday plus 5 days' lead time: arrives in 10 days";
const stock = (AvailableUnits: number | null, AvgDailySales90d: string | null = "12.40") => ({
  inventory: [{ ...OAKLAND_STOCK, AvailableUnits, AvgDailySales90d }],
});
const farm = (more: Partial<typeof NORTH_FARM>) => ({ vendors: [{ ...NORTH_FARM, ...more }] });

describe("explain", () => {
  const table: [string, Partial<PlanInput>, Partial<PlanOptions>, string][] = [
    [
      "the issue's example: on order, pickup, lead time, target",
      { purchases: [purchase("Submitted", 40)] },
      {},
      `sells 12.4 a day; 61 available and 40 on order last 8.1 days; ${trip}; 30 days' target: 33 cases (396 units)`,
    ],
    [
      "nothing on order",
      {},
      {},
      `sells 12.4 a day; 61 available last 4.9 days; ${trip}; 30 days' target: 37 cases (444 units)`,
    ],
    [
      "one case",
      stock(10, "0.40"),
      {},
      `sells 0.4 a day; 10 available last 25 days; ${trip}; 30 days' target: 1 case (12 units)`,
    ],
    [
      "a product counted in units",
      { products: [{ ...CHOCOLATE, WholesaleUnitsPerCase: undefined }] },
      {},
      `sells 12.4 a day; 61 available last 4.9 days; ${trip}; 30 days' target: 435 units`,
    ],
    ["no sales", stock(61, "0.00"), {}, "no sales in the last 90 days; 61 available; no suggestion"],
    [
      "no sales figure",
      stock(61, null),
      {},
      "no sales figure (AvgDailySales90d) was sent; 61 available; no suggestion",
    ],
    ["no available figure", stock(null), {}, "sells 12.4 a day; the available units were not sent; no suggestion"],
    [
      "no vendor",
      { vendors: [] },
      {},
      "sells 12.4 a day; 61 available last 4.9 days; no active vendor delivers to Oakland: no suggestion",
    ],
    [
      "an inactive product",
      { products: [{ ...CHOCOLATE, StatusID: 0 }] },
      {},
      "Discontinued product (only Active and Pre-order products are planned): no suggestion",
    ],
    [
      "a Close Out product",
      { products: [{ ...CHOCOLATE, StatusID: 5 }] },
      {},
      "Close Out product (only Active and Pre-order products are planned): no suggestion",
    ],
    [
      "an unknown status",
      { products: [{ ...CHOCOLATE, StatusID: 9 }] },
      {},
      "status 9 product (only Active and Pre-order products are planned): no suggestion",
    ],
    [
      "a product not in the catalog",
      { products: [] },
      {},
      "product #7 is not in the catalog that was read, so its status and case size are unknown: no suggestion",
    ],
    [
      "a product without a status",
      { products: [{ ...CHOCOLATE, StatusID: null }] },
      {},
      "the product's status was not sent: no suggestion",
    ],
    [
      "above target",
      stock(500),
      {},
      `sells 12.4 a day; 500 available last 40.3 days; ${trip}; 30 days' target: the stock covers it, nothing to order`,
    ],
    [
      "lowered by the maximum",
      farm({ MaxDOI: 29 }),
      {},
      `sells 12.4 a day; 61 available last 4.9 days; ${trip}; 30 days' target: 35 cases (420 units), lowered from 37 cases by the 29 days' maximum`,
    ],
    [
      "capped to nothing by the maximum",
      { ...farm({ MaxDOI: 0 }), ...stock(120) },
      {},
      `sells 12.4 a day; 120 available last 9.7 days; ${trip}; 30 days' target would take 32 cases (384 units), but the 0 days' maximum leaves room for none: no suggestion`,
    ],
    [
      "no target",
      farm({ TargetDOI: undefined }),
      {},
      `sells 12.4 a day; 61 available last 4.9 days; ${trip}; vendor North Farm gives no target days (TargetDOI): no suggestion`,
    ],
    [
      "no lead time",
      farm({ LeadTimeDays: undefined }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; vendor North Farm gives no lead time: no suggestion",
    ],
    [
      "drafts not counted",
      { purchases: [purchase("InProgress", 120)] },
      {},
      `sells 12.4 a day; 61 available last 4.9 days (120 more in drafts, not counted); ${trip}; 30 days' target: 37 cases (444 units)`,
    ],
    [
      "drafts counted",
      { purchases: [purchase("InProgress", 120)] },
      { countDrafts: true },
      `sells 12.4 a day; 61 available and 120 in drafts last 14.6 days; ${trip}; 30 days' target: 27 cases (324 units)`,
    ],
    [
      "on order and drafts counted",
      {
        purchases: [
          purchase("InProgress", 120, { purchase_global_id: "a" }),
          purchase("New", 40, { purchase_global_id: "b" }),
        ],
      },
      { countDrafts: true },
      `sells 12.4 a day; 61 available, 40 on order and 120 in drafts last 17.8 days; ${trip}; 30 days' target: 23 cases (276 units)`,
    ],
    [
      "reserved for authorized accounts",
      { inventory: [{ ...OAKLAND_STOCK, NotAuthorized: true }] },
      {},
      `reserved for authorized accounts; sells 12.4 a day; 61 available last 4.9 days; ${trip}; 30 days' target: 37 cases (444 units)`,
    ],
    [
      "reserved and inactive",
      { inventory: [{ ...OAKLAND_STOCK, NotAuthorized: true }], products: [{ ...CHOCOLATE, StatusID: 4 }] },
      {},
      "reserved for authorized accounts; Unavailable product (only Active and Pre-order products are planned): no suggestion",
    ],
    [
      "no pickup days",
      farm({ PickupDates: [] }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; no pickup days given, so from today plus 5 days' lead time: arrives in 5 days; 30 days' target: 32 cases (384 units)",
    ],
    [
      "unreadable pickup days",
      farm({ PickupDates: ["Funday"] }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; no pickup day after today could be read from \"Funday\", so from today plus 5 days' lead time: arrives in 5 days; 30 days' target: 32 cases (384 units)",
    ],
    [
      "a pickup date",
      farm({ PickupDates: ["2026-11-24"] }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; next pickup Tuesday 2026-11-24 plus 5 days' lead time: arrives in 8 days; 30 days' target: 35 cases (420 units)",
    ],
    [
      "one day's lead time",
      farm({ LeadTimeDays: 1 }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; next pickup Thursday plus 1 day's lead time: arrives in 6 days; 30 days' target: 33 cases (396 units)",
    ],
    [
      "arrives today",
      farm({ PickupDates: [], LeadTimeDays: 0 }),
      {},
      "sells 12.4 a day; 61 available last 4.9 days; no pickup days given, so from today plus no lead time: arrives today; 30 days' target: 26 cases (312 units)",
    ],
    [
      "a warehouse without a known zone",
      { locations: [{ LocationID: 1, Location: "Oakland" }] },
      {},
      `sells 12.4 a day; 61 available last 4.9 days; ${trip} (days counted in UTC: the warehouse's time zone is unknown); 30 days' target: 37 cases (444 units)`,
    ],
    [
      "a chosen vendor",
      {
        vendors: [
          NORTH_FARM,
          { ...NORTH_FARM, VendorID: 45, VendorName: "South Farm", PickupDates: ["Mon"], LeadTimeDays: 0 },
        ],
      },
      { chosenVendors: new Map([["1:7", 45]]) },
      "sells 12.4 a day; 61 available last 4.9 days; vendor South Farm (chosen); next pickup Monday plus no lead time: arrives in 2 days; 30 days' target: 28 cases (336 units)",
    ],
    [
      "a chosen vendor that no longer delivers",
      { vendors: [NORTH_FARM, { ...NORTH_FARM, VendorID: 45, Active: false }] },
      { chosenVendors: new Map([["1:7", 45]]) },
      `sells 12.4 a day; 61 available last 4.9 days; the chosen vendor no longer delivers here, so vendor North Farm; ${trip}; 30 days' target: 37 cases (444 units)`,
    ],
  ];
  it.each(table)("%s", (_name, parts, options, sentence) => {
    expect(explain(oaklandRow(parts, options))).toBe(sentence);
  });
});
