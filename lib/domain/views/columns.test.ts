import { describe, expect, it } from "vitest";
import { Invoice } from "@/lib/data-api/records/invoices";
import { PostedPurchaseLineV2, PurchaseV1, PurchaseV2 } from "@/lib/data-api/records/purchases";
import { RECORD_META } from "@/lib/data-api/meta.generated";
import { LIST_VIEWS } from "./list-views";
import { cellText, type ColumnSpec, columnsOf, csvText, humanize, rawCsvText } from "./columns";
import { embeddedRequest, listRequest } from "./list-view-spec";

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

describe("columnsOf links every id to its record's page", () => {
  const hrefOf = (columns: ColumnSpec[], id: string, row: Record<string, unknown>) =>
    columns.find((c) => c.id === id)?.href?.(row);

  it("names an id by its lookup where the record has no name for it, linked by NamedId", () => {
    const vendors = byId(columnsOf(RECORD_META.Vendor));
    expect(vendors.get("SupplierID")).toMatchObject({ named: "SupplierIDs", header: "Supplier" });
    expect(vendors.get("LocationID")).toMatchObject({ named: "LocationIDs", header: "Warehouse" });
    expect(byId(columnsOf(RECORD_META.PaymentApplication)).get("RequestedByUserID")).toMatchObject({
      named: "UserIDs",
      header: "Requested by",
    });
  });

  it("links a record's own name, and its id, to its page where the record carries the name", () => {
    const suppliers = columnsOf(RECORD_META.Supplier);
    expect(hrefOf(suppliers, "Supplier", { SupplierID: 101, Supplier: "Mojave Sun" })).toBe("/directory/suppliers/101");
    expect(hrefOf(suppliers, "SupplierID", { SupplierID: 101 })).toBe("/directory/suppliers/101");
    expect(hrefOf(columnsOf(RECORD_META.Location), "Location", { LocationID: 2 })).toBe("/directory/locations/2");
    expect(hrefOf(columnsOf(RECORD_META.User), "FullName", { UserID: 1001 })).toBe("/directory/users/1001");
    expect(hrefOf(columnsOf(RECORD_META.SalesRep), "Name", { UserID: 1012 })).toBe("/directory/users/1012");
    expect(hrefOf(columnsOf(RECORD_META.Product), "Supplier", { SupplierID: 101 })).toBe("/directory/suppliers/101");
    expect(hrefOf(columnsOf(RECORD_META.MenuPromotion), "SupplierName", { SupplierID: 101 })).toBe(
      "/directory/suppliers/101",
    );
    expect(hrefOf(columnsOf(RECORD_META.PromotionProduct), "PromotionName", { PromotionID: 3001 })).toBe(
      "/catalog/product-promotions/3001",
    );
    expect(hrefOf(columnsOf(RECORD_META.Invoice), "BuiltByUserName", { BuiltByUserID: 1003 })).toBe(
      "/directory/users/1003",
    );
  });

  it("links a customer's sales rep by SalesRepUserID, and a price's promotion to the product promotion", () => {
    const customers = columnsOf(RECORD_META.Customer);
    expect(hrefOf(customers, "SalesRepName", { SalesRepUserID: 1012, SalesRepName: "Rosa Hill" })).toBe(
      "/directory/users/1012",
    );
    expect(hrefOf(customers, "SalesRepName", { SalesRepName: "Rosa Hill" })).toBeUndefined();
    expect(hrefOf(columnsOf(RECORD_META.CustomerPrice), "PromotionID", { PromotionID: 3001 })).toBe(
      "/catalog/product-promotions/3001",
    );
    expect(hrefOf(columnsOf(RECORD_META.CustomerPrice), "PromotionID", { PromotionID: null })).toBeUndefined();
    expect(hrefOf(columnsOf(RECORD_META.InvoiceTransaction), "InvoiceID", { InvoiceID: 500001 })).toBe(
      "/invoices/500001",
    );
    expect(hrefOf(columnsOf(RECORD_META.PurchaseTransactionV1), "PurchaseID", { PurchaseID: 700365 })).toBe(
      "/purchases/700365",
    );
  });

  it("names each id of a list of ids (a user's accounts, a promotion's products)", () => {
    const users = byId(columnsOf(RECORD_META.User));
    expect(users.get("CustomerIDs")).toMatchObject({ named: "CustomerIDs", header: "Customers" });
    expect(users.get("SupplierIDs")).toMatchObject({ named: "SupplierIDs", header: "Suppliers" });
    expect(users.get("LocationIDs")).toMatchObject({ named: "LocationIDs", header: "Warehouses" });
    expect(byId(columnsOf(RECORD_META.PromotionProduct)).get("ProductIDs")).toMatchObject({ named: "ProductIDs" });
  });

  it("leaves an id of a kind without a page as text (vendors have none)", () => {
    const purchases = byId(columnsOf(RECORD_META.PurchaseV1));
    expect(purchases.get("VendorID")).not.toHaveProperty("href");
    expect(purchases.get("VendorName")).not.toHaveProperty("href");
  });
});

