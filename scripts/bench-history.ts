// npm run bench:history: what the insights' history sync spends of a key's budget, and how long it takes at the live
// service's limit. The demo brand's key (Supplier) on the sandbox at scale 1, whose answers carry the live limit (1,028
// an hour), backfills a year of invoices and lines through the proxy, as the job queue would run it, on a simulated
// clock: each run some requests, queued again at once; a request a second at most (SYNC_PACE_MS); a run put off while
// the key's hourly share (SYNC_SHARE, 71 requests) is spent, until the next hour. Begun at the top of an hour, then a
// day later a refresh of the last 60 days, then another brand workspace's backfill begun at a quarter to the hour; then
// the demo staff's key (Employee) does the same for the whole distributor, as an owner may choose on Keys. Every
// request that reaches the Data API is counted. Targets (the brand's): under 150 for the backfill, under 20 for a
// refresh. Prints a Markdown section; BENCH_WRITE=1 writes it into docs/benchmarks.md. Runs with the react-server
// condition, as the server-only modules run in Next's server.
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import {
  createBackground,
  SYNC_PACE_MS,
  SYNC_SHARE,
  syncRequestsPerHour,
} from "../lib/server/core/background/background-reads";
import { createHistorySync, type HistorySyncJob } from "../lib/server/insights/history-sync";
import { insightsView } from "../lib/server/insights/insights-view";
import { insightsQuery } from "@/lib/domain/insights/insights-tables";
import { createMemoryStore } from "../lib/server/core/shared/memory-store";
import { connectKey, DEMO_KEYS, scheduledJobs } from "../lib/server/core/testing";
import { createTestBackend } from "../lib/server/testing";
import { writeBenchmarkSection } from "./benchmarks-doc";
import type { HistoryTables } from "../lib/server/insights/tables";

const TARGETS = { backfill: 150, refresh: 20 };
/** The live service's hourly limit per key (field notes): the sync may read `SYNC_SHARE` of it an hour. */
const LIVE_LIMIT = 1028;
const HOUR_MS = 3_600_000;

