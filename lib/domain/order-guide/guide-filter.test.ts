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
  boughtCases: null,
  unitPrice: "3.500000",
  casePrice: "35.00",
  onPromotion: false,
  promotionEnds: null,
  bucket: "< 25 Cases",
  inStock: true,
  sample: false,
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
    [
      { q: "  gummies  ", show: "40" },
      { coverDays: 14, filter: { q: "gummies" }, show: 40 },
    ],
    [
      { q: "", show: "-3" },
      { coverDays: 14, filter: {} },
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
    row({ productId: 4, name: "Mojave Sun Wedding Cake Pre-Roll 5pk", brand: "Mojave Sun", category: "Pre-Roll" }),
  ];
  it.each([
    ["no filter", {}, [1, 2, 3, 4]],
    ["a brand", { brand: "Kiva" }, [1, 3]],
    ["a search by a word of the name, in any case", { q: "wedding" }, [4]],
    ["a search by words in any order, across name, brand and category", { q: "pre-roll MOJAVE cake" }, [4]],
    ["a search that matches nothing", { q: "gummies" }, []],
    ["a search by the product's ID", { q: "3" }, [3]],
    ["a search with a brand", { q: "kiva", brand: "Other" }, []],
    ["a category", { category: "Flower" }, [3]],
    ["below 14 days of cover (never counted left out)", { below: true }, [1, 4]],
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
