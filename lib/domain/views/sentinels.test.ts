import { describe, expect, it } from "vitest";
import { realDate, sentinelWords, untilEnd } from "./sentinels";

describe("sentinelWords", () => {
  it.each([
    ["LastInventoryDate", "2000-01-01", "never counted"],
    ["LastInventoryDate", "2000-01-01T00:00:00", "never counted"],
    ["LastInventoryDate", "2000-01-01T00:00:00.000Z", "never counted"],
    ["LastInventoryDate", "2000-01-01T17:45:12Z", "never counted"],
    ["LastInventoryDate", "1999-12-31T16:00:00-08:00", "never counted"],
    ["LastInventoryDate", "1999-12-31", "never counted"],
    ["EndDate", "3000-12-31", "open-ended"],
    ["EndDate", "3000-12-31T00:00:00", "open-ended"],
    ["EndDate", "9999-12-31", "open-ended"],
  ])("%s %s reads %s", (field, value, words) => {
    expect(sentinelWords(field, value)).toBe(words);
  });

  it.each([
    ["LastInventoryDate", "2026-11-16T00:00:00.000Z"],
    ["LastInventoryDate", "2000-01-02T00:00:00"],
    ["EndDate", "2026-12-31"],
    ["EndDate", "2999-12-31"],
    ["LastInventoryDate", undefined],
    ["LastInventoryDate", null],
    ["LastInventoryDate", ""],
    ["LastInventoryDate", "N/A"],
    // Only the fields of the rules: a StartDate of 2000-01-01 is a date like any other.
    ["StartDate", "2000-01-01"],
    ["TimeUpdated", "3000-12-31T00:00:00Z"],
    // A real licence, and none at all.
    ["LicenseNum", "C10-0000123-LIC"],
    ["LicenseNum", ""],
    ["LicenseNum", undefined],
  ])("%s %s is no sentinel", (field, value) => {
    expect(sentinelWords(field, value)).toBeUndefined();
  });

  it.each(["LIC-99999-FAKE", "#N/A", "N/A", "none", "0"])("reads the placeholder licence %j as no licence", (value) => {
    expect(sentinelWords("LicenseNum", value)).toBe("no licence on record");
  });
});

describe("realDate", () => {
  it("is the calendar day of a real date, and undefined for a sentinel or nothing", () => {
    expect(realDate("LastInventoryDate", "2026-11-16T08:00:00Z")).toBe("2026-11-16");
    expect(realDate("LastInventoryDate", "2000-01-01T00:00:00")).toBeUndefined();
    expect(realDate("EndDate", "3000-12-31")).toBeUndefined();
    expect(realDate("EndDate", "2027-01-31")).toBe("2027-01-31");
    expect(realDate("EndDate", null)).toBeUndefined();
    expect(realDate("EndDate", "soon")).toBeUndefined();
  });
});

describe("untilEnd", () => {
  it.each([
    ["2026-12-31", "until Dec 31, 2026"],
    ["2026-12-31T00:00:00.000Z", "until Dec 31, 2026"],
    ["3000-12-31", "with no end date"],
    ["3000-12-31T00:00:00", "with no end date"],
    [null, "with no end date"],
    [undefined, "with no end date"],
    ["soon", "until soon"],
  ])("writes the end %s in a sentence as %s, never 'until open-ended'", (value, expected) => {
    expect(untilEnd(value)).toBe(expected);
  });
});
