import { DataApiError } from "@/lib/data-api/data-api-error";
import { needsV2ListCheck, saysV2Missing } from "@/lib/data-api/v2-missing";
import type { ApiRequest } from "@/lib/domain/api-query";

/**
 * Purchases without the v2 endpoints (which the documentation marks Beta): v1 holds the purchases the ERP has posted,
 * read only. The requests of a purchase's page, what the pages say, and how the browser tells that a v2 read met a
 * service without v2.
 */

/** Why the pages read v1: the service does not offer v2 (DATA_API_V2=auto saw it answer 404/405/501), or Backroom is set not to use it. */
export type V1Reason = "missing" | "off";

/**
 * The one line the Purchases pages show without v2.
 *
 * @example
 * v1OnlyNote("missing"); // "This Data API service does not offer the v2 purchase endpoints, so only posted purchases are shown, read only."
 */
export function v1OnlyNote(reason: V1Reason): string {
  return reason === "missing"
    ? "This Data API service does not offer the v2 purchase endpoints, so only posted purchases are shown, read only."
    : "Backroom is set not to use the v2 purchase endpoints (DATA_API_V2=off), so only posted purchases are shown, read only.";
}

/** What the draft editor's pages say without v2. */
export function draftsNeedV2(reason: V1Reason): string {
  return reason === "missing"
    ? "Drafts need the v2 purchase endpoints, which this Data API service does not offer: purchase orders cannot be drafted, edited or submitted here. Posted purchases can still be read."
    : "Drafts need the v2 purchase endpoints, which Backroom is set not to use (DATA_API_V2=off): purchase orders cannot be drafted, edited or submitted here. Posted purchases can still be read.";
}

/** A posted purchase by its ERP id (v1: `{Data: record}`). */
export function purchaseV1Request(purchaseId: number): ApiRequest<"getPurchase"> {
  return { operation: "getPurchase", path: { purchaseID: purchaseId } };
}

/** A posted purchase's lines (v1's purchase transactions), walked in pages of 500 up to this many. */
export const MAX_LINE_PAGES = 4;

/** The lines of a posted purchase: every page of them (up to `MAX_LINE_PAGES`), for `apiWalkOptions`. */
export function purchaseLinesV1Request(purchaseId: number): ApiRequest<"listPurchaseTransactions"> {
  return { operation: "listPurchaseTransactions", query: { PurchaseIDs: String(purchaseId) } };
}

/** The cheapest v2 list read: one row, no lines. Its answer tells whether a single purchase's 404 was the purchase's or v2's. */
export const V2_LIST_CHECK: ApiRequest<"listPurchasesV2"> = {
  operation: "listPurchasesV2",
  query: { page: "1", page_size: "1", include_transactions: "false" },
};

/** What a failed query says of v2: missing (render the v1 view), open (check with a list read), or nothing. */
export type V2Signal = "missing" | "check" | undefined;

/**
 * What a failed query of the dashboard says of the v2 purchase endpoints, by its key (`["api", operation, ...]`, or a
 * walk's `["walk", "api", operation, ...]`) and its error.
 *
 * @example
 * v2Signal(["api", "listPurchasesV2", "", "page=1"], new DataApiError({ status: 404, detail: "Not found" })); // "missing"
 * v2Signal(["api", "getPurchaseV2", "purchaseID=PO-1", ""], new DataApiError({ status: 404, detail: "Not found" })); // "check"
 */
export function v2Signal(queryKey: readonly unknown[], error: unknown): V2Signal {
  if (!(error instanceof DataApiError)) return undefined;
  const operation = queryKey[0] === "walk" ? queryKey[2] : queryKey[0] === "api" ? queryKey[1] : undefined;
  if (typeof operation !== "string") return undefined;
  if (saysV2Missing(operation, error.status)) return "missing";
  if (needsV2ListCheck(operation, error.status)) return "check";
  return undefined;
}
