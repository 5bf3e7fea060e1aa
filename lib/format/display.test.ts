import { describe, expect, it } from "vitest";
import {
  formatBoolean,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatDay,
  formatMoney,
  formatMoneyExact,
  formatQuantity,
  MISSING,
} from "./display";

const LA = "America/Los_Angeles";

describe("formatMoney", () => {
  it.each([
    ["1234.500000", "$1,234.50"],
    ["-1234.5", "\u2212$1,234.50"],
    ["0", "$0.00"],
    ["0.005", "$0.01"], // half away from zero
    ["-0.005", "\u2212$0.01"],
    ["0.004999", "$0.00"],
    ["-0.004", "$0.00"], // rounds to zero: no minus
    ["999999.995", "$1,000,000.00"],
    ["999.994999", "$999.99"],
    ["123456789012345678901234567890.125", "$123,456,789,012,345,678,901,234,567,890.13"],
    ["100", "$100.00"],
    ["1000", "$1,000.00"],
  ])("shows %j as %j", (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it("shows a number exactly as its shortest text", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(0.1 + 0.2)).toBe("$0.30");
    expect(formatMoney(-2)).toBe("\u2212$2.00");
  });

  it("shows missing values as a dash and never undefined or NaN", () => {
    for (const value of [null, undefined, "", Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatMoney(value)).toBe(MISSING);
  });

  it("shows text that is not a decimal as given", () => {
    expect(formatMoney("n/a")).toBe("n/a");
    expect(formatMoney("1.0000001")).toBe("1.0000001");
  });
});

describe("formatMoneyExact", () => {
  it.each([
    ["3546.085000", "$3,546.085"],
    ["100.005", "$100.005"],
    ["-0.005", "\u2212$0.005"],
    ["1234.500000", "$1,234.50"],
    ["0", "$0.00"],
    ["0.000001", "$0.000001"],
    ["550.295", "$550.295"],
  ])("shows %j as %j, never rounded", (value, shown) => {
    expect(formatMoneyExact(value)).toBe(shown);
  });

  it("is formatMoney wherever the figure is in cents", () => {
    for (const value of ["1234.5", "-7.10", "0.01", "1000000", 12.25])
      expect(formatMoneyExact(value)).toBe(formatMoney(value));
  });

  it("shows missing values as a dash and text that is not a decimal as given", () => {
    expect(formatMoneyExact(null)).toBe(MISSING);
    expect(formatMoneyExact("n/a")).toBe("n/a");
  });
});

describe("formatQuantity", () => {
  it.each([
    ["12.500000", "12.5"],
    ["1200", "1,200"],
    ["1200.000000", "1,200"],
    ["0.000001", "0.000001"],
    ["0", "0"],
    ["-0.000000", "0"],
    ["-1234567.25", "\u22121,234,567.25"],
    ["100.10", "100.1"],
    ["98765432109876543210", "98,765,432,109,876,543,210"],
  ])("shows %j as %j", (value, shown) => {
    expect(formatQuantity(value)).toBe(shown);
  });

  it.each([
    ["1.9", "1.90"],
    ["1.985", "1.99"],
    ["-0.004", "0.00"],
    ["12345.5", "12,345.50"],
  ])("with two decimals shows %j as %j", (value, shown) => {
    expect(formatQuantity(value, 2)).toBe(shown);
  });

  it("takes numbers too", () => {
    expect(formatQuantity(1200)).toBe("1,200");
    expect(formatQuantity(-3)).toBe("\u22123");
    expect(formatQuantity(1e-7)).toBe("0"); // below the 6-decimal scale
  });

  it("shows missing values as a dash", () => {
    for (const value of [null, undefined, "", Number.NaN]) expect(formatQuantity(value)).toBe(MISSING);
  });
});

describe("formatDayRange", () => {
  it.each([
    ["2026-11-16", "2026-11-22", " – ", "Nov 16 – 22, 2026"],
    ["2026-09-23", "2026-11-21", " to ", "Sep 23 to Nov 21, 2026"],
    ["2025-12-29", "2026-01-04", " to ", "Dec 29, 2025 to Jan 4, 2026"],
    ["2026-11-16", "2026-11-16", " – ", "Nov 16, 2026"],
    ["2026-02-30", "2026-03-02", " – ", "2026-02-30 – 2026-03-02"],
  ])("%s to %s reads %s", (from, to, joiner, words) => {
    expect(formatDayRange(from, to, joiner)).toBe(words);
  });
});

describe("formatDate", () => {
  it("shows a calendar date as that day in every zone", () => {
    for (const zone of [undefined, "UTC", LA, "Pacific/Kiritimati", "Pacific/Pago_Pago"])
      expect(formatDate("2026-11-21", zone)).toBe("Nov 21, 2026");
    expect(formatDate("2026-01-01", LA)).toBe("Jan 1, 2026");
  });

  it("shows a timestamp near midnight as its date in the zone", () => {
    // 07:30 UTC on the 21st is 11:30 PM on the 20th in Los Angeles (PST, UTC−8).
    expect(formatDate("2026-11-21T07:30:00.000Z", "UTC")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-21T07:30:00.000Z", LA)).toBe("Nov 20, 2026");
    expect(formatDate("2026-11-21T08:00:00.000Z", LA)).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-21T01:30:00+02:00", "UTC")).toBe("Nov 20, 2026");
  });

  it("reads a timestamp without a zone as UTC, as the Data API sends them", () => {
    expect(formatDate("2026-11-21T07:30:00", LA)).toBe("Nov 20, 2026");
  });

  it("shows missing values as a dash and unreadable ones as given", () => {
    expect(formatDate(null)).toBe(MISSING);
    expect(formatDate(undefined)).toBe(MISSING);
    expect(formatDate("")).toBe(MISSING);
    expect(formatDate("2026-02-30")).toBe("2026-02-30");
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("1")).toBe("1");
    expect(formatDate("Nov 21")).toBe("Nov 21");
  });

  it("keeps working with a zone the runtime does not know", () => {
    expect(formatDate("2026-11-21T12:00:00Z", "Mars/Olympus_Mons")).toMatch(/^Nov 21, 2026$/);
  });
});

describe("formatDateTime", () => {
  it("shows date and time in the zone", () => {
    expect(formatDateTime("2026-11-21T22:30:00Z", LA)).toBe("Nov 21, 2026, 2:30 PM");
    expect(formatDateTime("2026-11-21T07:30:00.000Z", LA)).toBe("Nov 20, 2026, 11:30 PM");
    expect(formatDateTime("2026-11-21T07:30:00.000Z", "UTC")).toBe("Nov 21, 2026, 7:30 AM");
    // Summer time: PDT is UTC−7.
    expect(formatDateTime("2026-07-04T19:05:00Z", LA)).toBe("Jul 4, 2026, 12:05 PM");
  });

  it("shows a bare date without a time or a zone shift", () => {
    expect(formatDateTime("2026-11-21", LA)).toBe("Nov 21, 2026");
  });

  it("shows missing values as a dash and unreadable ones as given", () => {
    expect(formatDateTime(undefined)).toBe(MISSING);
    expect(formatDateTime("")).toBe(MISSING);
    expect(formatDateTime("not a time")).toBe("not a time");
  });
});

describe("formatBoolean", () => {
  it.each([
    [true, "Yes"],
    [false, "No"],
    ["true", "Yes"],
    ["false", "No"],
    [null, MISSING],
    [undefined, MISSING],
    ["", MISSING],
  ] as const)("%j → %j", (value, shown) => {
    expect(formatBoolean(value)).toBe(shown);
  });
});

describe("formatDay", () => {
  it("shows the calendar day a midnight-UTC timestamp names, in any zone", () => {
    expect(formatDay("2026-11-21T00:00:00.000Z")).toBe("Nov 21, 2026");
    expect(formatDay("2026-11-21T00:00:00Z")).toBe(formatDate("2026-11-21"));
    expect(formatDay(null)).toBe(MISSING);
    expect(formatDay("soon")).toBe("soon");
  });
});
