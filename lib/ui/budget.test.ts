import { describe, expect, it } from "vitest";
import { isLowBudget } from "./budget";
import { FIRST_CHECK_MS, nextCheckIn } from "./follow-up";

const NOW = Date.parse("2026-11-23T14:00:00Z");
const budget = (remaining: number, resetsIn = 600_000, limit = 1028) => ({
  limit,
  remaining,
  resetsAt: NOW + resetsIn,
  seenAt: NOW,
});

describe("isLowBudget", () => {
  it.each([
    [budget(103), false], // 10.02 % left
    [budget(102), true], // under a tenth
    [budget(0), true],
    [budget(0, -1), false], // the window has reset since: the budget is back
    [undefined, false], // nothing known yet
    [budget(9, 600_000, 100), true],
    [budget(10, 600_000, 100), false],
  ])("%j is low: %s", (figures, low) => {
    expect(isLowBudget(figures, NOW)).toBe(low);
  });
});

describe("nextCheckIn", () => {
  it("backs off from 15 s while nothing changes, up to 5 minutes", () => {
    expect([0, 1, 2, 5, 9].map((quiet) => nextCheckIn(quiet, budget(900), NOW))).toEqual([
      15_000, 30_000, 60_000, 300_000, 300_000,
    ]);
  });

  it("waits for the reset while the budget is low, and not once it has reset", () => {
    expect(nextCheckIn(0, budget(102, 20 * 60_000), NOW)).toBe(20 * 60_000);
    expect(nextCheckIn(0, budget(102, 5_000), NOW)).toBe(FIRST_CHECK_MS);
    expect(nextCheckIn(0, budget(103, 20 * 60_000), NOW)).toBe(FIRST_CHECK_MS);
  });
});
