import { describe, expect, it } from "vitest";
import { joinIds, joinRequest, joinRows, joinsFor, readJoinChildren, withJoins } from "./list-joins";
import { LIST_VIEWS } from "./list-views";
import type { ListViewSpec } from "./list-view-spec";

const invoices = LIST_VIEWS.invoices as unknown as ListViewSpec;
const [share] = joinsFor(invoices, "Supplier");

/** Lines of three invoices: two of the brand's on 1, one of another brand's on 1, a return on 2, none on 3. */
const LINES = [
  { InvoiceID: 1, SupplierID: 7, ExtPrice: "21.00", NumUnits: 6, Cases: "0.75" },
  { InvoiceID: 1, SupplierID: 9, ExtPrice: "700.50", NumUnits: 40, Cases: "5" },
  { InvoiceID: 1, SupplierID: 7, ExtPrice: "28.00", NumUnits: 8, Cases: "1" },
  { InvoiceID: 2, SupplierID: 7, ExtPrice: "-8.33", NumUnits: -1, Cases: "-0.125" },
];

describe("the invoices list's brand share", () => {
  it("is a Supplier key's only, its columns beside the invoice's total by default", () => {
    expect(joinsFor(invoices, "Customer")).toEqual([]);
    expect(joinsFor(invoices, "Employee")).toEqual([]);
    const view = withJoins(invoices, "Supplier");
    expect(view.defaultColumns.slice(view.defaultColumns.indexOf("InvoiceTotal"), -2)).toEqual([
      "InvoiceTotal",
      "BrandTotal",
      "BrandUnits",
      "BrandCases",
    ]);
    expect(view.columns.filter((c) => c.derived).map((c) => c.header)).toEqual([
      "Brand's total",
      "Brand's units",
      "Brand's cases",
    ]);
    expect(withJoins(invoices, "Customer")).toBe(invoices);
  });

  it("fills each invoice's row from its lines, the brand's alone; an invoice without the brand's lines has none", () => {
    const rows = joinRows(share!, [{ InvoiceID: 1 }, { InvoiceID: 2 }, { InvoiceID: 3 }, { InvoiceNum: "X" }], LINES, {
      supplierIds: new Set([7]),
    });
    expect(rows).toEqual([
      { InvoiceID: 1, BrandTotal: "49.000000", BrandUnits: "14.000000", BrandCases: "1.750000" },
      { InvoiceID: 2, BrandTotal: "-8.330000", BrandUnits: "-1.000000", BrandCases: "-0.125000" },
      { InvoiceID: 3, BrandTotal: "0.000000", BrandUnits: "0.000000", BrandCases: "0.000000" },
      { InvoiceNum: "X" },
    ]);
  });

  it("reads the lines by the ids of the rows, each once, with /invoiceTransactions' own parameters", () => {
    expect(joinIds(share!, [{ InvoiceID: 2 }, { InvoiceID: 1 }, { InvoiceID: 2 }, {}])).toEqual(["2", "1"]);
    expect(joinRequest(share!, ["2", "1"], 1, 500)).toEqual({
      operation: "listInvoiceTransactions",
      query: { InvoiceIDs: "2,1", Page: "1", PageSize: "500" },
    });
  });

  it("reads the children of many ids in batches of 100, each batch page by page until its last", async () => {
    const asked: string[] = [];
    const ids = Array.from({ length: 150 }, (_, i) => String(i + 1));
    const children = await readJoinChildren({
      ids,
      signal: new AbortController().signal,
      fetchPage: async (batch, page) => {
        asked.push(`${batch.length}:${page}`);
        return { rows: [{ batch: batch[0], page }], hasNextPage: batch.length === 100 && page < 2, rateLimit: {} };
      },
    });
    expect(asked).toEqual(["100:1", "100:2", "50:1"]);
    expect(children).toHaveLength(3);
  });
});
