import { describe, expect, it } from "vitest";
import { daysOfCover } from "./days-of-cover";

describe("daysOfCover", () => {
  it("divides stock by daily sales exactly, to one decimal, rounding half up", () => {
    expect(daysOfCover("30.00", "4.00")).toBe("7.5");
    expect(daysOfCover("10", "3")).toBe("3.3");
    expect(daysOfCover("20", "3")).toBe("6.7");
    // 0.25 days rounds up to 0.3; a float would give 0.30000000000000004-style noise elsewhere.
    expect(daysOfCover("0.25", "1")).toBe("0.3");
    expect(daysOfCover("1234.50", "0.10")).toBe("12345.0");
    expect(daysOfCover("0.000001", "1")).toBe("0.0");
    expect(daysOfCover(45, 2)).toBe("22.5");
  });

  it("has no figure when nothing sells or a value is missing or unreadable", () => {
    expect(daysOfCover("12.50", "0.00")).toBeUndefined();
    expect(daysOfCover("12.50", "0")).toBeUndefined();
    expect(daysOfCover("12.50", "-1.00")).toBeUndefined();
    expect(daysOfCover("12.50", undefined)).toBeUndefined();
    expect(daysOfCover("12.50", null)).toBeUndefined();
    expect(daysOfCover("12.50", "")).toBeUndefined();
    expect(daysOfCover(undefined, "1.00")).toBeUndefined();
    expect(daysOfCover("N/A", "1.00")).toBeUndefined();
    expect(daysOfCover("12.50", "1e3")).toBeUndefined();
  });

  it("has no figure for a shelf never counted (LastInventoryDate 2000-01-01 or 1999-12-31): its Inventory is no count", () => {
    expect(daysOfCover("0.00", "2.00", "2000-01-01T00:00:00")).toBeUndefined();
    expect(daysOfCover("6.00", "2.00", "1999-12-31T16:00:00-08:00")).toBeUndefined();
    expect(daysOfCover("6.00", "2.00", "2026-11-16T00:00:00.000Z")).toBe("3.0");
    expect(daysOfCover("6.00", "2.00", null)).toBe("3.0");
  });

  it("gives 0 days for a shelf with no stock, negative included", () => {
    expect(daysOfCover("0.00", "2.00")).toBe("0.0");
    expect(daysOfCover("-3.00", "2.00")).toBe("0.0");
  });
});
