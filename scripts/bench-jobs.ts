// npm run bench:jobs: what the background spends of the keys' budgets. The demo retailer's workspace makes 20 payment
// allocation requests and the demo brand's submits 20 purchase orders, all through the proxy; the ERP settles none of
// them (the worst case: every item stays open). The follow-up jobs and the hourly watches (of those two keys and of the
// demo rep's) then run on a simulated clock for three hours, as the job queue would run them (each at its time, one
// queued per key and step or hour), and every request that reaches the Data API is counted, hour by hour. Target:
// under 40 requests in the first hour for the workspaces together.
// Prints a Markdown section; BENCH_WRITE=1 writes it into docs/benchmarks.md. Runs with the react-server condition
// (`package.json`), as the server-only modules run in Next's server.
import type { Version } from "../lib/data-api/operation";
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import { createBackground } from "../lib/server/core/background/background-reads";
import {
  createFollowUps,
  FOLLOW_UP,
  FOLLOW_UP_STEPS_SECONDS,
  type FollowUpJob,
} from "../lib/server/follow-ups/follow-ups";
import { createWatch, WATCH, type WatchJob } from "../lib/server/watch/watch";
import { sendingQueue } from "../lib/server/core/jobs/testing";
import { createNotificationStore } from "../lib/server/core/notify/notification-store";
import { createNotifier } from "../lib/server/core/notify/notifier";
import { proxyRequest } from "../lib/server/core/proxy";
import { createMemoryStore } from "../lib/server/core/shared/memory-store";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../lib/server/core/testing";
import { createTestBackend } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";

const TARGET = 40;
const ITEMS = 20;
const HOURS = 3;

type Row = Record<string, unknown>;

/** A queue on the benchmark's clock: jobs wait in a list until the clock reaches them. */
function simulatedQueue(now: () => number) {
  const queued: { runAt: number; kind: string; key?: string; data: FollowUpJob | WatchJob }[] = [];
  const jobs = sendingQueue(async (kind, data, options) => {
    if (options?.key && queued.some((q) => q.kind === kind && q.key === options.key)) return null;
    queued.push({
      runAt: now() + (options?.delaySeconds ?? 0) * 1000,
      kind,
      key: options?.key,
      data: data as unknown as FollowUpJob | WatchJob,
    });
    return String(queued.length);
  });
  /** The next job due by `until`, taken off the list. */
  const next = (until: number) => {
    queued.sort((a, b) => a.runAt - b.runAt);
    return queued[0] && queued[0].runAt <= until ? queued.shift() : undefined;
  };
  return { jobs, next };
}

function sender(backend: TestBackend, cookie: string) {
  return (method: string, path: string, init: { json?: unknown; headers?: Record<string, string> } = {}) => {
    const url = new URL(path, BACKROOM);
    const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
    return proxyRequest(
      browserRequest(method, path, { cookie, ...init }),
      url.pathname.split("/")[2] as Version,
      segments,
      backend,
    );
  };
}

async function rows(response: Response): Promise<Row[]> {
  const body = (await response.json()) as { Data?: Row[]; data?: Row[] };
  return body.Data ?? body.data ?? [];
}

