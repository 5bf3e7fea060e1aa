// npm run bench:history: what the insights' history sync spends of a key's budget. The demo brand's key (Supplier)
// on the sandbox at scale 1 backfills a year of invoices and lines through the proxy, as the job queue would run it
// (each job a few requests, queued again at once), then refreshes the last 60 days. Every request that reaches the
// Data API is counted. Targets: under 150 for the backfill, under 20 for a refresh. Prints a Markdown section;
// BENCH_WRITE=1 writes it into docs/benchmarks.md. Runs with the react-server condition, as the server-only modules
// run in Next's server.
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import { createBackground } from "../lib/server/background/background-reads";
import { createHistorySync, type HistorySyncJob } from "../lib/server/insights/history-sync";
import type { JobQueue } from "../lib/server/jobs/job-queue";
import { createMemoryStore } from "../lib/server/shared/memory-store";
import { connectKey, createTestBackend, DEMO_KEYS } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";

const TARGETS = { backfill: 150, refresh: 20 };

async function main() {
  const start = Date.now();
  const runtime = await startSandbox({ dataDir: ":memory:", clock: fixedClock(new Date(start)), rateLimit: 1_000_000, scale: 1, basePath: "" });
  const seeded = Date.now() - start;
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  const queued: HistorySyncJob[] = [];
  const jobs: JobQueue = {
    async send(_kind, data) {
      queued.push(data as unknown as HistorySyncJob);
      return String(queued.length);
    },
    work() {},
    async start() {},
    async stop() {},
    async check() {
      return "ok";
    },
  };
  let clock = start;
  const now = () => clock;
  const sync = createHistorySync({ db: backend.db, jobs, keys: backend.keys, background: createBackground({ proxy: backend, shared: createMemoryStore(), now }), now });
  try {
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const walk = async () => {
      const before = backend.calls.length;
      const asked = (await sync.state(brand.keyId))?.requests ?? 0;
      const began = Date.now();
      await sync.start(brand.workspaceId, brand.keyId);
      let runs = 0;
      for (let job = queued.shift(); job; job = queued.shift()) {
        await sync.run(job);
        runs++;
        // A new hour for each run: the background's tenth of the hour is the budget's, not the benchmark's, to show.
        clock += 3_600_000;
      }
      // Reads asked: each would reach the API on a cold cache (a nightly refresh's); the upstream count is lower where
      // the proxy's shared cache answered (the refresh's reference reads, moments after the backfill's here).
      const reads = (await sync.state(brand.keyId))!.requests - asked;
      return { requests: reads, upstream: backend.calls.length - before, runs, ms: Date.now() - began };
    };
    const backfill = await walk();
    const count = async (table: "history_invoices" | "history_lines") =>
      Number((await backend.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("key_id", "=", brand.keyId).executeTakeFirstOrThrow()).n);
    const [invoices, lines] = [await count("history_invoices"), await count("history_lines")];
    clock += 86_400_000;
    const refresh = await walk();
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      "## The insights' history (`npm run bench:history`)",
      "",
      `Measured ${date} on this repository's machine: the demo brand's key (Supplier) on the sandbox at scale 1 (seeded in ${(seeded / 1000).toFixed(1)} s) backfills a year of invoices (\`Statuses=1,2,3,4,5,7\`, 60-day windows, 500 a page) and their lines (400 invoices a request, 500 lines a page) through the proxy, then refreshes the last 60 days (and reads the products, the states, the customers, the reps and the retailers' stock again at each walk's end); requests are the reads each walk asked of the proxy, all of which reach the API when the cache is cold, and of them the ones that did here. Targets: under ${TARGETS.backfill} requests for the backfill, under ${TARGETS.refresh} for a refresh.`,
      "",
      "| Walk | Requests | Reached the API here | Job runs | Time |",
      "| --- | ---: | ---: | ---: | ---: |",
      `| Backfill: ${invoices.toLocaleString("en-US")} invoices, ${lines.toLocaleString("en-US")} lines | ${backfill.requests} | ${backfill.upstream} | ${backfill.runs} | ${(backfill.ms / 1000).toFixed(1)} s |`,
      `| Refresh (60 days) | ${refresh.requests} | ${refresh.upstream} | ${refresh.runs} | ${(refresh.ms / 1000).toFixed(1)} s |`,
      "",
      `Backfill ${backfill.requests < TARGETS.backfill ? "under" : "over"} its target of ${TARGETS.backfill}; refresh ${refresh.requests < TARGETS.refresh ? "under" : "over"} its target of ${TARGETS.refresh}.`,
    ].join("\n");
    console.log(section);
    if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## The insights' history", section);
    if (backfill.requests >= TARGETS.backfill || refresh.requests >= TARGETS.refresh) process.exitCode = 1;
  } finally {
    await backend.close();
    await runtime.close();
  }
}

void main();
