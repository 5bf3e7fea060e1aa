// npm run bench:phone: a rep's Today on a mid-range phone. A production build on the embedded sandbox, every
// sandbox API request 300 ms late (the operator's latency fault, `BENCH_LATENCY_MS`), Chromium at a phone's size with
// its CPU 4x slower and its network 1.6 Mbps down, 750 kbps up, 150 ms round trips (Chrome's "Fast 3G"-like preset the
// issue names). Each run with a key issued for it (a cold proxy cache) in a fresh context that has opened the sign-in
// page first (the code cached, as on a phone that has used Backroom before). The figures, median of BENCH_RUNS (3):
// - Today online: largest contentful paint (target at most 1.5 s) and when its data is in;
// - a customer's page online (one of Today's cards), and the day's route (`/today/plan`): the same two figures, the
//   same target;
// - the week's download for the demo rep ("Save for offline" after Today): the API requests Today and the save made
//   (target at most 15) and the bytes kept on the device for it (IndexedDB and the kept pages; target at most 2 MB);
// - Today offline from the device, and the customer's page: from the navigation's start to its data shown (target at
//   most 500 ms each);
// - the route's server time for the demo rep after its reads (`GET /api/today/plan`, the lists in the proxy's fresh
//   copies): the median of 9 asks after the first (target at most 300 ms); the week's (`GET /api/today/plan/week`,
//   five days each planned from its area) the same way (target at most 500 ms);
// - My accounts (`/today/accounts`) and the order guide of the demo retailer's first store (`/order-guide?customer=`,
//   read with the run's Employee key), online: largest contentful paint (target at most 1.5 s), when their rows are
//   shown, and how far down the phone's page "Show more" (or the next page) ends, in screens of 844 px (target at most
//   4); a page with neither is measured to its end.
// BENCH_WRITE=1 writes the section into docs/benchmarks.md. Builds first when there is no build.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { findChromium } from "../e2e/find-chromium";
import { writeBenchmarkSection } from "./benchmarks-doc";
import {
  browserCookies,
  fetchJson,
  median,
  onSignalStop,
  sessionCookie,
  startProductionApp,
  stopAll,
} from "./processes";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = {
  lcp: 1500,
  requests: 15,
  bytes: 2_000_000,
  offline: 500,
  planServer: 300,
  weekServer: 500,
  screens: 4,
};
const PHONE = { width: 390, height: 844 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
const temp = mkdtempSync(join(tmpdir(), "backroom-bench-phone-"));
onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

/**
 * Largest contentful paint, and the first moment the page's data is on it (nothing in the page's main is a skeleton,
 * and: Today's summary names the accounts and a card is drawn; a customer's page says its balance; the route says its
 * stops; My accounts counts its accounts and draws a card; the order guide draws a product), watched from the page's
 * first byte: drawn in the HTML (a page kept with its data) or by the scripts after.
 */
const OBSERVE = `
  window.__lcp = 0;
  window.__data = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  const shown = (selector) => document.querySelector(selector) !== null;
  const drawn = () => !document.querySelector('main [aria-busy="true"]') && (
    location.pathname.startsWith("/customers/") ? shown('[data-testid="balance"]')
    : location.pathname === "/today/plan" ? shown('[data-testid="plan-summary"]')
    : location.pathname === "/today/accounts" ? shown('[data-testid="accounts-count"]') && shown("main article")
    : location.pathname === "/order-guide" ? shown('main ul[aria-label="Products"] > li, main table tbody tr')
    : /\\d+ active accounts/.test(document.querySelector('[data-testid="today-summary"]')?.textContent ?? "") && shown("main article"));
  new MutationObserver(() => { if (!window.__data && drawn()) window.__data = performance.now(); }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

interface Run {
  lcp: number;
  data: number;
  customerLcp: number;
  customerData: number;
  planLcp: number;
  planData: number;
  accountsLcp: number;
  accountsData: number;
  /** Where "Show more" ends on My accounts, from the page's top (px), or the page's end without one. */
  accountsMore: number;
  guideLcp: number;
  guideData: number;
  guideMore: number;
  customerOffline: number;
  requests: number;
  saveRequests: number;
  weekBytes: number;
  pagesBytes: number;
  offline: number;
}

async function main() {
  const began = Date.now();
  const { base, operatorKey } = await startProductionApp(temp);
  const OPERATOR = { "x-api-key": operatorKey, "Content-Type": "application/json" };
  const sandbox = <T>(path: string, init: RequestInit = {}) =>
    fetchJson<T>(`${base}/sandbox/test${path}`, { ...init, headers: { ...OPERATOR, ...(init.headers ?? {}) } });
  // The demo rep: the sandbox's rep with the most active accounts (whom the demo staff person is linked to), read with
  // the demo staff key (the operator's key reads no API).
  const reps = (
    await fetchJson<{ Data: { UserID: number; Name: string; Customers: unknown[] }[] }>(
      `${base}/sandbox/test/api/v1/salesReps?PageSize=500`,
      { headers: { "x-api-key": "test-employee-demo" } },
    )
  ).Data;
  const rep = [...reps].sort((a, b) => b.Customers.length - a.Customers.length || a.UserID - b.UserID)[0]!;
  const path = `/today?rep=${rep.UserID}`;
  // The demo retailer's first store: its order guide, as a rep opens it for the store (the guide is the store's).
  const store = (
    await fetchJson<{ Data: { CustomerID: number; CustomerName: string }[] }>(
      `${base}/sandbox/test/api/v1/customers?PageSize=50`,
      { headers: { "x-api-key": "test-customer-demo" } },
    )
  ).Data[0]!;
  const guidePath = `/order-guide?customer=${store.CustomerID}`;
  const freshCookie = async () => {
    const { key } = await sandbox<{ key: string }>("/operator/keys", {
      method: "POST",
      body: JSON.stringify({ type: "Employee", company: "Phone bench" }),
    });
    return sessionCookie(base, { apiKey: key, environment: "test" });
  };
  // The server's first render of the pages, before anything is measured.
  const warm = await freshCookie();
  for (const page of [
    path,
    `/today/accounts?rep=${rep.UserID}`,
    `/today/plan?rep=${rep.UserID}`,
    "/today/customer",
    guidePath,
  ])
    await (await fetch(`${base}${page}`, { headers: { Cookie: warm } })).arrayBuffer();

  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const cookie = await freshCookie();
      const context = await browser.newContext({
        baseURL: base,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      });
      await context.addCookies(browserCookies(cookie, base));
      await context.addInitScript(OBSERVE);
      try {
        runs.push(await measure(context, base, OPERATOR, path, guidePath));
      } finally {
        await context.close();
        await fetch(`${base}/sandbox/test/operator/faults`, { method: "DELETE", headers: OPERATOR });
      }
      console.error(`run ${i + 1}: ${JSON.stringify(runs.at(-1))}`);
    }
  } finally {
    await browser.close();
  }
  // The route's server time, the API 300 ms away as in the runs.
  await sandbox("/operator/faults", {
    method: "PUT",
    body: JSON.stringify({ rules: [{ path: "/api/*", kind: "latency", latencyMs: LATENCY_MS }] }),
  });
  const cookie = await freshCookie();
  const today = new Date().toISOString().slice(0, 10);
  let planServer: number;
  let weekServer: number;
  try {
    planServer = await serverTime(base, cookie, `/api/today/plan?rep=${rep.UserID}&date=${today}`);
    weekServer = await serverTime(base, cookie, `/api/today/plan/week?rep=${rep.UserID}&weekOf=${today}`);
  } finally {
    await fetch(`${base}/sandbox/test/operator/faults`, { method: "DELETE", headers: OPERATOR });
  }

  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
  const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
  const weekBytes = m((r) => r.weekBytes + r.pagesBytes);
  const screens = (px: number) =>
    `${Math.round(px).toLocaleString("en-US")} px, ${(px / PHONE.height).toFixed(1)} screens`;
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    "## A rep's Today on a phone (`npm run bench:phone`)",
    "",
    `Measured ${date} on this repository's machine (2 cores): a production build on the embedded sandbox, every sandbox API request ${LATENCY_MS} ms late (the operator's latency fault), Chromium at ${PHONE.width} × ${PHONE.height} with its CPU ${CPU_SLOWDOWN}× slower and its network at 1.6 Mbps down, 750 kbps up and 150 ms round trips (DevTools' emulation); each run with an Employee key issued for it (a cold proxy cache) in a fresh context that opened the sign-in page first (Backroom's code cached, and its service worker installed, as on a phone that has used it), on the Today and My accounts of the sandbox's busiest rep (${rep.Name}, ${rep.Customers.length} active accounts), and the order guide of the demo retailer's first store (${store.CustomerName}, ${store.CustomerID}). "Show more" is measured from the page's top to the button's bottom, on the page as it opens. Median of ${RUNS} runs.`,
    "",
    "| Figure | Measured | Target | |",
    "| --- | ---: | ---: | --- |",
    `| Today online: largest contentful paint | ${Math.round(m((r) => r.lcp))} ms | ${TARGET.lcp} ms | ${verdict(m((r) => r.lcp) <= TARGET.lcp)} |`,
    `| Today online: every section's data in | ${Math.round(m((r) => r.data))} ms | | |`,
    `| The week's download: API requests (Today's ${m((r) => r.requests)}, "Save for offline" ${m((r) => r.saveRequests)}) | ${m((r) => r.requests + r.saveRequests)} | ${TARGET.requests} | ${verdict(m((r) => r.requests + r.saveRequests) <= TARGET.requests)} |`,
    `| The week's bytes on the device (IndexedDB ${kb(m((r) => r.weekBytes))}, its four pages ${kb(m((r) => r.pagesBytes))}) | ${kb(weekBytes)} | ${kb(TARGET.bytes)} | ${verdict(weekBytes <= TARGET.bytes)} |`,
    `| Today offline, from the device: navigation to data shown | ${Math.round(m((r) => r.offline))} ms | ${TARGET.offline} ms | ${verdict(m((r) => r.offline) <= TARGET.offline)} |`,
    `| A customer's page online: largest contentful paint | ${Math.round(m((r) => r.customerLcp))} ms | ${TARGET.lcp} ms | ${verdict(m((r) => r.customerLcp) <= TARGET.lcp)} |`,
    `| A customer's page online: its balance shown | ${Math.round(m((r) => r.customerData))} ms | | |`,
    `| A customer's page offline, from the device: navigation to data shown | ${Math.round(m((r) => r.customerOffline))} ms | ${TARGET.offline} ms | ${verdict(m((r) => r.customerOffline) <= TARGET.offline)} |`,
    `| The day's route online (\`/today/plan\`): largest contentful paint | ${Math.round(m((r) => r.planLcp))} ms | ${TARGET.lcp} ms | ${verdict(m((r) => r.planLcp) <= TARGET.lcp)} |`,
    `| The day's route online: its stops shown | ${Math.round(m((r) => r.planData))} ms | | |`,
    `| The route's server time after its reads (\`GET /api/today/plan\`, median of 9) | ${Math.round(planServer)} ms | ${TARGET.planServer} ms | ${verdict(planServer <= TARGET.planServer)} |`,
    `| The week's server time after its reads (\`GET /api/today/plan/week\`, five days from their areas, median of 9) | ${Math.round(weekServer)} ms | ${TARGET.weekServer} ms | ${verdict(weekServer <= TARGET.weekServer)} |`,
    `| My accounts online (\`/today/accounts\`): largest contentful paint | ${Math.round(m((r) => r.accountsLcp))} ms | ${TARGET.lcp} ms | ${verdict(m((r) => r.accountsLcp) <= TARGET.lcp)} |`,
    `| My accounts online: its cards shown | ${Math.round(m((r) => r.accountsData))} ms | | |`,
    `| My accounts on the phone: the page down to "Show more" | ${screens(m((r) => r.accountsMore))} | ${TARGET.screens} screens | ${verdict(m((r) => r.accountsMore) <= TARGET.screens * PHONE.height)} |`,
    `| The order guide online (\`/order-guide\`, ${store.CustomerName}): largest contentful paint | ${Math.round(m((r) => r.guideLcp))} ms | ${TARGET.lcp} ms | ${verdict(m((r) => r.guideLcp) <= TARGET.lcp)} |`,
    `| The order guide online: its products shown | ${Math.round(m((r) => r.guideData))} ms | | |`,
    `| The order guide on the phone: the page down to "Show more" (or its end, without one) | ${screens(m((r) => r.guideMore))} | ${TARGET.screens} screens | ${verdict(m((r) => r.guideMore) <= TARGET.screens * PHONE.height)} |`,
    "",
    `The app's shell the service worker precaches (the build's scripts and styles, nobody's data) is not counted in the week's bytes. ${Math.round((Date.now() - began) / 1000)} s.`,
  ].join("\n");
  console.log(section);
  if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## A rep's Today on a phone", section);
}

