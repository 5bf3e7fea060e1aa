import { describe, expect, it } from "vitest";
import { soldIn90Days, underDaysOfInventory } from "./stock-cover";

describe("stock cover", () => {
  it.each([
    [{ DOI: "5.60", AvgDailySales90d: "9.29" }, true, true],
    [{ DOI: "13.999999", AvgDailySales90d: "1" }, true, true],
    [{ DOI: "14.00", AvgDailySales90d: "1" }, true, false],
    [{ DOI: "120", AvgDailySales90d: "0.01" }, true, false],
    [{ DOI: "0", AvgDailySales90d: "0.00" }, false, false],
    [{ DOI: null, AvgDailySales90d: "3" }, false, false],
    [{ AvgDailySales90d: "3" }, false, false],
    [{ DOI: 2, AvgDailySales90d: 3 }, true, true],
  ])("%j sold: %s, under 14 days: %s", (row, sold, under) => {
    expect(soldIn90Days(row)).toBe(sold);
    expect(underDaysOfInventory(row)).toBe(under);
  });
});
