import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { LOOKUPS } from "@/lib/domain/views/filters";
import { listRequest } from "@/lib/domain/views/list-view-spec";
import { INVOICE_STATUSES } from "@/lib/data-api/values";

/**
 * The requests of the AR aging page, shared by its server page (which prefetches them) and its client component
 * (which reads the same cache entries), so that both ask the API exactly the same thing.
 */

/** Rows the report asks for in a request: the API's largest page. */
export const AGING_PAGE_SIZE = 500;

/** Pages of the aging read live at most (20,000 rows): past it, the report says it is not whole. */
export const AGING_MAX_PAGES = 40;

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

/**
 * The aging request for a URL: its filters (CustomerIDs, SupplierIDs, States) as the URL names them, the first page of
 * 500 (the report reads the others after it: `components/ar-aging/aging-walk.ts`; the overview's card reads this one).
 *
 * @example
 * agingRequest(new URLSearchParams("States=CA")); // { operation: "listArAging", query: { States: "CA", Page: "1", PageSize: "500" } }
 */
export function agingRequest(params: Params): ApiRequest<"listArAging"> {
  const fixed = new URLSearchParams();
  if (params instanceof URLSearchParams) {
    for (const [name, value] of params) if (!fixed.has(name)) fixed.set(name, value);
  } else {
    for (const [name, value] of Object.entries(params)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first !== undefined) fixed.set(name, first);
    }
  }
  fixed.set("Page", "1");
  fixed.set("PageSize", String(AGING_PAGE_SIZE));
  return listRequest(LIST_VIEWS.arAging, fixed);
}

/** How long the aging stays fresh in the browser: it is recalculated once a day. */
export const AGING_STALE = LIST_VIEWS.arAging.staleTime;

/**
 * The customers that name AR accounts (an AR account's id is a CustomerID): every account status, one page of 500.
 * The same request as the Customers filter's list, so both share one cache entry.
 */
export const customersLookup: ApiRequest<"listCustomers"> = {
  operation: "listCustomers",
  query: LOOKUPS.CustomerIDs!.query,
};

/** The suppliers that name the report's suppliers: one page of 500, the same request as the Suppliers filter's list. */
export const suppliersLookup: ApiRequest<"listSuppliers"> = {
  operation: "listSuppliers",
  query: LOOKUPS.SupplierIDs!.query,
};

/** How long the names stay fresh. */
export const LOOKUP_STALE = STALE.directory;

/**
 * The invoices that name the AR accounts' customers (one per account, from `accountInvoices`): every status, in one
 * page of up to 500 (`namesToAsk` keeps to that). Undefined when there is nothing to ask.
 *
 * @example
 * accountInvoicesRequest([9017, 9001]); // { operation: "listInvoices", query: { InvoiceIDs: "9001,9017", Statuses: "1,2,3,4,5,7", PageSize: "500" } }
 */
export function accountInvoicesRequest(invoiceIds: Iterable<number>): ApiRequest<"listInvoices"> | undefined {
  const ids = [...new Set(invoiceIds)].sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  return {
    operation: "listInvoices",
    query: {
      InvoiceIDs: ids.join(","),
      Statuses: Object.keys(INVOICE_STATUSES).join(","),
      PageSize: String(AGING_PAGE_SIZE),
    },
  };
}
