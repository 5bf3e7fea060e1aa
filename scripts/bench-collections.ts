// npm run bench:collections: what the collections snapshot costs and what the page then costs. The demo staff's key
// (Employee) on the sandbox at scale 1 walks the AR aging, the customers, the open invoices and the payments (and the
// invoices by id the open invoices leave unnamed) through the proxy, as the job queue would run it (each job a few
// requests, queued again at once), then refreshes a day later; then the page's server time over the snapshot: reading
// it (first view of a snapshot, then kept in memory) and listing it (filter, sort, page) for a few of the page's
// addresses. Every request that reaches the Data API is counted. Prints a Markdown section; BENCH_WRITE=1 writes it
// into docs/benchmarks.md. Runs with the react-server condition, as the server-only modules run in Next's server.
import { fixedClock } from "../lib/sandbox/clock";
import { startSandbox } from "../lib/sandbox/runtime";
import { createBackground, SYNC_SHARE } from "../lib/server/core/background/background-reads";
import { createCollectionsSync, type CollectionsSyncJob } from "../lib/server/collections/collections-sync";
import { collectionsView } from "../lib/server/collections/collections-view";
import { createMemoryStore } from "../lib/server/core/shared/memory-store";
import { connectKey, DEMO_KEYS, recordingJobs } from "../lib/server/core/testing";
import { createTestBackend } from "../lib/server/testing";
import { collectionsQuery, listed, pageOf } from "@/lib/domain/collections/collections-list";
import { entryOf, type EntryOf, type ListName } from "@/lib/domain/collections/collections-input";
import { reliabilities } from "../lib/server/collections/collections-snapshot";
import { scoredSince } from "../lib/server/collections/collections-walk";
import { writeBenchmarkSection } from "./benchmarks-doc";

/** The live service's hourly limit per key (field notes): the sync may read `SYNC_SHARE` of it an hour. */
const LIVE_LIMIT = 1028;
/** The page's addresses timed: the default list, over 90 days by total, the accounts on hold with credit by days since, a name search's second page. */
const ADDRESSES = ["", "age=90&sort=total", "hold=1&credit=1&sort=daysSince&dir=asc", "q=cloud&page=2"];

