/**
 * Where each kind of id has a page of its own, by the id list that names the kind (`CustomerIDs`, as the filters and
 * the name lookups call it). One table for every link to a record: tables, facts and detail pages all use it, so an id
 * of a kind links to the same page wherever it is shown.
 */
const DETAIL_PATHS: Readonly<Record<string, (id: string) => string>> = {
  CustomerIDs: (id) => `/customers/${id}`,
  ProductIDs: (id) => `/catalog/products/${id}`,
  SupplierIDs: (id) => `/directory/suppliers/${id}`,
  LocationIDs: (id) => `/directory/locations/${id}`,
  UserIDs: (id) => `/directory/users/${id}`,
  InvoiceIDs: (id) => `/invoices/${id}`,
  PurchaseIDs: (id) => `/purchases/${id}`,
  // CustomerPrice.PromotionID and InvoiceTransaction.PromotionID name a product promotion (PromotionProduct.PromotionID;
  // menu promotions have MenuPromotionID).
  PromotionIDs: (id) => `/catalog/product-promotions/${id}`,
};

/**
 * The page of one record, or undefined when its kind has none or the value is not an id (a page takes digits only,
 * so nothing else is ever put in a path).
 *
 * @example
 * detailHref("SupplierIDs", 101); // "/directory/suppliers/101"
 * detailHref("VendorIDs", 9001); // undefined: vendors have no page
 */
export function detailHref(kind: string, id: unknown): string | undefined {
  const path = DETAIL_PATHS[kind];
  if (!path || (typeof id !== "number" && typeof id !== "string")) return undefined;
  const text = String(id);
  return /^\d{1,15}$/.test(text) ? path(text) : undefined;
}

/** Whether a kind of id has a page of its own. */
export function hasDetailPage(kind: string): boolean {
  return kind in DETAIL_PATHS;
}
