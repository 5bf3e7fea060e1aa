import { describe, expect, it } from "vitest";
import type { OperationMeta } from "@/lib/data-api/meta";
import { OPERATION_META, RECORD_META } from "@/lib/data-api/meta.generated";
import { operations } from "@/lib/data-api/registry";
import { CHILD_EXPORTS, childExportsFor, childRequest, csvColumnsOf, idOf } from "./child-exports";
import { listRequest } from "./list-view-spec";
import { LIST_VIEWS } from "./list-views";

const byName = (operation: string, label: string) =>
  CHILD_EXPORTS.find((e) => e.child === operation && e.label === label)!;
const invoiceLines = byName("listInvoiceTransactions", "Export lines");
const certificates = byName("listInvoiceCOAs", "Export certificates");
const purchaseLines = byName("listPurchaseLinesV2", "Export lines");

describe("CHILD_EXPORTS", () => {
  it.each(CHILD_EXPORTS.map((e) => [e.exportName, e] as const))("%s names what the contract documents", (_name, e) => {
    const child: OperationMeta = OPERATION_META[e.child];
    // The id parameter is the child's required id list; what is passed on, a parameter of both operations.
    expect(child.query[e.idParam]).toMatchObject({ kind: "id list", required: true });
    for (const name of e.passOn) {
      expect(Object.keys(OPERATION_META[e.parent.operation].query)).toContain(name);
      expect(Object.keys(child.query)).toContain(name);
    }
    // The columns are every field of the record the child operation answers, the parent's id among the parent's.
    expect(operations[e.child].record?.id).toBe(e.record.id);
    expect(e.columns.map((c) => c.id)).toEqual(Object.keys(e.record.fields));
    expect(e.columns.map((c) => c.id)).toContain(e.childParentId);
    expect(e.parent.columns.map((c) => c.id)).toContain(e.parentId);
    // Every header once, so a spreadsheet's columns can be told apart.
    const headers = [...e.parentColumns, ...e.columns].map((c) => c.header);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("offers invoice lines and certificates on the invoices, purchase lines on the v2 purchases", () => {
    expect(invoiceLines).toMatchObject({
      parent: LIST_VIEWS.invoices,
      parentId: "InvoiceID",
      idParam: "InvoiceIDs",
      passOn: ["Statuses"],
    });
    expect(certificates).toMatchObject({
      parent: LIST_VIEWS.invoices,
      parentId: "InvoiceID",
      idParam: "InvoiceIDs",
      passOn: [],
    });
    expect(purchaseLines).toMatchObject({
      parent: LIST_VIEWS.purchases,
      parentId: "purchase_id",
      idParam: "purchase_ids",
      record: RECORD_META.PostedPurchaseLineV2,
    });
    expect(invoiceLines.parentColumns.map((c) => c.header)).toEqual(["Invoice", "Customer"]);
    expect(invoiceLines.columns.find((c) => c.id === "NumUnits")?.header).toBe("Units");
    expect(purchaseLines.columns.find((c) => c.id === "num_units")?.header).toBe("Units");
  });
});

describe("childExportsFor", () => {
  it.each([
    ["listInvoices", "Customer", ["Export lines", "Export certificates"]],
    ["listInvoices", "Supplier", ["Export lines", "Export certificates"]],
    ["listInvoices", "Employee", ["Export lines", "Export certificates"]],
    ["listPurchasesV2", "Customer", []], // Customer keys may not call /purchaseTrans (nor see purchases)
    ["listPurchasesV2", "Supplier", ["Export lines"]],
    ["listPurchasesV2", "Employee", ["Export lines"]],
    ["listCustomers", "Employee", []],
  ] as const)("%s for a %s key: %j", (operation, keyType, labels) => {
    expect(childExportsFor(operation, keyType).map((e) => e.label)).toEqual(labels);
  });
});

describe("childRequest", () => {
  it("sends the ids as the child's id list, the list's Statuses passed on, and the child's paging", () => {
    const parent = listRequest(
      LIST_VIEWS.invoices,
      new URLSearchParams("Statuses=3,5&StartDate=2026-11-01&Page=4&PageSize=25"),
    );
    expect(childRequest(invoiceLines, parent, ["300001", "300002"], 2, 500)).toEqual({
      operation: "listInvoiceTransactions",
      query: { Statuses: "3,5", InvoiceIDs: "300001,300002", Page: "2", PageSize: "500" },
    });
    // No Statuses in the list's address: the page's default (every status) passed on, as the list asked for it.
    const unfiltered = listRequest(LIST_VIEWS.invoices, new URLSearchParams("StartDate=2026-11-01"));
    expect(childRequest(invoiceLines, unfiltered, ["300001"], 1, 500).query).toEqual({
      Statuses: "1,2,3,4,5,7",
      InvoiceIDs: "300001",
      Page: "1",
      PageSize: "500",
    });
    // /invoiceCOAs takes no Statuses: nothing is passed on.
    expect(childRequest(certificates, parent, ["300001"], 1, 500).query).toEqual({
      InvoiceIDs: "300001",
      Page: "1",
      PageSize: "500",
    });
  });

  it("pages v2 by page and page_size, and leaves the list's own fixed parameters to the list", () => {
    const parent = listRequest(LIST_VIEWS.purchases, new URLSearchParams("statuses=Verified"));
    expect(parent.query?.include_transactions).toBe("false");
    expect(childRequest(purchaseLines, parent, ["5001", "5002"], 3, 500)).toEqual({
      operation: "listPurchaseLinesV2",
      query: { purchase_ids: "5001,5002", page: "3", page_size: "500" },
    });
  });
});

describe("csvColumnsOf and idOf", () => {
  it("heads ids as ids: the CSV holds the id, not a name", () => {
    const headers = Object.fromEntries(csvColumnsOf(RECORD_META.PostedPurchaseLineV2).map((c) => [c.id, c.header]));
    expect(headers.product_id).toBe("Product ID");
    expect(headers.purchase_id).toBe("Purchase ID");
    expect(csvColumnsOf(RECORD_META.InvoiceTransaction).find((c) => c.id === "ProductID")).toMatchObject({
      header: "Product ID",
    });
    expect(csvColumnsOf(RECORD_META.InvoiceTransaction).every((c) => c.named === undefined)).toBe(true);
  });

  it("reads an id as text, and none from a null, a missing or an empty field", () => {
    expect(idOf({ InvoiceID: 300001 }, "InvoiceID")).toBe("300001");
    expect(idOf({ purchase_id: null }, "purchase_id")).toBeUndefined();
    expect(idOf({}, "purchase_id")).toBeUndefined();
    expect(idOf({ purchase_id: "" }, "purchase_id")).toBeUndefined();
  });
});
