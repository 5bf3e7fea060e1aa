/// <reference lib="webworker" />
/**
 * Backroom's service worker (Serwist 9), bundled by @serwist/turbopack at build time and served at /serwist/sw.js
 * (app/serwist/[path]/route.ts). It precaches the build's shell (its static files and the offline page), keeps the
 * dashboard's pages per address for when the network fails, and keeps given addresses on a page's request ("Save for
 * offline"). It never keeps an answer of /api/*: the rules are page-rules.ts, and docs/offline.md says why.
 */
import {
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  PrecacheFallbackPlugin,
  Serwist,
  type SerwistPlugin,
} from "serwist";
import { keptSummary } from "./kept-summaries";
import {
  fillKeptSummary,
  isFresh,
  isKeptPath,
  isKeptResponse,
  isSaveMessage,
  keptAddressFor,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PATH,
  PAGES_CACHE,
  PAGES_MAX,
  requestHandling,
  standInCustomerId,
  standInFor,
  SAVE_HEADER,
  type SaveResult,
} from "./page-rules";

declare global {
  interface WorkerGlobalScope {
    /** The precache list, written in by the build (the build's static files, public/, the offline page). */
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/**
 * Deletes the pages too old to be shown (a week), then the least recently kept past `PAGES_MAX` (Cache Storage lists a
 * cache's entries in the order they were put). Run after each page kept, so no page stays on the device past its week
 * once the worker runs again.
 */
async function trimPages(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  const now = Date.now();
  const kept: Request[] = [];
  for (const key of await cache.keys()) {
    const page = await cache.match(key, { ignoreVary: true });
    if (page && isFresh(page.headers.get("date"), now)) kept.push(key);
    else await cache.delete(key, { ignoreVary: true });
  }
  await Promise.all(
    kept.slice(0, Math.max(0, kept.length - PAGES_MAX)).map((key) => cache.delete(key, { ignoreVary: true })),
  );
}

/** The pages cache's rules: keep only whole dashboard pages, show none older than a week, keep at most PAGES_MAX. */
const pagesRules: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (isKeptResponse(response) ? response : null),
  // An address with a stand-in kept (a customer's page, with the rep's week) is drawn by the stand-in, from the data
  // on the device, even where the page itself was kept when it was opened online: that copy reads its figures from
  // the API, and would show the store's balance as "could not be reached".
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse &&
    isFresh(cachedResponse.headers.get("date"), Date.now()) &&
    !(await standInPage(new URL(request.url).pathname))
      ? cachedResponse
      : undefined,
  cacheDidUpdate: trimPages,
  // Neither the network nor a kept copy: a kept page that draws this address from the data kept on the device (a
  // customer's page from the rep's week; a rep's accounts searched, from the accounts' page), before the offline page
  // (the fallback's plugin runs after this one).
  handlerDidError: async ({ request }) => (await keptStandIn(request)) ?? (await keptForQuery(request)),
};

/** The kept page that draws an address whose query the page reads in the browser (`keptAddressFor`), when fresh. */
async function keptForQuery(request: Request): Promise<Response | undefined> {
  const address = keptAddressFor(new URL(request.url));
  if (!address) return undefined;
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(new URL(address, self.location.origin), { ignoreVary: true });
  return kept && isFresh(kept.headers.get("date"), Date.now()) ? kept : undefined;
}

/** The kept page that draws an address from the data on the device (`standInFor`), when one is kept and fresh. */
async function standInPage(pathname: string): Promise<Response | undefined> {
  const standIn = standInFor(pathname);
  if (!standIn) return undefined;
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(new URL(standIn, self.location.origin), { ignoreVary: true });
  return kept && isFresh(kept.headers.get("date"), Date.now()) ? kept : undefined;
}

/**
 * The stand-in for a request's address, as it is shown: for a customer's address, with the account's summary kept with
 * the week in its slot (`fillKeptSummary`), so its money is in the HTML as it is read; the page's scripts then draw the
 * rest of the account from the week.
 */
async function keptStandIn(request: Request): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  const kept = await standInPage(pathname);
  const customerId = standInCustomerId(pathname);
  if (!kept || customerId === undefined) return kept;
  const summary = await keptSummary(customerId).catch(() => undefined);
  if (summary === undefined) return kept;
  // The body is read whole and written again: its length and encoding are no longer the kept answer's.
  const headers = new Headers(kept.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(fillKeptSummary(await kept.text(), summary), {
    status: kept.status,
    statusText: kept.statusText,
    headers,
  });
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [pagesRules],
  matchOptions: { ignoreVary: true },
});
const offlinePage = {
  url: OFFLINE_PATH,
  matcher: ({ request }: { request: Request }) => request.destination === "document",
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // Precached without the person's cookies: the offline page is the signed-out one, and no shell file is personal.
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4, fetchOptions: { credentials: "omit" } },
  // A new build's worker takes over at once (Serwist's recommendation): open pages keep what they loaded, and their
  // next load is the new build's. The old precache is then deleted.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request }) => requestHandling(request, self.location.origin) === "keep-page",
      handler: pages,
    },
    {
      matcher: ({ request }) => requestHandling(request, self.location.origin) === "page-from-network",
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: { entries: [offlinePage] },
});
// Serwist adds the fallback only to strategies without a handlerDidError of their own: the pages' (whose stand-in
// comes first) gets it here, after its own.
pages.plugins.push(new PrecacheFallbackPlugin({ fallbackUrls: [offlinePage], serwist }));

/**
 * Keeps the given addresses now: each is fetched once, with `SAVE_HEADER`, and kept when it is a dashboard page that
 * answered 200 with HTML (a redirect, to /sign-in say, is a failure). Two at a time.
 */
async function savePages(urls: string[]): Promise<SaveResult> {
  const cache = await caches.open(PAGES_CACHE);
  const outcome = new Map<string, boolean>();
  const queue = [...urls];
  const saveNext = async (): Promise<void> => {
    for (let asked = queue.shift(); asked !== undefined; asked = queue.shift()) {
      outcome.set(asked, await saveOne(cache, asked));
    }
  };
  await Promise.all([saveNext(), saveNext()]);
  return { saved: urls.filter((u) => outcome.get(u)), failed: urls.filter((u) => !outcome.get(u)) };
}

async function saveOne(cache: Cache, asked: string): Promise<boolean> {
  try {
    const url = new URL(asked, self.location.origin);
    if (url.origin !== self.location.origin || !isKeptPath(url.pathname)) return false;
    url.hash = "";
    const response = await fetch(url, {
      headers: { [SAVE_HEADER]: "1", Accept: "text/html" },
      credentials: "same-origin",
      redirect: "manual",
    });
    if (!isKeptResponse(response)) return false;
    await cache.put(url, response);
    return true;
  } catch {
    return false;
  }
}

// "Save for offline": { type: "backroom:save-pages", urls } with a MessagePort, answered { saved, failed } on it.
self.addEventListener("message", (event) => {
  if (!isSaveMessage(event.data)) return;
  const [port] = event.ports;
  event.waitUntil(
    savePages(event.data.urls)
      .then(async (result) => {
        await trimPages();
        port?.postMessage(result);
      })
      .catch(() => port?.postMessage({ saved: [], failed: event.data.urls } satisfies SaveResult)),
  );
});

serwist.addEventListeners();
