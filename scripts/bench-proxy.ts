// npm run bench:proxy: on loopback, the standalone sandbox and Backroom's production server (PROXY_CACHE=off, then on).
// 1. The same GETs directly against the sandbox and through the proxy: added p50, p99 and mean latency (one connection)
//    and the throughput kept (10 connections).
// 2. A scripted browsing session through the proxy, with and without the response cache: upstream requests counted
//    exactly from the sandbox's RateLimit-Remaining of a fresh key per run.
// Writes its own section of docs/benchmarks.md, with this command and the date.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";
import { browsingSession, INVOICE_PAGE, runBrowsingSession, STEP_PAUSE_MS } from "./browsing-session";
import { fetchJson, freePort, onSignalStop, sessionCookie, start, stop, stopAll } from "./processes";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const LOAD_CONNECTIONS = 10;
const DEMO_KEY = "test-employee-demo";
const HEADING = "## Proxy (`npm run bench:proxy`)";
const SMALL = "/states";

const temp = mkdtempSync(join(tmpdir(), "backroom-bench-proxy-"));

interface Measured {
  p50: number;
  p99: number;
  mean: number;
  rps: number;
  errors: number;
}

/** autocannon against one URL; any other status counts as an error, as do connection errors and timeouts. */
async function measure(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds = SECONDS,
  status = 200,
): Promise<Measured> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== status)
    .reduce((n, [, stat]) => n + (stat.count ?? 0), 0);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + unexpected,
  };
}

/** Connects with a key, as the connect page does: the session cookie. */
const connect = (app: string, apiKey: string) => sessionCookie(app, { apiKey, environment: "test" });

/** Backroom's production server against the standalone sandbox, with the response cache on or off. */
async function startApp(api: string, cache: "on" | "off") {
  const port = await freePort();
  const dataDir = join(temp, `app-${cache}`);
  mkdirSync(dataDir);
  const app = start(`next (PROXY_CACHE=${cache})`, ["node", "scripts/start.mjs", "--port", String(port)], {
    DATA_API_PRODUCTION_URL: api.replace("/test/", "/production/"),
    DATA_API_TEST_URL: api,
    SANDBOX: "off",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-proxy-session-secret-0123456789abcdef",
    PROXY_CACHE: cache,
  });
  const url = `http://127.0.0.1:${port}`;
  await app.ready(`${url}/api/session`, 401, {}, 15 * 60_000);
  return { url, child: app.child };
}

