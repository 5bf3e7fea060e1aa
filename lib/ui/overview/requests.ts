import { accountInvoices, type AgingRow, amountsOf } from "@/lib/domain/ar-aging/aging";
import { AGING_STALE, accountInvoicesRequest } from "@/lib/domain/ar-aging/requests";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { LOOKUPS } from "@/lib/domain/views/filters";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { listHref, WHOLE_LIST_PAGES, walkRequest } from "@/lib/domain/views/whole-list";
import type { OverviewCardId } from "./cards";

/**
 * What each overview reads: a few requests, most of them lists read whole (pages of 500, up to `WHOLE_LIST_PAGES`)
 * exactly as the list pages its figures open read them (`walkRequest` of the same view and address: one query, one
 * cache entry), so each figure is the count of the list it opens (`wholeList`), and that list opens from the cache.
 */

/** Pages of 500 an overview's list is read in, at most: the list pages' own bound. */
export const OVERVIEW_WALK_PAGES = WHOLE_LIST_PAGES;

/** The aging, every row (the AR aging page's own total is of every row). */
export const overviewAging = walkRequest(LIST_VIEWS.arAging, {});
/** What is open on the key's AR accounts, as the Open invoices list reads it (its figures: past due, due soon). */
export const overviewOpenInvoices = walkRequest(LIST_VIEWS.openInvoices, {});
/** The list the overdue and due-soon figures open, narrowed to each. */
export const openInvoicesHref = (figure: "past-due" | "due-soon") => listHref("/invoices/open", {}, figure);
/** The key's customers, as the Customers filter asks for them (one page of 500, every status). */
export const overviewCustomers: ApiRequest<"listCustomers"> = {
  operation: "listCustomers",
  query: LOOKUPS.CustomerIDs!.query,
};

/**
 * A retailer's payments (their credit left) and its requests still on their way: one list each for all its AR
 * accounts, each read whole (pages of 500 up to `OVERVIEW_WALK_PAGES`, the walk sets the page), so the card's figures
 * are of every payment and request, or say "at least" where the bound stopped the walk.
 */
export function overviewPayments(accounts: number[]): ApiRequest<"listPayments"> {
  return { operation: "listPayments", query: { ARAccountIDs: accounts.join(",") } };
}
export function overviewPending(accounts: number[]): ApiRequest<"listPaymentApplications"> {
  return {
    operation: "listPaymentApplications",
    query: { ARAccountIDs: accounts.join(","), Statuses: "Pending,Exported" },
  };
}

/** Stock: the available-inventory buckets and the days of inventory, each list read whole. */
export const overviewAvailable = walkRequest(LIST_VIEWS.availableInventory, {});
export const overviewInventory = walkRequest(LIST_VIEWS.inventory, {});
/** Drafts and orders submitted through the API: one list of both statuses, each figure narrowed to one. */
export const ORDERS_QUERY = { statuses: "InProgress,Submitted" } as const;
export const overviewOrders = walkRequest(LIST_VIEWS.purchases, ORDERS_QUERY);

/**
 * An employee's day: active customers on hold and invoices awaiting verification, each read whole as its list reads
 * it; today's and tomorrow's deliveries are the delivery-days page's own schedule (`deliveryPrefetch`).
 */
/** Active customers on hold: the list the card's figure opens. */
export const ON_HOLD_QUERY = { OnHold: "true", AccountStatuses: "Active" } as const;
export const overviewOnHold = walkRequest(LIST_VIEWS.customers, ON_HOLD_QUERY);
/** Balanced (5) is the status before Verified (7): delivered and balanced, waiting for the end of day's check. */
export const AWAITING_QUERY = { Statuses: "5" } as const;
export const overviewAwaitingVerification = walkRequest(LIST_VIEWS.invoices, AWAITING_QUERY);

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
const WALK = OVERVIEW_WALK_PAGES;
/**
 * The aging and the open invoices, walked whole: the two lists a retailer's cards share (one query each for the page).
 * The store's credit card reads both through the render's client (`serverWalk`) and adds no request of its own.
 */
export const AGING_WALK = { request: overviewAging, staleTime: AGING_STALE, pages: WALK } satisfies CardRequest;
export const OPEN_INVOICES_WALK = {
  request: overviewOpenInvoices,
  staleTime: STALE.working,
  pages: WALK,
} satisfies CardRequest;
export const CARD_REQUESTS: Record<OverviewCardId, CardRequest[]> = {
  owed: [AGING_WALK],
  dueSoon: [OPEN_INVOICES_WALK],
  // Then the accounts' payments and pending requests (accountsOfOpenInvoices).
  payments: [OPEN_INVOICES_WALK],
  // Drawn on the server from the two walks above (`AGING_WALK`, `OPEN_INVOICES_WALK`: the owed and due-soon cards'
  // own queries, made once for the page) and Backroom's own limits and reorder lists: nothing of its own to prefetch
  // for the browser, and no request to the API.
  credit: [],
  nextDeliveries: [{ request: overviewCustomers, staleTime: STALE.directory }],
  stock: [
    { request: overviewAvailable, staleTime: STALE.working, pages: WALK },
    { request: overviewInventory, staleTime: STALE.working, pages: WALK },
  ],
  orders: [{ request: overviewOrders, staleTime: STALE.working, pages: WALK }],
  receivables: [AGING_WALK],
  // Then the accounts' names (accountInvoicesRequest).
  topCustomers: [AGING_WALK],
  // The delivery-days page's own reads: the overview page asks `deliveryPrefetch`.
  deliveries: [],
  onHold: [{ request: overviewOnHold, staleTime: STALE.directory, pages: WALK }],
  awaiting: [{ request: overviewAwaitingVerification, staleTime: STALE.working, pages: WALK }],
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
