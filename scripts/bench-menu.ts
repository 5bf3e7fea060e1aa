// npm run bench:menu: a brand's public menu under load, from one instance of a production build on the
// embedded sandbox. The demo brand makes a link; its first view reads the snapshot (4 requests upstream); then
// autocannon holds 200 requests a second on /menu/{token} for 20 s, and the upstream requests made meanwhile are
// counted from /api/metrics (backroom_upstream_requests_total): the page is served from its snapshot, with none.
// Writes its section of docs/benchmarks.md. The per-address limit is raised for the run (MENU_RATE_LIMIT): autocannon
// is one address.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";
import { onSignalStop, sessionCookie, startApp, stopAll } from "./processes";

const RATE = 200;
const SECONDS = 20;
const TOKEN = "bench-metrics-token";
const temp = mkdtempSync(join(tmpdir(), "backroom-bench-menu-"));
onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

async function upstreamRequests(base: string): Promise<number> {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("backroom_upstream_requests_total{"))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

async function main() {
  const { base } = await startApp(temp, {
    env: {
      HISTORY_SWEEP_SECONDS: "0",
      COLLECTIONS_SWEEP_SECONDS: "0",
      METRICS_TOKEN: TOKEN,
      MENU_RATE_LIMIT: "1000000",
    },
  });
  const cookie = await sessionCookie(base, { demo: "Supplier", environment: "test" });
  const made = await fetch(`${base}/api/menus`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bench",
      states: [],
      categories: [],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      contactEmail: "sales@brand.example",
    }),
  });
  if (made.status !== 201) throw new Error(`POST /api/menus answered ${made.status}: ${await made.text()}`);
  const { url } = (await made.json()) as { url: string };
  const path = new URL(url).pathname;
  const start = await upstreamRequests(base);
  const first = await fetch(`${base}${path}`);
  const bytes = (await first.text()).length;
  if (first.status !== 200) throw new Error(`the menu answered ${first.status}`);
  const before = await upstreamRequests(base);
  const result = await autocannon({ url: `${base}${path}`, connections: 10, overallRate: RATE, duration: SECONDS });
  const after = await upstreamRequests(base);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    "## A brand's public menu (`npm run bench:menu`)",
    "",
    `Measured ${date} on this repository's two-core machine: one instance (\`npm start\`, embedded sandbox, SQLite, memory`,
    `store), the demo brand's link to all its products (a page of ${Math.round(bytes / 1024)} kB), ${RATE} requests a second for ${SECONDS} s over`,
    "10 connections (autocannon), after one view that read the snapshot.",
    "",
    "| Figure | Result | Target |",
    "| --- | --- | --- |",
    `| Requests answered | ${result.requests.total} (${Math.round(result.requests.average)} a second), ${non2xx} not 200 | ${RATE} a second, all 200 |`,
    `| Latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms | |`,
    `| Upstream requests of the first view (the snapshot's reads) | ${before - start} | |`,
    `| Upstream requests during the load | ${after - before} | 0 (served from the snapshot) |`,
    "",
  ].join("\n");
  console.log(section);
  writeBenchmarkSection("## A brand's public menu (`npm run bench:menu`)", section);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopAll();
    rmSync(temp, { recursive: true, force: true });
  });