const ms = (n: number) => n.toFixed(2);
const rounded = (n: number) => String(Math.round(n));
const pct = (n: number) => `${Math.round(n * 100)} %`;
const signed = (n: number, digits = 0) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(digits)}`;

onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

try {
  const began = Date.now();
  const load1 = loadavg()[0]!;
  const sandboxPort = await freePort();
  const benchSandbox = {
    root: `http://127.0.0.1:${sandboxPort}/test`,
    operatorKey: randomBytes(32).toString("base64url"),
  };
  const api = `${benchSandbox.root}/api/v1`;
  console.error(`sandbox: seeding a fresh database on port ${sandboxPort} (about 15 s)...`);
  const sandbox = start("sandbox", ["npx", "tsx", "scripts/sandbox.ts", "--port", String(sandboxPort)], {
    SANDBOX_DATA_DIR: join(temp, "sandbox"),
    SANDBOX_RATE_LIMIT: "100000000",
    SANDBOX_JOB_INTERVAL: "0",
    SANDBOX_OPERATOR_KEY: benchSandbox.operatorKey,
  });
  await sandbox.ready(`${api}${SMALL}`, 200, { "x-api-key": DEMO_KEY }, 5 * 60_000);
  const seededIn = Math.round((Date.now() - began) / 1000);

  const direct = { "x-api-key": DEMO_KEY };
  const pageText = await (await fetch(`${api}${INVOICE_PAGE}`, { headers: direct })).text();
  const page = JSON.parse(pageText) as { Data: { InvoiceID: number }[] };
  if (page.Data.length !== 50) throw new Error(`the invoice page has ${page.Data.length} rows, not 50`);
  const customers = await fetchJson<{ Data: { CustomerID: number }[] }>(`${api}/customers?PageSize=1`, {
    headers: direct,
  });
  const steps = browsingSession({
    invoice: page.Data[0]!.InvoiceID,
    otherInvoice: page.Data[1]!.InvoiceID,
    customer: customers.Data[0]!.CustomerID,
  });

  console.error("next: starting the production server with PROXY_CACHE=off...");
  let app = await startApp(api, "off");
  const cookie = { Cookie: await connect(app.url, DEMO_KEY) };
  const requests = [
    { name: "50-row invoice page", path: INVOICE_PAGE },
    { name: "small list (`/states`)", path: SMALL },
  ];

  const latency = [];
  const load = [];
  for (const r of requests) {
    console.error(
      `measuring GET ${r.path}: direct and through the proxy, ${SECONDS} s each at 1 and ${LOAD_CONNECTIONS} connections...`,
    );
    await measure(`${api}${r.path}`, direct, LOAD_CONNECTIONS, WARMUP_SECONDS);
    await measure(`${app.url}/api/v1${r.path}`, cookie, LOAD_CONNECTIONS, WARMUP_SECONDS);
    latency.push({
      ...r,
      direct: await measure(`${api}${r.path}`, direct, 1),
      proxy: await measure(`${app.url}/api/v1${r.path}`, cookie, 1),
    });
    load.push({
      ...r,
      direct: await measure(`${api}${r.path}`, direct, LOAD_CONNECTIONS),
      proxy: await measure(`${app.url}/api/v1${r.path}`, cookie, LOAD_CONNECTIONS),
    });
  }
  console.error("measuring what Next costs without an upstream call...");
  await measure(`${app.url}/api/v1${SMALL}`, {}, LOAD_CONNECTIONS, WARMUP_SECONDS, 401);
  await measure(`${app.url}/api/v1/no-such-operation`, cookie, LOAD_CONNECTIONS, WARMUP_SECONDS, 404);
  const floor = [
    {
      name: "`GET /api/v1/states` without a cookie (401): Next's routing and the route handler",
      m: await measure(`${app.url}/api/v1${SMALL}`, {}, 1, SECONDS, 401),
    },
    {
      name: "`GET /api/v1/no-such-operation` with the cookie (404): the above, plus the session's key (kept in process up to a second, else SQLite and AES-GCM) and a log line",
      m: await measure(`${app.url}/api/v1/no-such-operation`, cookie, 1, SECONDS, 404),
    },
  ];

  // Next's own ceiling: the most answers per second it gives with no session read and no upstream call.
  const ceiling = await measure(`${app.url}/api/v1${SMALL}`, {}, LOAD_CONNECTIONS, SECONDS, 401);

  console.error(`browsing session (${steps.length} GETs), PROXY_CACHE=off...`);
  const withoutCache = await runBrowsingSession([app.url], api, benchSandbox, steps);
  await stop(app.child);

  console.error("next: restarting with PROXY_CACHE=on...");
  app = await startApp(api, "on");
  console.error(`browsing session (${steps.length} GETs), PROXY_CACHE=on...`);
  const withCache = await runBrowsingSession([app.url], api, benchSandbox, steps);
  const cachedCookie = { Cookie: await connect(app.url, DEMO_KEY) };
  for (const r of requests) {
    console.error(`measuring GET ${r.path} served from the proxy's cache...`);
    await measure(`${app.url}/api/v1${r.path}`, cachedCookie, LOAD_CONNECTIONS, WARMUP_SECONDS);
    floor.push({
      name: `${r.name} from the proxy's cache (\`PROXY_CACHE=on\`): the 404's work, plus contract checks and the cached answer`,
      m: await measure(`${app.url}/api/v1${r.path}`, cachedCookie, 1),
    });
  }
  await stop(app.child);
  await stop(sandbox.child);

  const added = latency.map((r) => ({
    ...r,
    p50: r.proxy.p50 - r.direct.p50,
    p99: r.proxy.p99 - r.direct.p99,
    mean: r.proxy.mean - r.direct.mean,
  }));
  const kept = load.map((r) => ({ ...r, ratio: r.proxy.rps / r.direct.rps }));
  const reduction = 1 - withCache / withoutCache;
  const errors =
    [...latency, ...load].reduce((n, r) => n + r.direct.errors + r.proxy.errors, 0) +
    floor.reduce((n, f) => n + f.m.errors, 0) +
    ceiling.errors;
  const verdict = (met: boolean) => (met ? "met" : "**missed**");

  const tables = [
    `Latency, one connection, ${SECONDS} s each (milliseconds; p50 and p99 are autocannon's whole milliseconds, means fractional):`,
    "",
    "| Request | Direct p50 / p99 / mean | Through the proxy p50 / p99 / mean | Added p50 | Added p99 | Added mean |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...added.map(
      (r) =>
        `| ${r.name} | ${r.direct.p50} / ${r.direct.p99} / ${ms(r.direct.mean)} | ${r.proxy.p50} / ${r.proxy.p99} / ${ms(r.proxy.mean)} | ${signed(r.p50)} | ${signed(r.p99)} | ${signed(r.mean, 2)} |`,
    ),
    "",
    `Throughput, ${LOAD_CONNECTIONS} connections, ${SECONDS} s each:`,
    "",
    "| Request | Direct (requests/s) | Through the proxy (requests/s) | Proxy ÷ direct |",
    "| --- | ---: | ---: | ---: |",
    ...kept.map((r) => `| ${r.name} | ${rounded(r.direct.rps)} | ${rounded(r.proxy.rps)} | ${pct(r.ratio)} |`),
    "",
    `Next's ceiling on this machine: ${rounded(ceiling.rps)} requests/s for \`GET /api/v1/states\` without a cookie (a 401 from the route`,
    "handler: no session read, no upstream call), " +
      kept.map((r) => `${pct(ceiling.rps / r.direct.rps)} of the sandbox's direct rate on the ${r.name}`).join(", ") +
      ". Through the proxy, Next and the sandbox share the same cores, so the proxy can keep no more than that share.",
    "",
    `Where the proxy's time goes: answers from Next that make no upstream call (one connection, ${SECONDS} s each; compare with the proxy's figures above):`,
    "",
    "| Request | p50 / p99 / mean (ms) |",
    "| --- | ---: |",
    ...floor.map((f) => `| ${f.name} | ${f.m.p50} / ${f.m.p99} / ${ms(f.m.mean)} |`),
    "",
    `Browsing session, ${steps.length} GETs through the proxy:`,
    "",
    "| Server | Upstream requests |",
    "| --- | ---: |",
    `| \`PROXY_CACHE=off\` | ${withoutCache} |`,
    `| \`PROXY_CACHE=on\` | ${withCache} |`,
    `| Reduction | ${pct(reduction)} |`,
    "",
    "| Target | Measured | |",
    "| --- | --- | --- |",
    `| The cache halves upstream requests on the browsing session | ${withoutCache} → ${withCache} (${pct(reduction)} fewer) | ${verdict(withCache * 2 <= withoutCache)} |`,
    "",
    "The added latency and the throughput kept are reported, not targets: the earlier targets (under 2 ms added, 70 % of",
    "direct throughput) were replaced by `npm run bench:scale`'s, which measures the proxy's own work against Next's floor.",
  ].join("\n");

  const missed =
    withCache * 2 <= withoutCache ? [] : [`the cache saves ${pct(reduction)} of upstream requests, not half`];
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    HEADING,
    "",
    `Measured ${date} on this project's machine (${cpus().length} cores, Node ${process.version}) with \`npm run bench:proxy\``,
    `(\`BENCH_SECONDS=${SECONDS}\`): on loopback, the standalone sandbox (default seed, scale 1, in a fresh database, seeded and`,
    `answering after ${seededIn} s; rate limit raised out of the way, ERP jobs off) and Backroom's production build`,
    "(`node scripts/start.mjs`) with `DATA_API_TEST_URL` pointing at it, so the proxy calls it over HTTP as it would the real API.",
    `The sandbox, Next and autocannon share the machine's cores (load average ${load1.toFixed(2)} when the run began: other work on the`,
    "machine shows up in these figures; rerun to check).",
    "",
    `- **Latency and throughput**: the same GET with autocannon, directly against the sandbox (\`x-api-key\`) and through`,
    `  \`/api/v1/...\` with the session cookie of the Employee demo key, on a server with \`PROXY_CACHE=off\` so every request goes`,
    `  upstream. One connection for latency, ${LOAD_CONNECTIONS} for throughput, ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up. The 50-row page is`,
    `  \`${INVOICE_PAGE}\` (${Math.round(Buffer.byteLength(pageText) / 1024)} KB). autocannon sends no \`Accept-Encoding\`, so Next does not compress; a browser would`,
    `  get gzip, which costs Next more. Errors (any other status than expected): ${errors}.`,
    `- **Cache savings**: a scripted browsing session of ${steps.length} GETs (invoices pages 1, 2 and back, two invoices' details`,
    "  and lines (one of them twice), payments, payment types, open invoices, AR aging twice, customers pages 1, 2 and back,",
    "  one customer and its credit terms, products pages 1, 2 and back, categories; states and warehouses again as pages",
    "  load), run once on a server with `PROXY_CACHE=off` and once, after a restart, with `PROXY_CACHE=on`, each with a",
    "  fresh operator-issued Employee key. Upstream requests are the drop in the sandbox's `RateLimit-Remaining` for that key, read with one direct",
    `  request before and after (that request subtracted). Steps are ${STEP_PAUSE_MS} ms apart, so the session is a few minutes of use`,
    "  compressed into seconds, inside the 15 s freshness of lists: spread over real minutes, repeated list reads would be",
    "  revalidated upstream (`If-None-Match`, answered 304, still counted by the rate limit), and only reference data",
    "  (5 minutes) and AR aging (until the end of the day) would be served from the cache alone.",
    "",
    tables,
    "",
    missed.length ? `**Target missed**: ${missed.join("; ")}.` : "The target is met.",
    "",
  ].join("\n");

  writeBenchmarkSection(HEADING, section);
  console.log(tables);
  console.log(`\n${missed.length ? `Target missed: ${missed.join("; ")}.` : "The target is met."}`);
  console.log(`Wrote docs/benchmarks.md (${Math.round((Date.now() - began) / 1000)} s).`);
} finally {
  await stopAll();
  rmSync(temp, { recursive: true, force: true });
}
