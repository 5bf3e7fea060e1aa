import { describe, expect, it } from "vitest";
import type { GuideRow } from "./guide-data";
import { bucketBound, flagWords, reviewList } from "./review";

const row = (productId: number, fields: Partial<GuideRow> = {}): GuideRow => ({
  productId,
  name: `Product ${productId}`,
  brand: null,
  category: null,
  unitsPerCase: 10,
  shelf: "4",
  neverCounted: false,
  daysOfCover: "3.00",
  usualCases: "2.00",
  boughtCases: null,
  unitPrice: "21.00",
  casePrice: "210.00",
  onPromotion: false,
  promotionEnds: null,
  bucket: "< 25 Cases",
  inStock: true,
  sample: false,
  suggestedCases: 2,
  ...fields,
});

describe("bucketBound", () => {
  it.each([
    ["< 5 Cases", 5],
    ["< 1 Case", 1],
    ["< 50 Cases", 50],
    ["Out of Stock", 0],
    ["50+ Cases", undefined],
    [null, undefined],
    ["plenty", undefined],
  ])("reads %j as %j", (bucket, bound) => expect(bucketBound(bucket)).toBe(bound));
});

describe("reviewList", () => {
  it("flags 9,999 cases against a warehouse showing < 5 Cases and a usual order of 2, and totals the list exactly", () => {
    const review = reviewList(
      [row(1, { bucket: "< 5 Cases", casePrice: "210.37" }), row(2), row(3, { bucket: "50+ Cases" })],
      [
        { productId: 1, cases: 9999 },
        { productId: 2, cases: 6 },
        { productId: 3, cases: 7 },
      ],
    );
    expect(review.ok && review.lines.map((l) => [l.productId, l.flags])).toEqual([
      [1, ["over-bucket", "over-usual"]],
      [2, []],
      [3, ["over-usual"]],
    ]);
    expect(review.ok && [review.totalCases, review.total, review.flagged]).toEqual([10012, "2106219.63", 2]);
  });

  it.each([
    { name: "exactly the bucket's bound", cases: 5, bucket: "< 5 Cases", flags: ["over-bucket"] },
    { name: "one under the bound", cases: 4, bucket: "< 5 Cases", flags: [] },
    { name: "anything of what is out of stock", cases: 1, bucket: "Out of Stock", flags: ["over-bucket"] },
    { name: "three times the usual", cases: 6, bucket: null, flags: [] },
    { name: "past three times the usual", cases: 7, bucket: null, flags: ["over-usual"] },
  ])("flags $name: $flags", ({ cases, bucket, flags }) => {
    const review = reviewList([row(1, { bucket })], [{ productId: 1, cases }]);
    expect(review.ok && review.lines[0]!.flags).toEqual(flags);
  });

  it("says why no list can be made: nothing asked", () => {
    expect(reviewList([row(1)], [{ productId: 1, cases: 0 }])).toEqual({
      ok: false,
      detail: "The list is empty: give at least one product 1 case or more.",
    });
  });

  it("words each flag", () => {
    expect(flagWords("over-bucket", { bucket: "< 5 Cases", usualCases: "2.00" })).toBe("the warehouse shows < 5 Cases");
    expect(flagWords("over-usual", { bucket: null, usualCases: "2.00" })).toBe("more than 3 × the usual 2 cases");
  });
});
