import { describe, expect, it } from "vitest";
import { casePrice, cover, priceInForce, promotionEnds, suggestedCases, usualCases } from "./guide";

const counted = (Inventory: string, DailySales: string) => ({
  LastInventoryDate: "2026-11-23T00:00:00.000Z",
  Inventory,
  DailySales,
});

describe("cover", () => {
  it.each([
    ["a counted shelf", counted("29.50", "0.25"), { shelf: "29.50", daysOfCover: "118.0" }],
    [
      "never counted (2000-01-01)",
      { LastInventoryDate: "2000-01-01T00:00:00.000Z", Inventory: "0.00", DailySales: "0.00" },
      { shelf: null, daysOfCover: null },
    ],
    [
      "never counted (1999)",
      { LastInventoryDate: "1999-12-31", Inventory: "5", DailySales: "1" },
      { shelf: null, daysOfCover: null },
    ],
    ["negative inventory", counted("-3.00", "0.50"), { shelf: "-3.00", daysOfCover: "0.0" }],
    ["an empty shelf", counted("0", "0.50"), { shelf: "0.00", daysOfCover: "0.0" }],
    ["no sales", counted("4", "0.00"), { shelf: "4.00", daysOfCover: null }],
    ["no record", undefined, { shelf: null, daysOfCover: null }],
  ])("%s", (_, count, expected) => {
    expect(cover(count)).toEqual(expected);
  });
});

describe("suggestedCases", () => {
  // Two cases a fortnight over the 180 days: 26 cases bought, so the store's 14 days come to 2 cases.
  const base = {
    usual: "2.00",
    boughtCases: "26.00",
    unitsPerCase: 10,
    inStock: true,
    coverDays: 14,
    casePrice: "120.00",
    sample: false,
  };
  const never = { LastInventoryDate: "2000-01-01", Inventory: "0", DailySales: "0" };
  it.each([
    ["rounds a part case up", { count: counted("1", "0.61") }, 1], // 8.54 − 1 = 7.54 units: 1 case
    ["rounds up past a whole case", { count: counted("0", "1.50") }, 3], // 21 units: 2.1 cases
    ["exactly whole cases", { count: counted("0", "1.00"), coverDays: 20 }, 2],
    ["a shelf that covers the days", { count: counted("29.50", "0.25") }, 0],
    ["negative inventory counts as an empty shelf", { count: counted("-5", "1.00") }, 2], // 14 units, not 19
    ["a longer cover", { count: counted("0", "1.00"), coverDays: 30 }, 3],
    // A usual below a case suggests nothing unless the shelf is counted and short.
    ["a usual of 0.15 case, counted and short: the shelf's need", { count: counted("1", "0.61"), usual: "0.15" }, 1],
    ["a usual of 0.15 case, counted and covered: nothing", { count: counted("29.50", "0.25"), usual: "0.15" }, 0],
    ["a usual of 0.15 case, never counted: nothing", { count: never, usual: "0.15" }, 0],
    ["a usual of 0.15 case, no count at all: nothing", { count: undefined, usual: "0.15" }, 0],
    // Never counted: at most the usual, in whole cases (rounded down, never up past it).
    ["never counted: the usual order", { count: never, usual: "2.00" }, 2],
    ["never counted: a usual of 1.5 cases is 1, not 2", { count: never, usual: "1.50" }, 1],
    ["no count at all: a usual of 3.5 cases is 3", { count: undefined, usual: "3.50", boughtCases: "50.00" }, 3],
    ["never ordered and never counted", { count: undefined, usual: null, boughtCases: null }, 0],
    // Never counted: no more than the store bought in as many days (180 days' cases × days ÷ 180, to a whole case).
    ["never counted: bought once in 180 days (2 cases), nothing for 14 days", { count: never, boughtCases: "2.00" }, 0],
    ["never counted: 13 cases in 180 days is one a fortnight", { count: never, boughtCases: "13.00" }, 1],
    ["never counted: 11.6 cases in 180 days rounds to one a fortnight", { count: never, boughtCases: "11.60" }, 1],
    ["never counted: 11 cases in 180 days is 0.86 a fortnight: one", { count: never, boughtCases: "11.00" }, 1],
    ["never counted: 6 cases in 180 days is 0.47 a fortnight: nothing", { count: never, boughtCases: "6.00" }, 0],
    ["never counted: 30 days of a store buying 26 cases in 180", { count: never, coverDays: 30 }, 2], // 4.3, the usual 2
    ["never counted: a return taken off what was bought", { count: never, boughtCases: "-1.00" }, 0],
    // Counted without sales known: an empty shelf is short (the usual, a part case up); one holding stock is not.
    ["counted empty, no sales known: the usual", { count: counted("0", "0"), usual: "1.50" }, 2],
    ["counted empty, no sales known, a usual of 0.15 case: one case", { count: counted("0", "0"), usual: "0.15" }, 1],
    ["counted with stock, no sales known: nothing", { count: counted("3", "0") }, 0],
    // What is never suggested.
    ["out of stock: never suggested", { count: counted("0", "5"), inStock: false }, 0],
    ["out of stock, never counted", { count: undefined, inStock: false }, 0],
    ["a sample: never suggested", { count: counted("0", "5"), sample: true, casePrice: "0.10" }, 0],
    ["a sample, never counted", { count: never, sample: true, casePrice: "0.10" }, 0],
    ["no case price today: never suggested", { count: counted("0", "5"), casePrice: undefined }, 0],
    ["no case price today, never counted", { count: never, casePrice: undefined }, 0],
  ] as const)("%s", (_, input, expected) => {
    expect(suggestedCases({ ...base, ...input })).toBe(expected);
  });
});

