// npm run bench:reorders: what matching the open reorder lists to their invoices costs. On the sandbox at scale 1, the
// demo retailer's workspace (its Customer key, two stores) and the demo staff's (the Employee key) hold 1,000 open
// lists of ten lines, one a store (as many stores as the seed has active, several a store past them), sent over the
// last two weeks; the ERP then enters a day's invoices against the lists sent the day before (nine of ten lines each),
// through the sandbox's order entry (the operator's `POST /test/operator/invoices`, on the sandbox's clock).
// One sweep queues a match job per key and the jobs run as the queue would run them; then a second sweep ten minutes
// later, with nothing new, and a third after ten more invoices. Counted: the requests each key made, by list, the time and the process's peak RSS. Target:
// one sweep's requests within the sync's hourly budget of a key (`syncRequestsPerHour` at the live limit), and the
// sweep done within its interval (ORDER_LIST_MATCH_SECONDS, 600 s). Prints a Markdown section; BENCH_WRITE=1 writes
// it into docs/benchmarks.md. Runs with the react-server condition, as the server-only modules run in Next's server.
import type { ListLine } from "../lib/domain/order-guide/order-list";
import type { ListMatch } from "../lib/domain/order-guide/shared-list";
import { fixedClock } from "../lib/sandbox/clock";
import { availableUnits } from "../lib/sandbox/handlers/inventory";
import { hashKey } from "../lib/sandbox/keys";
import { type SandboxRuntime, startSandbox } from "../lib/sandbox/runtime";
import type { InvoiceOrder } from "../lib/sandbox/testing";
import {
  BACKGROUND_SHARE,
  createBackground,
  syncRequestsPerHour,
} from "../lib/server/core/background/background-reads";
import { sentJobs } from "../lib/server/core/jobs/testing";
import { createMemoryStore } from "../lib/server/core/shared/memory-store";
import { connectKey, DEMO_KEYS, type TestBackend } from "../lib/server/core/testing";
import { createListMatcher, type ListMatcher, type ListMatchJob } from "../lib/server/order-guide/match-job";
import { createOrderListStore } from "../lib/server/order-guide/order-lists-store";
import type { OrderListTables } from "../lib/server/order-guide/tables";
import { createTestBackend } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";

const LISTS = 1000;
const LINES = 10;
/** The most cases a list asks of a product: its products have that many available at the store's warehouse. */
const MOST_CASES = 4;
const SENT_OVER_DAYS = 14;
/** The live service's hourly limit per key (field notes). */
const LIVE_LIMIT = 1028;
const INTERVAL_SECONDS = 600;
const DAY_MS = 86_400_000;

/** A small deterministic generator: the same lists every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

type Store = { customer_id: number; customer_name: string; state: string; location_id: number };
type Product = { product_id: number; product_name: string; wholesale_units_per_case: number };
type Owner = { workspaceId: string; userId: string; sentWith: "Customer" | "Employee" };
type Kept = { id: string; customerId: number; sentAt: number; lines: ListLine[] };

/** A list's ten products at 1 to MOST_CASES cases. */
function listLines(products: readonly Product[], rng: () => number): ListLine[] {
  const lines: ListLine[] = [];
  const picked = new Set<number>();
  while (lines.length < LINES) {
    const p = products[Math.floor(rng() * products.length)]!;
    if (picked.has(p.product_id)) continue;
    picked.add(p.product_id);
    const cases = 1 + Math.floor(rng() * MOST_CASES);
    lines.push({
      productId: p.product_id,
      name: p.product_name,
      unitsPerCase: p.wholesale_units_per_case,
      unitPrice: "10.00",
      casePrice: `${10 * p.wholesale_units_per_case}.00`,
      cases,
      total: `${10 * p.wholesale_units_per_case * cases}.00`,
    });
  }
  return lines;
}

