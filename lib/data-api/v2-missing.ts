/**
 * The documentation marks the v2 purchase endpoints Beta: a service may not offer them. Which answers say so, for the
 * proxy (which marks v2 missing, `lib/server/core/purchases-v2.ts`) and the pages (which then switch to v1's posted
 * purchases) alike.
 */

/** The statuses of a service without an endpoint: no such path, no such method there, not implemented. */
const MISSING_STATUSES: ReadonlySet<number> = new Set([404, 405, 501]);
/** v2 purchase reads whose 404 can only mean the path is missing: a list is never "not found". */
const V2_LIST_READS: ReadonlySet<string> = new Set(["listPurchasesV2", "listPurchaseLinesV2"]);
/** A single purchase: its 404 may be a purchase that does not exist, so only its 405 and 501 say v2 is missing. */
const V2_SINGLE_READ = "getPurchaseV2";

/**
 * Whether an answer to a read says the service has no v2 purchase endpoints.
 *
 * @example
 * saysV2Missing("listPurchasesV2", 404); // true
 * saysV2Missing("getPurchaseV2", 404); // false: maybe only that purchase is missing (see needsV2ListCheck)
 * saysV2Missing("listPurchases", 404); // false: a v1 read
 */
export function saysV2Missing(operation: string, status: number): boolean {
  if (!MISSING_STATUSES.has(status)) return false;
  return V2_LIST_READS.has(operation) || (operation === V2_SINGLE_READ && status !== 404);
}

/**
 * Whether an answer leaves it open: a single v2 purchase answered 404 (no such purchase, or no v2 at all). A list read
 * of one row (`page_size=1`) tells which.
 *
 * @example
 * needsV2ListCheck("getPurchaseV2", 404); // true
 */
export function needsV2ListCheck(operation: string, status: number): boolean {
  return operation === V2_SINGLE_READ && status === 404;
}