describe("listRequest", () => {
  it("always sends a view's fixed parameters, whatever the address says", () => {
    const request = listRequest(
      LIST_VIEWS.purchases,
      new URLSearchParams("statuses=InProgress&include_transactions=true"),
    );
    expect(request.query).toEqual({
      statuses: "InProgress",
      include_transactions: "false",
      page: "1",
      page_size: "50",
    });
  });

  it("opens the invoices on every status of the last 90 days, not the API's New only, until a status is chosen", () => {
    const today = "2026-11-25";
    // A bare address: the page's default, what the page, its export and a saved view of it ask.
    expect(listRequest(LIST_VIEWS.invoices, new URLSearchParams(""), { today }).query).toEqual({
      Statuses: "1,2,3,4,5,7",
      StartDate: "2026-08-27",
      Page: "1",
      PageSize: "50",
    });
    // A date or a customer of the person's own: kept, the statuses still every one.
    expect(
      listRequest(LIST_VIEWS.invoices, new URLSearchParams("StartDate=2026-01-01&CustomerIDs=20001"), { today }).query,
    ).toEqual({ Statuses: "1,2,3,4,5,7", StartDate: "2026-01-01", CustomerIDs: "20001", Page: "1", PageSize: "50" });
    // A status chosen (New alone is the API's default, a click away): the address as it is.
    expect(listRequest(LIST_VIEWS.invoices, new URLSearchParams("Statuses=1"), { today }).query).toEqual({
      Statuses: "1",
      Page: "1",
      PageSize: "50",
    });
    // A record page's embedded list is not the list page.
    expect(embeddedRequest(LIST_VIEWS.invoices, { CustomerIDs: "20001" }).query).toEqual({
      CustomerIDs: "20001",
      Page: "1",
      PageSize: "100",
    });
    // Lists without a page default are as before.
    expect(listRequest(LIST_VIEWS.customers, new URLSearchParams(""), { today }).query).toEqual({
      Page: "1",
      PageSize: "50",
    });
  });
});

describe("humanize", () => {
  it("writes v1 and v2 field names as headers", () => {
    expect(
      [
        "InvoiceNum",
        "CustomerID",
        "Due_31_60",
        "COA_URL",
        "shipment_num",
        "fob",
        "term_id",
        "purchase_pdf_url_api_key_id",
        "other_cost",
        "po_num",
      ].map(humanize),
    ).toEqual([
      "Invoice no.",
      "Customer ID",
      "Due 31–60",
      "COA URL",
      "Shipment no.",
      "FOB",
      "Term ID",
      "Purchase PDF URL API key ID",
      "Other cost",
      "PO no.",
    ]);
  });
});

