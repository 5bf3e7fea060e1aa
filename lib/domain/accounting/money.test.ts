import { describe, expect, it } from "vitest";
import { centsOf, centsText, decimalsOf, fingerprint, microsOf, microsOfCents, priceText } from "./money";

describe("centsOf", () => {
  it.each([
    [0n, 0n],
    [12_345_000n, 1235n],
    [12_344_999n, 1234n],
    [5_000n, 1n],
    [4_999n, 0n],
    [-5_000n, -1n],
    [-4_999n, 0n],
    [-12_345_000n, -1235n],
    [123_456_789_012_345_000n, 12_345_678_901_235n],
  ])("rounds %s micro-units to %s cents, half away from zero", (micros, cents) => {
    expect(centsOf(micros)).toBe(cents);
  });
});

describe("microsOf", () => {
  it.each([
    ["12.5", 12_500_000n],
    [" 3 ", 3_000_000n],
    ["-0.000001", -1n],
    ["1.0000001", undefined],
    ["1e3", undefined],
    ["", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("reads %j as %s", (text, micros) => {
    expect(microsOf(text)).toBe(micros);
  });
});

describe("centsText", () => {
  it.each([
    [0n, "0.00"],
    [5n, "0.05"],
    [-25n, "-0.25"],
    [123_450n, "1234.50"],
    [-100n, "-1.00"],
  ])("writes %s cents as %s", (cents, text) => {
    expect(centsText(cents)).toBe(text);
  });

  it("is what microsOfCents reads back", () => {
    for (const cents of [0n, 1n, -1n, 99n, 123_456n, -987_654_321n])
      expect(centsOf(microsOfCents(cents)), String(cents)).toBe(cents);
    expect(microsOfCents(123n)).toBe(1_230_000n);
  });
});

describe("priceText", () => {
  it.each([
    [12_500_000n, "12.50"],
    [3_456_789n, "3.456789"],
    [0n, "0.00"],
    [1n, "0.000001"],
    [1_000n, "0.001"],
    [123_400n, "0.1234"],
    [10_000n, "0.01"],
    [-1_250_000n, "-1.25"],
    [7_000_000n, "7.00"],
  ])("writes %s micro-units as %s", (micros, text) => {
    expect(priceText(micros)).toBe(text);
  });
});

describe("decimalsOf", () => {
  it.each([
    [0n, 0],
    [12_000_000n, 0],
    [12_500_000n, 1],
    [12_340_000n, 2],
    [123_400n, 4],
    [1n, 6],
    [-1_230_000n, 2],
  ])("%s micro-units need %i decimals", (micros, places) => {
    expect(decimalsOf(micros)).toBe(places);
  });
});

describe("fingerprint", () => {
  it("is stable, short hex, and tells texts apart", () => {
    const text = "INV-1|bill|1250";
    expect(fingerprint(text)).toBe(fingerprint(text));
    expect(fingerprint(text)).toMatch(/^[0-9a-f]{1,14}$/);
    const seen = new Set(["", "a", "b", "INV-1|bill|1250", "INV-1|bill|1251", "INV-1|credit|1250"].map(fingerprint));
    expect(seen.size).toBe(6);
  });
});
