// npm run bench:team: one hour of a brand's team of three people sharing one Supplier key (a purchasing manager and two
// sales leads), each opening their usual pages, and the Data API requests the hour costs the key (target: under 300
// of the live service's 1,028 an hour, leaving the rest for the work that runs without a tab).
//
// Two steps, both on this repository's own code:
// 1. What each page asks for: a production build on the embedded sandbox; each usual page visited once in Chromium with
//    a key issued for the visit (a cold cache, a request log of its own), and the Data API requests it made (the
//    server's first render and the browser's) read from the key's request log.
// 2. The hour: those requests replayed through the proxy itself (`proxyRequest`, in process, with its response cache,
//    freshness and rate-limit book) for three sessions of one key, each visit at its minute of the hour on the proxy's
//    clock, over a sandbox seeded as the app's; the requests that reach the sandbox are what the hour costs. A visit
//    repeats everything the page asked for when it was cold, so what a tab's own cache would save is not counted: the
//    figure is an upper bound.
//
// Prints a Markdown section; BENCH_WRITE=1 writes it into docs/benchmarks.md. Runs with the react-server condition
// (`package.json`), as the server-only modules it replays through run in Next's server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "../e2e/find-chromium";
import type { Version } from "../lib/data-api/operation";
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import { proxyRequest } from "../lib/server/core/proxy";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../lib/server/core/testing";
import { createTestBackend } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";
import { browserCookies, fetchJson, onSignalStop, sessionCookie, startProductionApp, stopAll } from "./processes";

const TARGET = 300;
const temp = mkdtempSync(join(tmpdir(), "backroom-bench-team-"));
onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

/**
 * A page of the brand's dashboard, by a name and its path (`{customer}`, `{product}`, `{purchase}`: the demo brand's;
 * each visit of a customer's or a product's page opens the next one, so the team looks at different records).
 */
const PAGES: Record<string, string> = {
  overview: "/",
  plan: "/purchases/plan",
  purchases: "/purchases",
  purchase: "/purchases/{purchase}",
  inventory: "/inventory",
  products: "/catalog/products",
  product: "/catalog/products/{product}",
  customers: "/customers",
  customer: "/customers/{customer}",
  invoices: "/invoices",
  arAging: "/ar-aging",
  deliveryDays: "/delivery-days",
};
type PageName = keyof typeof PAGES;

/**
 * The hour: who opens which page at which minute. Each person starts at the overview and comes back to it; the
 * purchasing manager works from the plan, the purchases and the stock; the sales leads from customers, their
 * invoices and balances, and the week's deliveries. About one page every three minutes each.
 */
const HOUR: Record<string, [minute: number, page: PageName][]> = {
  "Purchasing manager": [
    [0, "overview"],
    [1, "plan"],
    [4, "inventory"],
    [6, "product"],
    [9, "plan"],
    [13, "purchases"],
    [15, "purchase"],
    [19, "purchases"],
    [24, "overview"],
    [26, "plan"],
    [31, "inventory"],
    [35, "products"],
    [38, "product"],
    [42, "purchases"],
    [47, "plan"],
    [51, "overview"],
    [55, "purchases"],
    [58, "plan"],
  ],
  "Sales lead 1": [
    [0, "overview"],
    [2, "customers"],
    [4, "customer"],
    [7, "invoices"],
    [10, "arAging"],
    [14, "customers"],
    [16, "customer"],
    [20, "deliveryDays"],
    [25, "overview"],
    [28, "invoices"],
    [32, "arAging"],
    [36, "customers"],
    [39, "customer"],
    [44, "products"],
    [48, "deliveryDays"],
    [52, "overview"],
    [56, "invoices"],
  ],
  "Sales lead 2": [
    [1, "overview"],
    [3, "deliveryDays"],
    [6, "customers"],
    [8, "customer"],
    [12, "invoices"],
    [17, "arAging"],
    [21, "customers"],
    [23, "customer"],
    [27, "overview"],
    [30, "inventory"],
    [34, "products"],
    [37, "product"],
    [41, "arAging"],
    [45, "customers"],
    [49, "customer"],
    [53, "overview"],
    [57, "deliveryDays"],
  ],
};

/** A sandbox request as its operator (the demo Employee key), JSON both ways. */
type SandboxFetch = <T>(path: string, init?: RequestInit) => Promise<T>;
/** The Data API paths each page asked for, cold: once for a page, once per visit for a record's page. */
type Asked = Map<PageName, string[][]>;

