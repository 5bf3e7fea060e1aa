import { describe, expect, it } from "vitest";
import { daysSinceVisit, lastVisits, notVisited, notVisitedIn, notVisitedWords, visitDay } from "./visits";

describe("visitDay", () => {
  it.each([
    ["2026-11-27T02:30:00Z", "UTC", "2026-11-27"],
    ["2026-11-27T02:30:00Z", "America/Los_Angeles", "2026-11-26"],
    ["2026-11-26T23:30:00Z", "Europe/Berlin", "2026-11-27"],
  ])("%s on the clock of %s is %s", (createdAt, zone, day) => {
    expect(visitDay(createdAt, zone)).toBe(day);
  });
});

describe("lastVisits", () => {
  it("keeps each account's newest note's day, whatever the notes' order", () => {
    const visits = lastVisits([
      { customerId: 7, createdAt: "2026-10-01T15:00:00Z" },
      { customerId: 8, createdAt: "2026-09-01T15:00:00Z" },
      { customerId: 7, createdAt: "2026-11-02T15:00:00Z" },
    ]);
    expect([...visits]).toEqual([
      [7, "2026-11-02"],
      [8, "2026-09-01"],
    ]);
  });
});

describe("not visited in N days", () => {
  it.each([
    ["2026-10-28", 30, true, 30],
    ["2026-10-29", 30, false, 29],
    ["2026-11-27", 1, false, 0],
    ["2026-11-26", 1, true, 1],
    [undefined, 30, true, undefined],
  ])("last visit %s, %i days: %s (%s days since)", (last, days, expected, since) => {
    expect(notVisitedIn(last, "2026-11-27", days)).toBe(expected);
    expect(daysSinceVisit(last, "2026-11-27")).toBe(since);
  });

  it("filters accounts in their order, those with no visit on record included", () => {
    const accounts = [{ customerId: 1 }, { customerId: 2 }, { customerId: 3 }];
    const visits = new Map([
      [1, "2026-11-20"],
      [3, "2026-09-01"],
    ]);
    expect(notVisited(accounts, visits, "2026-11-27", 30).map((a) => a.customerId)).toEqual([2, 3]);
    expect(notVisited(accounts, visits, "2026-11-27", 5).map((a) => a.customerId)).toEqual([1, 2, 3]);
  });

  it("says the days in words", () => {
    expect(notVisitedWords(30)).toBe("Not visited in 30 days");
    expect(notVisitedWords(1)).toBe("Not visited in 1 day");
  });
});
