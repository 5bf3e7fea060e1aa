import { describe, expect, it } from "vitest";
import type { GuideRow } from "./guide-data";
import { filterRows, guideCsv, guideParams } from "./guide-filter";

const row = (over: Partial<GuideRow>): GuideRow => ({
  productId: 1,
  name: "A",
  brand: "Kiva",
  category: "Edible: Chocolate",
  unitsPerCase: 10,
  shelf: "5.00",
  neverCounted: false,
  daysOfCover: "10.0",
  usualCases: "1.00",
  unitPrice: "3.500000",
  casePrice: "35.00",
  onPromotion: false,
  promotionEnds: null,
  bucket: "< 25 Cases",
  inStock: true,
  suggestedCases: 1,
  ...over,
});

describe("guideParams", () => {
  it.each([
    [{}, { coverDays: 14, filter: {} }],
    [
      { customer: "20001", cover: "21", promo: "1", below: "1" },
      { customer: 20001, coverDays: 21, filter: { promo: true, below: true } },
    ],
    [
      { customer: "abc", cover: "0" },
      { coverDays: 14, filter: {} },
    ],
    [
      { cover: "91", brand: " Kiva ", category: "" },
      { coverDays: 14, filter: { brand: "Kiva" } },
    ],
    [
      { cover: ["7", "9"], promo: "yes" },
      { coverDays: 7, filter: {} },
    ],
  ])("guideParams(%j)", (params, expected) => {
    expect(guideParams(params)).toEqual(expected);
  });
});

describe("filterRows", () => {
  const rows = [
    row({ productId: 1, daysOfCover: "3.5" }),
    row({ productId: 2, brand: "Other", daysOfCover: "20.0", onPromotion: true }),
    row({ productId: 3, category: "Flower", daysOfCover: null, shelf: null }),
  ];
  it.each([
    ["no filter", {}, [1, 2, 3]],
    ["a brand", { brand: "Kiva" }, [1, 3]],
    ["a category", { category: "Flower" }, [3]],
    ["below 14 days of cover (never counted left out)", { below: true }, [1]],
    ["on promotion", { promo: true }, [2]],
  ])("%s", (_, filter, ids) => {
    expect(filterRows(rows, filter, 14).map((r) => r.productId)).toEqual(ids);
  });
});

describe("guideCsv", () => {
  it("spells the sentinels out", () => {
    const csv = guideCsv([
      row({
        shelf: null,
        neverCounted: true,
        daysOfCover: null,
        onPromotion: true,
        promotionEnds: null,
        inStock: false,
      }),
    ]);
    const [, line] = csv.split("\r\n");
    expect(line).toContain("never counted");
    expect(line).toContain("open-ended");
    expect(line).toContain(",no,");
  });
});
