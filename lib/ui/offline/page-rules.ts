/**
 * What the service worker keeps of the pages, and for how long: pure rules shared by the worker (service-worker.ts),
 * the page's helpers (save-for-offline.ts, clear-device.ts) and their tests. Only the dashboard's pages are kept, each
 * as its last HTML per address, in one cache of its own (`PAGES_CACHE`) that holds the signed-in person's pages and
 * is deleted when the person signs out or the server says they no longer may see them. No answer of `/api/*` is ever
 * kept: the data a page needs offline is kept by the page itself, in IndexedDB.
 */

/** The Cache Storage cache of the dashboard's pages: the signed-in person's data, deleted by `clearDevice`. */
export const PAGES_CACHE = "backroom-pages";

/** The page shown for an address that was not kept on this device, when the network does not answer. */
export const OFFLINE_PATH = "/offline";

/**
 * The customer page drawn from the rep's week kept on the device: one page kept for every account, not one
 * per account. The worker answers it for a customer's address (`/customers/{id}`) that the network does not answer
 * and that was not kept itself; the page reads the id from its address.
 */
export const OFFLINE_CUSTOMER_PATH = "/today/customer";

/**
 * The kept page that stands in for an address the network did not answer and the device did not keep, when there is
 * one: a customer's page is drawn from the rep's week by `OFFLINE_CUSTOMER_PATH`.
 *
 * @example
 * standInFor("/customers/20013"); // "/today/customer"
 * standInFor("/invoices/1"); // undefined
 */
export function standInFor(pathname: string): string | undefined {
  return standInCustomerId(pathname) === undefined ? undefined : OFFLINE_CUSTOMER_PATH;
}

/**
 * The customer's id in an address the stand-in draws (`/customers/{id}`), or undefined for any other address.
 *
 * @example
 * standInCustomerId("/customers/20013"); // 20013
 * standInCustomerId("/customers"); // undefined
 */
