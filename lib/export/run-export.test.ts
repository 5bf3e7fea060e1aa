import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { CSV_BOM, type ExportColumn } from "@/lib/format/csv";
import { type FetchPage, planExport } from "./plan";
import { type ExportProgress, requestsToFetch, runExport, waitsForReset } from "./run-export";

const columns: ExportColumn[] = [{ id: "n", header: "N", value: (r) => String(r.n) }];

/**
 * A list of `total` rows ({ n: 1 }, …) behind a rate-limited service with its own clock: `limit` requests per
 * `windowSeconds`, RateLimit-Remaining and -Reset on every answer, and a `sleep` that moves the clock on.
 */
function fakeService(
  total: number,
  {
    limit = 1000,
    windowSeconds = 3600,
    startRemaining,
  }: { limit?: number; windowSeconds?: number; startRemaining?: number } = {},
) {
  const clock = { ms: 0 };
  let windowStart = 0;
  let used = limit - (startRemaining ?? limit);
  const asked: number[] = [];
  const sleeps: number[] = [];
  /** RateLimit-Remaining as the export's requests left it, lowest first. */
  const remainingSeen: number[] = [];
  const fetchPage: FetchPage = async (page, pageSize) => {
    if (clock.ms >= windowStart + windowSeconds * 1000) {
      windowStart += Math.floor((clock.ms - windowStart) / (windowSeconds * 1000)) * windowSeconds * 1000;
      used = 0;
    }
    if (used >= limit)
      throw new DataApiError({
        status: 429,
        detail: "Too many requests",
        retryAfter: Math.ceil((windowStart + windowSeconds * 1000 - clock.ms) / 1000),
      });
    used++;
    asked.push(page);
    const start = (page - 1) * pageSize;
    const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({
      n: start + i + 1,
    }));
    remainingSeen.push(limit - used);
    return {
      rows,
      hasNextPage: start + pageSize < total,
      rateLimit: {
        limit,
        remaining: limit - used,
        reset: Math.ceil((windowStart + windowSeconds * 1000 - clock.ms) / 1000),
      },
    };
  };
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.ms += ms;
  };
  return { fetchPage, sleep, now: () => clock.ms, asked, sleeps, remainingSeen, clock };
}

/** Collects what the export writes. */
function collector() {
  const chunks: string[] = [];
  return { chunks, write: async (chunk: string) => void chunks.push(chunk), text: () => chunks.join("") };
}

function expectedCsv(total: number): string {
  return CSV_BOM + "N\r\n" + Array.from({ length: total }, (_, i) => `${i + 1}\r\n`).join("");
}

