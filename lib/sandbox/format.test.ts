import { describe, expect, it } from "vitest";
import { centi, money, parseMoney, units } from "./format";

describe("wire formats", () => {
  it.each([
    [125_500_000, "125.500000"],
    [0, "0.000000"],
    [5, "0.000005"],
    [-1_250_000, "-1.250000"],
    [123_456_789_012, "123456.789012"],
  ])("money(%i) is %s", (micros, text) => expect(money(micros)).toBe(text));

  it("writes hundredths and units with two decimals", () => {
    expect(centi(560)).toBe("5.60");
    expect(centi(-5)).toBe("-0.05");
    expect(units(12)).toBe("12.00");
    expect(units(-3)).toBe("-3.00");
    expect(centi(0)).toBe("0.00");
  });

  it("parses amounts exactly, without floats", () => {
    expect(parseMoney("0.1")).toBe(100_000);
    expect(parseMoney("125.50")).toBe(125_500_000);
    expect(parseMoney("-3")).toBe(-3_000_000);
    expect(parseMoney(money(987_654_321))).toBe(987_654_321);
    expect(() => parseMoney("1.2345678")).toThrow();
  });
});
