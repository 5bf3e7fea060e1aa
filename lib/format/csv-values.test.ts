import { describe, expect, it } from "vitest";
import { csvDateTime, csvDay, csvMoney, csvQuantity } from "./csv-values";

describe("CSV values", () => {
  it.each([
    ["1308.570000", "1308.57"],
    ["0.005", "0.005"],
    ["-0.005", "-0.005"],
    ["3546.085000", "3546.085"],
    ["2103485", "2103485.00"],
    [12.5, "12.50"],
    ["n/a", "n/a"],
    [null, ""],
    ["", ""],
  ])("money %s → %s", (value, expected) => expect(csvMoney(value)).toBe(expected));

  it.each([
    ["7.500000", "7.5"],
    ["63", "63"],
    ["0.000000", "0"],
    ["-0.125000", "-0.125"],
    [undefined, ""],
  ])("a quantity %s → %s", (value, expected) => expect(csvQuantity(value)).toBe(expected));

  it.each([
    ["2026-08-28T00:00:00.000Z", "2026-08-28"],
    ["2026-08-28", "2026-08-28"],
    ["3000-12-31", "3000-12-31"],
    ["soon", "soon"],
  ])("a day %s → %s", (value, expected) => expect(csvDay(value)).toBe(expected));

  it.each([
    ["2026-11-21T22:30:00.000Z", "America/Los_Angeles", "2026-11-21 14:30"],
    ["2026-11-21T22:30:00.000Z", "Europe/Berlin", "2026-11-21 23:30"],
    ["2026-11-21T22:30:00", undefined, "2026-11-21 22:30"],
    ["2026-11-21T22:30:00Z", "Not/AZone", "2026-11-21 22:30"],
    ["2026-11-21", "America/Los_Angeles", "2026-11-21"],
  ])("a time %s in %s → %s", (value, zone, expected) => expect(csvDateTime(value, zone)).toBe(expected));
});
