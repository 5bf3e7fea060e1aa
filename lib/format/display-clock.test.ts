import { describe, expect, it } from "vitest";
import { formatClock, MISSING } from "./display";

describe("formatClock", () => {
  const now = new Date("2026-11-23T23:00:00Z"); // 3:00 PM in Los Angeles, 8:00 AM the next day in Tokyo
  it.each([
    ["2026-11-23T22:02:00Z", "America/Los_Angeles", "2:02 PM"],
    ["2026-11-24T17:00:00Z", "America/Los_Angeles", "Nov 24, 9:00 AM"],
    ["2026-11-23T07:59:00Z", "America/Los_Angeles", "Nov 22, 11:59 PM"],
    ["2026-11-23T22:02:00.000Z", "Asia/Tokyo", "7:02 AM"],
    ["2026-11-23T14:59:00Z", "America/Los_Angeles", "6:59 AM"],
    ["2026-11-23T13:00:00Z", "Asia/Tokyo", "Nov 23, 10:00 PM"],
    ["2026-11-23T23:30:00Z", "Asia/Tokyo", "8:30 AM"],
    ["2026-11-23T22:02:00Z", "UTC", "10:02 PM"],
  ])("%s in %s reads %j", (value, zone, words) => {
    expect(formatClock(value, zone, now)).toBe(words);
  });

  it("shows a missing value as missing and an unreadable one as given", () => {
    expect(formatClock(undefined, "UTC", now)).toBe(MISSING);
    expect(formatClock("soon", "UTC", now)).toBe("soon");
  });
});
