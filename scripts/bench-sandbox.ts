// npm run bench:sandbox: autocannon on loopback against the standalone sandbox (default seed, fresh database).
// Writes p50, p99 and requests per second to docs/benchmarks.md, with this command and the date.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const PORT = 4011;
const BASE = `http://127.0.0.1:${PORT}/test/api/v1`;
const KEY = "test-employee-demo";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Latency is measured with one connection: the server is single-threaded, so with N connections p50 mostly measures
// queueing behind our own other requests. One more run with 10 connections shows throughput under load.
const CONNECTIONS = 1;
const LOAD_CONNECTIONS = 10;

const dataDir = mkdtempSync(join(tmpdir(), "backroom-bench-"));
const server = spawn("npx", ["tsx", "scripts/sandbox.ts", "--port", String(PORT)], {
  env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_RATE_LIMIT: "100000000" },
  stdio: ["ignore", "pipe", "inherit"],
});

async function ready(): Promise<string> {
  let log = "";
  return new Promise((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("listening on")) resolve(log);
    });
    server.on("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}

async function get(path: string) {
  const res = await fetch(`${BASE}${path}`, { headers: { "x-api-key": KEY } });
  return { status: res.status, etag: res.headers.get("ETag"), body: (await res.json()) as { Data: { InvoiceID: number }[] } };
}

interface Row {
  name: string;
  path: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(name: string, path: string, headers: Record<string, string> = {}, expectStatus = 200, connections = CONNECTIONS): Promise<Row> {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections,
    duration: SECONDS,
    headers: { "x-api-key": KEY, ...headers },
  });
  // Anything but the expected status counts as an error, as do connection errors and timeouts.
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((n, [, stat]) => n + (stat.count ?? 0), 0);
  return { name, path, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.timeouts + unexpected };
}

try {
  const started = Date.now();
  const log = await ready();
  const seedLine = log.split("\n").filter((l) => l.includes("seeded")).join("; ");
  const page = await get("/invoices?Statuses=1,2,3,4,5,7&PageSize=1");
  const invoiceId = page.body.Data[0]!.InvoiceID;
  const filtered = "/invoices?Statuses=1,2,3,4,5,7&StartDate=2025-06-01";
  const revalidate = await get(`${filtered}&PageSize=50`);

  const rows = [
    await measure("single record", `/invoices/${invoiceId}`),
    await measure("50-row invoice page, filtered", `${filtered}&PageSize=50`),
    await measure("500-row invoice page, filtered", `${filtered}&PageSize=500`),
    await measure("304 revalidation of the 50-row page", `${filtered}&PageSize=50`, { "If-None-Match": revalidate.etag! }, 304),
    await measure(`50-row invoice page, ${LOAD_CONNECTIONS} connections`, `${filtered}&PageSize=50`, {}, 200, LOAD_CONNECTIONS),
  ];

  const date = new Date().toISOString().slice(0, 10);
  const table = [
    "| Scenario | Path | p50 (ms) | p99 (ms) | Requests/s | Errors |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | \`${r.path}\` | ${r.p50} | ${r.p99} | ${r.rps} | ${r.errors} |`),
  ].join("\n");
  const section = [
    "## Sandbox (`npm run bench:sandbox`)",
    "",
    `Measured ${date} on this project's machine (${cpus().length} cores, Node ${process.version}): the standalone sandbox on loopback,`,
    `default seed (scale 1) in a fresh database, Employee key, ${SECONDS} s per scenario (autocannon), one connection unless the`,
    `scenario says otherwise (with more, p50 measures queueing behind the benchmark's own requests: the server is single-threaded).`,
    `Seed: ${seedLine || "n/a"}. Target: p50 under 5 ms for a 50-row page. autocannon reports whole milliseconds: 0 is under 1 ms.`,
    "",
    table,
    "",
  ].join("\n");

  const file = new URL("../docs/benchmarks.md", import.meta.url);
  let doc: string;
  try {
    doc = readFileSync(file, "utf8");
  } catch {
    doc = "# Benchmarks\n\nEvery figure here comes from a command in this repository; rerun it to check.\n\n";
  }
  const start = doc.indexOf("## Sandbox (`npm run bench:sandbox`)");
  if (start === -1) doc = `${doc.trimEnd()}\n\n${section}`;
  else {
    const next = doc.indexOf("\n## ", start + 1);
    doc = `${doc.slice(0, start)}${section}${next === -1 ? "" : doc.slice(next + 1)}`;
  }
  writeFileSync(file, doc);
  console.log(table);
  console.log(`\nWrote docs/benchmarks.md (${Math.round((Date.now() - started) / 1000)} s).`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
