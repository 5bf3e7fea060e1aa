// npm run bench:history: what the insights' history sync spends of a key's budget. The demo brand's key (Supplier)
// on the sandbox at scale 1 backfills a year of invoices and lines through the proxy, as the job queue would run it
// (each job a few requests, queued again at once), then refreshes the last 60 days; then the demo staff's key
// (Employee) does the same for the whole distributor, as an owner may choose on Keys. Every request that reaches the
// Data API is counted. Targets (the brand's): under 150 for the backfill, under 20 for a refresh. Prints a Markdown
// section; BENCH_WRITE=1 writes it into docs/benchmarks.md. Runs with the react-server condition, as the server-only
// modules run in Next's server.
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import { createBackground, SYNC_SHARE } from "../lib/server/background/background-reads";
import { createHistorySync, type HistorySyncJob } from "../lib/server/insights/history-sync";
import { insightsView } from "../lib/server/insights/insights-view";
import { insightsQuery } from "../lib/ui/insights/insights-tables";
import { createMemoryStore } from "../lib/server/shared/memory-store";
import { connectKey, createTestBackend, DEMO_KEYS, recordingJobs } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";

const TARGETS = { backfill: 150, refresh: 20 };
/** The live service's hourly limit per key (field notes): the sync may read `SYNC_SHARE` of it an hour. */
const LIVE_LIMIT = 1028;

async function main() {
  const start = Date.now();
  const runtime = await startSandbox({ dataDir: ":memory:", clock: fixedClock(new Date(start)), rateLimit: 1_000_000, scale: 1, basePath: "" });
  const seeded = Date.now() - start;
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  const { jobs, queued } = recordingJobs<HistorySyncJob>();
  let clock = start;
  const now = () => clock;
  const sync = createHistorySync({ db: backend.db, jobs, keys: backend.keys, background: createBackground({ proxy: backend, shared: createMemoryStore(), now }), now });
  try {
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const walk = async (key = brand) => {
      const before = backend.calls.length;
      const asked = (await sync.state(key.keyId))?.requests ?? 0;
      const began = Date.now();
      await sync.start(key.workspaceId, key.keyId);
      let runs = 0;
      for (let job = queued.shift(); job; job = queued.shift()) {
        await sync.run(job);
        runs++;
        // A new hour for each run: the background's tenth of the hour is the budget's, not the benchmark's, to show.
        clock += 3_600_000;
      }
      // Reads asked: each would reach the API on a cold cache (a nightly refresh's); the upstream count is lower where
      // the proxy's shared cache answered (the refresh's reference reads, moments after the backfill's here).
      const reads = (await sync.state(key.keyId))!.requests - asked;
      return { requests: reads, upstream: backend.calls.length - before, runs, ms: Date.now() - began };
    };
    const count = async (table: "history_invoices" | "history_lines", keyId: string) =>
      Number((await backend.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("key_id", "=", keyId).executeTakeFirstOrThrow()).n);
    const backfill = await walk();
    const [invoices, lines] = [await count("history_invoices", brand.keyId), await count("history_lines", brand.keyId)];
    clock += 86_400_000;
    const refresh = await walk();
    // The distributor's staff, keeping the whole distributor's history (their owner's choice on Keys).
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    await backend.db.updateTable("workspace_keys").set({ history_scope: "distributor" }).where("id", "=", staff.keyId).execute();
    const staffBackfill = await walk(staff);
    const [staffInvoices, staffLines] = [await count("history_invoices", staff.keyId), await count("history_lines", staff.keyId)];
    clock += 86_400_000;
    const staffRefresh = await walk(staff);
    // The page's server time over the distributor's history: the supplier ranking of the period, then the top seller's
    // part (first view of a history's version), then the same view again (kept in memory).
    const viewMs = async (weeks: string) => {
      const began = performance.now();
      const view = await insightsView(backend.db, staff.keyId, insightsQuery({ weeks }));
      if (!view.ready) throw new Error("the distributor's history is not in");
      return performance.now() - began;
    };
    const views = { first13: await viewMs("13"), again13: await viewMs("13"), first52: await viewMs("52") };
    // At the live service's limit, the sync reads at most SYNC_SHARE of it an hour.
    const perHour = Math.floor(LIVE_LIMIT * SYNC_SHARE);
    const hours = (requests: number) => `${Math.ceil(requests / perHour)} h`;
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      "## The insights' history (`npm run bench:history`)",
      "",
      `Measured ${date} on this repository's machine: the demo brand's key (Supplier) on the sandbox at scale 1 (seeded in ${(seeded / 1000).toFixed(1)} s) backfills a year of invoices (\`Statuses=1,2,3,4,5,7\`, 60-day windows, 500 a page) and their lines (400 invoices a request, 500 lines a page) through the proxy, then refreshes the last 60 days (and reads the products, the states, the customers, the reps and the retailers' stock again at each walk's end); then the demo staff's key (Employee) does the same for the whole distributor (an owner's choice on Keys; its suppliers are read too). Requests are the reads each walk asked of the proxy, all of which reach the API when the cache is cold, and of them the ones that did here. Time is this machine's with the sandbox in-process (no network); at the live service's limit (${LIVE_LIMIT} an hour) the sync reads at most ${perHour} an hour (\`SYNC_SHARE\`, ${Math.round(SYNC_SHARE * 100)} % of it), which gives the hours on the live service. Targets (the brand's): under ${TARGETS.backfill} requests for the backfill, under ${TARGETS.refresh} for a refresh.`,
      "",
      "| Walk | Requests | Reached the API here | Job runs | Time here | At the live limit |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| Brand backfill: ${invoices.toLocaleString("en-US")} invoices, ${lines.toLocaleString("en-US")} lines | ${backfill.requests} | ${backfill.upstream} | ${backfill.runs} | ${(backfill.ms / 1000).toFixed(1)} s | ${hours(backfill.requests)} |`,
      `| Brand refresh (60 days) | ${refresh.requests} | ${refresh.upstream} | ${refresh.runs} | ${(refresh.ms / 1000).toFixed(1)} s | ${hours(refresh.requests)} |`,
      `| Distributor backfill: ${staffInvoices.toLocaleString("en-US")} invoices, ${staffLines.toLocaleString("en-US")} lines | ${staffBackfill.requests} | ${staffBackfill.upstream} | ${staffBackfill.runs} | ${(staffBackfill.ms / 1000).toFixed(1)} s | ${hours(staffBackfill.requests)} |`,
      `| Distributor refresh (60 days) | ${staffRefresh.requests} | ${staffRefresh.upstream} | ${staffRefresh.runs} | ${(staffRefresh.ms / 1000).toFixed(1)} s | ${hours(staffRefresh.requests)} |`,
      "",
      `The Insights page over the distributor's history (server time, this machine): first view of 13 weeks (the supplier ranking, then the top seller's part of the year) ${Math.round(views.first13)} ms, the same again ${Math.round(views.again13)} ms, first view of 52 weeks ${Math.round(views.first52)} ms.`,
      "",
      `Backfill ${backfill.requests < TARGETS.backfill ? "under" : "over"} its target of ${TARGETS.backfill}; refresh ${refresh.requests < TARGETS.refresh ? "under" : "over"} its target of ${TARGETS.refresh}. The distributor's walks have no target of the issue's: they are an owner's choice, said in its words on Keys.`,
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
