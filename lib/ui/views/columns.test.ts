import { describe, expect, it } from "vitest";
import { Invoice } from "@/lib/data-api/records/invoices";
import { PostedPurchaseLineV2, PurchaseV1, PurchaseV2 } from "@/lib/data-api/records/purchases";
import { LIST_VIEWS } from "./list-views";
import { columnsOf, humanize } from "./columns";
import { listRequest } from "./list-view-spec";

const byId = (columns: { id: string }[]) => new Map(columns.map((c) => [c.id, c]));

describe("columnsOf", () => {
  it("reads v2 snake_case fields as their v1 names: money, quantities, days, ids by name", () => {
    const columns = byId(columnsOf(PurchaseV2));
    expect(columns.get("total")).toMatchObject({ kind: "money", numeric: true });
    expect(columns.get("freight")).toMatchObject({ kind: "money" });
    expect(columns.get("total_cases")).toMatchObject({ kind: "quantity" });
    expect(columns.get("post_date")).toMatchObject({ kind: "day" });
    expect(byId(columnsOf(PostedPurchaseLineV2)).get("fob")).toMatchObject({ kind: "money" });
    expect(columns.get("time_created")).toMatchObject({ kind: "datetime" });
    // An id is shown as an id (never "700,365"), and an id with a list of names is shown by name.
    expect(columns.get("purchase_id")).toMatchObject({ kind: "text", numeric: false });
    expect(columns.get("vendor_id")).toMatchObject({ named: "VendorIDs", header: "Vendor" });
    expect(columns.get("to_location_id")).toMatchObject({ named: "LocationIDs", header: "Warehouse" });
  });

  it("keeps an id as an id where the record carries its name (v1 purchases have VendorName)", () => {
    const v1 = byId(columnsOf(PurchaseV1));
    expect(v1.get("VendorID")).not.toHaveProperty("named");
    expect(v1.get("ToLocationID")).not.toHaveProperty("named");
    expect(byId(columnsOf(Invoice)).get("CustomerID")).not.toHaveProperty("named");
  });
});

describe("listRequest", () => {
  it("always sends a view's fixed parameters, whatever the address says", () => {
    const request = listRequest(LIST_VIEWS.purchases, new URLSearchParams("statuses=InProgress&include_transactions=true"));
    expect(request.query).toEqual({ statuses: "InProgress", include_transactions: "false", page: "1", page_size: "50" });
  });
});

describe("humanize", () => {
  it("writes v1 and v2 field names as headers", () => {
    expect(
      ["InvoiceNum", "CustomerID", "Due_31_60", "COA_URL", "shipment_num", "fob", "term_id", "purchase_pdf_url_api_key_id", "other_cost", "po_num"].map(humanize),
    ).toEqual(["Invoice no.", "Customer ID", "Due 31–60", "COA URL", "Shipment no.", "FOB", "Term ID", "Purchase PDF URL API key ID", "Other cost", "PO no."]);
  });
});