/** A simulated span in words: "16 s", "14 min 58 s", "6 h 19 min". */
function span(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

async function main() {
  const start = Date.now();
  // The sandbox's own limit is the live one: its answers carry it, and the background's share is counted from it.
  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(new Date(start)),
    rateLimit: LIVE_LIMIT,
    scale: 1,
    basePath: "",
  });
  const seeded = Date.now() - start;
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  // The simulated clock, from the top of the hour the benchmark began in: the pace's waits and the queue's delays move it.
  const clock = { at: Math.floor(start / HOUR_MS) * HOUR_MS };
  const { jobs, next } = scheduledJobs<HistorySyncJob>(clock);
  const now = () => clock.at;
  const background = createBackground({
    proxy: backend,
    shared: createMemoryStore(),
    now,
    sleep: async (ms) => void (clock.at += ms),
  });
  const sync = createHistorySync({ db: backend.db, jobs, keys: backend.keys, background, now });
  try {
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const walk = async (key = brand) => {
      const before = backend.calls.length;
      const asked = (await sync.state(key.keyId))?.requests ?? 0;
      const began = Date.now();
      const from = clock.at;
      await sync.start(key.workspaceId, key.keyId);
      let runs = 0;
      for (let job = next(); job; job = next()) {
        await sync.run(job);
        runs++;
      }
      // Reads asked: each would reach the API on a cold cache (a nightly refresh's); the upstream count is lower where
      // the proxy's shared cache answered (the refresh's reference reads, moments after the backfill's here; a step cut
      // short by the hour's share and read again in the next).
      const reads = (await sync.state(key.keyId))!.requests - asked;
      return {
        requests: reads,
        upstream: backend.calls.length - before,
        runs,
        ms: Date.now() - began,
        simulated: clock.at - from,
      };
    };
    const count = async (table: "history_invoices" | "history_lines", keyId: string) =>
      Number(
        (
          await backend.db
            .withTables<HistoryTables>()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("key_id", "=", keyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const backfill = await walk();
    const [invoices, lines] = [await count("history_invoices", brand.keyId), await count("history_lines", brand.keyId)];
    const nextDay = () => (clock.at = Math.floor(clock.at / HOUR_MS) * HOUR_MS + 24 * HOUR_MS);
    nextDay();
    const refresh = await walk();
    // The same brand's key added to another workspace at a quarter to an hour (the issue's demo brand).
    nextDay();
    clock.at += 45 * 60_000;
    const quarterTo = await walk(await connectKey(backend, DEMO_KEYS.Supplier, "Supplier"));
    // The distributor's staff, keeping the whole distributor's history (their owner's choice on Keys).
    nextDay();
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    await backend.db
      .withTables<HistoryTables>()
      .updateTable("workspace_keys")
      .set({ history_scope: "distributor" })
      .where("id", "=", staff.keyId)
      .execute();
    const staffBackfill = await walk(staff);
    const [staffInvoices, staffLines] = [
      await count("history_invoices", staff.keyId),
      await count("history_lines", staff.keyId),
    ];
    nextDay();
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
    const perHour = syncRequestsPerHour(LIVE_LIMIT);
    const date = new Date().toISOString().slice(0, 10);
    const row = (name: string, w: Awaited<ReturnType<typeof walk>>) =>
      `| ${name} | ${w.requests} | ${w.upstream} | ${w.runs} | ${(w.ms / 1000).toFixed(1)} s | ${span(w.simulated)} |`;
    const section = [
      "## The insights' history (`npm run bench:history`)",
      "",
      `Measured ${date} on this repository's machine: the demo brand's key (Supplier) on the sandbox at scale 1 (seeded in ${(seeded / 1000).toFixed(1)} s), the live service's limit on its answers (${LIVE_LIMIT} an hour), backfills a year of invoices (\`Statuses=1,2,3,4,5,7\`, 60-day windows, 500 a page) and their lines (400 invoices a request, 500 lines a page) through the proxy, then refreshes the last 60 days (and reads the products, the states, the customers, the reps and the retailers' stock again at each walk's end); the same key added to another workspace at a quarter to an hour backfills again (the issue's demo brand); then the demo staff's key (Employee) does the same for the whole distributor (an owner's choice on Keys; its suppliers are read too). The job queue is run on a simulated clock, as it would run the walk: each run some requests and the next queued at once, one request a second at most (\`SYNC_PACE_MS\`, ${SYNC_PACE_MS} ms), and a run put off while the key's hourly share is spent (\`SYNC_SHARE\`, ${Math.round(SYNC_SHARE * 100)} % of it: ${perHour} requests a clock hour) until the next hour. Requests are the reads each walk asked of the proxy, all of which reach the API when the cache is cold, and of them the ones that did here (a step cut short by the hour's share is read again in the next: the proxy's copy answers). "Time here" is this machine's with the sandbox in-process (no network, no pace); "Done after" is the simulated time from the walk's start to its end at the live limit and pace. Targets (the brand's): under ${TARGETS.backfill} requests for the backfill, under ${TARGETS.refresh} for a refresh.`,
      "",
      "| Walk | Requests | Reached the API here | Job runs | Time here | Done after, at the live limit |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      row(
        `Brand backfill, begun at the top of an hour: ${invoices.toLocaleString("en-US")} invoices, ${lines.toLocaleString("en-US")} lines`,
        backfill,
      ),
      row("Brand refresh (60 days)", refresh),
      row("Brand backfill, begun at a quarter to an hour", quarterTo),
      row(
        `Distributor backfill: ${staffInvoices.toLocaleString("en-US")} invoices, ${staffLines.toLocaleString("en-US")} lines`,
        staffBackfill,
      ),
      row("Distributor refresh (60 days)", staffRefresh),
      "",
      `The windows follow each other at once, a request a second; a backfill waits only once its hour's ${perHour} requests are read, until the next hour (a new key's backfill starts when it is added: nobody need open Insights). ${backfill.requests > perHour ? `The brand's year is ${backfill.requests} requests, more than an hour's share: begun at the top of an hour it waits out the rest of that hour, begun at a quarter to a quarter of an hour.` : `The brand's year is ${backfill.requests} requests, within an hour's share: it is read in one go.`}`,
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
