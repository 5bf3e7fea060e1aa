import { describe, expect, it } from "vitest";
import { zonedInstant, zoneOffsetMinutes } from "./zone-time";

const LA = "America/Los_Angeles";

/** The ISO text of an instant, or undefined: exact comparisons read better than Date objects. */
function iso(at: Date | undefined): string | undefined {
  return at?.toISOString();
}

describe("zoneOffsetMinutes", () => {
  it("is −480 for Los Angeles in winter and −420 in summer", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T12:00:00Z"), LA)).toBe(-480);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"), LA)).toBe(-420);
  });

  it("changes at the exact instant of the change", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-03-08T09:59:59.999Z"), LA)).toBe(-480);
    expect(zoneOffsetMinutes(Date.parse("2026-03-08T10:00:00Z"), LA)).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse("2026-11-01T08:59:59Z"), LA)).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse("2026-11-01T09:00:00Z"), LA)).toBe(-480);
  });

  it("reads other zones, including a half-hour offset and UTC", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T12:00:00Z"), "Europe/London")).toBe(0);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "Europe/London")).toBe(60);
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T12:00:00Z"), "America/Denver")).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "America/Denver")).toBe(-360);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "UTC")).toBe(0);
  });
});

describe("zonedInstant", () => {
  it("turns an ordinary wall time into its instant (the documented example)", () => {
    expect(iso(zonedInstant("2026-11-24", 14, 30, LA))).toBe("2026-11-24T22:30:00.000Z");
    expect(iso(zonedInstant("2026-07-14", 14, 30, LA))).toBe("2026-07-14T21:30:00.000Z");
    expect(iso(zonedInstant("2026-07-14", 0, 0, LA))).toBe("2026-07-14T07:00:00.000Z");
    expect(iso(zonedInstant("2026-12-31", 23, 30, LA))).toBe("2027-01-01T07:30:00.000Z");
  });

  describe("Los Angeles, spring forward (2026-03-08, 2:00 → 3:00)", () => {
    it("moves a skipped wall time later by the gap", () => {
      expect(iso(zonedInstant("2026-03-08", 2, 30, LA))).toBe("2026-03-08T10:30:00.000Z"); // 3:30 PDT
      expect(iso(zonedInstant("2026-03-08", 2, 0, LA))).toBe("2026-03-08T10:00:00.000Z"); // 3:00 PDT
      expect(iso(zonedInstant("2026-03-08", 2, 59, LA))).toBe("2026-03-08T10:59:00.000Z"); // 3:59 PDT
    });

    it("reads the times either side of the gap with their own offsets", () => {
      expect(iso(zonedInstant("2026-03-08", 1, 59, LA))).toBe("2026-03-08T09:59:00.000Z"); // PST
      expect(iso(zonedInstant("2026-03-08", 3, 0, LA))).toBe("2026-03-08T10:00:00.000Z"); // PDT
      expect(iso(zonedInstant("2026-03-08", 0, 0, LA))).toBe("2026-03-08T08:00:00.000Z"); // PST
      expect(iso(zonedInstant("2026-03-08", 14, 30, LA))).toBe("2026-03-08T21:30:00.000Z"); // PDT
      expect(iso(zonedInstant("2026-03-08", 23, 59, LA))).toBe("2026-03-09T06:59:00.000Z"); // PDT
    });
  });

  describe("Los Angeles, fall back (2026-11-01, 2:00 → 1:00)", () => {
    it("takes the first occurrence of a repeated wall time", () => {
      expect(iso(zonedInstant("2026-11-01", 1, 30, LA))).toBe("2026-11-01T08:30:00.000Z"); // 1:30 PDT, not 09:30Z (PST)
      expect(iso(zonedInstant("2026-11-01", 1, 0, LA))).toBe("2026-11-01T08:00:00.000Z");
      expect(iso(zonedInstant("2026-11-01", 1, 59, LA))).toBe("2026-11-01T08:59:00.000Z");
    });

    it("reads the times either side of the repeated hour with their own offsets", () => {
      expect(iso(zonedInstant("2026-11-01", 0, 59, LA))).toBe("2026-11-01T07:59:00.000Z"); // PDT
      expect(iso(zonedInstant("2026-11-01", 2, 0, LA))).toBe("2026-11-01T10:00:00.000Z"); // PST
      expect(iso(zonedInstant("2026-11-01", 14, 30, LA))).toBe("2026-11-01T22:30:00.000Z"); // PST
      expect(iso(zonedInstant("2026-11-01", 0, 0, LA))).toBe("2026-11-01T07:00:00.000Z"); // PDT
    });
  });

  it("handles Europe/London (spring forward 2026-03-29 1:00 → 2:00, fall back 2026-10-25 2:00 → 1:00)", () => {
    expect(iso(zonedInstant("2026-03-29", 1, 30, "Europe/London"))).toBe("2026-03-29T01:30:00.000Z"); // skipped: 2:30 BST
    expect(iso(zonedInstant("2026-03-29", 0, 30, "Europe/London"))).toBe("2026-03-29T00:30:00.000Z"); // GMT
    expect(iso(zonedInstant("2026-03-29", 14, 30, "Europe/London"))).toBe("2026-03-29T13:30:00.000Z"); // BST
    expect(iso(zonedInstant("2026-03-28", 14, 30, "Europe/London"))).toBe("2026-03-28T14:30:00.000Z"); // GMT
    expect(iso(zonedInstant("2026-10-25", 1, 30, "Europe/London"))).toBe("2026-10-25T00:30:00.000Z"); // first: BST
    expect(iso(zonedInstant("2026-10-25", 14, 30, "Europe/London"))).toBe("2026-10-25T14:30:00.000Z"); // GMT
  });

  it("handles Asia/Kolkata (+5:30, no daylight saving)", () => {
    expect(iso(zonedInstant("2026-03-08", 14, 30, "Asia/Kolkata"))).toBe("2026-03-08T09:00:00.000Z");
    expect(iso(zonedInstant("2026-11-01", 1, 30, "Asia/Kolkata"))).toBe("2026-10-31T20:00:00.000Z");
    expect(iso(zonedInstant("2026-01-01", 2, 0, "Asia/Kolkata"))).toBe("2025-12-31T20:30:00.000Z");
  });

  it("handles America/Denver (spring forward 2026-03-08 2:00 → 3:00)", () => {
    expect(iso(zonedInstant("2026-03-08", 2, 30, "America/Denver"))).toBe("2026-03-08T09:30:00.000Z"); // 3:30 MDT
    expect(iso(zonedInstant("2026-03-07", 14, 30, "America/Denver"))).toBe("2026-03-07T21:30:00.000Z"); // MST
    expect(iso(zonedInstant("2026-03-08", 14, 30, "America/Denver"))).toBe("2026-03-08T20:30:00.000Z"); // MDT
    expect(iso(zonedInstant("2026-11-01", 1, 30, "America/Denver"))).toBe("2026-11-01T07:30:00.000Z"); // first: MDT
  });

  it("handles Australia/Sydney (a southern-hemisphere zone ahead of UTC)", () => {
    expect(iso(zonedInstant("2026-10-04", 2, 30, "Australia/Sydney"))).toBe("2026-10-03T16:30:00.000Z"); // skipped: 3:30 AEDT
    expect(iso(zonedInstant("2026-04-05", 2, 30, "Australia/Sydney"))).toBe("2026-04-04T15:30:00.000Z"); // first: AEDT
  });

  it("handles changes in zones 12 hours or more from UTC (Pacific/Auckland; the probe once read both offsets from after the change)", () => {
    expect(iso(zonedInstant("2026-09-27", 2, 30, "Pacific/Auckland"))).toBe("2026-09-26T14:30:00.000Z");
    expect(iso(zonedInstant("2026-04-05", 2, 30, "Pacific/Auckland"))).toBe("2026-04-04T13:30:00.000Z");
    expect(iso(zonedInstant("2026-07-01", 9, 0, "Pacific/Kiritimati"))).toBe("2026-06-30T19:00:00.000Z"); // +14, no change
  });
});
