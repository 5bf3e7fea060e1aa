/**
 * Changing a page's address from the browser without a server round trip: Next keeps `useSearchParams` in step with
 * the History API, so the page re-renders from what the browser already holds, and a query for the new address (if
 * any) runs in the browser. A server navigation (a `<Link>`, `router.push`, `next/form`) would render the page again on
 * the server, and read again on the server everything the page prefetches.
 */

/**
 * Pushes a new address with its search parameters changed by `update`.
 *
 * @example
 * pushParams((p) => p.set("day", "3")); // /delivery-days?States=CA → /delivery-days?States=CA&day=3
 */
export function pushParams(update: (params: URLSearchParams) => void) {
  const params = new URLSearchParams(window.location.search);
  update(params);
  const search = params.toString();
  window.history.pushState(null, "", `${window.location.pathname}${search ? `?${search}` : ""}`);
}

/**
 * A plain click on a link (no modifier, the main button) that the page may handle itself; a click that opens a new
 * tab or window is left to the browser.
 *
 * @example
 * <a href={href} onClick={(e) => { if (isPlainClick(e)) { e.preventDefault(); pushParams(...); } }}>
 */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
