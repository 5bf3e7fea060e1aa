import { describe, expect, it } from "vitest";
import { cappedStock } from "./demo-stock";

describe("cappedStock", () => {
  it.each([
    // perDay, case, lead, pickup days, target, maximum → stock
    ["a slow seller, no pickup days: the middle of 4.7 to 10.5", 0.3, 10, 7, false, 28, 42, 7],
    ["pickup days widen the arrival to 6-12 days: 4.1 to 8.1", 0.3, 10, 5, true, 21, 35, 6],
    ["so slow that no stock is the middle: the target still asks for a case", 0.01, 12, 7, false, 28, 42, 0],
    ["a case of 12 at 2 a day passes no 14-day gap: none", 2, 12, 7, false, 28, 42, undefined],
    ["the pickup days' week of doubt can close the range: none", 0.5, 10, 5, true, 21, 35, undefined],
  ] as const)("%s", (_, perDay, unitsPerCase, lead, hasPickupDays, target, maximum, expected) => {
    const stock = cappedStock(perDay, unitsPerCase, lead, hasPickupDays, target, maximum);
    expect(stock).toBe(expected);
    if (stock === undefined) return;
    // For every arrival day: something to order under the target, and a case too many under the maximum.
    for (let d = lead + (hasPickupDays ? 1 : 0); d <= lead + (hasPickupDays ? 7 : 0); d++) {
      expect(stock).toBeLessThan(perDay * (d + target));
      expect(stock + unitsPerCase).toBeGreaterThan(perDay * (d + maximum));
    }
  });
});