describe("cellText and csvText of the live service's sentinel dates", () => {
  const column = (view: keyof typeof LIST_VIEWS, id: string) =>
    LIST_VIEWS[view].columns.find((c) => c.id === id) as ColumnSpec;
  const counted = column("retailerInventory", "LastInventoryDate");
  const ends = column("customerPricing", "EndDate");

  it("shows a shelf never counted (LastInventoryDate 2000-01-01 or 1999-12-31, any time of day) in words", () => {
    expect(cellText(counted, { LastInventoryDate: "2000-01-01T00:00:00" }, "America/Los_Angeles")).toBe(
      "never counted",
    );
    expect(cellText(counted, { LastInventoryDate: "1999-12-31T16:00:00-08:00" }, "UTC")).toBe("never counted");
    expect(cellText(counted, { LastInventoryDate: "2026-11-16T00:00:00.000Z" }, "UTC")).toBe("Nov 16, 2026");
  });

  it("shows an end date of 3000-12-31 as open-ended, on every list with an EndDate", () => {
    expect(cellText(ends, { EndDate: "3000-12-31" })).toBe("open-ended");
    expect(cellText(column("allocations", "EndDate"), { EndDate: "3000-12-31T00:00:00" })).toBe("open-ended");
    expect(cellText(ends, { EndDate: "2026-12-31" })).toBe("Dec 31, 2026");
  });

  it("writes the sentinel to CSV as the date it is, so the column stays dates a spreadsheet reads", () => {
    expect(csvText(counted, { LastInventoryDate: "2000-01-01T00:00:00" })).toBe("2000-01-01");
    expect(csvText(ends, { EndDate: "3000-12-31" })).toBe("3000-12-31");
    expect(rawCsvText(counted, { LastInventoryDate: "2000-01-01T00:00:00" })).toBe("2000-01-01T00:00:00");
  });

  it("gives a shelf never counted no days of cover: its Inventory is no count", () => {
    const cover = column("retailerInventory", "DaysOfCover");
    expect(cellText(cover, { Inventory: "0.00", DailySales: "1.50", LastInventoryDate: "2000-01-01T00:00:00" })).toBe(
      "—",
    );
    expect(cellText(cover, { Inventory: "3.00", DailySales: "1.50", LastInventoryDate: "2026-11-16T00:00:00" })).toBe(
      "2",
    );
  });

  it("reads a placeholder license number as no licence, as Today and a statement do, and a real one as sent", () => {
    const license = column("customers", "LicenseNum");
    expect(cellText(license, { LicenseNum: "LIC-99999-FAKE" })).toBe("no licence on record");
    expect(cellText(license, { LicenseNum: "#N/A" })).toBe("no licence on record");
    expect(cellText(license, { LicenseNum: "C10-0000123-LIC" })).toBe("C10-0000123-LIC");
  });
});

describe("a payment type's name", () => {
  it("reads SupplierCredit (PaymentTypeID -1) as Supplier credit on the payment types list, its CSV and a supplier's page", () => {
    const name = LIST_VIEWS.paymentTypes.columns.find((c) => c.id === "Name") as ColumnSpec;
    expect(cellText(name, { PaymentTypeID: -1, Name: "SupplierCredit" })).toBe("Supplier credit");
    expect(csvText(name, { PaymentTypeID: -1, Name: "SupplierCredit" })).toBe("Supplier credit");
    expect(cellText(name, { PaymentTypeID: 20, Name: "Brand credit" })).toBe("Brand credit");
    expect(cellText(name, { PaymentTypeID: 21 })).toBe("—");
  });
});

describe("a customer's delivery days and dates in the customers list (and its record facts)", () => {
  const column = (id: string) => LIST_VIEWS.customers.columns.find((c) => c.id === id) as ColumnSpec;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it("writes DeliveryDays in every form the live service sends as weekday names", () => {
    const days = column("DeliveryDays");
    expect(cellText(days, { DeliveryDays: "4;1" })).toBe("Mon, Thu");
    expect(cellText(days, { DeliveryDays: "2,5" })).toBe("Tue, Fri");
    expect(cellText(days, { DeliveryDays: "25" })).toBe("Tue, Fri");
    expect(cellText(days, { DeliveryDays: null })).toBe("no delivery days");
    expect(cellText(days, { DeliveryDays: "" })).toBe("no delivery days");
    expect(cellText(days, {})).toBe("—");
  });

  it("shows as next delivery dates only those from today on", () => {
    const next = cellText(column("NextDeliveryDates"), { NextDeliveryDates: `${day(-10)};${day(10)}` }, "UTC");
    expect(next).toBe(cellText(column("NextDeliveryDates"), { NextDeliveryDates: day(10) }, "UTC"));
    expect(next).not.toBe("—");
    expect(cellText(column("NextDeliveryDates"), { NextDeliveryDates: `${day(-10)};${day(-3)}` }, "UTC")).toBe("—");
    expect(cellText(column("DeliveryDates"), { DeliveryDates: [day(-10), day(10)] }, "UTC")).toBe(
      cellText(column("DeliveryDates"), { DeliveryDates: [day(10)] }, "UTC"),
    );
  });
});
