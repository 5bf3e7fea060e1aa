// npm run bench:sandbox: autocannon on loopback against the standalone sandbox (default seed, fresh database):
// reads, and the writes a person makes (an allocation request, validating and saving a 150-line purchase order).
// Writes p50, p99 and requests per second to docs/benchmarks.md, with this command and the date.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";

const PORT = 4011;
const ROOT = `http://127.0.0.1:${PORT}/test`;
const BASE = `${ROOT}/api/v1`;
const KEY = "test-employee-demo";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Latency is measured with one connection: the server is single-threaded, so with N connections p50 mostly measures
// queueing behind our own other requests. One more run with 10 connections shows throughput under load.
const CONNECTIONS = 1;
const LOAD_CONNECTIONS = 10;

const dataDir = mkdtempSync(join(tmpdir(), "backroom-bench-"));
const server = spawn("npx", ["tsx", "scripts/sandbox.ts", "--port", String(PORT)], {
  env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_RATE_LIMIT: "100000000", SANDBOX_JOB_INTERVAL: "0" },
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
  return {
    status: res.status,
    etag: res.headers.get("ETag"),
    body: (await res.json()) as { Data: { InvoiceID: number }[] },
  };
}

interface Row {
  name: string;
  path: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

interface Target {
  method?: "GET" | "POST";
  /** Relative to the test environment's base: `/api/v1/invoices`. */
  path: string;
  key?: string;
  headers?: Record<string, string>;
  /** A JSON body, made afresh for each request (a create needs a new po_num every time). */
  body?: () => unknown;
}

async function measure(name: string, target: Target, expectStatus = 200, connections = CONNECTIONS): Promise<Row> {
  const body = target.body;
  const result = await autocannon({
    url: `${ROOT}${target.path}`,
    connections,
    duration: SECONDS,
    method: target.method ?? "GET",
    headers: {
      "x-api-key": target.key ?? KEY,
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...target.headers,
    },
    ...(body ? { requests: [{ setupRequest: (req: object) => ({ ...req, body: JSON.stringify(body()) }) }] } : {}),
  });
  // Anything but the expected status counts as an error, as do connection errors and timeouts.
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((n, [, stat]) => n + (stat.count ?? 0), 0);
  return {
    name,
    path: `${target.method ?? "GET"} ${target.path.replace(/^\/api/, "")}`,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + unexpected,
  };
}

/** A 150-line purchase order of the demo brand: the size the purchase editor is built for. */
async function largeOrder() {
  const supplier = { "x-api-key": "test-supplier-demo" };
  const vendors = (await (await fetch(`${ROOT}/api/v1/vendors`, { headers: supplier })).json()) as {
    Data: { VendorID: number; LocationID: number; SupplierID: number; RequirePOBatchCodes: boolean }[];
  };
  const vendor = vendors.Data.find((v) => !v.RequirePOBatchCodes)!;
  const products = (await (await fetch(`${ROOT}/api/v1/products?PageSize=500`, { headers: supplier })).json()) as {
    Data: { ProductID: number; State: string; StatusID: number }[];
  };
  const state = (await (
    await fetch(`${ROOT}/api/v1/locations/${vendor.LocationID}`, { headers: supplier })
  ).json()) as { Data: { State: string }[] };
  const usable = products.Data.filter((p) => p.StatusID === 1 && p.State === state.Data[0]!.State);
  const lines = Array.from({ length: 150 }, (_, i) => ({
    product_id: usable[i % usable.length]!.ProductID,
    cases: 1 + (i % 9),
  }));
  return {
    vendor_id: vendor.VendorID,
    to_location_id: vendor.LocationID,
    supplier_id: vendor.SupplierID,
    delivery_date: "2099-01-05",
    purchase_transactions: lines,
  };
}

try {
  const started = Date.now();
  const log = await ready();
  const seedLine = log
    .split("\n")
    .filter((l) => l.includes("seeded"))
    .join("; ");
  const page = await get("/invoices?Statuses=1,2,3,4,5,7&PageSize=1");
  const invoiceId = page.body.Data[0]!.InvoiceID;
  const filtered = "/invoices?Statuses=1,2,3,4,5,7&StartDate=2025-06-01";
  const revalidate = await get(`${filtered}&PageSize=50`);

  const order = await largeOrder();
  const payments = (await get("/payments?ARAccountIDs=50001&PageSize=500")).body as unknown as {
    Data: { PaymentInvoiceNum: string; AvailableBalance: string }[];
  };
  const payment = payments.Data.find((p) => Number(p.AvailableBalance) >= 1)!;
  const invoice = (
    (await get("/payments/openInvoices?ARAccountIDs=50001")).body as unknown as {
      Data: { InvoiceNum: string; OpenBalance: string }[];
    }
  ).Data.find((i) => Number(i.OpenBalance) > 0)!;
  let poNumber = 0;

  const rows = [
    await measure("single record", { path: `/api/v1/invoices/${invoiceId}` }),
    await measure("50-row invoice page, filtered", { path: `/api/v1${filtered}&PageSize=50` }),
    await measure("500-row invoice page, filtered", { path: `/api/v1${filtered}&PageSize=500` }),
    await measure(
      "304 revalidation of the 50-row page",
      { path: `/api/v1${filtered}&PageSize=50`, headers: { "If-None-Match": revalidate.etag! } },
      304,
    ),
    await measure(
      `50-row invoice page, ${LOAD_CONNECTIONS} connections`,
      { path: `/api/v1${filtered}&PageSize=50` },
      200,
      LOAD_CONNECTIONS,
    ),
    // A millionth each, so the payment's credit outlasts the run.
    await measure(
      "allocation request (write)",
      {
        method: "POST",
        path: `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=50001&Amount=0.000001`,
      },
      201,
    ),
    await measure("validate a 150-line purchase order", {
      method: "POST",
      path: "/api/v2/purchases/validate",
      key: "test-supplier-demo",
      body: () => ({ ...order, po_num: "BENCH-VALIDATE" }),
    }),
    await measure(
      "create a 150-line draft (write)",
      {
        method: "POST",
        path: "/api/v2/purchases",
        key: "test-supplier-demo",
        body: () => ({ ...order, po_num: `BENCH-${++poNumber}` }),
      },
      201,
    ),
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
    "Writes run in one transaction each, with the stored answer for idempotency; the 150-line order is the demo brand's, 1 to 9 cases a line.",
    "",
    table,
    "",
  ].join("\n");

  writeBenchmarkSection("## Sandbox (`npm run bench:sandbox`)", section);
  console.log(table);
  console.log(`\nWrote docs/benchmarks.md (${Math.round((Date.now() - started) / 1000)} s).`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
