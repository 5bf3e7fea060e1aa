import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { CSV_BOM, type ExportColumn } from "@/lib/format/csv";
import { type FetchPage, type PageResult, planExport } from "./plan";
import {
  batchesOf,
  type ChildExportProgress,
  type FetchChildPage,
  estimatedChildRequests,
  runChildExport,
} from "./run-child-export";

type Row = Record<string, unknown>;

/**
 * A list of `total` invoices ({ InvoiceID: 1001, InvoiceNum: "N1" }, …; every `noIdEvery`-th without an id) and their
 * lines (`linesOf(id)` per invoice, ordered by invoice then line), behind one rate-limited service with its own clock,
 * as the Data API's /invoices and /invoiceTransactions share a key's window.
 */
function fakeService(
  total: number,
  {
    linesOf = (id: number) => id % 7,
    noIdEvery = 0,
    limit = 1000,
    startRemaining,
  }: { linesOf?: (id: number) => number; noIdEvery?: number; limit?: number; startRemaining?: number } = {},
) {
  const clock = { ms: 0 };
  const windowMs = 3600_000;
  let windowStart = 0;
  let used = limit - (startRemaining ?? limit);
  const parentAsked: number[] = [];
  const childAsked: { ids: string[]; page: number; pageSize: number }[] = [];
  const sleeps: number[] = [];
  const remainingSeen: number[] = [];
  const invoices: Row[] = Array.from({ length: total }, (_, i) =>
    noIdEvery && (i + 1) % noIdEvery === 0
      ? { InvoiceNum: `N${i + 1}` }
      : { InvoiceID: 1001 + i, InvoiceNum: `N${i + 1}` },
  );

  function answer(rows: Row[], hasNextPage: boolean): PageResult {
    if (clock.ms >= windowStart + windowMs) {
      windowStart += Math.floor((clock.ms - windowStart) / windowMs) * windowMs;
      used = 0;
    }
    if (used >= limit)
      throw new DataApiError({
        status: 429,
        detail: "Too many requests",
        retryAfter: Math.ceil((windowStart + windowMs - clock.ms) / 1000),
      });
    used++;
    remainingSeen.push(limit - used);
    return {
      rows,
      hasNextPage,
      rateLimit: { limit, remaining: limit - used, reset: Math.ceil((windowStart + windowMs - clock.ms) / 1000) },
    };
  }

  const fetchParentPage: FetchPage = async (page, pageSize) => {
    const result = answer(invoices.slice((page - 1) * pageSize, page * pageSize), page * pageSize < total);
    parentAsked.push(page);
    return result;
  };
  const linesFor = (ids: readonly string[]) =>
    ids.flatMap((id) =>
      Array.from({ length: linesOf(Number(id)) }, (_, n) => ({ InvoiceID: Number(id), Line: n + 1 })),
    );
  const fetchChildPage: FetchChildPage = async (ids, page, pageSize) => {
    const all = linesFor(ids);
    const result = answer(all.slice((page - 1) * pageSize, page * pageSize), page * pageSize < all.length);
    childAsked.push({ ids: [...ids], page, pageSize });
    return result;
  };
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.ms += ms;
  };
  return {
    fetchParentPage,
    fetchChildPage,
    sleep,
    now: () => clock.ms,
    invoices,
    linesFor,
    parentAsked,
    childAsked,
    sleeps,
    remainingSeen,
    clock,
  };
}

const parentColumns: ExportColumn[] = [
  { id: "InvoiceNum", header: "Invoice", value: (r) => String(r.InvoiceNum ?? "") },
];
const columns: ExportColumn[] = [
  { id: "InvoiceID", header: "Invoice ID", value: (r) => String(r.InvoiceID ?? "") },
  { id: "Line", header: "Line", value: (r) => String(r.Line ?? "") },
];
const ids = {
  parentId: (r: Row) => (r.InvoiceID == null ? undefined : String(r.InvoiceID)),
  childParentId: (r: Row) => (r.InvoiceID == null ? undefined : String(r.InvoiceID)),
};

function collector() {
  const chunks: string[] = [];
  return { chunks, write: async (chunk: string) => void chunks.push(chunk), text: () => chunks.join("") };
}

/** The file the export should write: the lines of the invoices with an id, in order, each after its invoice number. */
function expectedCsv(service: ReturnType<typeof fakeService>): string {
  const withId = service.invoices.filter((r) => r.InvoiceID !== undefined);
  const numberOf = new Map(withId.map((r) => [r.InvoiceID, r.InvoiceNum]));
  const lines = service.linesFor(withId.map((r) => String(r.InvoiceID)));
  return (
    CSV_BOM +
    "Invoice,Invoice ID,Line\r\n" +
    lines.map((l) => `${numberOf.get(l.InvoiceID)},${l.InvoiceID},${l.Line}\r\n`).join("")
  );
}

