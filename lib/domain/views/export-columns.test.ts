import { describe, expect, it } from "vitest";
import { csvHeader, csvRows } from "@/lib/format/csv";
import { allFieldColumns, exportColumns, screenColumns, viewExportColumns } from "./export-columns";
import type { ListViewSpec } from "./list-view-spec";
import { LIST_VIEWS } from "./list-views";

const invoices = LIST_VIEWS.invoices as unknown as ListViewSpec;
/** An invoice as the live service sends it: six decimals, its day as a midnight UTC timestamp. */
const INVOICE = {
  InvoiceID: 300001,
  InvoiceNum: "INV-300001",
  CustomerID: 20001,
  CustomerName: "Valley Cannabis",
  Date: "2026-08-28T00:00:00.000Z",
  DueDate: "2026-09-27T00:00:00.000Z",
  Status: 3,
  InvoiceTotal: "1308.570000",
  OpenBalance: "-0.005000",
  TotalCases: "7.500000",
  TotalNumUnits: "63",
  InvoiceLastUpdated: "2026-08-28T22:30:00.000Z",
};
const csv = (columns: ReturnType<typeof exportColumns>, row: Record<string, unknown> = INVOICE) =>
  (csvHeader(columns) + csvRows(columns, [row])).trimEnd().split("\r\n");

describe("a list's CSV, as on screen", () => {
  it("has the screen's columns in the screen's order: the address's, or the view's default", () => {
    const params = new URLSearchParams("columns=InvoiceTotal,InvoiceNum,Date");
    expect(viewExportColumns(invoices, params, "UTC").map((c) => c.header)).toEqual([
      "Invoice total",
      "Invoice",
      "Invoice date",
    ]);
    expect(viewExportColumns(invoices, new URLSearchParams(), "UTC").map((c) => c.id)).toEqual(invoices.defaultColumns);
  });

  it.each([
    ["a day sent as a timestamp → YYYY-MM-DD", "Date", "2026-08-28"],
    ["a due date → YYYY-MM-DD", "DueDate", "2026-09-27"],
    ["money → two decimals, no sign of currency", "InvoiceTotal", "1308.57"],
    ["money in cents, its sub-cent digit kept (never rounded)", "OpenBalance", "-0.005"],
    ["a quantity → exact, without the wire's zeros", "TotalCases", "7.5"],
    ["a status → its words, as the table shows it", "Status", "Loaded"],
    ["a time → YYYY-MM-DD HH:MM on the person's clock", "InvoiceLastUpdated", "2026-08-28 15:30"],
  ])("writes %s", (_, id, expected) => {
    const [, line] = csv(exportColumns(screenColumns(invoices, [id]), "America/Los_Angeles"));
    expect(line).toBe(expected);
  });

  it("writes a missing value as an empty cell, never a dash or 'undefined'", () => {
    const [, line] = csv(exportColumns(screenColumns(invoices, ["InvoiceNum", "InvoiceTotal", "Date"]), "UTC"), {});
    expect(line).toBe(",,");
  });

  it("heads an id the screen shows by name as the id it holds", () => {
    const vendors = LIST_VIEWS.vendors as unknown as ListViewSpec;
    const [header, line] = csv(exportColumns(screenColumns(vendors, ["VendorName", "SupplierID"]), "UTC"), {
      VendorName: "Mojave Sun Distribution",
      SupplierID: 12,
    });
    expect(header).toBe("Vendor name,Supplier ID");
    expect(line).toBe("Mojave Sun Distribution,12");
  });

  it("keeps the spreadsheet's formula guard", () => {
    const [, line] = csv(exportColumns(screenColumns(invoices, ["CustomerName"]), "UTC"), {
      CustomerName: '=HYPERLINK("http://x")',
    });
    expect(line).toBe(`"'=HYPERLINK(""http://x"")"`);
  });
});

describe("a list's CSV with every API field", () => {
  it("keeps today's raw values: figures and timestamps exactly as the API sent them", () => {
    const columns = exportColumns(allFieldColumns(invoices), "America/Los_Angeles", { raw: true });
    const [header, line] = csv(columns);
    const cell = (id: string) => line!.split(",")[columns.findIndex((c) => c.id === id)];
    expect(cell("InvoiceTotal")).toBe("1308.570000");
    expect(cell("Date")).toBe("2026-08-28T00:00:00.000Z");
    expect(cell("TotalCases")).toBe("7.500000");
    expect(cell("InvoiceLastUpdated")).toBe("2026-08-28T22:30:00.000Z");
    expect(cell("Status")).toBe("Loaded");
    expect(header!.split(",")).toHaveLength(Object.keys(invoices.columns).length);
  });

  it("holds every field of the record, in its order, and nothing the view computes or joins", () => {
    const retailer = LIST_VIEWS.retailerInventory as unknown as ListViewSpec;
    expect(allFieldColumns(retailer).map((c) => c.id)).not.toContain("DaysOfCover");
    expect(allFieldColumns(retailer).map((c) => c.id)).toEqual(
      retailer.columns.filter((c) => c.id !== "DaysOfCover").map((c) => c.id),
    );
  });
});
