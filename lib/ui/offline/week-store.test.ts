import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keptSummary } from "./kept-summaries";
import { restoreWeek, saveWeek, WEEK_MAX_AGE_MS, weekMeta } from "./week-store";

const customers = ["walk", "api", "listCustomers", "", "AccountStatuses=Active&CustomerIDs=1%2C2", "10"] as const;
const invoices = [
  "walk",
  "api",
  "listInvoices",
  "",
  "CustomerIDs=1%2C2&StartDate=2026-08-27&Statuses=1%2C2%2C3%2C4%2C5%2C7",
  "10",
] as const;
const elsewhere = ["api", "listProducts", "", "PageSize=50"] as const;

function clientWithAnswers() {
  const client = new QueryClient();
  client.setQueryData(customers, {
    records: [{ CustomerID: 1, CustomerName: "Cloud Greens" }],
    complete: true,
    requests: 1,
  });
  client.setQueryData(invoices, {
    records: [
      { InvoiceID: 9, CustomerID: 1, Date: "2026-11-20T00:00:00Z", PDFURL: "https://erp.example/pdf?token=secret" },
    ],
    complete: true,
    requests: 1,
  });
  client.setQueryData(elsewhere, { records: [{ ProductID: 5 }] });
  return client;
}

afterEach(() => vi.useRealTimers());

describe("a rep's week on the device", () => {
  it("keeps Today's answers only, and puts them back into another page's client", async () => {
    const meta = await saveWeek(clientWithAnswers(), {
      repId: 1008,
      day: "2026-11-25",
      accounts: 2,
      keys: [customers, invoices],
    });
    expect(meta).toMatchObject({ repId: 1008, day: "2026-11-25", accounts: 2, queries: 2 });
    expect(meta.bytes).toBeGreaterThan(0);
    const later = new QueryClient();
    expect(await restoreWeek(later, 1008)).toMatchObject({ repId: 1008, queries: 2 });
    expect(later.getQueryData(customers)).toEqual({
      records: [{ CustomerID: 1, CustomerName: "Cloud Greens" }],
      complete: true,
      requests: 1,
    });
    expect(later.getQueryData(invoices)).toMatchObject({ records: [{ InvoiceID: 9, CustomerID: 1 }] });
    expect(later.getQueryData(elsewhere)).toBeUndefined();
  });

  it("leaves newer answers in the cache as they are (online, the network's win)", async () => {
    await saveWeek(clientWithAnswers(), { repId: 1008, day: "2026-11-25", accounts: 2, keys: [customers] });
    const online = new QueryClient();
    online.setQueryData(
      customers,
      { records: [{ CustomerID: 1, CustomerName: "Cloud Greens (renamed)" }], complete: true, requests: 1 },
      { updatedAt: Date.now() + 60_000 },
    );
    await restoreWeek(online, 1008);
    expect(online.getQueryData(customers)).toMatchObject({ records: [{ CustomerName: "Cloud Greens (renamed)" }] });
  });

  it("restores no other rep's week, and none past its week", async () => {
    await saveWeek(clientWithAnswers(), { repId: 1008, day: "2026-11-25", accounts: 2, keys: [customers] });
    expect(await restoreWeek(new QueryClient(), 1006)).toBeUndefined();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + WEEK_MAX_AGE_MS + 1_000);
    expect(await weekMeta()).toBeUndefined();
    expect(await restoreWeek(new QueryClient(), 1008)).toBeUndefined();
  });
});

describe("the accounts' summaries kept with the week", () => {
  it("are kept with it, counted in its size, and read per account (none for another, none past the week)", async () => {
    const bare = await saveWeek(clientWithAnswers(), {
      repId: 1008,
      day: "2026-11-25",
      accounts: 2,
      keys: [customers],
    });
    expect(await keptSummary(1)).toBeUndefined();
    const summaries = { "1": "<p>Open balance <strong>$150.25</strong></p>", "2": "<p>Nothing open</p>" };
    const meta = await saveWeek(clientWithAnswers(), {
      repId: 1008,
      day: "2026-11-25",
      accounts: 2,
      keys: [customers],
      summaries,
    });
    expect(meta.bytes - bare.bytes).toBe(new TextEncoder().encode(summaries["1"] + summaries["2"]).length);
    expect(await keptSummary(1)).toBe(summaries["1"]);
    expect(await keptSummary(3)).toBeUndefined();
    expect(await keptSummary(1, Date.now() + WEEK_MAX_AGE_MS + 1_000)).toBeUndefined();
  });

  it("are read in a connection closed after each read (the worker's, which would stop the deletion at sign-out)", async () => {
    await saveWeek(clientWithAnswers(), {
      repId: 1008,
      day: "2026-11-25",
      accounts: 2,
      keys: [customers],
      summaries: { "1": "<p>x</p>" },
    });
    const close = vi.spyOn(IDBDatabase.prototype, "close");
    try {
      expect(await keptSummary(1)).toBe("<p>x</p>");
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      close.mockRestore();
    }
  });
});
