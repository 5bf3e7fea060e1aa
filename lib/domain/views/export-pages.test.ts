import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import type { KeyType } from "@/lib/data-api/operation";
import { demoKeys } from "@/lib/sandbox/keys";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { CHILD_EXPORTS, type ChildExport, idOf } from "./child-exports";
import { childPages, type ExportPage, listPages } from "./export-pages";
import { listRequest } from "./list-view-spec";
import { LIST_VIEWS } from "./list-views";

// The child exports' requests against the seeded sandbox: the ids of a filtered list, read back in batches, give the
// children of exactly those rows (compared with the sandbox's own tables), for each key type that may make them.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const KEYS = demoKeys("test");

/** A client over the in-process sandbox as a key type, recording the URLs it asks for. */
function clientAs(keyType: KeyType) {
  const asked: URL[] = [];
  const api = createDataApiClient({
    baseUrl: "http://sandbox.test/test/api/v1",
    apiKey: KEYS[keyType],
    fetch: async (input, init) => {
      const request = new Request(input, init);
      asked.push(new URL(request.url));
      // An export never takes the proxy's last-known copy (lib/server/core/proxy/stale.ts): its pages are all of one age.
      expect(request.headers.get("Cache-Control")).toBe("stale-if-error=0");
      return sandbox.runtime.app.fetch(request);
    },
  });
  return { api, asked };
}

const signal = new AbortController().signal;
const spec = (child: string) => CHILD_EXPORTS.find((e) => e.child === child)!;

/** Every page of a reader, from page 1 until the answer says it is the last. */
async function allPages(read: (page: number) => Promise<ExportPage>): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(page);
    rows.push(...answer.rows);
    if (!answer.hasNextPage || answer.rows.length === 0) return rows;
  }
}

/** The list's rows for an address, then their children in batches of 100 ids, as the export reads them. */
async function exportChildren(keyType: KeyType, e: ChildExport, address: string) {
  const { api, asked } = clientAs(keyType);
  const request = listRequest(e.parent, new URLSearchParams(address));
  const readList = listPages(api, request);
  const parents = await allPages((page) => readList(page, 500, signal));
  const ids = parents.map((r) => idOf(r, e.parentId)).filter((id): id is string => id !== undefined);
  const readChildren = childPages(api, e, request);
  const children: Record<string, unknown>[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    const batch = ids.slice(start, start + 100);
    children.push(...(await allPages((page) => readChildren(batch, page, 500, signal))));
  }
  return { parents, ids, children, asked };
}

const idsOf = (rows: Record<string, unknown>[], field: string) => new Set(rows.map((r) => Number(r[field])));

describe("invoice lines and certificates from the sandbox", () => {
  it.each(["Customer", "Employee"] as const)(
    "a %s key gets the lines of exactly the filtered invoices, the Statuses filter passed on",
    async (keyType) => {
      const lines = spec("listInvoiceTransactions");
      const { ids, children, asked } = await exportChildren(keyType, lines, "Statuses=5,7&StartDate=2026-09-01");
      expect(ids.length).toBeGreaterThan(keyType === "Employee" ? 100 : 5);
      const expected = await sql<{
        n: number;
      }>`select count(*) n from invoice_lines where invoice_id in (${sql.join(ids.map(Number))})`.execute(sandbox.db);
      expect(children).toHaveLength(expected.rows[0]!.n);
      expect([...idsOf(children, "InvoiceID")].every((id) => ids.includes(String(id)))).toBe(true);
      const childAsks = asked.filter((u) => u.pathname.endsWith("/invoiceTransactions"));
      expect(childAsks.every((u) => u.searchParams.get("Statuses") === "5,7")).toBe(true);
      expect(childAsks.every((u) => u.searchParams.get("InvoiceIDs")!.split(",").length <= 100)).toBe(true);
      if (keyType === "Employee") expect(childAsks.length).toBeGreaterThan(1);
    },
  );

  it("passes the Statuses filter on to the API: verified invoices' lines are left out under a filter without 7", async () => {
    const { api } = clientAs("Employee");
    const verified = listRequest(LIST_VIEWS.invoices, new URLSearchParams("Statuses=7"));
    const ids = (await listPages(api, verified)(1, 20, signal)).rows.map((r) => String(r.InvoiceID));
    const lines = spec("listInvoiceTransactions");
    expect((await childPages(api, lines, verified)(ids, 1, 500, signal)).rows.length).toBeGreaterThan(0);
    const asNew = listRequest(LIST_VIEWS.invoices, new URLSearchParams("Statuses=1"));
    expect((await childPages(api, lines, asNew)(ids, 1, 500, signal)).rows).toEqual([]);
  });

  it("a Customer key gets the certificates of exactly the filtered invoices' lines that have one", async () => {
    const certificates = spec("listInvoiceCOAs");
    const { ids, children } = await exportChildren("Customer", certificates, "Statuses=1,2,3,4,5,7");
    const expected = await sql<{
      n: number;
    }>`select count(*) n from invoice_lines where coa_url is not null and invoice_id in (${sql.join(ids.map(Number))})`.execute(
      sandbox.db,
    );
    expect(children.length).toBeGreaterThan(0);
    expect(children).toHaveLength(expected.rows[0]!.n);
    expect([...idsOf(children, "InvoiceID")].every((id) => ids.includes(String(id)))).toBe(true);
    expect(children.every((c) => typeof c.COA_URL === "string" && c.COA_URL !== "")).toBe(true);
  });
});

describe("purchase lines (v2) from the sandbox", () => {
  it("a Supplier key gets the posted lines of its purchases, read without their lines; drafts have no ERP id", async () => {
    const lines = spec("listPurchaseLinesV2");
    const { parents, ids, children, asked } = await exportChildren("Supplier", lines, "");
    expect(asked.find((u) => u.pathname.endsWith("/v2/purchases"))!.searchParams.get("include_transactions")).toBe(
      "false",
    );
    expect(parents.some((p) => p.purchase_id == null)).toBe(true); // the seed's drafts
    const expected = await sql<{
      n: number;
    }>`select count(*) n from purchase_lines l join purchases p on p.purchase_global_id = l.purchase_global_id
      where p.purchase_id in (${sql.join(ids.map(Number))})`.execute(sandbox.db);
    expect(children.length).toBeGreaterThan(0);
    expect(children).toHaveLength(expected.rows[0]!.n);
    expect([...idsOf(children, "purchase_id")].every((id) => ids.includes(String(id)))).toBe(true);
    // Every field the record documents, and no other, is a column of the file.
    const fields = new Set(children.flatMap((c) => Object.keys(c)));
    expect([...fields].sort()).toEqual(lines.columns.map((c) => c.id).sort());
  });
});
