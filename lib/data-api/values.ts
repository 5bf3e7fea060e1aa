/**
 * The documented value sets and limits of the Data API, as plain constants: the records, the parameters and the write
 * bodies are built on them, and pages use them without loading the schemas (no zod here).
 */

/** Invoice status ids and their names. */
export const INVOICE_STATUSES = {
  1: "New",
  2: "Locked for Routing",
  3: "Loaded",
  4: "Returned",
  5: "Balanced",
  7: "Verified",
} as const;

/** A product's StatusID and its name. */
export const PRODUCT_STATUSES = {
  0: "Discontinued",
  1: "Active",
  2: "Pre-order",
  3: "Manufacture",
  4: "Unavailable",
  5: "Close Out",
} as const;

/** A customer's account status. */
export const ACCOUNT_STATUSES = ["Active", "Inactive", "OutOfBus"] as const;
export const ACCOUNT_STATUS_LABELS: Record<(typeof ACCOUNT_STATUSES)[number], string> = {
  Active: "Active",
  Inactive: "Inactive",
  OutOfBus: "Out of Business",
};

/** Available inventory's stock level, in cases, from most to none. */
export const INVENTORY_BUCKETS = [
  "50+ Cases",
  "< 50 Cases",
  "< 25 Cases",
  "< 10 Cases",
  "< 5 Cases",
  "< 1 Case",
  "Out of Stock",
] as const;

/** A payment application's status, from sent to settled. */
export const PAYMENT_APPLICATION_STATUSES = ["Pending", "Exported", "Confirmed", "Rejected"] as const;

/** A positive decimal as the API's parameters take it ("125.50"): digits, an optional fraction. */
export const POSITIVE_DECIMAL = /^\d+(\.\d+)?$/;

/** A positive decimal as text, not zero ("0.00" is not): the rule of POST /payments/applications' Amount. */
export function isPositiveDecimalText(text: string): boolean {
  return POSITIVE_DECIMAL.test(text) && /[1-9]/.test(text);
}

/** A list's paging parameters by API version: v1 `Page` and `PageSize`, v2 `page` and `page_size`. */
export function pagingParams(version: "v1" | "v2"): { page: string; size: string } {
  return version === "v2" ? { page: "page", size: "page_size" } : { page: "Page", size: "PageSize" };
}

/**
 * Backroom's rule for a key's hourly budget (the live service allows about 1,000 requests an hour per key, shared by
 * a team): under this share of `RateLimit-Limit` left, the budget is low, and what nobody asked for just now waits for
 * the reset: the browser's refetches and follow-up checks, a running export (at a page's boundary). Plain data here
 * so the pages and the export share it.
 */
export const LOW_BUDGET_SHARE = 0.1;

/** The most line items one purchase may carry. */
export const MAX_LINE_ITEMS = 200;
