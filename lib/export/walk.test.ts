import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { PageResult } from "./plan";
import { walkPages, type WalkProgress } from "./walk";

/** A list of `total` rows behind a service allowing `limit` requests an hour, `remaining` of them left at first. */
function service(
  total: number,
  { limit = 1000, remaining = limit, fail429 = 0 }: { limit?: number; remaining?: number; fail429?: number } = {},
) {
  const clock = { ms: 0 };
  let left = remaining;
  let refusals = fail429;
  const asked: number[] = [];
  const sleeps: number[] = [];
  const fetchPage = async (page: number, size: number): Promise<PageResult> => {
    if (clock.ms >= 3_600_000) left = limit;
    if (refusals > 0) {
      refusals--;
      throw new DataApiError({ status: 429, detail: "Too many requests", retryAfter: 5 });
    }
    asked.push(page);
    left--;
    const start = (page - 1) * size;
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ n: start + i + 1 }));
    return {
      rows,
      hasNextPage: start + size < total,
      rateLimit: { limit, remaining: left, reset: Math.ceil((3_600_000 - clock.ms) / 1000) },
    };
  };
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.ms += ms;
  };
  return { fetchPage, sleep, now: () => clock.ms, asked, sleeps };
}

const signal = new AbortController().signal;

describe("walkPages", () => {
  it("reads every page of a list of 4,863 rows, 500 a page, and stops at the last", async () => {
    const s = service(4863);
    const progress: WalkProgress[] = [];
    const walked = await walkPages({
      fetchPage: s.fetchPage,
      signal,
      maxPages: 40,
      sleep: s.sleep,
      now: s.now,
      onProgress: (p) => progress.push(p),
    });
    expect(walked.complete).toBe(true);
    expect(s.asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(walked.pages.flatMap((p) => p.rows)).toHaveLength(4863);
    expect(walked.requests).toBe(10);
    expect(progress.at(-1)).toEqual({ pages: 10, rows: 4863 });
    expect(s.sleeps).toEqual([]);
  });

  it("keeps the dashboard's reserve: with a tenth of the hour left, it waits for the window's reset before reading on", async () => {
    const s = service(1500, { remaining: 102 });
    const waits: number[] = [];
    const walked = await walkPages({
      fetchPage: s.fetchPage,
      signal,
      maxPages: 40,
      sleep: s.sleep,
      now: s.now,
      onProgress: (p) => p.waitingSeconds !== undefined && waits.push(p.waitingSeconds),
    });
    expect(walked.complete).toBe(true);
    expect(s.asked).toEqual([1, 2, 3]);
    // Page 1 left 101 requests: the reserve of a 1,000-request hour is 100, so page 2 waited for the reset.
    expect(waits).toEqual([3600]);
    expect(s.sleeps).toEqual([3_600_000]);
  });

  it("waits out a 429 and asks again; a server render's sleep that throws stops the walk instead", async () => {
    const s = service(600, { fail429: 1 });
    expect(
      (await walkPages({ fetchPage: s.fetchPage, signal, maxPages: 40, sleep: s.sleep, now: s.now })).pages,
    ).toHaveLength(2);
    expect(s.sleeps).toEqual([5000]);
    const low = service(1500, { remaining: 50 });
    const noWaiting = async () => {
      throw new Error("would wait");
    };
    await expect(
      walkPages({ fetchPage: low.fetchPage, signal, maxPages: 40, sleep: noWaiting, now: low.now }),
    ).rejects.toThrow("would wait");
    expect(low.asked).toEqual([1]);
  });

  it("stops at the bound, saying the list is not whole", async () => {
    const s = service(5000);
    const walked = await walkPages({ fetchPage: s.fetchPage, signal, maxPages: 3, sleep: s.sleep, now: s.now });
    expect([walked.complete, walked.pages.length, s.asked]).toEqual([false, 3, [1, 2, 3]]);
  });
});
