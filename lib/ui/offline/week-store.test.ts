import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
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
