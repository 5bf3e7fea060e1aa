import { describe, expect, it } from "vitest";
import { plural, pluralNoun } from "./plural";

describe("plural", () => {
  it.each<[number | string, string, string | undefined, string]>([
    [1, "day", undefined, "1 day"],
    [2, "day", undefined, "2 days"],
    [0, "day", undefined, "0 days"],
    [2103, "invoice", undefined, "2,103 invoices"],
    ["7.500000", "case", undefined, "7.5 cases"],
    ["1.000000", "case", undefined, "1 case"],
    [0.5, "case", undefined, "0.5 cases"],
    [-1, "unit", undefined, "\u22121 unit"],
    [3, "entry", "entries", "3 entries"],
    ["1,234.5", "case", undefined, "1,234.5 cases"],
  ])("%s %s → %s", (count, one, many, expected) => {
    expect(plural(count, one, many)).toBe(expected);
  });

  it("gives the noun alone for a count shown apart", () => {
    expect(pluralNoun(1, "line")).toBe("line");
    expect(pluralNoun("1.0", "day")).toBe("day");
    expect(pluralNoun(12, "line")).toBe("lines");
  });
});
