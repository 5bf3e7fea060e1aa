import { OUTSTANDING_STATUSES } from "@/lib/domain/payments/allocation-room";
import type { RecordOf } from "@/lib/data-api/client";
import type { KeyType } from "@/lib/data-api/operation";
import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { ACCOUNT_STATUSES } from "@/lib/data-api/values";
import { PAGE_PARAMS, pageRead } from "@/lib/domain/page-href";

/**
 * The requests of the payments page, shared by its server page (which prefetches them) and its client components
 * (which read the same cache entries), so both ask the API exactly the same thing.
 */

export type OpenInvoice = RecordOf<"listOpenInvoices">;
export type Payment = RecordOf<"listPayments">;

/**
 * The address's parameters of the page: the AR account, the payment being allocated, and the filters of the account's
 * lists, each under the API's own name (the applications' statuses and target invoices, the payments' types, and the
 * suppliers, which narrow the payments and the applications, and a Supplier key's open invoices). The account and the
 * payment are the ones a link to the page names (`pageHref.payments`, notifications included).
 */
export const PARAMS = {
  ...PAGE_PARAMS.payments,
  statuses: "Statuses",
  suppliers: "SupplierIDs",
  paymentTypes: "PaymentTypeIDs",
  targets: "TargetInvoiceNums",
} as const;

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

/** The AR account in the address, when it is a number (as `pageHref.payments` writes it). */
export function accountOf(params: Params): number | undefined {
  return pageRead.payments(params).account;
}

/** The payment being allocated (its PaymentInvoiceNum), when the address names one. */
export function paymentOf(params: Params): string | undefined {
  return pageRead.payments(params).payment;
}

/** The statuses the applications list shows (a comma list of Pending, Exported, Confirmed, Rejected), or all. */
export function statusesOf(params: Params): string | undefined {
  return read(params, PARAMS.statuses);
}

/** What the address narrows the account's lists to, each as the comma list the API takes (absent: not narrowed). */
export interface WorkspaceFilters {
  /** SupplierIDs: the payments, the applications (by their payment's supplier), and a Supplier key's open invoices. */
  suppliers?: string;
  /** PaymentTypeIDs: the payments. */
  paymentTypes?: string;
  /** TargetInvoiceNums: the applications. */
  targets?: string;
  /** Statuses: the applications. */
  statuses?: string;
}

/** The items of a comma list that match `item`, joined again; undefined when none does. */
function listOf(value: string | undefined, item: RegExp): string | undefined {
  const items = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => item.test(s));
  return items.length ? items.join(",") : undefined;
}

/**
 * The filters in the address. Id lists keep their whole numbers only (the API refuses anything else with a 400, and an
 * edited address should narrow the list, not break it); invoice numbers keep every non-empty item.
 *
 * @example
 * workspaceFiltersOf(new URLSearchParams("SupplierIDs=101,x&TargetInvoiceNums=INV-1")); // { suppliers: "101", targets: "INV-1" }
 */
export function workspaceFiltersOf(params: Params): WorkspaceFilters {
  const filters: WorkspaceFilters = {
    suppliers: listOf(read(params, PARAMS.suppliers), /^\d{1,12}$/),
    paymentTypes: listOf(read(params, PARAMS.paymentTypes), /^\d{1,12}$/),
    targets: listOf(read(params, PARAMS.targets), /./),
    statuses: statusesOf(params),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as WorkspaceFilters;
}

/**
 * Whether SupplierIDs narrows a key's open invoices: the documentation says it is meaningful only for Supplier keys and
 * ignored for Customer and Employee keys, so the page does not send it for them (nor claim the list is narrowed).
 */
export function openInvoicesBySupplier(keyType: KeyType): boolean {
  return keyType === "Supplier";
}

/**
 * The AR accounts to choose from: the accounts of the open invoices the key sees (the first 500), each with the
 * customer it belongs to. An account with nothing open has nothing to allocate to; any other opens by its id.
 */
export const accountsRequest: ApiRequest<"listOpenInvoices"> = {
  operation: "listOpenInvoices",
  query: { PageSize: ALL },
};

/** The payments of an AR account: amount, credit left, type, post date, memo; of some suppliers or types if asked. */
export function paymentsRequest(
  account: number,
  filters: Pick<WorkspaceFilters, "suppliers" | "paymentTypes"> = {},
): ApiRequest<"listPayments"> {
  return {
    operation: "listPayments",
    query: {
      ARAccountIDs: String(account),
      ...(filters.suppliers ? { SupplierIDs: filters.suppliers } : {}),
      ...(filters.paymentTypes ? { PaymentTypeIDs: filters.paymentTypes } : {}),
      PageSize: ALL,
    },
  };
}

/** The open invoices of an AR account; of some suppliers when asked (meaningful for Supplier keys only). */
export function openInvoicesRequest(account: number, suppliers?: string): ApiRequest<"listOpenInvoices"> {
  return {
    operation: "listOpenInvoices",
    query: { ARAccountIDs: String(account), ...(suppliers ? { SupplierIDs: suppliers } : {}), PageSize: ALL },
  };
}

/**
 * The payment applications of an AR account (requests through the API and allocations made in the ERP), narrowed by
 * status, target invoice and the payment's supplier when asked.
 */
export function applicationsRequest(
  account: number,
  filters: Pick<WorkspaceFilters, "statuses" | "targets" | "suppliers"> = {},
): ApiRequest<"listPaymentApplications"> {
  return {
    operation: "listPaymentApplications",
    query: {
      ARAccountIDs: String(account),
      ...(filters.statuses ? { Statuses: filters.statuses } : {}),
      ...(filters.targets ? { TargetInvoiceNums: filters.targets } : {}),
      ...(filters.suppliers ? { SupplierIDs: filters.suppliers } : {}),
      PageSize: String(APPLICATIONS_PAGE_SIZE),
    },
  };
}

/**
 * The requests of an AR account still outstanding (Pending or Exported), whatever the page's filters: what each target
 * invoice's open balance does not show yet, and the allocation form counts against it.
 */
export function outstandingRequest(account: number): ApiRequest<"listPaymentApplications"> {
  return applicationsRequest(account, { statuses: OUTSTANDING_STATUSES.join(",") });
}

/**
 * The three lists of an AR account under the address's filters, as the server prefetches them and the page reads
 * them. With no filter they are the requests the page has always made (one cache entry each, no new request).
 *
 * @example
 * accountRequests(50001, { paymentTypes: "20" }, "Employee").payments.query; // { ARAccountIDs: "50001", PaymentTypeIDs: "20", PageSize: "500" }
 */
export function accountRequests(account: number, filters: WorkspaceFilters, keyType: KeyType) {
  return {
    payments: paymentsRequest(account, filters),
    openInvoices: openInvoicesRequest(account, openInvoicesBySupplier(keyType) ? filters.suppliers : undefined),
    applications: applicationsRequest(account, filters),
  };
}

/** The customers that name AR accounts (an open invoice gives its account's CustomerID). */
export function customersRequest(customerIds: Iterable<number>): ApiRequest<"listCustomers"> | undefined {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  return {
    operation: "listCustomers",
    query: { CustomerIDs: ids.join(","), AccountStatuses: ACCOUNT_STATUSES.join(","), PageSize: ALL },
  };
}
