import { dehydrate, hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { packWalked, unpackWalked } from "./walked-wire";

const walked = {
  records: [
    { InvoiceID: 1, CustomerName: "Valley Cannabis", OpenBalance: "12.500000", ARNote: null },
    // A sparse record: no ARNote, and a field the first did not name.
    { InvoiceID: 2, CustomerName: "Canna Cannabis", OpenBalance: "0.000000", PONum: "PO-7" },
    { InvoiceID: 3, CustomerName: "$Sage", OpenBalance: "1.000000", ARNote: "call", Lines: [{ Qty: 2 }] },
  ],
  complete: false,
  requests: 12,
  stale: { since: "2026-11-29T08:00:00.000Z" },
};

describe("packWalked and unpackWalked", () => {
  it("name each field once and give every record back as it was: its nulls, its absent fields, its nested values", () => {
    const packed = packWalked(walked) as { rows: { fields: string[]; values: unknown[][] } };
    expect(packed.rows.fields).toEqual(["InvoiceID", "CustomerName", "OpenBalance", "ARNote", "PONum", "Lines"]);
    expect(packed.rows.values[1]).toEqual([2, "Canna Cannabis", "0.000000", undefined, "PO-7", undefined]);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(walked).length);
    const back = unpackWalked(packed) as typeof walked;
    expect(back).toEqual(walked);
    expect(Object.keys(back.records[1]!)).toEqual(["InvoiceID", "CustomerName", "OpenBalance", "PONum"]);
    expect(back.records[0]).toHaveProperty("ARNote", null);
  });

  it("pass every other answer through unchanged", () => {
    const page = { records: [{ A: 1 }], meta: {}, paging: { page: 1, pageSize: 50, hasNextPage: false } };
    for (const data of [page, { Data: [] }, [1, 2], "text", null, 7, { records: [1, 2], complete: true, requests: 1 }])
      for (const transform of [packWalked, unpackWalked]) expect(transform(data)).toBe(data);
  });

  it("carry an empty walk", () => {
    const empty = { records: [], complete: true, requests: 1 };
    expect(unpackWalked(packWalked(empty))).toEqual(empty);
  });

  it("are the transforms a server's render dehydrates and the browser hydrates a walk's answer with", () => {
    const server = new QueryClient({ defaultOptions: { dehydrate: { serializeData: packWalked } } });
    server.setQueryData(["walk", "listInvoices"], walked);
    server.setQueryData(["api", "getInvoice"], { records: [{ InvoiceID: 1 }], meta: {} });
    const state = dehydrate(server);
    expect(state.queries.find((q) => q.queryKey[0] === "walk")?.state.data).toHaveProperty("rows");
    const browser = new QueryClient({ defaultOptions: { hydrate: { deserializeData: unpackWalked } } });
    hydrate(browser, JSON.parse(JSON.stringify(state, (_, v: unknown) => (v === undefined ? null : v))));
    // JSON turns an absent field's `undefined` into null; React's stream keeps it (the browser tests read the pages).
    const back = browser.getQueryData<typeof walked>(["walk", "listInvoices"])!;
    expect(back.records.map((r) => r.InvoiceID)).toEqual([1, 2, 3]);
    expect(browser.getQueryData(["api", "getInvoice"])).toEqual({ records: [{ InvoiceID: 1 }], meta: {} });
  });
});
