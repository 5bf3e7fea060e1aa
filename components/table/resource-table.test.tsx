import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { WHOLE_LIST_PAGES, walkRequest } from "@/lib/domain/views/whole-list";
import { browserApi } from "@/lib/ui/browser-api";
import { listRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { ResourceTable } from "./resource-table";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 50, hasNextPage: false },
});

/**
 * A list page's table as the server renders it, from the answers its prefetch leaves in the cache: the whole list's
 * walk (`complete` unless told), and the API's first page of it.
 */
function render(view: ListViewSpec, records: unknown[], address = "", complete = true) {
  const params = new URLSearchParams(address);
  const client = new QueryClient();
  client.setQueryData(apiQueryKey(listRequest(view, params)), result(records.slice(0, 50)));
  const walk = apiWalkOptions(browserApi, walkRequest(view, params), view.staleTime, WHOLE_LIST_PAGES);
  client.setQueryData(walk.queryKey, { records, complete, requests: 1 } satisfies Walked<unknown>);
  return renderToString(
    <SearchParamsContext.Provider value={params}>
      <QueryClientProvider client={client}>
        <ResourceTable view={view} />
      </QueryClientProvider>
    </SearchParamsContext.Provider>,
  ).replace(/<!-- -->/g, "");
}

const headers = (html: string) =>
  [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
const cellCounts = (html: string) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map(([, row]) => row!.match(/<td/g)?.length ?? 0);

/** Production `/inventory` for a Supplier key: 11 fields, without Inventory, Received, Loaded, Picked, Delivered, Unsellable. */
const SUPPLIER_INVENTORY = [
  {
    LocationID: 1,
    ProductID: 10001,
    OnFloorInventory: "64.00",
    PreSales: "12.00",
    Allocated: "0.00",
    NotAuthorized: false,
    AvailableUnits: 52,
    PurchaseTransID: 700001,
    DOI: "5.60",
    AvgDailySales90d: "9.29",
    TimeUpdated: "2026-11-20T08:00:00Z",
  },
  {
    LocationID: 2,
    ProductID: 10002,
    OnFloorInventory: "10.00",
    PreSales: "0.00",
    Allocated: "2.00",
    NotAuthorized: true,
    AvailableUnits: 8,
    PurchaseTransID: 700002,
    DOI: "1.10",
    AvgDailySales90d: "7.10",
    TimeUpdated: "2026-11-20T08:00:00Z",
  },
];

describe("ResourceTable with sparse records", () => {
  const inventory = LIST_VIEWS.inventory as unknown as ListViewSpec;

  it("draws the default columns the rows have and not Inventory, which none of a Supplier key's rows carry", () => {
    const html = render(inventory, SUPPLIER_INVENTORY);
    expect(headers(html)).toEqual([
      "Warehouse",
      "Product",
      "Available units",
      "On floor inventory",
      "Pre sales",
      "Allocated",
      "Days of inventory",
      "Avg daily sales (90 d)",
    ]);
    expect(cellCounts(html)).toEqual([8, 8]);
    // The chooser counts what is drawn; the six empty fields stay offered in it.
    expect(html).toMatch(/Columns \(8 of \d+\)/);
    // Its definition goes with it: the help lists the columns drawn.
    expect(html).not.toMatch(/<dt class="font-semibold">Inventory<\/dt>/);
  });

  it("draws a column as soon as one row of the page has it", () => {
    const html = render(inventory, [{ ...SUPPLIER_INVENTORY[0], Inventory: "-3.00" }, SUPPLIER_INVENTORY[1]]);
    expect(headers(html)).toContain("Inventory");
    expect(cellCounts(html)).toEqual([9, 9]);
  });

  it("hides a chosen column that is empty on the page too (the chooser keeps it chosen), and draws every column without rows", () => {
    expect(headers(render(inventory, SUPPLIER_INVENTORY, "columns=ProductID,Received,DOI"))).toEqual([
      "Product",
      "Days of inventory",
    ]);
    expect(headers(render(inventory, [], "columns=ProductID,Received,DOI"))).toEqual([
      "Product",
      "Received",
      "Days of inventory",
    ]);
  });
});

describe("ResourceTable at a desk's width", () => {
  const cellOf = (html: string, text: string) => html.match(new RegExp(`<td[^>]*>(?:(?!</td>).)*${text}`))?.[0];

  it("wraps a cell that holds a list of values (a rep's customers, a store's next delivery dates), not a single value", () => {
    const reps = render(LIST_VIEWS.salesReps as unknown as ListViewSpec, [
      {
        UserID: 7,
        Name: "Rosa Hill",
        Email: "rosa@svc.example",
        Type: "Territory Manager",
        ProductGroups: ["Flower", "Pre-Rolls"],
        Customers: [{ CustomerID: 20001, CustomerName: "Valley Cannabis - Oakland" }],
        Suppliers: [],
      },
    ]);
    expect(cellOf(reps, "Valley Cannabis - Oakland")).toMatch(/^<td class="wrap"/);
    expect(cellOf(reps, "Flower, Pre-Rolls")).toMatch(/^<td class="wrap"/);
    expect(cellOf(reps, "rosa@svc.example")).toMatch(/^<td(?! class="wrap")/);

    const customers = render(LIST_VIEWS.customers as unknown as ListViewSpec, [
      {
        CustomerID: 20001,
        CustomerName: "Valley Cannabis - Oakland",
        State: "CA",
        NextDeliveryDates: "2099-01-05;2099-01-12",
      },
    ]);
    expect(cellOf(customers, "Jan 5, 2099")).toMatch(/^<td class="wrap"/);
  });

  it("wraps a record's name (an invoice's customer), which would otherwise set its column's width, not its number", () => {
    const invoices = render(LIST_VIEWS.invoices as unknown as ListViewSpec, [
      { InvoiceID: 7, InvoiceNum: "INV-7", CustomerID: 20001, CustomerName: "Desert Cannabis Co. - Santa Rosa" },
    ]);
    expect(cellOf(invoices, "Desert Cannabis Co. - Santa Rosa")).toMatch(/^<td class="wrap-name"/);
    expect(cellOf(invoices, "INV-7")).toMatch(/^<td(?! class="wrap)/);
  });
});

describe("ResourceTable: a list a person can check", () => {
  const invoices = LIST_VIEWS.invoices as unknown as ListViewSpec;
  // 120 invoices as the API pages them: oldest first.
  const listed = Array.from({ length: 120 }, (_, i) => ({
    InvoiceID: 1000 + i,
    InvoiceNum: `INV-${1000 + i}`,
    CustomerID: 20001,
    CustomerName: "Valley",
    Status: 5,
    Date: new Date(Date.UTC(2026, 6, 1) + i * 86_400_000).toISOString(),
    InvoiceTotal: `${100 + i}.250000`,
    OpenBalance: i % 2 ? "0.000000" : `${i}.100000`,
  }));
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");
  const firstRow = (html: string) => /<tbody[^>]*>.*?<tr[^>]*>(.*?)<\/tr>/.exec(html)?.[1] ?? "";

  it("says its count, and puts the newest of the whole list first (not the newest of the API's first page)", () => {
    const html = render(invoices, listed, "Statuses=5");
    expect(text(html)).toContain("Showing 1–50 of 120 invoices");
    expect(firstRow(html)).toContain("INV-1119");
    expect(text(html)).toContain("Newest first");
  });

  it("totals its money over the whole list, not the page", () => {
    const html = text(render(invoices, listed, "Statuses=5"));
    // Σ (100 + i).25 for i < 120 = 12,000 + 7,140 + 30 = 19,170.00; Σ i.10 for even i = 3,540 + 6 = 3,546.00.
    expect(html).toContain("Invoice total $19,170.00");
    expect(html).toContain("Open balance $3,546.00");
  });

  it("says at least N, and the API's order, where the walk stopped at its bound", () => {
    const html = text(render(invoices, listed, "Statuses=5", false));
    expect(html).toContain("of at least 120 invoices");
    expect(html).toContain("the API's order");
    expect(firstRow(render(invoices, listed, "Statuses=5", false))).toContain("INV-1000");
  });

  it("narrows to an overview's figure the API has no filter for, and counts what it keeps", () => {
    const available = LIST_VIEWS.availableInventory as unknown as ListViewSpec;
    const pairs = [
      { LocationID: 1, ProductID: 1, InStock: false, InventoryBucket: "Out of Stock" },
      { LocationID: 1, ProductID: 2, InStock: false, InventoryBucket: "< 1 Case" },
      { LocationID: 2, ProductID: 1, InStock: true, InventoryBucket: "< 5 Cases" },
      { LocationID: 2, ProductID: 3, InStock: false, InventoryBucket: "Out of Stock" },
    ];
    const html = text(render(available, pairs, "figure=out-of-stock"));
    expect(html).toContain("Showing 1–2 of 2 products");
    expect(html).toMatch(/Narrowed to out of stock/i);
  });
});
