import { describe, expect, it } from "vitest";
import { type FetchPage, planExport } from "./plan";

interface FakeListOptions {
  /** The most rows the service serves per page, whatever is asked (the Data API's is 500). */
  maxPageSize?: number;
  /** Derive HasNextPage from a full page, as the client does when the service leaves it out. */
  derivedHasNext?: boolean;
  remaining?: number;
}

/** A list of `total` rows ({ n: 1 }, { n: 2 }, …) behind a page fetcher that records the pages asked for. */
function fakeList(
  total: number,
  { maxPageSize = 500, derivedHasNext = false, remaining = 1000 }: FakeListOptions = {},
) {
  const asked: number[] = [];
  const fetchPage: FetchPage = async (page, pageSize) => {
    asked.push(page);
    const size = Math.min(pageSize, maxPageSize);
    const start = (page - 1) * size;
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ n: start + i + 1 }));
    const hasNextPage = derivedHasNext ? rows.length === size : start + size < total;
    return { rows, hasNextPage, rateLimit: { limit: 1000, remaining: remaining - asked.length, reset: 1800 } };
  };
  return { fetchPage, asked };
}

const signal = new AbortController().signal;

describe("planExport", () => {
  it.each([
    // rows, pages, the pages it asks for
    [0, 1, [1]],
    [1, 1, [1]],
    [499, 1, [1]],
    [500, 1, [1]],
    [501, 2, [1, 2]],
    [1000, 2, [1, 2]],
    [1001, 3, [1, 2, 4, 3]],
    [12_345, 25, [1, 2, 4, 8, 16, 32, 24, 28, 26, 25]],
    [16_000, 32, [1, 2, 4, 8, 16, 32]],
  ])("counts %i rows as %i pages, asking for pages %j", async (total, pages, asked) => {
    const list = fakeList(total);
    const plan = await planExport(list.fetchPage, { signal });
    expect(plan).toMatchObject({ pages, rows: total, pageSize: 500, requestsUsed: asked.length });
    expect(list.asked).toEqual(asked);
  });

  it("keeps the pages it fetched, and only pages of the list, for the export", async () => {
    const plan = await planExport(fakeList(12_345).fetchPage, { signal });
    expect([...plan.fetched.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 24, 25]);
    expect(plan.fetched.get(25)).toHaveLength(345);
    expect(plan.fetched.get(24)![0]).toEqual({ n: 23 * 500 + 1 });
    expect(plan.firstPage.rows).toHaveLength(500);
  });

  it("finds the end of an exact multiple when HasNextPage is derived from a full page", async () => {
    for (const [total, pages] of [
      [500, 1],
      [1000, 2],
      [12_000, 24],
    ] as const) {
      const list = fakeList(total, { derivedHasNext: true });
      const plan = await planExport(list.fetchPage, { signal });
      expect(plan).toMatchObject({ pages, rows: total });
      expect(plan.fetched.has(pages + 1)).toBe(false);
    }
  });

  it("stays within about 2·log2(pages) requests for long lists", async () => {
    const list = fakeList(1_000_000);
    const plan = await planExport(list.fetchPage, { signal });
    expect(plan).toMatchObject({ pages: 2000, rows: 1_000_000 });
    expect(plan.requestsUsed).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(2000)) + 1);
  });

  it("counts in the service's page size when it serves fewer rows than asked", async () => {
    const plan = await planExport(fakeList(1234, { maxPageSize: 100 }).fetchPage, { signal });
    expect(plan).toMatchObject({ pages: 13, rows: 1234, pageSize: 100 });
  });

  it("uses a smaller page size when asked", async () => {
    const list = fakeList(250);
    const plan = await planExport(list.fetchPage, { signal, pageSize: 100 });
    expect(plan).toMatchObject({ pages: 3, rows: 250, pageSize: 100 });
  });

  it("keeps the rate-limit headers of the last answer, with when it arrived", async () => {
    const plan = await planExport(fakeList(1001, { remaining: 50 }).fetchPage, { signal, now: () => 42 });
    expect(plan.rateLimit).toEqual({ limit: 1000, remaining: 46, reset: 1800, at: 42 });
  });

  it("rejects with an AbortError once cancelled, without asking for more pages", async () => {
    const controller = new AbortController();
    const list = fakeList(12_345);
    const fetchPage: FetchPage = async (page, size, s) => {
      if (page === 4) controller.abort();
      return list.fetchPage(page, size, s);
    };
    await expect(planExport(fetchPage, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(list.asked).toEqual([1, 2, 4]);
  });

  it("passes a fetch error on", async () => {
    const failing: FetchPage = async () => {
      throw new Error("offline");
    };
    await expect(planExport(failing, { signal })).rejects.toThrow("offline");
  });
});
