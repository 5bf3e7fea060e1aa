import { describe, expect, it } from "vitest";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { locationLists, promotionProductsList, relatedRequest, type RelatedList, supplierLists } from "./related-lists";

/** Each list filters by a documented parameter of its operation, shows columns of its view, and links its list page with the same filter. */
function expectWellFormed(list: RelatedList) {
  const view = LIST_VIEWS[list.name];
  for (const param of Object.keys(list.query))
    expect(OPERATION_META[view.operation].query, `${list.name}: ${param}`).toHaveProperty(param);
  for (const column of list.columns)
    expect(
      view.columns.map((c) => c.id),
      `${list.name}: ${column}`,
    ).toContain(column);
  const [, filter] = list.href.split("?");
  expect(Object.fromEntries(new URLSearchParams(filter))).toEqual(list.query);
}

describe("supplierLists", () => {
  it("shows each key type only the lists it may call: Customer keys are refused credit terms and vendors", () => {
    expect(supplierLists("Customer", 101).map((l) => l.title)).toEqual([
      "Products",
      "Product promotions",
      "Payment types",
    ]);
    expect(supplierLists("Supplier", 101).map((l) => l.title)).toEqual([
      "Products",
      "Product promotions",
      "Credit terms",
      "Vendors",
      "Payment types",
    ]);
    expect(supplierLists("Employee", 101).map((l) => l.title)).toEqual([
      "Products",
      "Product promotions",
      "Credit terms",
      "Vendors",
      "Payment types",
    ]);
  });

  it("filters every list by the supplier, with its first 100 rows", () => {
    for (const list of supplierLists("Employee", 101)) {
      expectWellFormed(list);
      expect(relatedRequest(list).query).toMatchObject({ SupplierIDs: "101", PageSize: "100", Page: "1" });
    }
  });
});

describe("locationLists", () => {
  it("shows the warehouse's inventory to keys that may read it, its availability to Customer keys", () => {
    expect(locationLists("Employee", 1).map((l) => l.name)).toEqual(["inventory"]);
    expect(locationLists("Supplier", 1).map((l) => l.name)).toEqual(["inventory"]);
    expect(locationLists("Customer", 2).map((l) => l.name)).toEqual(["availableInventory"]);
    for (const list of [...locationLists("Employee", 1), ...locationLists("Customer", 2)]) expectWellFormed(list);
  });
});

describe("promotionProductsList", () => {
  it("lists a promotion's products by id, and nothing for a promotion that names none", () => {
    const [list] = promotionProductsList("10033,10047");
    expect(list).toMatchObject({
      name: "products",
      query: { ProductIDs: "10033,10047" },
      href: "/catalog/products?ProductIDs=10033,10047",
    });
    expectWellFormed(list!);
    expect(promotionProductsList(undefined)).toEqual([]);
  });
});
