import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDecimals,
  compareDecimals,
  isPositiveDecimal,
  isWholeCents,
  parseDecimal,
  requireDecimal,
  subtractDecimal,
  toDecimalString,
  toExactDecimalString,
} from "./decimal";

describe("parseDecimal", () => {
  it.each([
    ["0", 0n],
    ["-0", 0n],
    ["12", 12_000_000n],
    ["12.", 12_000_000n],
    ["1234.500000", 1_234_500_000n],
    ["-0.000001", -1n],
    ["007.5", 7_500_000n],
    ["123456789012345678901234567890.123456", 123456789012345678901234567890123456n],
  ])("reads %j as %s micro-units", (text, micros) => {
    expect(parseDecimal(text)).toBe(micros);
  });

  it.each(["", "-", ".5", "1.0000001", "1e3", " 1", "1,000", "+1", "1.2.3", "NaN", "--1", "$1"])(
    "rejects %j",
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );
});

describe("requireDecimal", () => {
  it("reads what parseDecimal reads and throws a RangeError on anything else", () => {
    expect(requireDecimal("125.5")).toBe(125_500_000n);
    expect(requireDecimal("-3")).toBe(-3_000_000n);
    expect(() => requireDecimal("1.2345678")).toThrow(RangeError);
    expect(() => requireDecimal("1e3")).toThrow(RangeError);
  });
});

describe("toDecimalString", () => {
  it.each([
    [5_000n, 2, "0.01"], // 0.005 rounds half away from zero
    [-5_000n, 2, "-0.01"],
    [4_999n, 2, "0.00"],
    [-4_999n, 2, "0.00"], // no "-0.00"
    [999_999_995_000n, 2, "1000000.00"], // 999999.995 carries into a new digit
    [-999_999_995_000n, 2, "-1000000.00"],
    [1_234_500_000n, 6, "1234.500000"],
    [1_500_000n, 0, "2"],
    [-2_500_000n, 0, "-3"],
    [1n, 6, "0.000001"],
    [123456789012345678901234567890123456n, 2, "123456789012345678901234567890.12"],
  ])("writes %s micro-units with %i decimals as %j", (micros, digits, text) => {
    expect(toDecimalString(micros, digits)).toBe(text);
  });

  it("defaults to 2 decimals and rejects a scale it cannot give", () => {
    expect(toDecimalString(1_234_567n)).toBe("1.23");
    expect(() => toDecimalString(1n, 7)).toThrow(RangeError);
    expect(() => toDecimalString(1n, 1.5)).toThrow(RangeError);
  });

  it("round-trips every 6-decimal value exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (micros) => {
        expect(parseDecimal(toDecimalString(micros, 6))).toBe(micros);
      }),
    );
  });
});

describe("addDecimals, subtractDecimal, compareDecimals", () => {
  it("sums amounts exactly where floats drift", () => {
    expect(addDecimals("0.10", "0.20")).toBe("0.300000");
    expect(addDecimals(...Array.from({ length: 10 }, () => "0.1"))).toBe("1.000000");
    expect(addDecimals()).toBe("0.000000");
    expect(addDecimals("99999999999999999999.999999", "0.000001")).toBe("100000000000000000000.000000");
  });

  it("subtracts into negatives", () => {
    expect(subtractDecimal("100.00", "40.125")).toBe("59.875000");
    expect(subtractDecimal("1", "1.000001")).toBe("-0.000001");
  });

  it("compares by value, not by text", () => {
    expect(compareDecimals("1.5", "1.500000")).toBe(0);
    expect(compareDecimals("9.99", "10")).toBe(-1);
    expect(compareDecimals("-1", "-2")).toBe(1);
  });

  it("throws on an amount that is not a decimal rather than treating it as zero", () => {
    expect(() => addDecimals("1", "abc")).toThrow(RangeError);
    expect(() => subtractDecimal("1.0000001", "0")).toThrow(/not a decimal/);
    expect(() => compareDecimals("", "0")).toThrow(RangeError);
  });
});

describe("isPositiveDecimal", () => {
  it.each([
    ["0.01", true],
    ["0.000001", true],
    ["0", false],
    ["0.000", false],
    ["-1", false],
    ["abc", false],
    ["", false],
  ])("%j → %s", (text, positive) => {
    expect(isPositiveDecimal(text)).toBe(positive);
  });
});

describe("toExactDecimalString", () => {
  it.each([
    [50_000_000n, "50.00"],
    [3_546_085_000n, "3546.085"],
    [12_345_600n, "12.3456"],
    [1n, "0.000001"],
    [0n, "0.00"],
    [-100_005_000n, "-100.005"],
    [-10_000n, "-0.01"],
  ])("%s → %j, nothing rounded", (micros, text) => {
    expect(toExactDecimalString(micros)).toBe(text);
  });

  it("keeps at least the decimals asked for", () => {
    expect(toExactDecimalString(50_000_000n, 0)).toBe("50");
    expect(toExactDecimalString(50_500_000n, 0)).toBe("50.5");
    expect(toExactDecimalString(50_500_000n, 6)).toBe("50.500000");
    expect(() => toExactDecimalString(1n, 7)).toThrow(RangeError);
  });

  it("reads back to the same value, for any value", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (micros) => {
        const text = toExactDecimalString(micros);
        expect(parseDecimal(text)).toBe(micros);
        expect(text).toMatch(/^-?\d+\.\d{2,6}$/);
      }),
    );
  });
});

describe("isWholeCents", () => {
  it.each([
    ["100.01", true],
    ["10.5", true],
    ["10.500000", true],
    ["7", true],
    ["-0.01", true],
    ["100.005", false],
    ["0.000001", false],
    ["1.0000001", false],
    ["abc", false],
    ["", false],
  ])("%j → %s", (text, cents) => {
    expect(isWholeCents(text)).toBe(cents);
  });
});
