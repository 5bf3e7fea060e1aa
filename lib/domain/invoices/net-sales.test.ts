import { describe, expect, it } from "vitest";
import { netMicros, netSale } from "./net-sales";

describe("netSale", () => {
  it.each([
    ["a sale counts as the API gives it", { units: 6, amount: "90.000000" }, false, { units: 6, micros: 90_000_000n }],
    [
      "a return written negative (as the ERP and the sandbox write a credit) is taken off",
      { units: -4, amount: "-60.000000" },
      true,
      { units: -4, micros: -60_000_000n },
    ],
    [
      "a return written positive is taken off all the same",
      { units: 4, amount: "60.000000" },
      true,
      { units: -4, micros: -60_000_000n },
    ],
    [
      "a sale line with a credit on it keeps its sign",
      { units: -1, amount: "-2.50" },
      false,
      { units: -1, micros: -2_500_000n },
    ],
    ["a wholly back-ordered line is nothing", { units: 0, amount: "0" }, false, { units: 0, micros: 0n }],
  ] as const)("%s", (_, line, returned, expected) => {
    expect(netSale(line, returned)).toEqual(expected);
  });

  it("refuses an amount that is no decimal rather than count it as nothing", () => {
    expect(() => netSale({ units: 2, amount: "n/a" }, false)).toThrow(RangeError);
  });
});

describe("netMicros", () => {
  it.each([
    [2_500_000n, false, 2_500_000n],
    [-2_500_000n, false, -2_500_000n],
    [2_500_000n, true, -2_500_000n],
    [-2_500_000n, true, -2_500_000n],
    [0n, true, 0n],
  ])("netMicros(%s, returned %s) is %s", (figure, returned, expected) => {
    expect(netMicros(figure, returned)).toBe(expected);
  });
});
