import { describe, expect, it } from "vitest";
import { accountFor, DATE_FORMATS, DEFAULT_MAPPING, formatBookDay } from "./mapping";

describe("formatBookDay", () => {
  it.each([
    ["2026-11-05", "MM/DD/YYYY", "11/05/2026"],
    ["2026-11-05", "DD/MM/YYYY", "05/11/2026"],
    ["2026-11-05", "YYYY-MM-DD", "2026-11-05"],
    ["2027-01-31", "MM/DD/YYYY", "01/31/2027"],
    ["2027-01-31", "DD/MM/YYYY", "31/01/2027"],
  ] as const)("writes %s in %s as %s", (day, format, text) => {
    expect(formatBookDay(day, format)).toBe(text);
  });

  it("has QuickBooks' default first, and it is the default mapping's", () => {
    expect(DATE_FORMATS[0]).toBe("MM/DD/YYYY");
    expect(DEFAULT_MAPPING.dateFormat).toBe("MM/DD/YYYY");
  });
});

describe("accountFor", () => {
  const mapping = { ...DEFAULT_MAPPING, accounts: { "Edible: Chocolate": " 5010 ", Flower: "   " } };
  it.each([
    ["Edible: Chocolate", "5010"],
    ["Flower", "Inventory Asset"],
    ["Vape", "Inventory Asset"],
    [undefined, "Inventory Asset"],
  ])("gives a line of type %j the account %j", (type, account) => {
    expect(accountFor(mapping, type)).toBe(account);
  });
});
