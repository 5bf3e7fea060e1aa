import { describe, expect, it } from "vitest";
import { partialWeeksWords, type WeekDays, weekDays, weekDaysWords } from "./partial-weeks";

/** 13 weeks ending on Saturday, Nov 21, 2026: from Sunday, Aug 23. */
const period = { from: "2026-08-23", to: "2026-11-21" };

describe("weekDays", () => {
  it.each([
    [
      "the period's first week: its Sunday only",
      "2026-08-17",
      undefined,
      { from: "2026-08-23", to: "2026-08-23", days: 1, unread: 0, partial: true },
    ],
    [
      "a week inside the period: whole",
      "2026-10-05",
      undefined,
      { from: "2026-10-05", to: "2026-10-11", days: 7, unread: 0, partial: false },
    ],
    [
      "the period's last week: Monday to Saturday",
      "2026-11-16",
      undefined,
      { from: "2026-11-16", to: "2026-11-21", days: 6, unread: 0, partial: true },
    ],
    [
      "a week whose Monday and Tuesday are still being read",
      "2026-09-21",
      { from: "2025-11-21", readFrom: "2026-09-23" },
      { from: "2026-09-23", to: "2026-09-27", days: 5, unread: 2, partial: true },
    ],
    [
      "a week of days read only",
      "2026-10-05",
      { readFrom: "2026-09-23" },
      { from: "2026-10-05", to: "2026-10-11", days: 7, unread: 0, partial: false },
    ],
    [
      "a week none of whose days is read yet: the period's days, none counted",
      "2026-08-31",
      { from: "2025-11-21", readFrom: "2026-09-23" },
      { from: "2026-08-31", to: "2026-09-06", days: 0, unread: 7, partial: true },
    ],
    [
      "the first week, not read yet",
      "2026-08-17",
      { readFrom: "2026-09-23" },
      { from: "2026-08-23", to: "2026-08-23", days: 0, unread: 1, partial: true },
    ],
    [
      "a week reaching before the history's first day: the days it holds",
      "2026-09-21",
      { from: "2026-09-25" },
      { from: "2026-09-25", to: "2026-09-27", days: 3, unread: 0, partial: true },
    ],
    [
      "a week before the history: none counted, none to read",
      "2026-08-31",
      { from: "2026-09-25", readFrom: "2026-10-01" },
      { from: "2026-08-31", to: "2026-09-06", days: 0, unread: 0, partial: true },
    ],
    [
      "a week reaching before the history, its days held not read yet",
      "2026-09-21",
      { from: "2026-09-25", readFrom: "2026-10-01" },
      { from: "2026-09-21", to: "2026-09-27", days: 0, unread: 3, partial: true },
    ],
  ] as const)("%s", (_name, week, readFrom, expected) => {
    expect(weekDays(week, period, readFrom)).toEqual({ week, ...expected });
  });
});

describe("weekDaysWords", () => {
  const of = (days: number, unread = 0): WeekDays => ({
    week: "2026-09-21",
    from: "2026-09-21",
    to: "2026-09-27",
    days,
    unread,
    partial: days < 7,
  });
  it.each([
    [of(7), "7 of 7"],
    [of(4), "partial: 4 of 7 days"],
    [of(5, 2), "partial: 5 of 7 days; 2 more still being read"],
    [of(0, 7), "not read yet"],
    [of(0, 0), "before the history"],
  ] as const)("%o reads %s", (week, words) => {
    expect(weekDaysWords(week)).toBe(words);
  });
});

describe("partialWeeksWords", () => {
  const mondays = ["2026-08-17", "2026-08-24", "2026-08-31", "2026-09-21", "2026-10-05", "2026-11-16"];
  it("names the partial weeks with their days, then the weeks not read yet", () => {
    expect(partialWeeksWords(mondays.map((w) => weekDays(w, period)))).toBe(
      "partial weeks, hatched: Aug 17 (1 of 7 days), Nov 16 (6 of 7 days)",
    );
    expect(partialWeeksWords(mondays.map((w) => weekDays(w, period, { readFrom: "2026-09-23" })))).toBe(
      "partial weeks, hatched: Sep 21 (5 of 7 days), Nov 16 (6 of 7 days); 3 weeks not read yet, Aug 17 to Aug 31",
    );
    expect(partialWeeksWords([weekDays("2026-11-16", period)])).toBe("partial week, hatched: Nov 16 (6 of 7 days)");
  });

  it("says nothing of whole weeks", () => {
    expect(partialWeeksWords([weekDays("2026-10-05", period)])).toBe("");
  });
});
