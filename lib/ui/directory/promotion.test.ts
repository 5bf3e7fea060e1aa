import { describe, expect, it } from "vitest";
import { findPromotion, idList, promotionProductIds, promotionsRequest, type PromotionProduct } from "./promotion";

const promo = (fields: Partial<PromotionProduct>) => fields as PromotionProduct;

describe("findPromotion", () => {
  const records = [promo({ PromotionID: 3001, PromotionName: "Eighth Launch Promo" }), promo({ PromotionID: 3002 })];

  it("picks the promotion by its id out of the walked list", () => {
    expect(findPromotion({ records, complete: true, requests: 1 }, 3002)).toEqual({
      state: "found",
      promotion: records[1],
    });
  });

  it("says absent only when the whole list was read", () => {
    expect(findPromotion({ records, complete: true, requests: 1 }, 3999)).toEqual({ state: "absent" });
    expect(findPromotion({ records, complete: false, requests: 4 }, 3999)).toEqual({ state: "beyond", searched: 2 });
  });

  it("does not take a record without an id for any promotion", () => {
    expect(findPromotion({ records: [promo({ PromotionName: "No id" })], complete: true, requests: 1 }, 0).state).toBe(
      "absent",
    );
  });
});

describe("promotionProductIds", () => {
  it("gives the products as a ProductIDs filter, once each", () => {
    expect(promotionProductIds(promo({ ProductIDs: [10033, 10047, 10033] }))).toBe("10033,10047");
  });

  it("gives nothing for a promotion that names no products (all-products, or a sparse record)", () => {
    expect(promotionProductIds(promo({ AllProducts: true, ProductIDs: [] }))).toBeUndefined();
    expect(promotionProductIds(promo({}))).toBeUndefined();
    expect(promotionProductIds(promo({ ProductIDs: null }))).toBeUndefined();
  });
});

describe("promotionsRequest and idList", () => {
  it("narrows the list to the suppliers the address names, and only to a list of ids", () => {
    expect(promotionsRequest(idList("101,102"))).toEqual({
      operation: "listPromotionProducts",
      query: { SupplierIDs: "101,102" },
    });
    expect(promotionsRequest(idList("101;DROP"))).toEqual({ operation: "listPromotionProducts", query: {} });
    expect(idList(["101"])).toBeUndefined();
    expect(idList("")).toBeUndefined();
  });
});
