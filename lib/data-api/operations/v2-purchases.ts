import { API_PURCHASE_STATUSES, ERP_PURCHASE_STATUSES, PostedPurchaseLineV2, PurchaseV2, PurchaseValidationV2 } from "../records/purchases";
import { defineOperation } from "../operation";
import { bool, enumList, idList, isoDate, purchaseIdList } from "../query-params";
import { v2Write, v2WriteLenient } from "../writes";
import { purchaseRef, v2Paging } from "./common";

const v2 = { version: "v2", resource: "Purchasing", access: { Customer: "forbidden", Supplier: "scoped" } } as const;
const beta = "Beta. Not available to Customer keys (403).";
const writeHeaders = ["Idempotency-Key", "Prefer", "X-Request-Id"] as const;
const includeTransactions = bool({ defaultValue: true, description: "false omits purchase_transactions." });

export const v2Purchases = {
  listPurchasesV2: defineOperation({
    ...v2, id: "listPurchasesV2", method: "GET", path: "/purchases", summary: "Purchases: API drafts and ERP-posted, merged",
    query: {
      purchase_ids: purchaseIdList(),
      vendor_ids: idList(),
      location_ids: idList(),
      statuses: enumList([...ERP_PURCHASE_STATUSES, ...API_PURCHASE_STATUSES], {
        description: "InProgress and Submitted select API-originated orders (drafts included); other statuses select ERP-posted purchases; a mix returns both in one list. Omitted: all.",
      }),
      start_date: isoDate({ description: "Bound on post_date for posted purchases, on delivery_date for API drafts." }),
      end_date: isoDate({ description: "Bound on post_date for posted purchases, on delivery_date for API drafts." }),
      include_transactions: includeTransactions,
      ...v2Paging,
    },
    record: PurchaseV2, envelope: "v2-list", success: 200, statuses: [200, 400, 401, 403, 429, 500],
    headers: ["If-None-Match", "X-Request-Id"], notes: [beta],
  }),
  createPurchase: defineOperation({
    ...v2, id: "createPurchase", method: "POST", path: "/purchases", summary: "Create a purchase order (draft, or submitted)",
    query: { submit: bool({ defaultValue: false, description: "true creates it directly in Submitted, after checking it is ready." }) },
    body: v2Write.create, lenientBody: v2WriteLenient.create,
    record: PurchaseV2, envelope: "v2-single", success: 201, statuses: [201, 400, 401, 403, 409, 413, 415, 422, 429, 500],
    headers: writeHeaders,
    notes: [
      beta,
      "201 with {data: purchase} and a Location header naming the purchase by purchase_global_id; with Prefer: return=minimal, no body.",
      "po_num must be unique for the vendor: a repeat answers 409 DUPLICATE_PO_NUMBER naming the existing purchase's global id.",
      "supplier_id must be one of the key's authorized suppliers. created_by_user_id is honoured only for Employee keys.",
      "purchase_id is null until the purchase has synced into the ERP.",
    ],
  }),
  validatePurchase: defineOperation({
    ...v2, id: "validatePurchase", method: "POST", path: "/purchases/validate", summary: "Check a purchase order without creating it",
    body: v2Write.validate, lenientBody: v2WriteLenient.validate,
    record: PurchaseValidationV2, envelope: "v2-single", success: 200, statuses: [200, 400, 401, 403, 409, 413, 415, 422, 429, 500],
    headers: ["Prefer", "X-Request-Id"],
    notes: [beta, "Creates nothing.", "Checks: at least one line item; every quantity positive; batch codes where the vendor requires them; po_num unique for the vendor."],
  }),
  getPurchaseV2: defineOperation({
    ...v2, id: "getPurchaseV2", method: "GET", path: "/purchases/{purchaseID}", summary: "One purchase, by global id or ERP id",
    pathParams: { purchaseID: purchaseRef("A purchase_global_id, or a numeric ERP purchase_id.") },
    query: { include_transactions: includeTransactions },
    record: PurchaseV2, envelope: "v2-single", success: 200, statuses: [200, 400, 401, 403, 404, 429, 500],
    headers: ["If-None-Match", "X-Request-Id"],
    notes: [beta, "A global id resolves for the purchase's whole life; a numeric id resolves ERP-posted purchases and API purchases once they carry one."],
  }),
  updatePurchase: defineOperation({
    ...v2, id: "updatePurchase", method: "PATCH", path: "/purchases/{purchaseGlobalID}", summary: "Edit a draft purchase order",
    pathParams: { purchaseGlobalID: purchaseRef("The purchase_global_id of the draft.") },
    body: v2Write.update, lenientBody: v2WriteLenient.update,
    record: PurchaseV2, envelope: "v2-single", success: 200, statuses: [200, 204, 400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    headers: writeHeaders,
    notes: [beta, "Supplied fields are replaced; purchase_transactions, when present, replaces all line items (an empty array removes them).", "409 when the purchase is not a draft. Status is never set by PATCH.", "204 with Prefer: return=minimal."],
  }),
  deletePurchase: defineOperation({
    ...v2, id: "deletePurchase", method: "DELETE", path: "/purchases/{purchaseGlobalID}", summary: "Delete a draft purchase order",
    pathParams: { purchaseGlobalID: purchaseRef("The purchase_global_id of the draft.") },
    envelope: "none", success: 204, statuses: [204, 400, 401, 403, 404, 409, 429, 500], headers: ["X-Request-Id"],
    notes: [beta, "204 with no body; later reads or deletes answer 404.", "409 if the purchase was submitted."],
  }),
  submitPurchase: defineOperation({
    ...v2, id: "submitPurchase", method: "POST", path: "/purchases/{purchaseGlobalID}/submit", summary: "Submit a draft purchase order",
    pathParams: { purchaseGlobalID: purchaseRef("The purchase_global_id of the draft.") },
    record: PurchaseV2, envelope: "v2-single", success: 200, statuses: [200, 204, 400, 401, 403, 404, 409, 429, 500],
    headers: writeHeaders,
    notes: [beta, "Re-checks: at least one line item, positive quantities, batch codes where required.", "409 when already submitted or not submittable.", "Import into the ERP starts in the background; the response does not wait.", "204 with Prefer: return=minimal."],
  }),
  listPurchaseLinesV2: defineOperation({
    ...v2, id: "listPurchaseLinesV2", method: "GET", path: "/purchaseTrans", summary: "Posted purchase lines (v2)",
    query: { purchase_ids: idList({ required: true }), ...v2Paging },
    record: PostedPurchaseLineV2, envelope: "v2-list", success: 200, statuses: [200, 400, 401, 403, 429, 500],
    headers: ["If-None-Match", "X-Request-Id"], notes: [beta, "purchase_ids is required."],
  }),
};
