import type { RecordOf } from "@/lib/data-api/client";
import { type ApiRequest, STALE } from "@/lib/ui/api-query";
import { ACCOUNT_STATUSES } from "@/lib/data-api/values";

/**
 * The requests of the payments page, shared by its server page (which prefetches them) and its client components
 * (which read the same cache entries), so both ask the API exactly the same thing.
 */

export type OpenInvoice = RecordOf<"listOpenInvoices">;
export type Payment = RecordOf<"listPayments">;

/** The address's parameters of the page: the AR account, the payment being allocated, the applications' statuses. */
export const PARAMS = { account: "account", payment: "payment", statuses: "Statuses" } as const;

/** Rows per request: an AR account has a handful of payments and open invoices; the API's largest page holds them. */
const ALL = "500";
/** Payment applications per request, newest first on the page. */
export const APPLICATIONS_PAGE_SIZE = 100;

/** How long the page's answers stay fresh in the browser: balances change as people allocate. */
export const PAYMENTS_STALE = STALE.working;

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === null || first === undefined || first === "" ? undefined : first;
}

/** The AR account in the address, when it is a number. */
export function accountOf(params: Params): number | undefined {
  const value = read(params, PARAMS.account);
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** The payment being allocated (its PaymentInvoiceNum), when the address names one. */
export function paymentOf(params: Params): string | undefined {
  return read(params, PARAMS.payment);
}

/** The statuses the applications list shows (a comma list of Pending, Exported, Confirmed, Rejected), or all. */
export function statusesOf(params: Params): string | undefined {
  return read(params, PARAMS.statuses);
}

/**
 * The AR accounts to choose from: the accounts of the open invoices the key sees (the first 500), each with the
 * customer it belongs to. An account with nothing open has nothing to allocate to; any other opens by its id.
 */
export const accountsRequest: ApiRequest<"listOpenInvoices"> = { operation: "listOpenInvoices", query: { PageSize: ALL } };

/** The payments of an AR account: amount, credit left, type, post date, memo. */
export function paymentsRequest(account: number): ApiRequest<"listPayments"> {
  return { operation: "listPayments", query: { ARAccountIDs: String(account), PageSize: ALL } };
}

/** The open invoices of an AR account. */
export function openInvoicesRequest(account: number): ApiRequest<"listOpenInvoices"> {
  return { operation: "listOpenInvoices", query: { ARAccountIDs: String(account), PageSize: ALL } };
}

/** The payment applications of an AR account (requests through the API and allocations made in the ERP). */
export function applicationsRequest(account: number, statuses?: string): ApiRequest<"listPaymentApplications"> {
  return {
    operation: "listPaymentApplications",
    query: { ARAccountIDs: String(account), ...(statuses ? { Statuses: statuses } : {}), PageSize: String(APPLICATIONS_PAGE_SIZE) },
  };
}

/** The customers that name AR accounts (an open invoice gives its account's CustomerID). */
export function customersRequest(customerIds: Iterable<number>): ApiRequest<"listCustomers"> | undefined {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  return { operation: "listCustomers", query: { CustomerIDs: ids.join(","), AccountStatuses: ACCOUNT_STATUSES.join(","), PageSize: ALL } };
}