/** The lists: a store each, in turn, sent over the last two weeks, each a demo visitor's of its store's workspace. */
async function keepLists(
  backend: TestBackend,
  stores: readonly Store[],
  productsOf: (store: Store) => readonly Product[],
  ownerOf: (customerId: number) => Owner,
  start: number,
): Promise<Kept[]> {
  const rng = random(65);
  let clock = start;
  const lists = createOrderListStore(backend.db, () => new Date(clock));
  const kept: Kept[] = [];
  for (let i = 0; i < LISTS; i++) {
    const store = stores[i % stores.length]!;
    const lines = listLines(productsOf(store), rng);
    clock = start - Math.floor(((i + 0.5) / LISTS) * SENT_OVER_DAYS * DAY_MS);
    const owner = ownerOf(store.customer_id);
    const list = await lists.keep(
      { workspaceId: `${owner.workspaceId}/visitor/bench`, environment: "test" },
      {
        customerId: store.customer_id,
        customerName: store.customer_name,
        recipient: "rep@example.com",
        lines,
        totalCases: lines.reduce((sum, l) => sum + l.cases, 0),
        total: "0.00",
        priceDay: new Date(clock).toISOString().slice(0, 10),
        sender: { id: owner.userId, name: "Buyer", email: "buyer@example.com" },
        idempotencyKey: `bench-${i}`,
        sentWith: owner.sentWith,
        visitor: "bench",
      },
    );
    kept.push({ id: list.list.id, customerId: store.customer_id, sentAt: clock, lines });
  }
  return kept;
}

