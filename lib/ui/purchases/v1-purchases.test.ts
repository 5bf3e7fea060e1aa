import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { RECORD_META } from "@/lib/data-api/meta.generated";
import { cellText } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { filtersOf } from "@/lib/domain/views/filters";
import { listRequest } from "@/lib/ui/views/list-view-spec";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { draftsNeedV2, purchaseLinesV1Request, purchaseV1Request, v1OnlyNote, v2Signal } from "./v1-purchases";

const view = LIST_VIEWS.purchasesV1;
const column = (id: string) => view.columns.find((c) => c.id === id)!;

describe("the purchasesV1 list view (posted purchases without v2)", () => {
  it("asks v1's /purchases with the address's v1 filters, a page and a page size", () => {
    const request = listRequest(
      view,
      new URLSearchParams(
        "Statuses=Verified,Received&VendorIDs=9001&LocationIDs=1&StartDate=2026-01-01&EndDate=2026-06-30&PurchaseIDs=700&Page=2&PageSize=25&columns=PONum",
      ),
    );
    expect(request).toEqual({
      operation: "listPurchases",
      query: {
        Statuses: "Verified,Received",
        VendorIDs: "9001",
        LocationIDs: "1",
        StartDate: "2026-01-01",
        EndDate: "2026-06-30",
        PurchaseIDs: "700",
        Page: "2",
        PageSize: "25",
      },
    });
  });

  it("leaves out what v1 does not take (the v2 list's snake_case filters), and pages from 1 by 50", () => {
    const request = listRequest(view, {
      statuses: "InProgress",
      vendor_ids: "9001",
      include_transactions: "true",
      page: "3",
    });
    expect(request).toEqual({ operation: "listPurchases", query: { Page: "1", PageSize: "50" } });
  });

  it("offers v1's filters: status (posted statuses only), vendors and warehouses by name, post dates, purchase ids", () => {
    const filters = filtersOf(OPERATION_META.listPurchases, view.filters, "Supplier");
    expect(filters.map((f) => [f.name, f.control.control])).toEqual([
      ["Statuses", "multi"],
      ["VendorIDs", "lookup"],
      ["LocationIDs", "lookup"],
      ["StartDate", "date"],
      ["EndDate", "date"],
      ["PurchaseIDs", "text"],
    ]);
    expect(filters[0]!.control).toMatchObject({
      options: ["New", "Accepted", "Received", "Confirmed", "Verified"].map((v) => ({ value: v, label: v })),
    });
    expect(cellText(column("Status"), { Status: "Verified" }, "UTC")).toBe("Verified");
  });

  it("has a column for every documented field of a v1 purchase but the PDF link and its ERP key id (they give access to the ERP)", () => {
    expect(view.columns.map((c) => c.id).sort()).toEqual(
      Object.keys(RECORD_META.PurchaseV1.fields)
        .filter((f) => f !== "PublicPDFLink" && f !== "PurchasePDFURLAPIKeyID")
        .sort(),
    );
    for (const id of view.defaultColumns) expect(view.columns.some((c) => c.id === id)).toBe(true);
  });

  it("names the vendor and the warehouse by their ids, as the v2 list does", () => {
    expect(column("VendorID")).toMatchObject({ named: "VendorIDs", header: "Vendor" });
    expect(column("ToLocationID")).toMatchObject({ named: "LocationIDs", header: "Warehouse" });
  });

  it("links the PO number to the purchase's page by its ERP id; without an id, the number alone", () => {
    const cell = column("PONum").cell!;
    const link = cell({ PurchaseID: 700, PONum: "PO-700" }, "UTC") as ReactElement<{ href: string; children: string }>;
    expect(isValidElement(link)).toBe(true);
    expect([link.props.href, link.props.children]).toEqual(["/purchases/700", "PO-700"]);
    expect((cell({ PurchaseID: 701 }, "UTC") as ReactElement<{ children: string }>).props.children).toBe("701");
    expect(cell({ PONum: "PO-X" }, "UTC")).toBe("PO-X");
    expect(cell({}, "UTC")).toBe("—");
  });

  it('shows a sparse record\'s missing fields as "—", never "undefined"', () => {
    for (const c of view.columns) expect(cellText(c, {}, "UTC")).toBe("—");
  });
});

describe("a posted purchase's requests", () => {
  it("reads the purchase by its ERP id and its lines by PurchaseIDs", () => {
    expect(purchaseV1Request(700)).toEqual({ operation: "getPurchase", path: { purchaseID: 700 } });
    expect(purchaseLinesV1Request(700)).toEqual({
      operation: "listPurchaseTransactions",
      query: { PurchaseIDs: "700" },
    });
  });
});

describe("what the pages say without v2", () => {
  it("says in one line that the service lacks v2, so only posted purchases show, read only; or that Backroom is set off", () => {
    expect(v1OnlyNote("missing")).toBe(
      "This Data API service does not offer the v2 purchase endpoints, so only posted purchases are shown, read only.",
    );
    expect(v1OnlyNote("off")).toContain("DATA_API_V2=off");
    expect(v1OnlyNote("off")).toContain("only posted purchases are shown, read only");
    expect(draftsNeedV2("missing")).toMatch(
      /^Drafts need the v2 purchase endpoints, which this Data API service does not offer/,
    );
  });
});

describe("v2Signal", () => {
  const error = (status: number) => new DataApiError({ status, detail: "x" });
  it.each([
    { key: ["api", "listPurchasesV2", "", "page=1"], status: 404, signal: "missing" },
    { key: ["walk", "api", "listPurchasesV2", "", "", "4"], status: 501, signal: "missing" },
    { key: ["api", "getPurchaseV2", "purchaseID=PO-1", ""], status: 404, signal: "check" },
    { key: ["api", "getPurchaseV2", "purchaseID=PO-1", ""], status: 405, signal: "missing" },
    { key: ["api", "listPurchases", "", ""], status: 404, signal: undefined },
    { key: ["api", "listPurchasesV2", "", ""], status: 500, signal: undefined },
    { key: ["names", "listPurchasesV2"], status: 404, signal: undefined },
  ])("$key answered $status: $signal", ({ key, status, signal }) => {
    expect(v2Signal(key, error(status))).toBe(signal);
  });
  it("says nothing of an error that is not the API's", () => {
    expect(v2Signal(["api", "listPurchasesV2", "", ""], new Error("404"))).toBeUndefined();
    expect(v2Signal(["api", "listPurchasesV2", "", ""], null)).toBeUndefined();
  });
});