describe("batchesOf", () => {
  it("splits ids into batches of the size, in order, the last one shorter", () => {
    const list = Array.from({ length: 250 }, (_, i) => String(i));
    const batches = batchesOf(list, 100);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(list);
    expect(batchesOf([], 100)).toEqual([]);
    expect(() => batchesOf(list, 0)).toThrow(RangeError);
  });
});

describe("runChildExport", () => {
  it("walks the list for its ids, reads their children in batches of 100, each page by page, and writes every child once after its parent's number", async () => {
    // 1,234 invoices: 3 pages of the list (the plan fetched 1 and 2, then found 3 by its binary search: all of them),
    // 13 batches; 0 to 6 lines an invoice, about 300 a batch: some batches need a second page of 200.
    const service = fakeService(1234);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchParentPage, { signal, now: service.now });
    service.parentAsked.length = 0;
    const out = collector();
    const progress: ChildExportProgress[] = [];
    const result = await runChildExport({
      ...service,
      ...ids,
      plan,
      parentColumns,
      columns,
      pageSize: 200,
      write: out.write,
      onProgress: (p) => progress.push(p),
      signal,
    });

    expect(out.text()).toBe(expectedCsv(service));
    expect(service.parentAsked).toEqual([]); // every page of the list came with the plan
    const batches = batchesOf(
      service.invoices.map((r) => String(r.InvoiceID)),
      100,
    );
    expect(new Set(service.childAsked.map((a) => a.ids.join(",")))).toEqual(new Set(batches.map((b) => b.join(","))));
    expect(service.childAsked.every((a) => a.ids.length <= 100 && a.pageSize === 200)).toBe(true);
    // Each batch from page 1 on, one more page whenever the last was full.
    for (const batch of batches) {
      const pages = service.childAsked.filter((a) => a.ids[0] === batch[0]).map((a) => a.page);
      expect(pages).toEqual(
        Array.from({ length: Math.max(1, Math.ceil(service.linesFor(batch).length / 200)) }, (_, i) => i + 1),
      );
    }
    expect(service.childAsked.some((a) => a.page === 2)).toBe(true);
    expect(result).toEqual({
      rows: service.linesFor(batches.flat()).length,
      parents: 1234,
      skipped: 0,
      batches: 13,
      requests: service.childAsked.length,
    });
    expect(progress[0]).toMatchObject({ phase: "parents", page: 0, pages: 3, batches: 13, rows: 0 });
    expect(progress.filter((p) => p.phase === "parents").at(-1)).toMatchObject({ page: 3, parents: 1234 });
    expect(progress.at(-1)).toMatchObject({ phase: "children", batchesDone: 13, batches: 13, rows: result.rows });
  });

  it("fetches the pages of the list the plan did not, and counts them in the pacing", async () => {
    const service = fakeService(12_345, { linesOf: () => 1 });
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchParentPage, { signal, now: service.now });
    expect(estimatedChildRequests(plan)).toBe(18 + 124);
    service.parentAsked.length = 0;
    const result = await runChildExport({
      ...service,
      ...ids,
      plan,
      parentColumns,
      columns,
      write: collector().write,
      signal,
    });
    expect(service.parentAsked).toEqual([3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23]);
    expect(result).toMatchObject({ parents: 12_345, batches: 124, rows: 12_345, requests: 18 + 124 });
  });

  it("skips rows without an id, reads a repeated row's children once, and names the parent by the id the child gives", async () => {
    const service = fakeService(30, { noIdEvery: 10, linesOf: () => 2 });
    // The list shifted while it was walked: invoice 1002 is on page 1 and again on page 2.
    service.invoices.splice(20, 0, { ...service.invoices[1] });
    const signal = new AbortController().signal;
    const fetchParentPage: FetchPage = async (page, _size, s) => service.fetchParentPage(page, 20, s);
    const plan = await planExport(fetchParentPage, { signal, pageSize: 20 });
    const out = collector();
    const result = await runChildExport({
      ...service,
      ...ids,
      fetchParentPage,
      plan,
      parentColumns,
      columns,
      write: out.write,
      signal,
    });
    expect(result).toMatchObject({ parents: 27, skipped: 3, batches: 1, rows: 54 });
    expect(service.childAsked).toHaveLength(1);
    expect(service.childAsked[0]!.ids).not.toContain(undefined);
    expect(
      out
        .text()
        .split("\r\n")
        .filter((l) => l.startsWith("N2,1002,")),
    ).toEqual(["N2,1002,1", "N2,1002,2"]);
  });

  it("writes only the header for an empty list, with no child request (the child operation requires ids)", async () => {
    const service = fakeService(0);
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchParentPage, { signal });
    const out = collector();
    const result = await runChildExport({
      ...service,
      ...ids,
      plan,
      parentColumns,
      columns,
      write: out.write,
      signal,
      bom: false,
    });
    expect(out.text()).toBe("Invoice,Invoice ID,Line\r\n");
    expect(service.childAsked).toEqual([]);
    expect(result).toEqual({ rows: 0, parents: 0, skipped: 0, batches: 0, requests: 0 });
  });

  it("writes a missing field as an empty cell, never 'undefined'", async () => {
    const service = fakeService(3, { linesOf: () => 1 });
    const signal = new AbortController().signal;
    const sparse: FetchChildPage = async (batch, page, size, s) => {
      const result = await service.fetchChildPage(batch, page, size, s);
      return { ...result, rows: result.rows.map((r) => ({ InvoiceID: r.InvoiceID })) }; // no Line
    };
    const plan = await planExport(service.fetchParentPage, { signal });
    const out = collector();
    await runChildExport({
      ...service,
      ...ids,
      fetchChildPage: sparse,
      plan,
      parentColumns,
      columns,
      write: out.write,
      signal,
      bom: false,
    });
    expect(out.text()).toBe("Invoice,Invoice ID,Line\r\nN1,1001,\r\nN2,1002,\r\nN3,1003,\r\n");
  });

  it("waits for the window to reset when the requests left would not cover the batches and the reserve, through the list export's pacing", async () => {
    // 500 invoices in one page: 5 batches still to read, 22 requests left after the plan: 22 < 5 + 20.
    const service = fakeService(500, { startRemaining: 23, linesOf: () => 1 });
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchParentPage, { signal, now: service.now });
    const progress: ChildExportProgress[] = [];
    const out = collector();
    await runChildExport({
      ...service,
      ...ids,
      plan,
      parentColumns,
      columns,
      write: out.write,
      onProgress: (p) => progress.push(p),
      signal,
    });
    expect(service.sleeps).toEqual([3600_000]);
    expect(progress.filter((p) => p.waitingSeconds !== undefined)).toEqual([
      { phase: "children", page: 1, pages: 1, parents: 500, batchesDone: 0, batches: 5, rows: 0, waitingSeconds: 3600 },
    ]);
    expect(out.text()).toBe(expectedCsv(service));
  });

  it("waits out a 429 on a batch and asks for the same batch and page again", async () => {
    const service = fakeService(150, { linesOf: () => 1 });
    const signal = new AbortController().signal;
    const plan = await planExport(service.fetchParentPage, { signal });
    let refusals = 1;
    const refusing: FetchChildPage = async (batch, page, size, s) => {
      if (batch[0] === "1101" && refusals-- > 0)
        throw new DataApiError({ status: 429, detail: "Too many requests", retryAfter: 9 });
      return service.fetchChildPage(batch, page, size, s);
    };
    const out = collector();
    const result = await runChildExport({
      ...service,
      ...ids,
      fetchChildPage: refusing,
      plan,
      parentColumns,
      columns,
      write: out.write,
      signal,
    });
    expect(service.sleeps).toEqual([9000]);
    expect(service.childAsked.map((a) => [a.ids[0], a.page])).toEqual([
      ["1001", 1],
      ["1101", 1],
    ]);
    expect(result.requests).toBe(3);
    expect(out.text()).toBe(expectedCsv(service));
  });

  it("stops between requests when cancelled: no request after the cancel, and rejects with an AbortError", async () => {
    const service = fakeService(450, { linesOf: () => 3 });
    const controller = new AbortController();
    const plan = await planExport(service.fetchParentPage, { signal: controller.signal });
    const out = collector();
    const run = runChildExport({
      ...service,
      ...ids,
      plan,
      parentColumns,
      columns,
      write: async (chunk) => {
        out.chunks.push(chunk);
        if (out.chunks.length === 3) controller.abort(); // the header and two batches
      },
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(service.childAsked.map((a) => a.ids[0])).toEqual(["1001", "1101"]);
  });

  it("stops at once when cancelled while the list is walked or during a wait", async () => {
    const hanging = new AbortController();
    const service = fakeService(12_345);
    const plan = await planExport(service.fetchParentPage, { signal: hanging.signal });
    const stuck: FetchPage = () => new Promise(() => {});
    const run = runChildExport({
      ...service,
      ...ids,
      fetchParentPage: stuck,
      plan,
      parentColumns,
      columns,
      write: collector().write,
      signal: hanging.signal,
    });
    setTimeout(() => hanging.abort(), 0);
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(service.childAsked).toEqual([]);

    const waiting = new AbortController();
    const tight = fakeService(500, { startRemaining: 21 });
    const plan2 = await planExport(tight.fetchParentPage, { signal: waiting.signal, now: tight.now });
    const never = () => new Promise<void>(() => {});
    const run2 = runChildExport({
      ...tight,
      ...ids,
      sleep: never,
      plan: plan2,
      parentColumns,
      columns,
      write: collector().write,
      onProgress: (p) => p.waitingSeconds && waiting.abort(),
      signal: waiting.signal,
    });
    await expect(run2).rejects.toMatchObject({ name: "AbortError" });
    expect(tight.childAsked).toEqual([]);
  });
});
