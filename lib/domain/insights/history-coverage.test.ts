import { describe, expect, it } from "vitest";
import {
  type CoverageProgress,
  coverageWords,
  type HistoryCoverage,
  historyCoverage,
  partlyReadWords,
  readingOf,
  unreadDays,
} from "./history-coverage";

/** A year's first backfill begun on Nov 21, 2026, newest first in 60-day windows. */
function progress(change: Partial<CoverageProgress> = {}): CoverageProgress {
  return {
    phase: "backfill",
    horizon: "2025-11-21",
    window: { from: "2026-09-23", to: "2026-11-21", page: 1 },
    pendingLines: [],
    walk: { day: "2026-11-21" },
    ...change,
  };
}
/** The first window read whole, the second under way. */
const firstRead: HistoryCoverage = { from: "2025-11-21", to: "2026-11-21", readFrom: "2026-09-23", whole: false };

describe("historyCoverage", () => {
  it.each([
    ["the first window's invoices under way: nothing read whole yet", progress(), undefined],
    [
      "the first window's invoices read, its lines not yet: nothing read whole yet",
      progress({ window: { from: "2026-09-23", to: "2026-11-21", page: 0 }, pendingLines: [1, 2] }),
      undefined,
    ],
    [
      "the first window's invoices and lines read: its days",
      progress({ window: { from: "2026-09-23", to: "2026-11-21", page: 0 } }),
      firstRead,
    ],
    [
      "the second window under way: the first's days",
      progress({ window: { from: "2026-07-25", to: "2026-09-22", page: 3 } }),
      firstRead,
    ],
    [
      "the last window read, the retailers' stock still to read: every day, not whole",
      progress({ window: { from: "2025-11-21", to: "2026-01-23", page: 0 } }),
      { ...firstRead, readFrom: "2025-11-21" },
    ],
    [
      "the backfill in: whole, as of the last walk",
      progress({ phase: "idle", window: undefined, backfilledAt: "2026-11-21T18:20:00.000Z" }),
      { from: "2025-11-21", to: "2026-11-21", readFrom: "2025-11-21", whole: true },
    ],
    [
      "a refresh since: as of it",
      progress({ phase: "refresh", backfilledAt: "2026-11-21T18:20:00.000Z", refreshedAt: "2026-11-23T02:00:00.000Z" }),
      { from: "2025-11-21", to: "2026-11-23", readFrom: "2025-11-21", whole: true },
    ],
    [
      "a lines' re-read (a backfill that keeps its figures): whole",
      progress({ backfilledAt: "2026-11-20T18:20:00.000Z" }),
      { from: "2025-11-21", to: "2026-11-20", readFrom: "2025-11-21", whole: true },
    ],
    ["a walk begun before walks kept their day: nothing to go by", progress({ walk: undefined }), undefined],
  ] as const)("%s", (_name, state, expected) => {
    expect(historyCoverage(state)).toEqual(expected);
  });
});

describe("unreadDays and partlyReadWords", () => {
  it.each([
    ["a range of days read", { from: "2026-10-01", to: "2026-11-21" }, undefined, undefined],
    [
      "13 weeks, some read",
      { from: "2026-08-23", to: "2026-11-21" },
      { from: "2026-08-23", to: "2026-09-22" },
      "Partly read: these figures count Sep 23 to Nov 21, 2026 only; Aug 23 to Sep 22, 2026 is still being read.",
    ],
    [
      "the 13 weeks before, none read",
      { from: "2026-05-24", to: "2026-08-22" },
      { from: "2026-05-24", to: "2026-08-22" },
      "Not read yet: May 24 to Aug 22, 2026 is still being read.",
    ],
    [
      "a range reaching before the history: its days before the horizon are never read",
      { from: "2024-11-23", to: "2026-11-21" },
      { from: "2025-11-21", to: "2026-09-22" },
      "Partly read: these figures count Sep 23 to Nov 21, 2026 only; Nov 21, 2025 to Sep 22, 2026 is still being read.",
    ],
  ] as const)("%s", (_name, range, unread, words) => {
    expect(unreadDays(firstRead, range)).toEqual(unread);
    expect(partlyReadWords(firstRead, range)).toBe(words);
  });

  it("finds nothing unread in a whole history", () => {
    const whole = { ...firstRead, readFrom: firstRead.from, whole: true };
    expect(unreadDays(whole, { from: "2024-01-01", to: "2026-11-21" })).toBeUndefined();
    expect(partlyReadWords(whole, { from: "2024-01-01", to: "2026-11-21" })).toBeUndefined();
  });
});

describe("readingOf", () => {
  const whole = { ...firstRead, readFrom: firstRead.from, whole: true };
  it.each([
    ["days read", firstRead, { from: "2026-10-01", to: "2026-11-21" }, "read"],
    ["some read", firstRead, { from: "2026-08-23", to: "2026-11-21" }, "partly read"],
    ["none read yet", firstRead, { from: "2026-05-24", to: "2026-08-22" }, "not read yet"],
    ["none read yet, reaching before the history", firstRead, { from: "2024-11-23", to: "2025-11-22" }, "not read yet"],
    ["before the history", whole, { from: "2024-11-23", to: "2025-11-20" }, "before the history"],
    ["reaching before the history", whole, { from: "2024-11-24", to: "2025-11-22" }, "partly before the history"],
    ["within a whole history", whole, { from: "2026-05-24", to: "2026-08-22" }, "read"],
  ] as const)("%s", (_name, coverage, range, reading) => {
    expect(readingOf(coverage, range)).toBe(reading);
  });
});

describe("coverageWords", () => {
  it.each([
    [
      "some days read",
      firstRead,
      "Figures cover Sep 23 to Nov 21, 2026; Nov 21, 2025 to Sep 22, 2026 is still being read.",
    ],
    [
      "every window read, the stock still to read",
      { ...firstRead, readFrom: "2025-11-21" },
      "Figures cover Nov 21, 2025 to Nov 21, 2026, every day of the history; the retailers' stock is still being read.",
    ],
    ["the history whole: nothing to say", { ...firstRead, whole: true }, undefined],
  ] as const)("%s", (_name, coverage, words) => {
    expect(coverageWords(coverage)).toBe(words);
  });
});