/** A request to the sandbox operator's endpoints of the test environment, with its key; throws unless `expected`. */
async function operator(runtime: SandboxRuntime, path: string, body: unknown, expected: number): Promise<unknown> {
  const res = await runtime.app.request(`/test/operator${path}`, {
    method: "POST",
    headers: { "x-api-key": runtime.operatorKey, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`POST /test/operator${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * The ERP's order entry, played by the sandbox's operator (`POST /test/operator/invoices`): a New invoice made at the
 * sandbox's now, dated its today; its lines as the sandbox answers them.
 */
async function enterInvoice(runtime: SandboxRuntime, order: InvoiceOrder): Promise<{ BackOrder: number }[]> {
  return ((await operator(runtime, "/invoices", order, 201)) as { lines: { BackOrder: number }[] }).lines;
}

/** What one sweep and its jobs cost: requests by key and list, time, the process's peak RSS. */
async function sweepOnce(backend: TestBackend, matcher: ListMatcher, sent: { data: ListMatchJob }[]) {
  const before = backend.calls.length;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  sent.length = 0;
  const queued = await matcher.sweep();
  let changed = 0;
  for (const job of sent) changed += (await matcher.matchNow(job.data.workspaceId, job.data.keyId)).changed;
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const calls = backend.calls.slice(before);
  const of = (key: string) => {
    const mine = calls.filter((c) => c.headers.get("x-api-key") === key);
    const n = (path: string) => mine.filter((c) => c.url.pathname.endsWith(path)).length;
    return { all: mine.length, invoices: n("/invoices"), lines: n("/invoiceTransactions") };
  };
  return {
    queued,
    ms,
    rssMb: rssBefore / 2 ** 20,
    peakMb: peak / 2 ** 20,
    retailer: of(DEMO_KEYS.Customer),
    staff: of(DEMO_KEYS.Employee),
    changed,
  };
}
type Swept = Awaited<ReturnType<typeof sweepOnce>>;

/** The lists' statuses as kept after the sweeps. */
async function statuses(backend: TestBackend): Promise<string> {
  const rows = await backend.db.withTables<OrderListTables>().selectFrom("order_lists").select("match_json").execute();
  const count = new Map<string, number>();
  for (const r of rows) {
    const status = r.match_json ? (JSON.parse(r.match_json) as ListMatch).status : "waiting (none kept)";
    count.set(status, (count.get(status) ?? 0) + 1);
  }
  return [...count].map(([s, n]) => `${n} ${s}`).join(", ");
}

async function main() {
  const began = Date.now();
  const start = Date.now();
  let clock = start;
  const now = () => clock;
  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(new Date(start)),
    rateLimit: 1_000_000,
    scale: 1,
    basePath: "",
  });
  const seeded = Date.now() - began;
  const sandbox = runtime.databases.test;
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  const { jobs, sent } = sentJobs<ListMatchJob>();
  const matcher = createListMatcher({
    db: backend.db,
    jobs,
    keys: backend.keys,
    // The proxy on the benchmark's clock: ten minutes on, its copies are stale, as the next sweep finds them.
    background: createBackground({ proxy: { ...backend, now }, shared: createMemoryStore(), now }),
    shared: createMemoryStore(),
    now,
  });
  try {
    const stores = await sandbox
      .selectFrom("customers")
      .select(["customer_id", "customer_name", "state", "location_id"])
      .where("account_status", "=", "Active")
      .orderBy("customer_id")
      .execute();
    // What the order entry takes for a store, by its warehouse and state: Active products of its state stocked there,
    // MOST_CASES cases of each available, so its lines are filled unless earlier invoices drew the stock down.
    const stocked = await sandbox
      .selectFrom("products as p")
      .innerJoin("inventory as i", "i.product_id", "p.product_id")
      .selectAll("i")
      .select(["p.product_name", "p.wholesale_units_per_case", "p.state"])
      .where("p.status_id", "=", 1)
      .where("p.wholesale_units_per_case", ">", 0)
      .orderBy("p.product_id")
      .execute();
    const byWarehouse = new Map<string, Product[]>();
    for (const p of stocked) {
      if (availableUnits(p) < MOST_CASES * p.wholesale_units_per_case) continue;
      const at = `${p.state}/${p.location_id}`;
      byWarehouse.set(at, [
        ...(byWarehouse.get(at) ?? []),
        {
          product_id: p.product_id,
          product_name: p.product_name,
          wholesale_units_per_case: p.wholesale_units_per_case,
        },
      ]);
    }
    const productsOf = (store: Store) => byWarehouse.get(`${store.state}/${store.location_id}`) ?? [];
    const retailerStores = await sandbox
      .selectFrom("api_key_customers as k")
      .innerJoin("customers as c", "c.customer_id", "k.customer_id")
      .select(["c.customer_id as id", "c.customer_name as name"])
      .where("k.key_hash", "=", hashKey(DEMO_KEYS.Customer))
      .orderBy("c.customer_id")
      .execute();
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "demo",
      customers: retailerStores,
    });
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const ofRetailer = new Set(retailerStores.map((s) => s.id));
    const kept = await keepLists(
      backend,
      stores,
      productsOf,
      (id) => (ofRetailer.has(id) ? { ...retailer, sentWith: "Customer" } : { ...staff, sentWith: "Employee" }),
      start,
    );

    // A day's invoices: the ERP enters the lists sent the day before, nine of their ten lines each, at the sandbox's
    // now (the benchmark's start: after every list was sent), dated its today.
    const today = new Date(start).toISOString().slice(0, 10);
    const entered = kept.filter((l) => l.sentAt >= start - 2 * DAY_MS && l.sentAt < start - DAY_MS);
    const enteredLines: { BackOrder: number }[] = [];
    for (const list of entered)
      enteredLines.push(
        ...(await enterInvoice(runtime, {
          customerId: list.customerId,
          lines: list.lines
            .slice(0, LINES - 1)
            .map((l) => ({ productId: l.productId, units: l.cases * l.unitsPerCase! })),
        })),
      );
    const dated = await sandbox
      .selectFrom("invoices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("date", "=", today)
      .executeTakeFirstOrThrow();

    const first = await sweepOnce(backend, matcher, sent);
    clock += INTERVAL_SECONDS * 1000;
    const second = await sweepOnce(backend, matcher, sent);
    // Ten minutes on (the sandbox's clock moved with the benchmark's), the ERP enters ten more: the lines of those
    // alone are read.
    await operator(runtime, "/clock", { advanceSeconds: INTERVAL_SECONDS }, 200);
    const more = kept.filter((l) => l.sentAt >= start - 3 * DAY_MS && l.sentAt < start - 2 * DAY_MS).slice(0, 10);
    for (const list of more)
      enteredLines.push(
        ...(await enterInvoice(runtime, {
          customerId: list.customerId,
          lines: list.lines.map((l) => ({ productId: l.productId, units: l.cases * l.unitsPerCase! })),
        })),
      );
    clock += INTERVAL_SECONDS * 1000;
    const third = await sweepOnce(backend, matcher, sent);
    const budget = syncRequestsPerHour(LIVE_LIMIT);
    const met = (s: Swept) => Math.max(s.retailer.all, s.staff.all) <= budget && s.ms < INTERVAL_SECONDS * 1000;
    const row = (name: string, s: Swept) =>
      `| ${name} | ${s.queued} | ${s.retailer.all} (${s.retailer.invoices} \`/invoices\`, ${s.retailer.lines} \`/invoiceTransactions\`) | ${s.staff.all} (${s.staff.invoices} \`/invoices\`, ${s.staff.lines} \`/invoiceTransactions\`) | ${s.changed} | ${(s.ms / 1000).toFixed(1)} s | ${Math.round(s.rssMb)} → ${Math.round(s.peakMb)} MB | ${met(s) ? "met" : "missed"} |`;
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      "## Reorder lists matched to their invoices (`npm run bench:reorders`)",
      "",
      `Measured ${date} on this repository's machine: the sandbox at scale 1 (seeded in ${(seeded / 1000).toFixed(1)} s; ${stores.length.toLocaleString("en-US")} active stores), ${LISTS.toLocaleString("en-US")} open reorder lists of ${LINES} lines, one a store, sent over the last ${SENT_OVER_DAYS} days: ${kept.filter((l) => ofRetailer.has(l.customerId)).length} in the demo retailer's workspace (its Customer key: stores ${retailerStores.map((s) => s.id).join(" and ")}), ${kept.filter((l) => !ofRetailer.has(l.customerId)).length} in the demo staff's (the Employee key), each a demo visitor's. A day's invoices upstream: the ERP enters the ${entered.length} lists sent the day before, nine of ten lines each, through the sandbox's order entry (\`POST /test/operator/invoices\`: the store's prices of the day, its warehouse's stock; ${Number(dated.n)} invoices dated today with the seed's own). Then one sweep (a match job per key with open lists, each run as the queue runs it, through the proxy and the background's reads within the syncs' share, paced one a second), the next, ten minutes later, with nothing new (no invoice's header changed: no lines read), and the next after the ERP entered ten more. Requests are those that reached the sandbox (in-process, no network), by key; pages of 500, ids 400 a request. The time is the sweep's and its jobs' (mostly the syncs' pace, \`SYNC_PACE_MS\`); the RSS the process's (the sandbox's seeded databases in it) before the sweep and at its peak. Target: a sweep's requests of each key within the sync's hourly budget at the live limit (\`syncRequestsPerHour(${LIVE_LIMIT})\` = ${budget}), and done within its interval (\`ORDER_LIST_MATCH_SECONDS\`, ${INTERVAL_SECONDS} s).`,
      "",
      "| Sweep | Jobs | Retailer's key | Staff's key | Lists changed | Time | RSS | Target |",
      "| --- | ---: | --- | --- | ---: | ---: | ---: | --- |",
      row("First (nothing matched yet)", first),
      row("Ten minutes later, nothing new", second),
      row(`Ten minutes later, ${more.length} more invoices`, third),
      "",
      `After the three: ${await statuses(backend)}; of the ${enteredLines.length} lines the ERP entered, ${enteredLines.filter((l) => l.BackOrder > 0).length} back-ordered in part or whole for want of stock. The staff's key reads every line of its stores' invoices once an hour (a match keeps them in the shared store an hour, and reads again those of an invoice whose header changed): an hour at the default interval with new invoices every ten minutes is about ${first.staff.all} + 5 × ${third.staff.all} = ${first.staff.all + 5 * third.staff.all} requests, of the syncs' ${budget} an hour (7 % of the limit, which leaves follow-ups, watches and reports the rest of the background's ${Math.floor(LIVE_LIMIT * BACKGROUND_SHARE)}); an hour with none, ${first.staff.all} + 5 × ${second.staff.all} = ${first.staff.all + 5 * second.staff.all}. ${Math.round((Date.now() - began) / 1000)} s in all.`,
    ].join("\n");
    console.log(section);
    if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## Reorder lists matched to their invoices", section);
    if (![first, second, third].every(met)) process.exitCode = 1;
  } finally {
    await backend.close();
    await runtime.close();
  }
}

void main();