async function main() {
  const start = Date.now();
  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(new Date(start)),
    rateLimit: 1_000_000,
    scale: 1,
    basePath: "",
  });
  const seeded = Date.now() - start;
  const backend = await createTestBackend((request) => runtime.app.fetch(request));
  const { jobs, queued } = recordingJobs<CollectionsSyncJob>();
  let clock = start;
  const now = () => clock;
  // The proxy on the benchmark's clock too: a day later its copies are stale, as a nightly refresh finds them.
  const sync = createCollectionsSync({
    db: backend.db,
    jobs,
    keys: backend.keys,
    background: createBackground({ proxy: { ...backend, now }, shared: createMemoryStore(), now }),
    now,
  });
  try {
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const walk = async () => {
      const before = backend.calls.length;
      const asked = (await sync.state(staff.keyId))?.requests ?? 0;
      const began = Date.now();
      await sync.start(staff.workspaceId, staff.keyId);
      let runs = 0;
      for (let job = queued.shift(); job; job = queued.shift()) {
        await sync.run(job);
        runs++;
        // A new hour for each run: the background's share of the hour is the budget's, not the benchmark's, to show.
        clock += 3_600_000;
      }
      const calls = backend.calls.slice(before);
      const byList = (path: string) => calls.filter((c) => c.url.pathname.endsWith(path)).length;
      const byId = calls.filter((c) => c.url.pathname.endsWith("/invoices") && c.url.searchParams.has("InvoiceIDs"));
      const scored = byList("/invoices") - byId.length;
      return {
        scores: byList("/applications") + scored,
        requests: (await sync.state(staff.keyId))!.requests - asked,
        upstream: calls.length,
        lists: `${byList("/arAging")} aging, ${byList("/customers")} customers, ${byList("/openInvoices")} open invoices, ${byList("/payments")} payments, ${byId.length} invoices by id; the score's: ${byList("/applications")} applications, ${scored} invoices of the year`,
        runs,
        ms: Date.now() - began,
      };
    };
    const first = await walk();
    clock += 86_400_000;
    const refresh = await walk();
    // The page's server time: the snapshot read (a new snapshot's first view reads it from the database; later views
    // find it in memory), then each address's filter, sort and page.
    const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
      const began = performance.now();
      const result = await work();
      return [result, performance.now() - began];
    };
    const calls = backend.calls.length;
    const [view, firstRead] = await timed(() => collectionsView(backend.db, staff.keyId));
    if (!view.ready) throw new Error("the snapshot is not in");
    const accounts = view.rows.length;
    const named = view.rows.filter((r) => r.customerIds.length > 0).length;
    const [, again] = await timed(() => collectionsView(backend.db, staff.keyId));
    const lists = ADDRESSES.map((address) => {
      const began = performance.now();
      const query = collectionsQuery(new URLSearchParams(address));
      const shown = pageOf(listed(view.rows, query), query.page);
      return { address: address || "(default)", ms: performance.now() - began, rows: shown.rows.length };
    });
    if (backend.calls.length !== calls) throw new Error("the page's reads asked the API");
    // The scores' part of a walk's end: every account's score from the year's applications and invoices, read here
    // straight from the sandbox (not through the proxy: these reads are not the walk's) and timed alone.
    const direct = async <L extends ListName>(list: L, path: string): Promise<EntryOf<L>[]> => {
      const all: EntryOf<L>[] = [];
      for (let page = 1; ; page++) {
        const response = await runtime.app.fetch(
          new Request(`http://sandbox.bench/test/api/v1${path}&PageSize=500&Page=${page}`, {
            headers: { "x-api-key": DEMO_KEYS.Employee },
          }),
        );
        const body = (await response.json()) as { Data: unknown[]; HasNextPage: boolean };
        all.push(...body.Data.flatMap((r) => entryOf(list, r) ?? []));
        if (!body.HasNextPage) return all;
      }
    };
    const applications = await direct("applications", "/payments/applications?Statuses=Confirmed");
    const scoredInvoices = await direct(
      "scored",
      `/invoices?Statuses=3,4,5,7&StartDate=${scoredSince(view.state.asOf)}`,
    );
    const [scores, scoreMs] = await timed(() =>
      reliabilities(view.rows, { applications, scored: scoredInvoices }, view.state.asOf),
    );
    const withScore = [...scores.values()].filter((r) => r.score !== null).length;
    const perHour = Math.floor(LIVE_LIMIT * SYNC_SHARE);
    const hours = (requests: number) =>
      requests <= perHour ? "within the hour" : `${Math.ceil(requests / perHour)} h`;
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      "## The collections snapshot (`npm run bench:collections`)",
      "",
      `Measured ${date} on this repository's machine: the demo staff's key (Employee) on the sandbox at scale 1 (seeded in ${(seeded / 1000).toFixed(1)} s) walks every page (500 a page) of the AR aging, the customers (every status), the open invoices and the payments, then the invoices by id that name the accounts no open invoice names, through the proxy, and computes one row per AR account (${accounts.toLocaleString("en-US")} accounts, ${named.toLocaleString("en-US")} with a customer known); a day later it refreshes. Requests are the reads each walk asked of the proxy, and of them the ones that reached the API here. Time is this machine's with the sandbox in-process (no network); at the live service's limit (${LIVE_LIMIT} an hour) the sync reads at most ${perHour} an hour (\`SYNC_SHARE\`, ${Math.round(SYNC_SHARE * 100)} % of it). Reading these lists live would cost each view of the page the same requests.`,
      "",
      "| Walk | Requests | Reached the API here | By list | Job runs | Time here | At the live limit |",
      "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
      `| First walk | ${first.requests} | ${first.upstream} | ${first.lists} | ${first.runs} | ${(first.ms / 1000).toFixed(1)} s | ${hours(first.requests)} |`,
      `| Refresh, a day later | ${refresh.requests} | ${refresh.upstream} | ${refresh.lists} | ${refresh.runs} | ${(refresh.ms / 1000).toFixed(1)} s | ${hours(refresh.requests)} |`,
      "",
      `The payment-reliability score (issue 67) adds two lists to each walk: every page of \`/payments/applications?Statuses=Confirmed\` (${applications.length.toLocaleString("en-US")} applications) and of \`/invoices?Statuses=3,4,5,7&StartDate=\` (the close less 365 + 90 days: ${scoredInvoices.length.toLocaleString("en-US")} invoices), ${first.scores} of the first walk's ${first.requests} requests. Scoring every account at the walk's end (${scores.size.toLocaleString("en-US")} accounts, ${withScore.toLocaleString("en-US")} with a score) takes ${Math.round(scoreMs)} ms here. Time here is mostly the syncs' pace (\`SYNC_PACE_MS\`: one read a second, waited for in real time within a job run), about a second a request.`,
      "",
      `The page's server time over the snapshot (this machine, no request to the API): the snapshot read ${Math.round(firstRead)} ms on a view of a snapshot not yet held, ${again.toFixed(1)} ms once held in memory; then filtered, sorted and paged: ${lists.map((l) => `\`${l.address}\` ${l.ms.toFixed(1)} ms (${l.rows} rows shown)`).join(", ")}.`,
    ].join("\n");
    console.log(section);
    if (process.env.BENCH_WRITE === "1") writeBenchmarkSection("## The collections snapshot", section);
  } finally {
    await backend.close();
    await runtime.close();
  }
}

void main();