/**
 * Today online (throttled, the API distant), then "Save for offline", then Today offline from the device. `operator`:
 * the headers of an operator request (the sandbox's operator key), for the latency fault.
 */
async function measure(
  context: BrowserContext,
  base: string,
  operator: Record<string, string>,
  path: string,
  guidePath: string,
): Promise<Run> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto("/sign-in", { waitUntil: "networkidle", timeout: 60_000 });
  // The service worker in control, its precache in (a phone that has used Backroom before).
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", undefined, {
    timeout: 60_000,
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await fetchJson(`${base}/sandbox/test/operator/faults`, {
    method: "PUT",
    headers: operator,
    body: JSON.stringify({ rules: [{ path: "/api/*", kind: "latency", latencyMs: LATENCY_MS }] }),
  });

  const since = new Date().toISOString();
  const { lcp, data } = await online(page, path);
  const requests = await apiRequestsSince(page, since);
  // A customer's page (the first card's store) and the day's route, online, as the rep opens them from Today.
  const customerPath = `/customers/${await page.locator("main article").first().getAttribute("data-customer")}`;
  const customer = await online(page, customerPath);
  const plan = await online(page, path.replace("/today?", "/today/plan?"));
  await page.goto(path, { waitUntil: "domcontentloaded", timeout: 120_000 });
  await dataShown(page);

  // "Save for offline": what it asks of the API, and what it keeps.
  const beforeSave = new Date().toISOString();
  await page.getByRole("button", { name: "Save for offline" }).click();
  await page.getByText(/^Kept on this device: /).waitFor({ timeout: 120_000 });
  const saveRequests = await apiRequestsSince(page, beforeSave);
  const { weekBytes, pagesBytes } = await page.evaluate(async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const open = indexedDB.open("backroom-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction("week").objectStore("week").getAll();
        all.onsuccess = () => resolve(all.result.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(""));
        all.onerror = () => reject(all.error);
      };
    });
    const cache = await caches.open("backroom-pages");
    let pages = 0;
    for (const request of await cache.keys()) pages += (await (await cache.match(request))!.arrayBuffer()).byteLength;
    return { weekBytes: new TextEncoder().encode(text).length, pagesBytes: pages };
  });

  // Offline: Today from the device.
  await cdp.send("Network.emulateNetworkConditions", { ...NETWORK, offline: true });
  await context.setOffline(true);
  await page.goto(path, { waitUntil: "commit", timeout: 60_000 });
  await offlineShown(page, path);
  const offline = await dataShown(page);
  await page.goto(customerPath, { waitUntil: "commit", timeout: 60_000 });
  await offlineShown(page, customerPath);
  const customerOffline = await dataShown(page);
  await context.setOffline(false);
  await cdp.send("Network.emulateNetworkConditions", NETWORK);

  // My accounts and the order guide online: how long their lists take, and how long they are on the phone. After the
  // week's bytes are counted: the worker keeps each page opened, and these are not the week's.
  const accounts = await online(page, path.replace("/today?", "/today/accounts?"));
  const accountsMore = await downToMore(page);
  const guide = await online(page, guidePath);
  const guideMore = await downToMore(page);
  return {
    lcp,
    data,
    customerLcp: customer.lcp,
    customerData: customer.data,
    planLcp: plan.lcp,
    planData: plan.data,
    accountsLcp: accounts.lcp,
    accountsData: accounts.data,
    accountsMore,
    guideLcp: guide.lcp,
    guideData: guide.data,
    guideMore,
    requests,
    saveRequests,
    weekBytes,
    pagesBytes,
    offline,
    customerOffline,
  };
}

