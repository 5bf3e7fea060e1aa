import type { RecordOf } from "@/lib/data-api/client";
import type { ApiRequest, Walked } from "@/lib/domain/api-query";

export type PromotionProduct = RecordOf<"listPromotionProducts">;

/**
 * Pages of 500 a promotion's page walks at most: 2,000 promotions. The list has no PromotionIDs filter, so a
 * promotion is found by reading the list; the test environment's whole list is one page.
 */
export const PROMOTION_PAGES = 4;

/** A comma list of ids as the API takes it ("101,102"), or undefined for anything else. */
export function idList(value: unknown): string | undefined {
  return typeof value === "string" && /^\d{1,15}(,\d{1,15})*$/.test(value) ? value : undefined;
}

/**
 * The list a product promotion is looked for in: every promotion the key sees, or only a supplier's when the address
 * names it (`?SupplierIDs=101`: fewer pages to read). Walked with `apiWalkOptions`.
 *
 * @example
 * promotionsRequest("101"); // { operation: "listPromotionProducts", query: { SupplierIDs: "101" } }
 */
export function promotionsRequest(supplierIds?: string): ApiRequest<"listPromotionProducts"> {
  return { operation: "listPromotionProducts", query: supplierIds ? { SupplierIDs: supplierIds } : {} };
}

/** What the walk says of one promotion: found, not in the whole list, or not in the pages read (the walk's bound). */
export type PromotionLookup =
  | { state: "found"; promotion: PromotionProduct }
  | { state: "absent" }
  | { state: "beyond"; searched: number };

/**
 * One promotion out of the walked list, by id: "absent" only when the walk read the whole list, so a promotion past
 * the bound is never called missing.
 *
 * @example
 * findPromotion({ records: [{ PromotionID: 3001 }], complete: true, requests: 1 }, 3002); // { state: "absent" }
 */
export function findPromotion(walked: Walked<PromotionProduct>, promotionId: number): PromotionLookup {
  const promotion = walked.records.find((p) => p.PromotionID === promotionId);
  if (promotion) return { state: "found", promotion };
  return walked.complete ? { state: "absent" } : { state: "beyond", searched: walked.records.length };
}

/**
 * The products a promotion names, as the `ProductIDs` filter of a product list ("10033,10047"), or undefined when it
 * names none (an all-products promotion covers every product of its supplier and lists none).
 */
export function promotionProductIds(promotion: PromotionProduct): string | undefined {
  const ids = (promotion.ProductIDs ?? []).filter(
    (id): id is number => typeof id === "number" && Number.isSafeInteger(id) && id >= 0,
  );
  return ids.length ? [...new Set(ids)].join(",") : undefined;
}
