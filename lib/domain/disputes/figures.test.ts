import { describe, expect, it } from "vitest";
import { type DisputeToCount, disputeFigures, median, wholeDays } from "./figures";

const NOW = Date.parse("2026-11-21T18:00:00.000Z");
const daysAgo = (days: number, hours = 0) => new Date(NOW - days * 86_400_000 - hours * 3_600_000).toISOString();

const dispute = (over: Partial<DisputeToCount> = {}): DisputeToCount => ({
  status: "open",
  openedAt: daysAgo(1),
  resolvedAt: null,
  credited: "0.00",
  lines: [{ reason: "short", amount: "90.00", supplierId: 7, productId: 501, productName: "Pre-roll 1g" }],
  ...over,
});

describe("disputeFigures", () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 1],
    [7, 1],
    [8, 2],
    [14, 2],
    [15, 3],
    [90, 3],
  ])("an open dispute %i days old is in bucket %i", (days, bucket) => {
    const figures = disputeFigures([dispute({ openedAt: daysAgo(days, 1) })], NOW);
    expect(figures.openByAge.map((b) => b.count)).toEqual([0, 1, 2, 3].map((i) => (i === bucket ? 1 : 0)));
    expect(figures.openByAge[bucket]!.amount).toBe("90.00");
  });

  it("counts only what is still in dispute of a partly credited one, and no resolved one as open", () => {
    const figures = disputeFigures(
      [
        dispute({ credited: "40.00" }),
        dispute({ status: "resolved", openedAt: daysAgo(4), resolvedAt: daysAgo(1), credited: "90.00" }),
      ],
      NOW,
    );
    expect(figures.open).toEqual({ count: 1, amount: "50.00" });
    expect(figures.resolved).toBe(1);
    expect(figures.medianDaysToResolve).toBe(3);
  });

  it("takes the median of the days to resolve (even count: the mean of the middle two)", () => {
    const resolvedAfter = (days: number) =>
      dispute({ status: "resolved", openedAt: daysAgo(days + 1), resolvedAt: daysAgo(1) });
    expect(disputeFigures([1, 2, 10].map(resolvedAfter), NOW).medianDaysToResolve).toBe(2);
    expect(disputeFigures([1, 2, 4, 10].map(resolvedAfter), NOW).medianDaysToResolve).toBe(3);
    expect(disputeFigures([dispute()], NOW).medianDaysToResolve).toBeNull();
  });

  it("counts a dispute once per reason, brand and product, with the amount of its lines of each", () => {
    const figures = disputeFigures(
      [
        dispute({
          lines: [
            { reason: "short", amount: "90.00", supplierId: 7, productId: 501, productName: "Pre-roll 1g" },
            { reason: "short", amount: "10.05", supplierId: 7, productId: 502, productName: "Gummies" },
            { reason: "damaged", amount: "15.00", supplierId: 8, productId: 601, productName: "Vape" },
          ],
        }),
        dispute({
          lines: [{ reason: "wrong-price", amount: "0.04", supplierId: 8, productId: 601, productName: "Vape" }],
        }),
      ],
      NOW,
      new Map([[7, "Brand Seven"]]),
    );
    expect(figures.byReason).toEqual([
      { reason: "short", count: 1, amount: "100.05" },
      { reason: "damaged", count: 1, amount: "15.00" },
      { reason: "wrong-price", count: 1, amount: "0.04" },
    ]);
    expect(figures.byBrand).toEqual([
      { supplierId: 7, name: "Brand Seven", count: 1, amount: "100.05" },
      { supplierId: 8, name: null, count: 2, amount: "15.04" },
    ]);
    expect(figures.byProduct[0]).toEqual({ productId: 501, name: "Pre-roll 1g", count: 1, amount: "90.00" });
    expect(figures.byProduct.find((p) => p.productId === 601)).toEqual({
      productId: 601,
      name: "Vape",
      count: 2,
      amount: "15.04",
    });
  });

  it("answers empty figures for no disputes", () => {
    const figures = disputeFigures([], NOW);
    expect(figures.open).toEqual({ count: 0, amount: "0.00" });
    expect(figures.openByAge.every((b) => b.count === 0 && b.amount === "0.00")).toBe(true);
    expect(figures.byReason).toEqual([]);
  });
});

describe("median and wholeDays", () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])("median(%o) is %o", (values, expected) => expect(median(values)).toBe(expected));

  it("drops the part of a day left over, and never goes below 0", () => {
    expect(wholeDays(daysAgo(2, 23), NOW)).toBe(2);
    expect(wholeDays(new Date(NOW + 60_000).toISOString(), NOW)).toBe(0);
  });
});