describe("runExport", () => {
  it("writes the header, then every row once and in order, reusing the pages the plan fetched", async () => {
    const service = fakeService(12_345);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal, now: service.now });
    service.asked.length = 0;
    const out = collector();
    const progress: ExportProgress[] = [];
    const result = await runExport({
      ...service,
      plan,
      columns,
      write: out.write,
      onProgress: (p) => progress.push(p),
      signal,
    });

    expect(out.text()).toBe(expectedCsv(12_345));
    expect(out.chunks).toHaveLength(1 + 25);
    // Pages 1, 2, 4, 8, 16, 24 and 25 came from the plan.
    expect(service.asked).toEqual([3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23]);
    expect(result).toEqual({ rows: 12_345, pages: 25, requests: 18 });
    expect(progress[0]).toEqual({ page: 0, pages: 25, rows: 0 });
    expect(progress.at(-1)).toEqual({ page: 25, pages: 25, rows: 12_345 });
    expect(service.sleeps).toEqual([]);
  });

  it("writes only the header for an empty list, without the byte order mark when told", async () => {
    const service = fakeService(0);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal });
    const out = collector();
    service.asked.length = 0;
    const result = await runExport({ ...service, plan, columns, write: out.write, signal, bom: false });
    expect(out.text()).toBe("N\r\n");
    // The plan's page 1 said it all: not asked again.
    expect(service.asked).toEqual([]);
    expect(result.requests).toBe(0);
    expect(requestsToFetch(plan)).toBe(0);
  });

  it("waits for the window to reset when the requests left would not cover the rest and the reserve", async () => {
    // 18 pages still to fetch, 30 requests left once planned: 30 < 18 + 20, and a fresh window holds them all.
    const service = fakeService(12_345, { startRemaining: 40 });
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal, now: service.now });
    expect(plan.rateLimit.remaining).toBe(30);
    service.clock.ms += 60_000; // a minute spent reading the dialog
    const out = collector();
    const progress: ExportProgress[] = [];
    await runExport({ ...service, plan, columns, write: out.write, onProgress: (p) => progress.push(p), signal });

    expect(service.sleeps).toEqual([3540_000]);
    expect(progress.filter((p) => p.waitingSeconds !== undefined)).toEqual([
      { page: 2, pages: 25, rows: 1000, waitingSeconds: 3540 },
    ]); // pages 1 and 2 came with the plan
    expect(service.remainingSeen.at(-1)).toBe(1000 - 18);
    expect(out.text()).toBe(expectedCsv(12_345));
  });

  it("does not wait while the requests left cover the rest and the reserve", async () => {
    const service = fakeService(12_345, { startRemaining: 128 }); // 118 left after planning = 18 + 100 (a tenth of 1,000)
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal, now: service.now });
    await runExport({ ...service, plan, columns, write: collector().write, signal });
    expect(service.sleeps).toEqual([]);
    expect(Math.min(...service.remainingSeen)).toBe(100);
  });

  it("uses the window down to the reserve, then waits, when the export is larger than a whole window", async () => {
    // 100 pages with 50 requests an hour: it can never fit one window, so waiting up front would gain nothing.
    const service = fakeService(50_000, { limit: 50 });
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal, now: service.now });
    const out = collector();
    await runExport({ ...service, plan, columns, write: out.write, signal });

    expect(out.text()).toBe(expectedCsv(50_000));
    // Never below the reserve (no 429 either: every request was answered).
    expect(Math.min(...service.remainingSeen)).toBe(20);
    expect(service.sleeps.length).toBeGreaterThanOrEqual(3);
    expect(service.sleeps.every((ms) => ms > 0 && ms <= 3600_000)).toBe(true);
  });

  it("waits out a 429 for Retry-After and tries the same page again", async () => {
    const service = fakeService(2000);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal });
    let refusals = 2;
    const fetchPage: FetchPage = async (page, size, s) => {
      if (page === 3 && refusals-- > 0)
        throw new DataApiError({ status: 429, detail: "Too many requests", retryAfter: 7 });
      return service.fetchPage(page, size, s);
    };
    const out = collector();
    const progress: ExportProgress[] = [];
    const result = await runExport({
      ...service,
      fetchPage,
      plan,
      columns,
      write: out.write,
      onProgress: (p) => progress.push(p),
      signal,
    });

    expect(service.sleeps).toEqual([7000, 7000]);
    expect(progress.filter((p) => p.waitingSeconds)).toEqual([
      { page: 2, pages: 4, rows: 1000, waitingSeconds: 7 },
      { page: 2, pages: 4, rows: 1000, waitingSeconds: 7 },
    ]);
    expect(result.requests).toBe(3);
    expect(out.text()).toBe(expectedCsv(2000));
  });

  it("waits 60 s after a 429 without Retry-After, and fails after 3 retries", async () => {
    const service = fakeService(2000);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal });
    let attempts = 0;
    const refusing: FetchPage = async () => {
      attempts++;
      throw new DataApiError({ status: 429, detail: "Too many requests", requestId: "abc123" });
    };
    await expect(
      runExport({ ...service, fetchPage: refusing, plan, columns, write: collector().write, signal }),
    ).rejects.toMatchObject({ status: 429, requestId: "abc123" });
    expect(attempts).toBe(4);
    expect(service.sleeps).toEqual([60_000, 60_000, 60_000]);
  });

  it("fails at once on an error other than 429", async () => {
    const service = fakeService(2000);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal });
    let attempts = 0;
    const failing: FetchPage = async () => {
      attempts++;
      throw new DataApiError({ status: 500, detail: "Internal error" });
    };
    await expect(
      runExport({ ...service, fetchPage: failing, plan, columns, write: collector().write, signal }),
    ).rejects.toMatchObject({ status: 500 });
    expect(attempts).toBe(1);
    expect(service.sleeps).toEqual([]);
  });

  it("stops when cancelled mid-way and rejects with an AbortError", async () => {
    const service = fakeService(5000);
    const controller = new AbortController();
    const plan = await planExport(service.fetchPage, { signal: controller.signal });
    service.asked.length = 0;
    const out = collector();
    const run = runExport({
      ...service,
      plan,
      columns,
      write: async (chunk) => {
        out.chunks.push(chunk);
        if (out.chunks.length === 4) controller.abort(); // header and pages 1 to 3
      },
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(service.asked).toEqual([3]);
    expect(out.chunks).toHaveLength(4);
  });

  it("stops at once when cancelled during a wait, and while a page is being fetched", async () => {
    const service = fakeService(12_345, { startRemaining: 20 });
    const controller = new AbortController();
    const plan = await planExport(service.fetchPage, { signal: controller.signal, now: service.now });
    const never = () => new Promise<void>(() => {});
    const run = runExport({
      ...service,
      sleep: never,
      plan,
      columns,
      write: collector().write,
      onProgress: (p) => p.waitingSeconds && controller.abort(),
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });

    const hanging = new AbortController();
    const stuck: FetchPage = () => new Promise(() => {});
    const plan2 = await planExport(fakeService(2000).fetchPage, { signal: hanging.signal });
    const run2 = runExport({
      fetchPage: stuck,
      plan: plan2,
      columns,
      write: collector().write,
      signal: hanging.signal,
    });
    setTimeout(() => hanging.abort(), 0);
    await expect(run2).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("requestsToFetch and waitsForReset", () => {
  it("counts the pages the plan did not fetch", async () => {
    const plan = await planExport(fakeService(12_345).fetchPage, { signal: new AbortController().signal });
    expect(requestsToFetch(plan)).toBe(18);
    expect(requestsToFetch({ pages: 1, fetched: new Map() })).toBe(1);
  });

  it.each([
    [{ limit: 1000, remaining: 118 }, 18, false], // exactly the rest plus the reserve (a tenth of the limit)
    [{ limit: 1000, remaining: 117 }, 18, true], // a fresh window holds the rest: wait for it
    [{ limit: 1028, remaining: 102 }, 1, true], // under a tenth left: the budget is low, the export waits
    [{ limit: 1000, remaining: 500 }, 2000, false], // larger than any window: use this one down to the reserve
    [{ limit: 1000, remaining: 100 }, 2000, true], // only the reserve left
    [{ limit: 100, remaining: 25 }, 5, false], // a small limit: at least 20 are kept, not a tenth
    [{ remaining: 30 }, 18, false], // limit unknown: go on down to the reserve
    [{}, 5000, false], // nothing known
  ])("%j with %i pages to fetch waits: %s", (seen, toFetch, waits) => {
    expect(waitsForReset(seen, toFetch)).toBe(waits);
  });

  it("writes in the list's own order: each page sorted, the last page first where the API lists the other way round", async () => {
    const service = fakeService(1_200);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchPage, { signal, now: service.now });
    service.asked.length = 0;
    const out = collector();
    const progress: ExportProgress[] = [];
    await runExport({
      fetchPage: service.fetchPage,
      plan,
      columns,
      write: out.write,
      signal,
      now: service.now,
      sleep: service.sleep,
      onProgress: (p) => progress.push(p),
      order: { lastPageFirst: true, sort: (rows) => [...rows].sort((a, b) => Number(b.n) - Number(a.n)) },
    });
    expect(out.text()).toBe(CSV_BOM + "N\r\n" + Array.from({ length: 1_200 }, (_, i) => `${1_200 - i}\r\n`).join(""));
    // Progress counts the pages written, whichever is read first.
    expect(progress.map((p) => p.page)).toEqual([0, 1, 2, 3]);
  });
});