/** The records the record pages open in turn: the demo brand's first customers, products and received purchases. */
async function recordIds(sandbox: SandboxFetch): Promise<Record<string, number[]>> {
  const asBrand = { headers: { "x-api-key": DEMO_KEYS.Supplier } };
  return {
    customer: (await sandbox<{ Data: { CustomerID: number }[] }>("/api/v1/customers?PageSize=20", asBrand)).Data.map(
      (c) => c.CustomerID,
    ),
    product: (
      await sandbox<{ Data: { ProductID: number }[] }>("/api/v1/products?SupplierIDs=101&PageSize=20", asBrand)
    ).Data.map((p) => p.ProductID),
    purchase: (
      await sandbox<{ data: { purchase_id: number | null }[] }>(
        "/api/v2/purchases?statuses=Received&page_size=20",
        asBrand,
      )
    ).data.map((p) => p.purchase_id!),
  };
}

/** Step 1: what each page asks for, cold, in Chromium, each visit with a key of its own. */
async function measurePages(base: string, sandbox: SandboxFetch, ids: Record<string, number[]>): Promise<Asked> {
  const opened = new Map<string, number>();
  /** The page's path for its next visit: a record page opens the next record of its kind. */
  const pathOf = (page: PageName) =>
    PAGES[page]!.replace(/\{(\w+)\}/g, (_, kind: string) => {
      const n = opened.get(kind) ?? 0;
      opened.set(kind, n + 1);
      return String(ids[kind]![n % ids[kind]!.length]);
    });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  // A page of one record is measured for each of its visits in the hour (each a different record); any other once.
  const visitsOf = (page: PageName) =>
    Object.values(HOUR)
      .flat()
      .filter(([, p]) => p === page).length;
  const asked: Asked = new Map();
  try {
    for (const page of Object.keys(PAGES) as PageName[]) {
      const captures: string[][] = [];
      for (let i = 0; i < (PAGES[page]!.includes("{") ? visitsOf(page) : 1); i++) {
        const { key } = await sandbox<{ key: string }>("/operator/keys", {
          method: "POST",
          body: JSON.stringify({ type: "Supplier", company: "Team bench", supplierIds: [101] }),
        });
        captures.push(
          await requestsOf(
            browser,
            base,
            pathOf(page),
            await sessionCookie(base, { apiKey: key, environment: "test" }),
          ),
        );
      }
      asked.set(page, captures);
      console.error(`${page}: ${captures.map((c) => c.length).join(", ")} requests`);
    }
  } finally {
    await browser.close();
  }
  return asked;
}

/** What the hour cost the key: upstream requests by person and by page, and in all. */
interface HourCost {
  visits: number;
  byPerson: Map<string, number>;
  byPage: Map<PageName, { visits: number; upstream: number }>;
  total: number;
  revalidated: number;
  /** The requests the pages asked of the proxy. */
  asking: number;
}

/** Step 2: the hour's visits replayed through the proxy, each at its minute on the proxy's clock. */
async function replayHour(backend: TestBackend, asked: Asked): Promise<HourCost> {
  // The team: the owner added the brand's key to their workspace once; the others are members working with it.
  const [first, ...others] = Object.keys(HOUR);
  const owner = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
  const people = [
    { name: first!, cookie: owner.cookie },
    ...(await Promise.all(
      others.map(async (name) => ({ name, cookie: (await joinAs(backend, owner.workspaceId, "purchasing")).cookie })),
    )),
  ];
  const visits = people
    .flatMap(({ name, cookie }) => HOUR[name]!.map(([minute, page]) => ({ minute, page, name, cookie })))
    .sort((a, b) => a.minute - b.minute);
  const byPerson = new Map<string, number>();
  const byPage = new Map<PageName, { visits: number; upstream: number }>();
  let clock = 0;
  const seen = new Map<PageName, number>();
  /** The requests of a page's next visit: a record page's next record. */
  const requestsOfVisit = (page: PageName) => {
    const n = seen.get(page) ?? 0;
    seen.set(page, n + 1);
    const captures = asked.get(page)!;
    return captures[n % captures.length]!;
  };
  for (const visit of visits) {
    backend.advance(visit.minute * 60_000 - clock);
    clock = visit.minute * 60_000;
    const before = backend.calls.length;
    // A page's requests go out together (its regions fetch side by side).
    await Promise.all(requestsOfVisit(visit.page).map((path) => replay(backend, path, visit.cookie)));
    const upstream = backend.calls.length - before;
    byPerson.set(visit.name, (byPerson.get(visit.name) ?? 0) + upstream);
    const tally = byPage.get(visit.page) ?? { visits: 0, upstream: 0 };
    byPage.set(visit.page, { visits: tally.visits + 1, upstream: tally.upstream + upstream });
  }
  const asking = [...seen].reduce(
    (n, [page, count]) =>
      n +
      Array.from({ length: count }, (_, i) => asked.get(page)![i % asked.get(page)!.length]!.length).reduce(
        (a, b) => a + b,
        0,
      ),
    0,
  );
  return {
    visits: visits.length,
    byPerson,
    byPage,
    total: backend.calls.length,
    revalidated: backend.calls.filter((c) => c.status === 304).length,
    asking,
  };
}

