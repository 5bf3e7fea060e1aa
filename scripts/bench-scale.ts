// npm run bench:scale: Backroom as a deployment (scripts/cluster.ts: the standalone sandbox, PostgreSQL, Redis, two
// instances, nginx) plus one instance on the embedded default, all on loopback. Needs DATABASE_URL (scripts/test-services.sh).
// 1. The proxy's own work against Next's floor (GET /api/health, a route handler that answers without work), one
//    request at a time, interleaved: a cache hit, and a miss less the same request made directly, for each profile.
// 2. bench:proxy's browsing session through one instance, and through two in turn (round robin): upstream requests.
// 3. Throughput of a cached GET: one instance, and two at once.
// Writes its section of docs/benchmarks.md, with this command and the date.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";
import { browsingSession, employeeKey, INVOICE_PAGE, runBrowsingSession, STEP_PAUSE_MS } from "./browsing-session";
import { buildIfStale } from "./build-if-stale.mjs";
import { startCluster } from "./cluster";
import { fetchJson, freePort, onSignalStop, sessionCookie, start, stopAll } from "./processes";
import { operationList, type OperationId } from "../lib/data-api/registry";
import { mayCall } from "../lib/session/roles";

const HEADING = "## Scale (`npm run bench:scale`)";
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOAD_CONNECTIONS = 10;
const temp = mkdtempSync(join(tmpdir(), "backroom-bench-scale-"));

interface Summary {
  p50: number;
  p90: number;
  mean: number;
}

function summarize(times: number[]): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p90: at(0.9), mean: times.reduce((n, t) => n + t, 0) / times.length };
}

/** One request's time to its whole body, ms; fails on another status than expected. */
async function timed(url: string, headers: Record<string, string>, status = 200): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (res.status !== status) throw new Error(`GET ${url}: ${res.status}, expected ${status}`);
  return took;
}

/**
 * The proxy's own work on one instance: floor, hit, miss and the miss's direct twin, interleaved one request at a time
 * so that whatever else the machine does weighs on all four alike.
 */
async function ownWork(app: string, api: string, key: string, forwarded: Record<string, string>) {
  const cookie = { Cookie: await sessionCookie(app, { apiKey: key, environment: "test" }, { headers: forwarded }) };
  const direct = { "x-api-key": key };
  const hitPath = "/states";
  // Warm both paths (Next compiles nothing in production, but the first requests fill caches and pools).
  for (let i = 0; i < 50; i++) {
    await timed(`${app}/api/health`, {});
    await timed(`${app}/api/v1${hitPath}`, cookie);
  }
  const floor: number[] = [];
  const hit: number[] = [];
  const miss: number[] = [];
  const missDirect: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // Each miss asks for a page no request asked for before: one invoice, page i + 1.
    const page = `/invoices?Statuses=1,2,3,4,5,7&PageSize=1&Page=${i + 1}`;
    floor.push(await timed(`${app}/api/health`, {}));
    hit.push(await timed(`${app}/api/v1${hitPath}`, cookie));
    missDirect.push(await timed(`${api}${page}`, direct));
    miss.push(await timed(`${app}/api/v1${page}`, cookie));
  }
  return { floor: summarize(floor), hit: summarize(hit), miss: summarize(miss), missDirect: summarize(missDirect) };
}

/** Sign-ins timed, one at a time; better-auth allows 20 a minute per address, so a handful, below that. */
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 15);

/**
 * A password sign-in's time to its answer (Argon2id's check, the session written and mirrored), ms, for a new person;
 * `forwarded`: what the app's load balancer would add (better-auth takes sign-ins from PUBLIC_URL's origin only).
 */
