import { describe, expect, it } from "vitest";
import { type BackfillProgress, backfillEstimate, estimateWords, retryAfterSeconds } from "./backfill-estimate";

/** A year's backfill begun on Nov 21 (366 days: 7 windows of 60 days, the last of 6), the live limit's share. */
const pace = { perHour: 71, requestMs: 1000 };
const at = (time: string) => Date.parse(`2026-11-21T${time}Z`);
function progress(change: Partial<BackfillProgress> = {}): BackfillProgress {
  return {
    phase: "backfill",
    horizon: "2025-11-21",
    window: { from: "2026-09-23", to: "2026-11-21" },
    requests: 0,
    walk: { day: "2026-11-21", requests: 0, windowRequests: 0 },
    ...change,
  };
}
/** Three windows read in 36 requests (0.2 a day), two of the fourth's: 38 of the 186 days left, less 2, and 8 to close. */
const threeRead = {
  window: { from: "2026-03-27", to: "2026-05-25" },
  requests: 38,
  walk: { day: "2026-11-21", requests: 0, windowRequests: 36 },
};

describe("backfillEstimate", () => {
  it.each([
    ["before any window is read: nothing to go by", progress(), at("10:00:00"), { windows: 7, windowsRead: 0 }],
    [
      "three windows read, 33 of this hour's 71 left: the rest waits for the next hour",
      progress({ ...threeRead, hour: { start: "2026-11-21T10:00:00.000Z", requests: 38 } }),
      at("10:00:00"),
      { windows: 7, windowsRead: 3, secondsLeft: 3611 },
    ],
    [
      "three windows read, nothing read this hour yet: 44 requests, a second each",
      progress({ ...threeRead, hour: { start: "2026-11-21T09:00:00.000Z", requests: 38 } }),
      at("10:00:00"),
      { windows: 7, windowsRead: 3, secondsLeft: 44 },
    ],
    [
      "paused until the next hour: its wait, then the requests left",
      progress({
        ...threeRead,
        hour: { start: "2026-11-21T10:00:00.000Z", requests: 71 },
        resumesAt: "2026-11-21T11:00:00.000Z",
      }),
      at("10:45:00"),
      { windows: 7, windowsRead: 3, secondsLeft: 944, resumesAt: "2026-11-21T11:00:00.000Z" },
    ],
    [
      "a big walk (a distributor's): 300 requests left, 71 an hour",
      progress({
        window: { from: "2026-07-25", to: "2026-09-22" },
        requests: 74,
        walk: { day: "2026-11-21", requests: 0, windowRequests: 60 },
      }),
      at("10:00:00"),
      { windows: 7, windowsRead: 1, secondsLeft: 4 * 3600 + 16 },
    ],
    [
      "three windows read, what the pages group by read before the first: only the retailers' stock to close",
      progress({ ...threeRead, referencedAt: "2026-11-21T09:00:00.000Z" }),
      at("10:00:00"),
      { windows: 7, windowsRead: 3, secondsLeft: 37 },
    ],
    [
      "a wait that has passed is not counted",
      progress({ ...threeRead, resumesAt: "2026-11-21T09:00:00.000Z" }),
      at("10:00:00"),
      { windows: 7, windowsRead: 3, secondsLeft: 44 },
    ],
  ] as const)("%s", (_name, state, now, expected) => {
    expect(backfillEstimate(state, pace, now)).toEqual(expected);
  });

  it("has none for a refresh, nor for a walk begun before walks kept what it needs", () => {
    expect(backfillEstimate(progress({ phase: "refresh" }), pace, at("10:00:00"))).toBeUndefined();
    expect(backfillEstimate(progress({ walk: undefined }), pace, at("10:00:00"))).toBeUndefined();
  });
});

describe("estimateWords", () => {
  it.each([
    [{ windows: 7, windowsRead: 0 }, "Starting…"],
    [{ windows: 7, windowsRead: 2 }, "2 of 7 windows read"],
    [{ windows: 7, windowsRead: 3, secondsLeft: 44 }, "Less than a minute left: 3 of 7 windows read"],
    [{ windows: 7, windowsRead: 3, secondsLeft: 60 }, "About 1 minute left: 3 of 7 windows read"],
    [{ windows: 7, windowsRead: 3, secondsLeft: 1150 }, "About 20 minutes left: 3 of 7 windows read"],
    [{ windows: 7, windowsRead: 6, secondsLeft: 3611 }, "About 61 minutes left: 6 of 7 windows read"],
    [{ windows: 7, windowsRead: 1, secondsLeft: 4 * 3600 + 16 }, "About 4 hours left: 1 of 7 windows read"],
  ] as const)("%o reads %s", (estimate, words) => {
    expect(estimateWords(estimate)).toBe(words);
  });
});

describe("retryAfterSeconds", () => {
  it.each([
    ["the estimate", { windows: 7, windowsRead: 3, secondsLeft: 944 }, 944],
    [
      "the walk's wait, with no estimate yet",
      { windows: 7, windowsRead: 0, resumesAt: "2026-11-21T10:05:00.000Z" },
      300,
    ],
    ["a minute, with neither", { windows: 7, windowsRead: 0 }, 60],
    ["a day at most", { windows: 7, windowsRead: 1, secondsLeft: 200_000 }, 86_400],
  ] as const)("is %s", (_name, estimate, seconds) => {
    expect(retryAfterSeconds(estimate, at("10:00:00"))).toBe(seconds);
  });
});
