import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { KeyScopeContext } from "@/lib/ui/key-scope-context";
import { readPlanAddress } from "@/lib/ui/replenishment/address";
import { PLAN_HEADERS } from "@/lib/ui/replenishment/columns";
import {
  inventoryRead,
  linesV1Reads,
  locationsRead,
  type PlanRead,
  productsRead,
  purchasesRead,
  purchasesV1Read,
  statesRead,
  vendorsRead,
} from "@/lib/domain/replenishment/requests";
import { SupplierPlan } from "./replenishment-planner";

// Supplier 12: Oakland (1) and Fresno (2). Chocolate 7 sells 12.4 a day at Oakland (reserved for authorized accounts)
// with 40 on order and 120 in a draft, and 3 a day at Fresno with none left; almond 8 is far above target; mint 9 is
// discontinued. Vendor 40 delivers to both warehouses, vendor 41 (batch codes required) to Oakland too.
const DATA = {
  inventory: [
    { LocationID: 1, ProductID: 7, AvailableUnits: 61, AvgDailySales90d: "12.40", NotAuthorized: true },
    { LocationID: 1, ProductID: 8, AvailableUnits: 500, AvgDailySales90d: "2.00" },
    { LocationID: 1, ProductID: 9, AvailableUnits: 10, AvgDailySales90d: "1.00" },
    { LocationID: 2, ProductID: 7, AvailableUnits: 0, AvgDailySales90d: "3.00" },
  ],
  products: [
    {
      ProductID: 7,
      SupplierID: 12,
      ProductName: "Chocolate Bar",
      SupplierProductNumber: "CH-7",
      WholesaleUnitsPerCase: 12,
      StatusID: 1,
    },
    { ProductID: 8, SupplierID: 12, ProductName: "Almond Bar", WholesaleUnitsPerCase: 12, StatusID: 1 },
    { ProductID: 9, SupplierID: 12, ProductName: "Mint Tin", WholesaleUnitsPerCase: 6, StatusID: 0 },
  ],
  vendors: [
    {
      VendorID: 40,
      SupplierID: 12,
      LocationID: 1,
      VendorName: "North Farm",
      LeadTimeDays: 5,
      TargetDOI: 30,
      PickupDates: ["Thu"],
      RequirePOBatchCodes: false,
      Active: true,
    },
    {
      VendorID: 40,
      SupplierID: 12,
      LocationID: 2,
      VendorName: "North Farm",
      LeadTimeDays: 5,
      TargetDOI: 30,
      PickupDates: ["Thu"],
      RequirePOBatchCodes: false,
      Active: true,
    },
    {
      VendorID: 41,
      SupplierID: 12,
      LocationID: 1,
      VendorName: "Berry Co",
      LeadTimeDays: 2,
      TargetDOI: 30,
      PickupDates: ["Mon"],
      RequirePOBatchCodes: true,
      Active: true,
    },
  ],
  locations: [
    { LocationID: 1, Location: "Oakland DC", State: "CA" },
    { LocationID: 2, Location: "Fresno DC", State: "CA" },
  ],
  states: [{ StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" }],
  purchases: [
    {
      purchase_global_id: "d-1",
      status: "InProgress",
      vendor_id: 40,
      to_location_id: 1,
      po_num: "PLAN-1",
      purchase_transactions: [{ id: 1, product_id: 7, num_units: 120 }],
    },
    {
      purchase_global_id: "s-1",
      status: "Submitted",
      vendor_id: 40,
      to_location_id: 1,
      po_num: "PO-9",
      purchase_transactions: [{ id: 2, product_id: 7, num_units: 40 }],
    },
  ],
};

function walked(client: QueryClient, read: PlanRead, records: unknown[]) {
  const data: Walked<unknown> = { records, complete: true, requests: 1 };
  client.setQueryData(apiWalkOptions(browserApi, read.request, read.staleTime, read.pages ?? 1).queryKey, data);
}

/** The plan as the server renders it from the answers its prefetch leaves in the cache. */
function rendered(
  address: string,
  {
    v2 = true,
    answered = true,
    vendors = DATA.vendors,
    role = "purchasing",
  }: { v2?: boolean; answered?: boolean; vendors?: typeof DATA.vendors; role?: string } = {},
): string {
  const client = new QueryClient();
  if (answered) {
    walked(client, inventoryRead(12), DATA.inventory);
    walked(client, productsRead(12), DATA.products);
    walked(client, vendorsRead(12), vendors);
    client.setQueryData(apiQueryKey(locationsRead.request), { records: DATA.locations });
    client.setQueryData(apiQueryKey(statesRead.request), { records: DATA.states });
    if (v2) walked(client, purchasesRead(), DATA.purchases);
    else {
      const posted = [{ PurchaseID: 900, Status: "New", ToLocationID: 1, VendorID: 40 }];
      walked(client, purchasesV1Read(), posted);
      walked(client, linesV1Reads(posted)[0]!, [{ PurchaseID: 900, ProductID: 7, Ordered: "24.00" }]);
    }
  }
  return renderToString(
    <KeyScopeContext.Provider value={{ keyType: "Supplier", role }}>
      <QueryClientProvider client={client}>
        <SupplierPlan
          supplierId={12}
          supplierName="Cocoa Co"
          narrow={false}
          v2={v2}
          v1Reason={v2 ? undefined : "off"}
          address={readPlanAddress(new URLSearchParams(address))}
        />
      </QueryClientProvider>
    </KeyScopeContext.Provider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&rsquo;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The rows of the plan's table, by their keys (warehouse:product). */
const rowKeys = (html: string) => [...html.matchAll(/<tr data-row="([\d:]+)"/g)].map((m) => m[1]);

/** The text of one row of the plan's table. */
function rowText(html: string, key: string): string {
  const start = html.indexOf(`<tr data-row="${key}"`);
  return text(html.slice(start, html.indexOf("</tr>", start)));
}

describe("SupplierPlan", () => {
  it("draws a table with exactly the plan's headers and a caption", () => {
    const html = rendered("");
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) =>
      text(m[1]!).replace(/[↑↓↕]/g, "").trim(),
    );
    expect(headers.slice(-PLAN_HEADERS.length)).toEqual([...PLAN_HEADERS]);
    expect(text(html)).toContain(
      "Replenishment plan for Cocoa Co: 3 of 4 product and warehouse rows, only those below target.",
    );
  });

  it("shows only the rows below target by default (a discontinued one too: the row says why it has no order), and every row with below=0", () => {
    expect(rowKeys(rendered(""))).toEqual(["1:7", "1:9", "2:7"]);
    expect(rowKeys(rendered("below=0"))).toEqual(["1:8", "1:7", "1:9", "2:7"]);
  });

  it("neither marks nor shows by default a row without a target: Fresno's empty shelf with no vendor delivering there", () => {
    const oaklandOnly = DATA.vendors.filter((v) => v.LocationID === 1);
    expect(rowKeys(rendered("", { vendors: oaklandOnly }))).toEqual(["1:7", "1:9"]);
    const fresno = rowText(rendered("below=0", { vendors: oaklandOnly }), "2:7");
    expect(fresno).not.toContain("below target");
    expect(rowText(rendered("below=0"), "2:7")).toContain("below target");
  });

  it("applies the address's warehouse and search", () => {
    expect(rowKeys(rendered("warehouse=2"))).toEqual(["2:7"]);
    expect(rowKeys(rendered("below=0&q=almond"))).toEqual(["1:8"]);
  });

  it("shows drafts apart under On order, counted only when asked", () => {
    expect(rowText(rendered(""), "1:7")).toContain("40 +120 in drafts");
    expect(rowText(rendered(""), "1:7")).not.toContain("(counted)");
    expect(rowText(rendered("drafts=1"), "1:7")).toContain("+120 in drafts (counted)");
  });

  it("marks a reserved product, offers the vendors that deliver, and says which requires batch codes", () => {
    const html = rendered("");
    const oakland = rowText(html, "1:7");
    expect(oakland).toContain("Reserved");
    expect(html).toContain('aria-label="Vendor for Chocolate Bar at Oakland DC"');
    expect(oakland).toContain("North Farm · vendor 40");
    expect(oakland).toContain("Berry Co · vendor 41");
    // The lowest VendorID delivers by default; vendor 40 needs no batch codes.
    expect(oakland).not.toContain("Batch codes required");
    // Fresno has one vendor: its name, no choice.
    expect(html).not.toContain('aria-label="Vendor for Chocolate Bar at Fresno DC"');
    const picked = rendered("via=1.7.41");
    expect(rowText(picked, "1:7")).toContain("Batch codes required");
    expect(picked).toMatch(/<option value="41" selected="">/);
  });

  it("offers each orderable row a tick (ticked when it has a suggestion) and its cases, and says why others have none", () => {
    const html = rendered("below=0");
    const box = (name: string) =>
      html.match(new RegExp(`<input type="checkbox"[^>]*aria-label="Order ${name}"[^>]*/>`))?.[0];
    expect(box("Chocolate Bar at Oakland DC")).toContain('checked=""');
    expect(box("Almond Bar at Oakland DC")).toBeDefined();
    expect(box("Almond Bar at Oakland DC")).not.toContain("checked");
    expect(html).toMatch(/aria-label="Cases to order, Chocolate Bar at Oakland DC"[^>]*value="\d+"/);
    expect(rowText(html, "1:8")).toContain("Above target");
    // Discontinued: no tick, no box, its status said.
    expect(html).not.toContain('aria-label="Order Mint Tin at Oakland DC"');
    expect(rowText(html, "1:9")).toContain("Discontinued");
    // Every row has its "Why?", collapsed.
    expect(html.match(/aria-expanded="false"[^>]*>Why\?/g)).toHaveLength(4);
  });

  it("totals the suggestions per vendor and warehouse", () => {
    const html = rendered("");
    const totals = text(
      html.slice(html.indexOf('aria-label="Suggested, by vendor and warehouse"'), html.indexOf("</table>")),
    );
    expect(totals).toMatch(/Fresno DC North Farm · vendor 40 1 \d+ \d+/);
    expect(totals).toMatch(/Oakland DC North Farm · vendor 40 1 \d+ \d+/);
    expect(totals).toContain("All 2");
  });

  it("lists the orders the ticked rows would make, and the button that drafts them", () => {
    const words = text(rendered(""));
    expect(words).toContain("The ticked rows in view make 2 draft purchase orders");
    expect(words).toMatch(/PLAN-\d{8}-40-1: Oakland DC from North Farm · vendor 40: 1 line/);
    expect(words).toMatch(/PLAN-\d{8}-40-2: Fresno DC from North Farm · vendor 40: 1 line/);
    expect(rendered("")).toMatch(
      /<button type="button"[^>]*aria-disabled="false"[^>]*>Draft purchase orders<\/button>/,
    );
  });

  it("offers nothing to draft when no row in view is ticked", () => {
    const html = rendered("below=0&q=almond");
    expect(text(html)).toContain("Tick the rows to order");
    expect(html).toMatch(/<button type="button"[^>]*aria-disabled="true"[^>]*>Draft purchase orders<\/button>/);
  });

  it("tells a role that may not draft why, with no button, and still shows the plan", () => {
    const html = rendered("", { role: "viewer" });
    expect(text(html)).toContain("Your role in this workspace does not draft purchase orders");
    expect(html).not.toMatch(/<button[^>]*>Draft purchase orders<\/button>/);
    expect(rowKeys(html)).toEqual(["1:7", "1:9", "2:7"]);
  });

  it("without v2 counts the posted purchases on order and says drafting needs v2, with no button", () => {
    const html = rendered("", { v2: false });
    expect(rowText(html, "1:7")).toMatch(/61 24 12\.4/);
    expect(text(html)).toContain(
      "Drafting needs the v2 purchase endpoints, which Backroom is set not to use (DATA_API_V2=off)",
    );
    expect(html).not.toMatch(/<button[^>]*>Draft purchase orders<\/button>/);
  });

  it("waits for every read before drawing the plan", () => {
    const words = text(rendered("", { answered: false }));
    expect(words).not.toContain("Chocolate Bar");
    expect(rendered("", { answered: false })).toContain('aria-label="Loading the plan"');
  });

  it("never writes undefined or NaN", () => {
    const words = text(rendered("below=0&drafts=1"));
    expect(words).not.toMatch(/undefined|NaN/);
  });
});
