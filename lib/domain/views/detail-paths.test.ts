import { describe, expect, it } from "vitest";
import { detailHref } from "./detail-paths";

describe("detailHref", () => {
  it("links each kind of id to its page", () => {
    expect([
      detailHref("CustomerIDs", 20001),
      detailHref("ProductIDs", "10033"),
      detailHref("SupplierIDs", 101),
      detailHref("LocationIDs", 1),
      detailHref("UserIDs", 1012),
      detailHref("InvoiceIDs", 500001),
      detailHref("PurchaseIDs", 700365),
      detailHref("PromotionIDs", 3001),
    ]).toEqual([
      "/customers/20001",
      "/catalog/products/10033",
      "/directory/suppliers/101",
      "/directory/locations/1",
      "/directory/users/1012",
      "/invoices/500001",
      "/purchases/700365",
      "/catalog/product-promotions/3001",
    ]);
  });

  it("links nothing that is not an id, and no kind without a page", () => {
    expect(detailHref("SupplierIDs", "../admin")).toBeUndefined();
    expect(detailHref("SupplierIDs", null)).toBeUndefined();
    expect(detailHref("SupplierIDs", -1)).toBeUndefined();
    expect(detailHref("SupplierIDs", 1.5)).toBeUndefined();
    expect(detailHref("VendorIDs", 9001)).toBeUndefined();
  });
});