export function standInCustomerId(pathname: string): number | undefined {
  // The id as the page reads it (`pageRead.customer`): a whole number from 1, at most 15 digits.
  const id = /^\/customers\/([1-9]\d{0,14})$/.exec(pathname)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * The parameters of a page's address that the page reads in the browser alone, drawing from what the device keeps (a
 * rep's accounts: the search, the visits and the cards shown; `PAGE_PARAMS.todayAccounts`, named here so the worker
 * bundles no more of the pages' rules), by path.
 */
const READ_IN_THE_BROWSER: Readonly<Record<string, readonly string[]>> = {
  "/today/accounts": ["q", "notVisited", "shown"],
};

/**
 * The kept address that draws an address the network did not answer and the device did not keep, when the two differ
 * only by parameters the page reads in the browser alone: the address without them (the others, the rep's, which the
 * server reads, stay). So a rep's accounts searched or shown further open from the device offline, after a reload or
 * Back from a customer's page, as the page kept by "Save for offline" draws them. Undefined when nothing is left out.
 *
 * @example
 * keptAddressFor(new URL("https://b.example/today/accounts?rep=7&q=green")); // "/today/accounts?rep=7"
 * keptAddressFor(new URL("https://b.example/today?rep=7")); // undefined
 */
export function keptAddressFor(url: URL): string | undefined {
  const names = READ_IN_THE_BROWSER[url.pathname];
  if (!names?.some((name) => url.searchParams.has(name))) return undefined;
  const kept = new URLSearchParams(url.searchParams);
  for (const name of names) kept.delete(name);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The stand-in's slot for the account's summary, as its server renders it (`KeptSummarySlot`): the element with what
 * it says until the page's scripts have drawn the account. The worker fills it with the summary kept for the address's
 * account (`fillKeptSummary`), so the money is in the HTML as it is read: no wait for the scripts.
 */
export const KEPT_SUMMARY_SLOT = {
  open: '<div data-kept-summary="" class="space-y-4">',
  loading: '<p aria-busy="true">Loading the customer…</p>',
} as const;

/**
 * The stand-in's HTML with the account's kept summary in its slot, or the HTML as it was when it has no slot (an older
 * build's page). Only the element's first occurrence: the page's data for React names the slot's props, not this tag.
 *
 * @example
 * fillKeptSummary(`<main>${KEPT_SUMMARY_SLOT.open}${KEPT_SUMMARY_SLOT.loading}</div></main>`, "<h1>Fern</h1>");
 * // `<main>${KEPT_SUMMARY_SLOT.open}<h1>Fern</h1></div></main>`
 */
export function fillKeptSummary(html: string, summary: string): string {
  const slot = KEPT_SUMMARY_SLOT.open + KEPT_SUMMARY_SLOT.loading;
  const at = html.indexOf(slot);
  return at < 0 ? html : html.slice(0, at) + KEPT_SUMMARY_SLOT.open + summary + html.slice(at + slot.length);
}

/**
 * The request header of a page fetched by "Save for offline" (`saveForOffline`): a page's server render may skip its
 * data prefetch for it, as the page will read its data from what the device keeps.
 */
export const SAVE_HEADER = "Backroom-Offline-Save";

/** How long a kept page may be shown: a week, as long as a session can last at most (SESSION_MAX_DAYS' default). */
export const PAGE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** How many pages are kept at most; the least recently kept go first. */
export const PAGES_MAX = 200;

/** How long a navigation waits for the network before a kept copy is shown (one bar of signal): seconds. */
export const NETWORK_TIMEOUT_SECONDS = 8;

/**
 * The first segments of the paths that are not the dashboard's pages, so never kept: the API and the sandbox, Next's
 * and the worker's own files, the fallback page (precached), the pages before a session (sign-in and the other
 * account pages of app/(public), the 1 MB API reference) and those of app/(account) (workspaces, account, settings:
 * sessions, passkeys and members, nothing a rep needs offline). `page-rules.test.ts` checks this list against app/.
 */
export const NOT_KEPT_SEGMENTS: readonly string[] = [
  "api",
  "sandbox",
  "_next",
  "serwist",
  OFFLINE_PATH.slice(1),
  "sign-in",
  "sign-up",
  "forgot-password",
  "reset-password",
  "invitations",
  "unsubscribe",
  // A brand's shared menu (a public page of its own, answered by a route handler): never the dashboard's.
  "menu",
  "docs",
  "account",
  "workspaces",
  "settings",
];

/** Paths that are JSON or files, never pages: a navigation to one goes to the network, with no offline fallback. */
const NOT_PAGES = /^\/(api|sandbox|_next)(\/|$)/;

/**
 * Whether a path is one of the dashboard's pages, the only pages kept on the device.
 *
 * @example
 * isKeptPath("/customers/12"); // true
 * isKeptPath("/sign-in"); // false
 */
export function isKeptPath(pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return !NOT_KEPT_SEGMENTS.includes(first);
}

/** What the rules read of a request: a fetch event's `Request` has it all. */
export interface RequestFacts {
  method: string;
  mode: string;
  url: string;
}

/** What the worker does with a request: keep the page (network first), only fetch it (network only), or nothing. */
export type RequestHandling = "keep-page" | "page-from-network" | "not-handled";

/**
 * How the worker handles a request from a page of `origin`. Same-origin navigations (GET, a document) are its own:
 * the dashboard's pages are fetched from the network first and kept per address, with the kept copy shown when the
 * network fails; any other page is fetched from the network, with the offline page when that fails. Everything else
 * (`/api/*` and the sandbox above all, other origins, writes) is not handled and goes to the network as without a
 * worker; the build's static files are answered from the precache before these rules are asked.
 *
 * @example
 * requestHandling({ method: "GET", mode: "navigate", url: "https://b.example/customers" }, "https://b.example"); // "keep-page"
 * requestHandling({ method: "GET", mode: "cors", url: "https://b.example/api/v1/customers" }, "https://b.example"); // "not-handled"
 */
export function requestHandling(request: RequestFacts, origin: string): RequestHandling {
  if (request.method !== "GET" || request.mode !== "navigate") return "not-handled";
  const url = new URL(request.url);
  if (url.origin !== origin || NOT_PAGES.test(url.pathname)) return "not-handled";
  return isKeptPath(url.pathname) ? "keep-page" : "page-from-network";
}

/** What the rules read of a response. */
export interface ResponseFacts {
  status: number;
  redirected: boolean;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer is a page to keep: a whole page (200, HTML) from this origin, not reached through a redirect (a
 * dashboard address that sent a signed-out person to /sign-in must not keep the sign-in page under its name).
 * `Cache-Control` is not read: every dashboard page is rendered per request and says `no-store` to HTTP caches, and
 * keeping them is the point; which pages are kept is `isKeptPath`'s list, and who may see them the session's.
 */
export function isKeptResponse(response: ResponseFacts): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.type === "basic" || response.type === "default") &&
    (response.headers.get("content-type") ?? "").toLowerCase().startsWith("text/html")
  );
}

/**
 * Whether a kept page is recent enough to show, by its `Date` header: at most `PAGE_MAX_AGE_SECONDS` old. A page
 * without a readable date is shown (Backroom's pages all have one).
 */
export function isFresh(date: string | null, now: number, maxAgeSeconds = PAGE_MAX_AGE_SECONDS): boolean {
  const at = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(at) || now - at <= maxAgeSeconds * 1000;
}

/** A page's request to the worker: keep these addresses now ("Save for offline"). */
export interface SaveMessage {
  type: "backroom:save-pages";
  urls: string[];
}

/** The worker's answer to a `SaveMessage`: the addresses kept, and those that could not be (in the order asked). */
export interface SaveResult {
  saved: string[];
  failed: string[];
}

/** Whether a message posted to the worker is a `SaveMessage` (messages come from the origin's own pages only). */
export function isSaveMessage(data: unknown): data is SaveMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, urls } = data as Record<string, unknown>;
  return type === "backroom:save-pages" && Array.isArray(urls) && urls.every((u) => typeof u === "string");
}