describe("priceInForce", () => {
  const promo = {
    FullPrice: "14.500000",
    UnitPrice: "3.500000",
    PromotionID: 3001,
    StartDate: "2026-10-29",
    EndDate: "2026-11-30",
  };
  it.each([
    [
      "no promotion: the full price",
      { FullPrice: "32.000000", UnitPrice: "32.000000", PromotionID: null },
      "2026-11-25",
      "32.000000",
    ],
    ["during the promotion", promo, "2026-11-25", "3.500000"],
    ["on its first day", promo, "2026-10-29", "3.500000"],
    ["on its last day", promo, "2026-11-30", "3.500000"],
    ["the day after it ends", promo, "2026-12-01", "14.500000"],
    ["before it starts", promo, "2026-10-28", "14.500000"],
    ["open-ended (3000-12-31)", { ...promo, EndDate: "3000-12-31" }, "2027-06-01", "3.500000"],
    ["no price at all", {}, "2026-11-25", undefined],
  ])("%s", (_, record, day, expected) => {
    expect(priceInForce(record, day)).toBe(expected);
  });
});

describe("promotionEnds, casePrice, usualCases", () => {
  it.each([
    ["2026-11-30", "2026-11-30"],
    ["2026-11-30T00:00:00.000Z", "2026-11-30"],
    ["3000-12-31", null],
    [null, null],
  ])("promotionEnds(%s)", (end, expected) => {
    expect(promotionEnds(end)).toBe(expected);
  });
  it.each([
    ["3.500000", 10, "35.00"],
    ["4.125", 4, "16.50"],
    [undefined, 10, undefined],
    ["3.50", undefined, undefined],
  ])("casePrice(%s, %s)", (unit, per, expected) => {
    expect(casePrice(unit, per)).toBe(expected);
  });
  it.each([
    [["2", "3", "10"], "3.00"],
    [["2", "4"], "3.00"],
    [["1", "1", "1", "1", "1", "9", "9"], "1.00"], // only the last five
    [["0.5"], "0.50"],
    [[], null],
  ])("usualCases(%j)", (orders, expected) => {
    expect(usualCases(orders)).toBe(expected);
  });
});
