import { describe, expect, it } from "vitest";
import type { DataApiClient } from "@/lib/data-api/client";
import { exportColumns } from "@/lib/domain/views/export-columns";
import { exportJoin } from "@/lib/domain/views/export-pages";
import { joinsFor, withJoins } from "@/lib/domain/views/list-joins";
import type { ListViewSpec } from "@/lib/domain/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { planExport } from "@/lib/export/plan";
import { runExport } from "@/lib/export/run-export";

// The invoices list's CSV export for a Supplier key, as the table's "Export CSV" makes it: the brand's share of each
// invoice read page by page by the page's ids, through the export's pacer.

const invoices = LIST_VIEWS.invoices as unknown as ListViewSpec;
const [share] = joinsFor(invoices, "Supplier");
const LINES = [
  { InvoiceID: 1, SupplierID: 7, ExtPrice: "21.00", NumUnits: 6, Cases: "0.75" },
  { InvoiceID: 1, SupplierID: 9, ExtPrice: "700.50", NumUnits: 40, Cases: "5" },
  { InvoiceID: 1, SupplierID: 7, ExtPrice: "28.00", NumUnits: 8, Cases: "1" },
  { InvoiceID: 2, SupplierID: 7, ExtPrice: "-8.33", NumUnits: -1, Cases: "-0.125" },
];

describe("the invoices CSV of a Supplier key", () => {
  it("holds the brand's share of each invoice, its figures the sums of the brand's lines", async () => {
    const asked: string[] = [];
    const client = {
      request: async (operation: string, input: { query: Record<string, string> }) => {
        asked.push(`${operation}?${new URLSearchParams(input.query)}`);
        const ids = input.query.InvoiceIDs?.split(",").map(Number) ?? [];
        return {
          records: LINES.filter((l) => ids.includes(l.InvoiceID)),
          paging: { page: 1, pageSize: 500, hasNextPage: false },
          meta: { rateLimit: {} },
        };
      },
    } as unknown as DataApiClient;
    const fetchPage = async (page: number) => ({
      rows: page === 1 ? [{ InvoiceID: 1, InvoiceNum: "INV-1", InvoiceTotal: "779.500000" }, { InvoiceID: 2 }] : [],
      hasNextPage: false,
      rateLimit: {},
    });
    const signal = new AbortController().signal;
    const plan = await planExport(fetchPage, { signal });
    const view = withJoins(invoices, "Supplier");
    const chunks: string[] = [];
    await runExport({
      fetchPage,
      plan,
      columns: exportColumns(
        ["InvoiceNum", "BrandTotal", "BrandUnits", "BrandCases"].map((id) => view.columns.find((c) => c.id === id)!),
        "UTC",
      ),
      joins: [exportJoin(client, share!, { supplierIds: new Set([7]) })],
      write: async (chunk) => void chunks.push(chunk),
      signal,
      bom: false,
    });
    expect(asked).toEqual(["listInvoiceTransactions?InvoiceIDs=1%2C2&Page=1&PageSize=500"]);
    expect(chunks.join("").split("\r\n").slice(1, 3)).toEqual(["INV-1,49.00,14,1.75", ",-8.33,-1,-0.125"]);
  });
});
