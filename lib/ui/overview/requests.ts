import { accountInvoices, type AgingRow, amountsOf } from "@/lib/domain/ar-aging/aging";
import { AGING_STALE, accountInvoicesRequest, agingRequest } from "@/lib/domain/ar-aging/requests";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { LOOKUPS } from "@/lib/domain/views/filters";
import type { OverviewCardId } from "./cards";

/**
 * What each overview reads: a few requests, one page each, most of them the very requests other pages make (so the
 * caches serve both). None walks a large list: where a list has more pages, the overview says what it counted.
 */

/** The aging, as the AR aging page asks for it (one page of 500). */
export const overviewAging = agingRequest({});
/** Open invoices, as the payments page asks for them. */
export const overviewOpenInvoices = accountsRequest;
/** The key's customers, as the Customers filter asks for them (one page of 500, every status). */
export const overviewCustomers: ApiRequest<"listCustomers"> = {
  operation: "listCustomers",
  query: LOOKUPS.CustomerIDs!.query,
};

/** A retailer's payments (their credit left) and its requests still on their way: one request each for all its AR accounts. */
export function overviewPayments(accounts: number[]): ApiRequest<"listPayments"> {
  return { operation: "listPayments", query: { ARAccountIDs: accounts.join(","), PageSize: "500" } };
}
export function overviewPending(accounts: number[]): ApiRequest<"listPaymentApplications"> {
  return {
    operation: "listPaymentApplications",
    query: { ARAccountIDs: accounts.join(","), Statuses: "Pending,Exported", PageSize: "500" },
  };
}

/** Stock: the available-inventory buckets and the days of inventory (one page of 500 each). */
export const overviewAvailable: ApiRequest<"listAvailableInventory"> = {
  operation: "listAvailableInventory",
  query: { PageSize: "500" },
};
export const overviewInventory: ApiRequest<"listInventory"> = {
  operation: "listInventory",
  query: { PageSize: "500" },
};
/** Drafts and orders submitted through the API. */
export const overviewOrders: ApiRequest<"listPurchasesV2"> = {
  operation: "listPurchasesV2",
  query: { statuses: "InProgress,Submitted", include_transactions: "false", page_size: "100" },
};

/**
 * An employee's day: active customers on hold and invoices awaiting verification, each walked whole (up to
 * `OVERVIEW_WALK_PAGES` pages of 500) so its figure is the count of the list its link opens; today's and tomorrow's
 * deliveries are the delivery-days page's own schedule (`deliveryPrefetch`).
 */
export const OVERVIEW_WALK_PAGES = 6;
/** Active only: the list the card links to (`/customers?OnHold=true`) is the API's default, Active accounts. */
export const overviewOnHold: ApiRequest<"listCustomers"> = {
  operation: "listCustomers",
  query: { OnHold: "true", AccountStatuses: "Active" },
};
/** Balanced (5) is the status before Verified (7): delivered and balanced, waiting for the end of day's check. */
export const overviewAwaitingVerification: ApiRequest<"listInvoices"> = {
  operation: "listInvoices",
  query: { Statuses: "5" },
};

export const OVERVIEW_STALE = {
  aging: AGING_STALE,
  working: STALE.working,
  directory: STALE.directory,
  reference: STALE.reference,
} as const;

/** A request of a card, with how long its answer stays fresh, and the pages it walks (a whole list's count). */
export interface CardRequest {
  request: ApiRequest;
  staleTime: number;
  pages?: number;
}

/**
 * The requests each card makes first (before any that depend on their answers): the server fetches them while the
 * card's frame is already drawn. Cards that read the same request share its answer.
 */
export const CARD_REQUESTS: Record<OverviewCardId, CardRequest[]> = {
  owed: [{ request: overviewAging, staleTime: AGING_STALE }],
  dueSoon: [{ request: overviewOpenInvoices, staleTime: STALE.working }],
  // Then the accounts' payments and pending requests (accountsOfOpenInvoices).
  payments: [{ request: overviewOpenInvoices, staleTime: STALE.working }],
  nextDeliveries: [{ request: overviewCustomers, staleTime: STALE.directory }],
  stock: [
    { request: overviewAvailable, staleTime: STALE.working },
    { request: overviewInventory, staleTime: STALE.working },
  ],
  orders: [{ request: overviewOrders, staleTime: STALE.working }],
  receivables: [{ request: overviewAging, staleTime: AGING_STALE }],
  // Then the accounts' names (accountInvoicesRequest).
  topCustomers: [{ request: overviewAging, staleTime: AGING_STALE }],
  // The delivery-days page's own reads: the overview page asks `deliveryPrefetch`.
  deliveries: [],
  onHold: [{ request: overviewOnHold, staleTime: STALE.directory, pages: OVERVIEW_WALK_PAGES }],
  awaiting: [{ request: overviewAwaitingVerification, staleTime: STALE.working, pages: OVERVIEW_WALK_PAGES }],
};

/** The AR accounts of a retailer's open invoices, in order: whose payments and pending requests the Payments card asks for. */
export function accountsOfOpenInvoices(invoices: { ARAccountID?: number | null }[]): number[] {
  return [...new Set(invoices.flatMap((i) => (i.ARAccountID != null ? [i.ARAccountID] : [])))].sort((a, b) => a - b);
}

/** How many AR accounts the brand's Top customers card lists. */
const TOP_ACCOUNTS = 5;

/**
 * The brand's top customers from the aging: the AR accounts owing most (each account's rows added), largest first,
 * and the request for their names (one invoice of each of those accounts, `accountInvoices`). The page's server and
 * the card ask the same: five accounts' invoices, not every account's.
 *
 * @example
 * const { top, namesRequest, invoices } = topAccounts(aging.records); // top: [[50007, "71042.460000"], ...]
 */
export function topAccounts(rows: AgingRow[]): {
  top: [account: number, total: string][];
  invoices: Map<number, number>;
  namesRequest: ApiRequest<"listInvoices"> | undefined;
} {
  const byAccount = new Map<number, string>();
  for (const r of rows)
    if (r.ARAccountID != null)
      byAccount.set(r.ARAccountID, addDecimals(byAccount.get(r.ARAccountID) ?? "0", amountsOf(r).total));
  const top = [...byAccount].sort((a, b) => compareDecimals(b[1], a[1]) || a[0] - b[0]).slice(0, TOP_ACCOUNTS);
  const shown = new Set(top.map(([account]) => account));
  const invoices = new Map([...accountInvoices(rows)].filter(([, account]) => shown.has(account)));
  return { top, invoices, namesRequest: accountInvoicesRequest(invoices.keys()) };
}