/** Waits for a page opened offline to say so ("Offline · as of"), naming the page when it does not. */
async function offlineShown(page: Page, path: string) {
  await page
    .getByTestId("offline-line")
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), "bench-phone-offline.png") });
      throw new Error(`${path} offline did not say so: ${String(error)}`);
    });
}

/** A page opened online: its largest contentful paint and when its data was shown, from the navigation's start. */
async function online(page: Page, path: string): Promise<{ lcp: number; data: number }> {
  await page.goto(path, { waitUntil: "domcontentloaded", timeout: 120_000 });
  const data = await dataShown(page);
  await page.waitForTimeout(500);
  return { lcp: await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp), data };
}

/**
 * How far down the page its list's "Show more" (a button or link "Show more", "Show 12 more …", "Next page") ends, from
 * the page's top in CSS pixels: what a person scrolls past before the list stops to ask. The page's whole height when
 * it has none.
 */
async function downToMore(page: Page): Promise<number> {
  return page.evaluate(() => {
    const more = [...document.querySelectorAll("main button, main a")].find((e) =>
      /^(show (\d+ )?more\b|next( page)?\b)/i.test((e.textContent ?? "").trim()),
    );
    return more ? more.getBoundingClientRect().bottom + window.scrollY : document.documentElement.scrollHeight;
  });
}