/** The Markdown section of docs/benchmarks.md. */
function reportSection(asked: Asked, cost: HourCost, began: number): string {
  const { total, revalidated, asking, byPage, byPerson } = cost;
  const date = new Date().toISOString().slice(0, 10);
  return [
    "## A team's hour on one key (`npm run bench:team`)",
    "",
    "What a key's budget goes to when a team shares it. Under a tenth of the hour left (`isLowBudget`), the pages stop",
    "everything the people did not ask for just now: follow-up checks wait for the reset, nothing refetches on reconnect",
    "(or on focus, or by prefetching: never), and a running export pauses at a page's boundary until the reset. The hour",
    "below has no follow-ups and no export: it is the browsing alone.",
    "",
    `Measured ${date} on this repository's machine: a brand's team of three sharing one Supplier key opens ${cost.visits} pages in an hour (the schedule is \`HOUR\` in \`scripts/bench-team.ts\`: about one page every three minutes each). What each page asks for is measured in Chromium on a production build with a cold key; the hour is those requests replayed through the proxy (its cache, freshness and revalidation) on its own clock for three sessions of the key. Every visit repeats all its cold requests (a tab's own cache is not counted), so the figure is an upper bound. Target: under ${TARGET} of the key's 1,028 an hour.`,
    "",
    "| Page | Requests, cold (each record's) | Visits | Upstream in the hour |",
    "| --- | ---: | ---: | ---: |",
    ...[...byPage].map(
      ([page, { visits: n, upstream }]) =>
        `| ${page} (\`${PAGES[page]}\`) | ${asked
          .get(page)!
          .map((c) => c.length)
          .join(", ")} | ${n} | ${upstream} |`,
    ),
    "",
    `| Person | Upstream in the hour |`,
    "| --- | ---: |",
    ...[...byPerson].map(([name, n]) => `| ${name} | ${n} |`),
    "",
    `**${total} requests reached the Data API in the hour** (${revalidated} of them revalidations answered 304) for ${asking} the pages asked of the proxy: ${total < TARGET ? "under" : "**over**"} the target of ${TARGET}; ${Math.round((Date.now() - began) / 1000)} s.`,
  ].join("\n");
}

async function main() {
  const began = Date.now();
  const { base, operatorKey } = await startProductionApp(temp);
  const OPERATOR = { "x-api-key": operatorKey, "Content-Type": "application/json" };
  const sandbox: SandboxFetch = <T>(path: string, init: RequestInit = {}) =>
    fetchJson<T>(`${base}/sandbox/test${path}`, { ...init, headers: { ...OPERATOR, ...(init.headers ?? {}) } });
  const asked = await measurePages(base, sandbox, await recordIds(sandbox));
  await stopAll();

  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(new Date()),
    rateLimit: 1_000_000,
    scale: 1,
    basePath: "",
  });
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  try {
    const cost = await replayHour(backend, asked);
    const section = reportSection(asked, cost, began);
    console.log(section);
    if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## A team's hour on one key", section);
    if (cost.total >= TARGET) process.exitCode = 1;
  } finally {
    await backend.close();
    await runtime.close();
  }
}

/** The Data API paths a cold visit of `path` asked for (server and browser), from the key's request log. */
async function requestsOf(browser: Browser, base: string, path: string, cookie: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies(browserCookies(cookie, base));
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: "networkidle", timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
      timeout: 30_000,
    });
    await page.waitForTimeout(500);
    const log = (await (await page.request.get("/api/session/requests?limit=200")).json()) as {
      requests: { method: string; path: string }[];
    };
    return log.requests.filter((r) => r.method === "GET").map((r) => r.path);
  } finally {
    await context.close();
  }
}

/** One request of a page through the proxy, as the route handler at `/api/{version}/[...path]` makes it. */
async function replay(backend: TestBackend, path: string, cookie: string): Promise<void> {
  const url = new URL(path, BACKROOM);
  const [, , version, ...segments] = url.pathname.split("/");
  const response = await proxyRequest(
    browserRequest("GET", path, { cookie }),
    version as Version,
    segments.map(decodeURIComponent),
    backend,
  );
  await response.arrayBuffer();
}

try {
  await main();
} finally {
  await stopAll();
  rmSync(temp, { recursive: true, force: true });
}
