import { describe, expect, it } from "vitest";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { operations } from "@/lib/data-api/registry";
import { apiQueryKey } from "@/lib/domain/api-query";
import { locationsRequest } from "@/lib/domain/purchases/requests";
import {
  inventoryRead,
  linesV1Reads,
  locationsRead,
  planSupplier,
  productsRead,
  purchasesRead,
  purchasesV1Read,
  statesRead,
  vendorIdsOf,
  vendorsRead,
  type PlanRead,
} from "./requests";

describe("the plan's reads", () => {
  it("asks for one supplier's inventory, products of every status and vendors, walked in pages", () => {
    expect(
      [inventoryRead(101), productsRead(101), vendorsRead(101)].map((r) => [
        r.request.operation,
        r.request.query,
        r.pages,
      ]),
    ).toEqual([
      ["listInventory", { SupplierIDs: "101" }, 10],
      ["listProducts", { SupplierIDs: "101", Statuses: "0,1,2,3,4,5" }, 4],
      ["listVendors", { SupplierIDs: "101" }, 2],
    ]);
  });

  it("reads warehouses with the very request the editor and the filters make, so they share one answer", () => {
    expect(apiQueryKey(locationsRead.request)).toEqual(apiQueryKey(locationsRequest));
    expect(locationsRead.pages).toBeUndefined();
    expect(statesRead.request).toEqual({ operation: "listStates", query: { PageSize: "500" } });
  });

  it("asks v2 for the open statuses with their lines, narrowed to vendors only when given", () => {
    expect(purchasesRead().request.query).toEqual({
      statuses: "Submitted,New,Accepted,InProgress",
      include_transactions: "true",
    });
    expect(purchasesRead([9001, 9002]).request.query).toEqual({
      statuses: "Submitted,New,Accepted,InProgress",
      include_transactions: "true",
      vendor_ids: "9001,9002",
    });
    expect(purchasesV1Read([9001]).request.query).toEqual({ Statuses: "New,Accepted", VendorIDs: "9001" });
  });

  it("reads v1 lines by batches of 100 purchases, each id once, in order", () => {
    const purchases = [
      ...Array.from({ length: 205 }, (_, i) => ({ PurchaseID: 1000 + i })),
      { PurchaseID: 1000 },
      { PurchaseID: null },
    ];
    const reads = linesV1Reads(purchases.reverse());
    const ids = reads.map((r) => (r.request.query?.PurchaseIDs ?? "").split(","));
    expect(ids.map((batch) => batch.length)).toEqual([100, 100, 5]);
    expect(ids[0]!.slice(0, 3)).toEqual(["1000", "1001", "1002"]);
    expect(linesV1Reads([])).toEqual([]);
  });

  const reads: [string, PlanRead][] = [
    ["inventory", inventoryRead(101)],
    ["products", productsRead(101)],
    ["vendors", vendorsRead(101)],
    ["warehouses", locationsRead],
    ["states", statesRead],
    ["v2 purchases", purchasesRead([9001, 9002])],
    ["v1 purchases", purchasesV1Read([9001])],
    ["v1 lines", linesV1Reads([{ PurchaseID: 1 }, { PurchaseID: 2 }])[0]!],
  ];
  it.each(reads)("the %s request is one the contract accepts, with the walk's paging", (_name, read) => {
    const v2 = read.request.operation === "listPurchasesV2";
    const paging: Record<string, string> = read.pages
      ? v2
        ? { page: "2", page_size: "500" }
        : { Page: "2", PageSize: "500" }
      : {};
    const query: Record<string, string> = { ...read.request.query, ...paging };
    const documented = OPERATION_META[read.request.operation].query as Record<string, { values?: readonly string[] }>;
    for (const [name, value] of Object.entries(query)) {
      expect(documented[name], `${name} is a parameter of ${read.request.operation}`).toBeDefined();
      for (const item of documented[name]!.values ? value.split(",") : [])
        expect(documented[name]!.values, name).toContain(item);
    }
    const checked = operations[read.request.operation].querySchema.safeParse(query);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
  });
});

describe("vendorIdsOf", () => {
  it("takes each vendor once (a vendor has a row per warehouse), sorted, skipping rows without an id", () => {
    expect(vendorIdsOf([{ VendorID: 9002 }, { VendorID: 9001 }, { VendorID: 9002 }, { VendorID: null }, {}])).toEqual([
      9001, 9002,
    ]);
  });
});

describe("planSupplier", () => {
  const one = [{ id: 101, name: "Mojave Sun" }];
  const two = [...one, { id: 102, name: "Desert Bloom" }];
  it.each([
    [
      "a Supplier key of one supplier plans for it, whatever the address says",
      { keyType: "Supplier", suppliers: one },
      999,
      { supplierId: 101, picker: "none", narrow: false },
    ],
    [
      "a Supplier key of several: the address's when it is one of them",
      { keyType: "Supplier", suppliers: two },
      102,
      { supplierId: 102, picker: "scope", narrow: true },
    ],
    [
      "a Supplier key of several: the first otherwise",
      { keyType: "Supplier", suppliers: two },
      999,
      { supplierId: 101, picker: "scope", narrow: true },
    ],
    [
      "a Supplier key whose suppliers the session does not know: the address's, picked from the API",
      { keyType: "Supplier" },
      101,
      { supplierId: 101, picker: "api", narrow: true },
    ],
    [
      "an Employee key: none until chosen",
      { keyType: "Employee" },
      undefined,
      { supplierId: undefined, picker: "api", narrow: true },
    ],
    ["an Employee key: the address's", { keyType: "Employee" }, 101, { supplierId: 101, picker: "api", narrow: true }],
  ] as const)("%s", (_name, scope, chosen, expected) => {
    expect(
      planSupplier(
        { keyType: scope.keyType, suppliers: "suppliers" in scope ? [...scope.suppliers] : undefined },
        chosen,
      ),
    ).toEqual(expected);
  });
});