/**
 * A plan's server time for a rep (`path`: `GET /api/today/plan` or its week's, timed from here on loopback): one ask
 * that reads Today's lists through the proxy, then `asks` more with the lists in its fresh copies; their median.
 */
async function serverTime(base: string, cookie: string, path: string, asks = 9): Promise<number> {
  const ask = async () => {
    const began = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return performance.now() - began;
  };
  await ask();
  const times: number[] = [];
  for (let i = 0; i < asks; i++) times.push(await ask());
  console.error(`${path} server times: ${times.map((t) => Math.round(t)).join(", ")} ms`);
  return median(times);
}

/** From the navigation's start to the first moment Today's data was on the page (`OBSERVE`). */
async function dataShown(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __data: number }).__data > 0, undefined, {
    timeout: 120_000,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as { __data: number }).__data);
}

/**
 * The Data API requests of the page's key since a moment that reached the API (the key's request log: answered by the
 * API, or revalidated with it; not the proxy's fresh copies, which spend nothing of the key's hour, nor Backroom's
 * background reads).
 */
async function apiRequestsSince(page: Page, since: string): Promise<number> {
  const log = (await (await page.request.get("/api/session/requests?limit=200")).json()) as {
    requests: { at: string; by?: string; source: string; operation?: string }[];
  };
  const made = log.requests.filter((r) => r.at >= since && r.by === undefined);
  console.error(`requests since ${since}: ${made.map((r) => `${r.operation}:${r.source}`).join(", ")}`);
  return made.filter((r) => r.source === "upstream" || r.source === "revalidated").length;
}

try {
  await main();
} finally {
  await stopAll();
  rmSync(temp, { recursive: true, force: true });
}
