/**
 * A saved view's address as it is stored, linked and compared, apart from the table of list pages
 * (`saved-view-path.ts`, which reads the contract's metadata): the "Save view" control on every list page needs only
 * this, and carries nothing more to the browser.
 */

/**
 * A view's address as it is stored and linked: the path, then its parameters in the address's order, without the
 * page and empty values (a report is the whole list; a view opens at its first page).
 *
 * @example
 * viewHref({ pathname: "/invoices", params: new URLSearchParams("Page=3&Statuses=1,7") }); // "/invoices?Statuses=1%2C7"
 */
export function viewHref(address: { pathname: string; params: URLSearchParams }): string {
  const kept = [...address.params].filter(([key, value]) => key !== "Page" && key !== "page" && value !== "");
  const query = new URLSearchParams(kept).toString();
  return query ? `${address.pathname}?${query}` : address.pathname;
}