async function main() {
  const began = Date.now();
  const start = Date.now();
  let elapsed = 0;
  const now = () => start + elapsed;
  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(new Date(start)),
    rateLimit: 1_000_000,
    scale: 1,
    basePath: "",
  });
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  const { jobs, next } = simulatedQueue(now);
  const notifier = createNotifier({ store: createNotificationStore(backend.db) });
  const background = createBackground({ proxy: backend, shared: createMemoryStore(), now });
  const followUps = createFollowUps({ jobs, audit: backend.audit, keys: backend.keys, notifier, background });
  const watch = createWatch({ jobs, db: backend.db, keys: backend.keys, notifier, background, now });
  backend.outcomes = followUps;
  try {
    // The retailer: 20 allocation requests of a cent each from its payments with credit to its open invoices.
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const asRetailer = sender(backend, retailer.cookie);
    const payments = (await rows(await asRetailer("GET", "/api/v1/payments?PageSize=500"))).filter(
      (p) => Number(p.AvailableBalance) >= 1,
    );
    let made = 0;
    for (const payment of payments) {
      const invoices = await rows(
        await asRetailer("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`),
      );
      for (const invoice of invoices) {
        if (made === ITEMS) break;
        const path = `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`;
        const answer = await asRetailer("POST", path, { headers: { "Idempotency-Key": `bench-jobs-${made}` } });
        if (answer.status === 201) made++;
      }
      if (made === ITEMS) break;
    }
    if (made < ITEMS) throw new Error(`only ${made} allocation requests could be made`);

    // The brand: 20 purchase orders, created and submitted.
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const asBrand = sender(backend, brand.cookie);
    const vendor = (await rows(await asBrand("GET", "/api/v1/vendors?PageSize=1")))[0]!;
    const product = (await rows(await asBrand("GET", "/api/v1/products?PageSize=1")))[0]!;
    const delivery = new Date(start + 30 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < ITEMS; i++) {
      const created = await asBrand("POST", "/api/v2/purchases", {
        headers: { "Idempotency-Key": `bench-jobs-po-${i}` },
        json: {
          vendor_id: vendor.VendorID,
          to_location_id: vendor.LocationID,
          supplier_id: vendor.SupplierID,
          delivery_date: delivery,
          po_num: `BENCH-JOBS-${i}`,
          purchase_transactions: [{ product_id: product.ProductID, cases: 1, batch_code: "B-1" }],
        },
      });
      const id = ((await created.json()) as { data: { purchase_global_id: string } }).data.purchase_global_id;
      const submitted = await asBrand("POST", `/api/v2/purchases/${id}/submit`);
      if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
    }

    // The rep's workspace: the demo Employee key, its owner linked to no rep (the watch of a rep's customers reads
    // only for members linked to a rep: none here, so it reads nothing).
    await connectKey(backend, DEMO_KEYS.Employee, "Employee");

    // The hours: the background alone (no page is open), each job at its time; each hour's sweep queues the watches.
    const writes = backend.calls.length;
    const byHour: { retailer: number; brand: number; rep: number; watches: number }[] = [];
    const who = (keyId: string) => (keyId === retailer.keyId ? "retailer" : keyId === brand.keyId ? "brand" : "rep");
    for (let hour = 1; hour <= HOURS; hour++) {
      const tally = { retailer: 0, brand: 0, rep: 0, watches: 0 };
      await watch.sweep(new Date(now()));
      for (let job = next(hour * 3_600_000 + start); job; job = next(hour * 3_600_000 + start)) {
        const step = job.runAt - now();
        if (step > 0) {
          elapsed += step;
          backend.advance(step);
        }
        const before = backend.calls.length;
        if (job.kind === FOLLOW_UP) await followUps.run(job.data as FollowUpJob);
        else if (job.kind === WATCH) await watch.run(job.data as WatchJob);
        const spent = backend.calls.length - before;
        tally[who(job.data.keyId)] += spent;
        if (job.kind === WATCH) tally.watches += spent;
      }
      elapsed = hour * 3_600_000;
      byHour.push(tally);
    }
    const total = (h: (typeof byHour)[number]) => h.retailer + h.brand + h.rep;
    const first = total(byHour[0]!);
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      "## Background requests: follow-ups and watches (`npm run bench:jobs`)",
      "",
      `Measured ${date} on this repository's machine: the demo retailer's workspace has ${ITEMS} payment allocation requests open and the demo brand's ${ITEMS} submitted purchase orders, made through the proxy; the ERP settles none of them (the worst case); the demo rep's workspace (the Employee key, no member linked to a rep) is there too. The follow-up jobs (the schedule ${FOLLOW_UP_STEPS_SECONDS.map((s) => s / 60).join(", ")} minutes, one job queued per key and step) and the hourly watches (one job per key and hour) run on a simulated clock as the queue runs them, with no page open, and each request that reaches the Data API is counted. Every open item of a key is read in one request per resource (the applications by AR accounts and payments; the v2 purchases by global ids); a watch reads a few lists of 500 (a retailer's open invoices, payments, customers and states; a brand's planner inputs). Target: under ${TARGET} an hour for the workspaces together.`,
      "",
      "| Hour | Retailer's key | Brand's key | Rep's key | All | Of which watches |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...byHour.map((h, i) => `| ${i + 1} | ${h.retailer} | ${h.brand} | ${h.rep} | ${total(h)} | ${h.watches} |`),
      "",
      `**${first} requests in the first hour** for ${ITEMS * 2} open items (${writes} requests made the writes and read what they needed): ${first < TARGET ? "under" : "over"} the target of ${TARGET}; ${Math.round((Date.now() - began) / 1000)} s.`,
    ].join("\n");
    console.log(section);
    if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## Background requests", section);
    if (first >= TARGET) process.exitCode = 1;
  } finally {
    await backend.close();
    await runtime.close();
  }
}

void main();