async function signIns(app: string, forwarded: Record<string, string>): Promise<Summary> {
  const email = `bench-sign-in-${Date.now().toString(36)}@example.test`;
  const password = "a long passphrase for the benchmark";
  const post = (path: string, body: object) =>
    fetch(`${app}/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app, ...forwarded },
      body: JSON.stringify(body),
    });
  const made = await post("/sign-up/email", { email, password, name: "Bench person" });
  if (made.status !== 200) throw new Error(`sign-up: ${made.status} ${await made.text()}`);
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    const res = await post("/sign-in/email", { email, password });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  }
  return summarize(times);
}

/** The role stage's own question (`mayCall`: may this role make this write), ns a call, over every role and write. */
function roleCheckNs(): number {
  const writes = operationList.filter((o) => o.method !== "GET");
  const roles = ["owner", "admin", "accounts", "purchasing", "viewer"];
  const rounds = 200_000;
  let allowed = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) {
    const op = writes[i % writes.length]!;
    if (mayCall(roles[i % roles.length], op.id as OperationId, op.method)) allowed++;
  }
  const took = Number(process.hrtime.bigint() - started);
  if (allowed === 0) throw new Error("no role allowed any write");
  return took / rounds;
}

/** Requests per second of a cached GET with autocannon, on each URL at once (connections shared out). */
async function throughput(apps: string[], cookie: Record<string, string>): Promise<{ rps: number; errors: number }> {
  const runs = await Promise.all(
    apps.map((app) =>
      autocannon({
        url: `${app}/api/v1/states`,
        connections: LOAD_CONNECTIONS / apps.length,
        duration: SECONDS,
        headers: cookie,
      }),
    ),
  );
  return {
    rps: runs.reduce((n, r) => n + r.requests.average, 0),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}

const ms = (n: number) => n.toFixed(2);

onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:scale needs DATABASE_URL (and redis-server, nginx): eval "$(scripts/test-services.sh start /tmp/backroom-services)"',
  );
  process.exit(1);
}
buildIfStale();
const began = Date.now();
const load1 = loadavg()[0]!;
console.error("starting the cluster: sandbox (seeding takes about 15 s), PostgreSQL, Redis, two instances, nginx...");
const cluster = await startCluster({ sandboxEnv: { SANDBOX_RATE_LIMIT: "100000000" } });
try {
  const sandbox = { root: `${cluster.sandbox.url}/test`, operatorKey: cluster.sandbox.operatorKey };
  const api = `${sandbox.root}/api/v1`;
  const [one, two] = cluster.instances;

  console.error("starting an instance on the embedded default (SQLite, memory)...");
  const embeddedPort = await freePort();
  const embedded = start(
    "embedded",
    [process.execPath, "scripts/start.mjs", "--no-build", "--port", String(embeddedPort)],
    {
      DATA_API_TEST_URL: api,
      DATA_API_PRODUCTION_URL: api.replace("/test/", "/production/"),
      DATA_DIR: join(temp, "embedded"),
      SESSION_SECRET: "bench-scale-session-secret-0123456789abcdef",
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "info",
      INSTANCE_ID: "embedded",
    },
  );
  const embeddedUrl = `http://127.0.0.1:${embeddedPort}`;
  await embedded.ready(`${embeddedUrl}/api/ready`, 200, {}, 120_000);

  const profiles = [
    { name: "Embedded (SQLite, memory)", url: embeddedUrl, forwarded: {} },
    { name: "PostgreSQL + Redis", url: one.url, forwarded: one.forwarded },
  ];
  const work = [];
  for (const profile of profiles) {
    console.error(`${profile.name}: ${SAMPLES} rounds of floor, hit, direct and miss...`);
    work.push({
      ...profile,
      ...(await ownWork(profile.url, api, await employeeKey(sandbox), profile.forwarded)),
      signIn: await signIns(profile.url, profile.forwarded),
    });
  }

  const customers = await fetchJson<{ Data: { CustomerID: number }[] }>(`${api}/customers?PageSize=1`, {
    headers: { "x-api-key": "test-employee-demo" },
  });
  const invoices = await fetchJson<{ Data: { InvoiceID: number }[] }>(`${api}${INVOICE_PAGE}`, {
    headers: { "x-api-key": "test-employee-demo" },
  });
  const steps = browsingSession({
    invoice: invoices.Data[0]!.InvoiceID,
    otherInvoice: invoices.Data[1]!.InvoiceID,
    customer: customers.Data[0]!.CustomerID,
  });
  console.error(`browsing session (${steps.length} GETs): through one instance, then through two in turn...`);
  const throughOne = await runBrowsingSession([one.url], api, sandbox, steps, one.forwarded);
  const throughTwo = await runBrowsingSession([one.url, two.url], api, sandbox, steps, one.forwarded);

  console.error(`throughput of a cached GET, ${LOAD_CONNECTIONS} connections, ${SECONDS} s: one instance, then two...`);
  const cookie = {
    Cookie: await sessionCookie(
      one.url,
      { apiKey: await employeeKey(sandbox), environment: "test" },
      { headers: one.forwarded },
    ),
  };
  await throughput([one.url, two.url], cookie);
  const single = await throughput([one.url], cookie);
  const pair = await throughput([one.url, two.url], cookie);

  const over = work.map((w) => ({
    ...w,
    hitOver: w.hit.p50 - w.floor.p50,
    hitOverMean: w.hit.mean - w.floor.mean,
    missOver: w.miss.p50 - w.missDirect.p50 - w.floor.p50,
  }));
  const verdict = (met: boolean) => (met ? "met" : "**missed**");
  const roleNs = roleCheckNs();
  const tables = [
    `The proxy's own work, one request at a time, ${SAMPLES} rounds of four requests (ms, time to the whole body):`,
    "",
    "| Profile | Floor p50 / p90 / mean | Cache hit p50 / p90 / mean | Hit over the floor, p50 (mean) | Miss p50 | Same request direct, p50 | Miss over direct and floor, p50 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...over.map(
      (w) =>
        `| ${w.name} | ${ms(w.floor.p50)} / ${ms(w.floor.p90)} / ${ms(w.floor.mean)} | ${ms(w.hit.p50)} / ${ms(w.hit.p90)} / ${ms(w.hit.mean)} | ${ms(w.hitOver)} (${ms(w.hitOverMean)}) | ${ms(w.miss.p50)} | ${ms(w.missDirect.p50)} | ${ms(w.missOver)} |`,
    ),
    "",
    `Sign-in with a password (\`POST /api/auth/sign-in/email\`), ${SIGN_INS} one after another (ms):`,
    "",
    "| Profile | p50 | p90 | mean |",
    "| --- | ---: | ---: | ---: |",
    ...work.map((w) => `| ${w.name} | ${ms(w.signIn.p50)} | ${ms(w.signIn.p90)} | ${ms(w.signIn.mean)} |`),
    "",
    `The role check (\`mayCall\`, the role stage's question), in process: ${roleNs.toFixed(0)} ns a call over every role and write.`,
    "",
    `Browsing session, ${steps.length} GETs (bench:proxy's), a fresh key each time:`,
    "",
    "| Through | Upstream requests |",
    "| --- | ---: |",
    `| One instance | ${throughOne} |`,
    `| Two instances in turn (round robin) | ${throughTwo} |`,
    "",
    `Throughput of a cached GET (\`/api/v1/states\`, PostgreSQL + Redis), ${LOAD_CONNECTIONS} connections, ${SECONDS} s:`,
    "",
    "| Instances | Requests/s | Errors |",
    "| --- | ---: | ---: |",
    `| One | ${Math.round(single.rps)} | ${single.errors} |`,
    `| Two (${LOAD_CONNECTIONS / 2} connections each) | ${Math.round(pair.rps)} | ${pair.errors} |`,
    `| Two ÷ one | ${(pair.rps / single.rps).toFixed(2)} | |`,
    "",
    "| Target | Measured | |",
    "| --- | --- | --- |",
    ...over.map(
      (w) =>
        `| A cache hit costs at most 1 ms over Next's floor: ${w.name} | ${ms(w.hitOver)} ms at p50 (mean ${ms(w.hitOverMean)} ms) | ${verdict(w.hitOver <= 1)} |`,
    ),
    `| Two instances make as many upstream requests as one | ${throughTwo} through two, ${throughOne} through one | ${verdict(throughTwo === throughOne)} |`,
  ].join("\n");
  const missed = [
    ...over
      .filter((w) => w.hitOver > 1)
      .map((w) => `a cache hit costs ${ms(w.hitOver)} ms over the floor in the ${w.name} profile`),
    ...(throughTwo === throughOne
      ? []
      : [`two instances made ${throughTwo} upstream requests, one made ${throughOne}`]),
  ];

  const date = new Date().toISOString().slice(0, 10);
  const section = [
    HEADING,
    "",
    `Measured ${date} on this project's machine (${cpus().length} cores, Node ${process.version}) with \`npm run bench:scale\``,
    `(\`BENCH_SAMPLES=${SAMPLES}\`, \`BENCH_SECONDS=${SECONDS}\`), everything on loopback and sharing the two cores (load average`,
    `${load1.toFixed(2)} when the run began): the standalone sandbox as the Data API (rate limit raised out of the way), two`,
    "production instances on one PostgreSQL and one Redis (`scripts/cluster.ts`, as `npm run test:scale` starts them), and",
    "one instance on the embedded default (SQLite in its data folder, caches in memory). Instances log one JSON line per",
    "proxied request, as in production.",
    "",
    "- **Own work**: one request at a time from Node's `fetch` (keep-alive), in rounds of four, signed in (a person whose",
    "  workspace holds an issued Employee key, better-auth's session cookie): Next's floor",
    "  (`GET /api/health`, a route handler that answers without work), a cache hit (`GET /api/v1/states`, fresh for",
    "  5 minutes, with the session cookie), then a page no request asked for before (`/invoices?PageSize=1&Page=n`)",
    "  directly from the sandbox and, right after, through the proxy (a miss: looked up, fetched, stored). A hit's own work",
    "  is its time less the floor's (who is asking and their key, the contract and role checks, the cache read, the log",
    "  line); a miss's is its time less the direct request's and the floor's. The floor includes Next's routing and the client's own time.",
    "- **Sign-in**: a new person signs in with their password again and again, one at a time: Argon2id's check, the",
    "  session written to the database and mirrored in the shared store, the audit entry. better-auth allows 20 sign-ins a",
    "  minute per address, so the sample is small.",
    `- **Browsing session**: bench:proxy's ${steps.length} GETs, ${STEP_PAUSE_MS} ms apart, with a fresh operator-issued key each time: once all`,
    "  through one instance, once through the two in turn. Upstream requests are the drop in the sandbox's",
    "  `RateLimit-Remaining` for the key (read directly before and after, that request subtracted).",
    "- **Throughput**: autocannon on a cached GET: one instance with all the connections, then both at once with half each.",
    "  Both instances, the sandbox, PostgreSQL, Redis and autocannon share two cores, so a second instance adds no",
    "  processor: on separate machines each instance has its own.",
    "",
    tables,
    "",
    missed.length ? `**Targets missed**: ${missed.join("; ")}.` : "Both targets are met.",
  ].join("\n");
  writeBenchmarkSection(HEADING, section);
  console.log(tables);
  console.log(`\n${missed.length ? `Targets missed: ${missed.join("; ")}.` : "Both targets are met."}`);
  console.log(`Wrote docs/benchmarks.md (${Math.round((Date.now() - began) / 1000)} s).`);
} finally {
  await stopAll();
  await cluster.stop();
  rmSync(temp, { recursive: true, force: true });
}
