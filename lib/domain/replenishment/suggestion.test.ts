import { describe, expect, it } from "vitest";
import { toMicros } from "./quantities";
import { caseSize, coverDays, isBelowTarget, type Suggestion, type SuggestionInput, suggest } from "./suggestion";

const m = (value: number | string) => toMicros(value)!;
const input = (
  v: string,
  stock: number,
  arrivesIn: number,
  targetDays: number,
  unitsPerCase: number,
  maxDays?: number,
): SuggestionInput => ({
  perDay: m(v),
  stock: m(stock),
  arrivesIn,
  targetDays,
  unitsPerCase,
  maxDays,
});

describe("suggest", () => {
  const table: [string, SuggestionInput, Suggestion][] = [
    ["no sales: nothing", input("0.00", 0, 10, 30, 12), { kind: "no-sales" }],
    [
      "need exactly 0 (35 in stock for 35 days at 1 a day): nothing",
      input("1", 35, 5, 30, 12),
      { kind: "above-target" },
    ],
    ["need below 0: nothing", input("1", 80, 5, 30, 12), { kind: "above-target" }],
    [
      "need 382.6 in cases of 12 rounds up to 32 cases",
      input("12.40", 101, 9, 30, 12),
      { kind: "order", cases: 32, units: 384 },
    ],
    [
      "a need that is a whole number of cases is not rounded past it",
      input("2", 0, 0, 6, 12),
      { kind: "order", cases: 1, units: 12 },
    ],
    ["case size 0 counts in units", input("12.40", 101, 9, 30, 0), { kind: "order", cases: 383, units: 383 }],
    // 1.1 × 10 is 11.000000000000002 in floating point, which a float ceiling would make 12.
    [
      "exact decimals: 1.10 a day for 10 days is 11 units, not 12",
      input("1.10", 0, 0, 10, 1),
      { kind: "order", cases: 11, units: 11 },
    ],
    ["no maximum: no cap", input("10", 195, 0, 30, 50), { kind: "order", cases: 3, units: 150 }],
    [
      "the maximum lowers one case (305 > 300)",
      input("10", 5, 0, 30, 50, 30),
      { kind: "order", cases: 5, units: 250, uncappedCases: 6 },
    ],
    [
      "the maximum lowers a case at a time, three cases here (5 + 150 ≤ 200)",
      input("10", 5, 0, 30, 50, 20),
      { kind: "order", cases: 3, units: 150, uncappedCases: 6 },
    ],
    [
      "the maximum lowers down to zero cases",
      input("10", 195, 0, 30, 50, 20),
      { kind: "capped-to-zero", uncappedCases: 3 },
    ],
    [
      "a maximum the stock already passes leaves nothing",
      input("10", 150, 0, 30, 50, 10),
      { kind: "capped-to-zero", uncappedCases: 3 },
    ],
    [
      "a maximum with room for every case changes nothing",
      input("10", 5, 0, 30, 50, 40),
      { kind: "order", cases: 6, units: 300 },
    ],
    ["the arrival days count like the target's", input("10", 0, 7, 3, 1), { kind: "order", cases: 100, units: 100 }],
    ["negative stock (oversold) adds to the need", input("1", -5, 0, 10, 1), { kind: "order", cases: 15, units: 15 }],
  ];
  it.each(table)("%s", (_name, given, expected) => {
    expect(suggest(given)).toEqual(expected);
  });
});

describe("caseSize", () => {
  it.each([
    [12, 12],
    [1, 1],
    [0, 1],
    [undefined, 1],
    [null, 1],
    [-4, 1],
    [2.5, 1],
  ])("WholesaleUnitsPerCase %s counts as %s", (given, expected) => {
    expect(caseSize(given)).toBe(expected);
  });
});

describe("coverDays", () => {
  it.each([
    ["101 units at 12.4 a day last 8.145 days", 101, "12.40", 8.145],
    ["no sales: no cover", 101, "0", undefined],
    ["no stock: 0 days", 0, "3", 0],
    ["oversold: 0 days, not negative", -20, "3", 0],
  ] as const)("%s", (_name, stock, perDay, expected) => {
    expect(coverDays(m(stock), m(perDay))).toBe(expected);
  });
});

describe("isBelowTarget", () => {
  it.each([
    ["cover under the target", { perDay: m(2), stock: m(59), available: m(59), targetDays: 30 }, true],
    ["cover exactly the target", { perDay: m(2), stock: m(60), available: m(60), targetDays: 30 }, false],
    ["no stock and selling, with a target", { perDay: m(2), stock: m(0), available: m(0), targetDays: 30 }, true],
    // No target (no vendor, or a vendor without TargetDOI): nothing to be below, even with an empty shelf.
    ["no stock and selling, without a target", { perDay: m(2), stock: m(100), available: m(0) }, false],
    ["no stock, nothing on order and selling, without a target", { perDay: m(2), stock: m(0), available: m(0) }, false],
    ["stock, selling, no target", { perDay: m(2), stock: m(10), available: m(10) }, false],
    ["not selling", { perDay: m(0), stock: m(0), available: m(0), targetDays: 30 }, false],
    ["no sales figure", { stock: m(0), available: m(0), targetDays: 30 }, false],
  ] as const)("%s: %s", (_name, row, expected) => {
    expect(isBelowTarget(row)).toBe(expected);
  });
});

describe("toMicros", () => {
  it.each([
    ["12.40", 12_400_000n],
    [" 7 ", 7_000_000n],
    ["-0.5", -500_000n],
    ["1.23456789", 1_234_567n],
    [61, 61_000_000n],
    [0.1, 100_000n],
    ["N/A", undefined],
    ["", undefined],
    [Number.NaN, undefined],
    [null, undefined],
    [undefined, undefined],
  ])("%j is %s micro-units", (given, expected) => {
    expect(toMicros(given)).toBe(expected);
  });
});
