import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { LIST_VIEWS, type ListViewName } from "./list-views";
import { COLUMNS_PARAM, ORDER_PARAM } from "./list-view-spec";
import { viewHref } from "./view-href";
import { FIGURE_PARAM } from "./whole-list";

export { viewHref };

/**
 * Which list page an address is, for a saved view: the list pages (`ListPage` in `app/(dashboard)`) by path, and
 * which parameters of their address a view may keep (the operation's own, the visible columns, the page and size, and
 * a figure the view can be narrowed to).
 * Pure and universal: the "Save view" control, the views API and the report job read the same table.
 */

/** The list pages by path. The Purchases page shows the v2 list where the service has it (the report reads v2 too). */
export const LIST_PATHS = {
  "/invoices": "invoices",
  "/invoices/open": "openInvoices",
  "/customers": "customers",
  "/customers/credit-terms": "customerCreditTerms",
  "/inventory": "inventory",
  "/inventory/batches": "batches",
  "/inventory/available": "availableInventory",
  "/inventory/retailers": "retailerInventory",
  "/inventory/allocations": "allocations",
  "/purchases": "purchases",
  "/catalog/products": "products",
  "/catalog/categories": "categories",
  "/catalog/menu-promotions": "menuPromotions",
  "/catalog/product-promotions": "productPromotions",
  "/directory/suppliers": "suppliers",
  "/directory/supplier-credit-terms": "supplierCreditTerms",
  "/directory/vendors": "vendors",
  "/directory/locations": "locations",
  "/directory/states": "states",
  "/directory/users": "users",
  "/directory/sales-reps": "salesReps",
  "/directory/credit-terms": "creditTerms",
  "/directory/payment-types": "paymentTypes",
} as const satisfies Record<string, ListViewName>;

export type ListPath = keyof typeof LIST_PATHS;

/** A saved view's address, read: its list page and its parameters. */
export interface ViewAddress {
  pathname: ListPath;
  name: ListViewName;
  params: URLSearchParams;
}

/** Why an address cannot be saved as a view. */
export type AddressProblem =
  | { problem: "not-a-list"; detail: string }
  | { problem: "unknown-parameter"; detail: string };

/**
 * Reads an address ("/invoices?Statuses=1,7") as a saved view's: one of the list pages, with only the parameters
 * that page reads. Values are checked by the server against the contract (`lib/server/views/views-api.ts`).
 *
 * @example
 * readViewAddress("/invoices?Statuses=1,7"); // { pathname: "/invoices", name: "invoices", params: Statuses=1,7 }
 * readViewAddress("/account"); // { problem: "not-a-list", ... }
 */
export function readViewAddress(address: string): ViewAddress | AddressProblem {
  let url: URL;
  try {
    url = new URL(address, "http://backroom.invalid");
  } catch {
    return { problem: "not-a-list", detail: "Not an address of Backroom's." };
  }
  if (url.origin !== "http://backroom.invalid" || !address.startsWith("/") || url.hash)
    return {
      problem: "not-a-list",
      detail: "Give the list page's path and query, as the address bar has them after the host.",
    };
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  if (!(pathname in LIST_PATHS))
    return { problem: "not-a-list", detail: `${pathname} is not one of Backroom's list pages.` };
  const name = LIST_PATHS[pathname as ListPath];
  const meta = OPERATION_META[LIST_VIEWS[name].operation];
  const paging = pagingParams(meta.version);
  const known = new Set<string>([...Object.keys(meta.query), COLUMNS_PARAM, ORDER_PARAM, paging.page, paging.size]);
  if (LIST_VIEWS[name].figures) known.add(FIGURE_PARAM);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key))
      return { problem: "unknown-parameter", detail: `The ${pathname} page does not read the parameter ${key}.` };
  }
  return { pathname: pathname as ListPath, name, params: url.searchParams };
}
