import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { RetailerInventoryList } from "./retailer-inventory-list";
import { WarehouseStock } from "./warehouse-stock";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 100, hasNextPage: false },
});

function render(node: React.ReactNode, request: Parameters<typeof apiQueryKey>[0], records: unknown[]) {
  const client = new QueryClient();
  client.setQueryData(apiQueryKey(request), result(records));
  return renderToString(<QueryClientProvider client={client}>{node}</QueryClientProvider>).replace(/<!-- -->/g, "");
}

/** The text of each body row's cells. */
const cells = (html: string) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map(([, row]) => [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, "")));

describe("RetailerInventoryList", () => {
  it("shows a customer's shelf: product, inventory, daily sales and days of cover (— where nothing sells)", () => {
    const rows = [
      {
        ID: 1,
        ProductID: 10001,
        CustomerID: 20001,
        Inventory: "7.00",
        DailySales: "1.70",
        LastInventoryDate: "2026-11-16T00:00:00.000Z",
      },
      { ID: 2, ProductID: 10002, CustomerID: 20001, Inventory: "12.50", DailySales: "0.00" },
      { ID: 3, ProductID: 10003, CustomerID: 20001 },
      // The live service's "never counted": no date, and no days of cover from a shelf nobody counted.
      {
        ID: 4,
        ProductID: 10004,
        CustomerID: 20001,
        Inventory: "0.00",
        DailySales: "2.00",
        LastInventoryDate: "2000-01-01T00:00:00",
      },
    ];
    const html = render(
      <RetailerInventoryList filter="CustomerIDs" id={20001} />,
      embeddedRequest(LIST_VIEWS.retailerInventory, { CustomerIDs: "20001" }),
      rows,
    );
    expect(html).toContain(">Days of cover</th>");
    expect(cells(html).map((c) => c.slice(1))).toEqual([
      ["7", "1.7", "4.1", "Nov 16, 2026"],
      ["12.5", "0", "—", "—"],
      ["—", "—", "—", "—"],
      ["0", "2", "—", "never counted"],
    ]);
    expect(html).toContain("or the shelf was never counted");
    expect(html).toContain('href="/inventory/retailers?CustomerIDs=20001"');
    expect(html).not.toContain("undefined");
  });
});

describe("WarehouseStock", () => {
  it("shows a Supplier key's 11-field rows without an Inventory column of dashes, every figure they have in its place", () => {
    // Production /inventory for a Supplier key: no Inventory, Received, Loaded, Picked, Delivered or Unsellable.
    const rows = [
      {
        LocationID: 1,
        ProductID: 10032,
        OnFloorInventory: "64.00",
        PreSales: "12.00",
        Allocated: "12.00",
        NotAuthorized: false,
        AvailableUnits: 40,
        PurchaseTransID: 700001,
        DOI: "9.10",
        AvgDailySales90d: "4.40",
        TimeUpdated: "2026-11-20T08:00:00Z",
      },
      {
        LocationID: 2,
        ProductID: 10032,
        OnFloorInventory: "5.00",
        PreSales: "0.00",
        Allocated: "0.00",
        NotAuthorized: true,
        AvailableUnits: 5,
        PurchaseTransID: 700002,
        DOI: "2.00",
        AvgDailySales90d: "2.50",
        TimeUpdated: "2026-11-20T08:00:00Z",
      },
    ];
    const html = render(
      <WarehouseStock productId={10032} />,
      embeddedRequest(LIST_VIEWS.inventory, { ProductIDs: "10032" }),
      rows,
    );
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual([
      "Warehouse",
      "Available units",
      "On floor inventory",
      "Pre sales",
      "Allocated",
      "Not authorized",
      "Days of inventory",
    ]);
    expect(cells(html).map((c) => c.slice(1))).toEqual([
      ["40", "64", "12", "12", "No", "9.1"],
      ["5", "5", "0", "0", "Yes", "2"],
    ]);
  });

  it("shows Allocated and Not authorized with a sentence each, linking to the allocations", () => {
    const rows = [
      {
        LocationID: 1,
        ProductID: 10032,
        AvailableUnits: 40,
        OnFloorInventory: "64.00",
        PreSales: "12.00",
        Allocated: "12.00",
        NotAuthorized: true,
        Inventory: "70.00",
        DOI: "9.10",
      },
    ];
    const html = render(
      <WarehouseStock productId={10032} />,
      embeddedRequest(LIST_VIEWS.inventory, { ProductIDs: "10032" }),
      rows,
    );
    expect(html).toContain(">Allocated</th>");
    expect(html).toContain(">Not authorized</th>");
    expect(cells(html)[0]).toContain("Yes");
    expect(html).toMatch(
      /<dt class="font-semibold">Allocated<\/dt><dd>Units set aside for particular customers by <a class="link" href="#allocations">allocations<\/a>/,
    );
    expect(html).toMatch(
      /<dt class="font-semibold">Not authorized<\/dt><dd>Yes means the product is reserved at that warehouse for specifically authorized accounts/,
    );
  });
});
