// npm run bench:start: how soon a new data directory can try the demo. Starts the production build on a fresh data
// directory BENCH_RUNS times (3; building first when there is no build, outside the timings) and times, each run: from
// the process's start to `GET /api/ready` answering 200; from then, the first `POST /api/demo` (the sign-in page's "Try
// as a retailer", Test environment, with the server's Origin); then the restore of the seed that the browser tests'
// setup makes (`POST /sandbox/test/operator/reset`, with the operator key the sandbox wrote in the new data
// directory). Target: the demo answered within 3 s of ready. Prints a Markdown section with the median and every run,
// and the sandbox's own lines (seeded, or copied from the template); BENCH_WRITE=1 writes it into docs/benchmarks.md.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { writeBenchmarkSection } from "./benchmarks-doc";
import { buildIfStale } from "./build-if-stale.mjs";
import { freePort, median, onSignalStop, start, stop, stopAll } from "./processes";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 3_000;
const HEADING = "## A new data directory's first demo (`npm run bench:start`)";
const temp = mkdtempSync(join(tmpdir(), "backroom-bench-start-"));
onSignalStop(() => rmSync(temp, { recursive: true, force: true }));

interface Run {
  readyMs: number;
  demoMs: number;
  resetMs: number;
  sandboxLines: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function once(run: number): Promise<Run> {
  const dir = join(temp, `run-${run}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const app = start("next", ["node", "scripts/start.mjs", "--port", String(port), "--no-build"], {
    SANDBOX_DATA_DIR: join(dir, "sandbox"),
    DATA_DIR: join(dir, "data"),
    SANDBOX_JOB_INTERVAL: "0",
    // The embedded default, as `npm start` on a fresh clone: blank, not unset (the runner's environment may name them).
    DATABASE_URL: "",
    REDIS_URL: "",
    // The operator key the sandbox makes at its first start, read from its file below.
    SANDBOX_OPERATOR_KEY: "",
    LOG_LEVEL: "warn",
  });
  try {
    for (;;) {
      if (app.child.exitCode !== null) throw new Error(`the server exited:\n${app.lines.slice(-30).join("\n")}`);
      const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.status === 200) break;
      if (performance.now() - began > 600_000) throw new Error("not ready within 10 minutes");
      await sleep(100);
    }
    const ready = performance.now();
    const demo = await fetch(`${base}/api/demo`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ as: "Customer", environment: "test" }),
    });
    if (demo.status !== 200) throw new Error(`POST /api/demo: ${demo.status} ${await demo.text()}`);
    await demo.arrayBuffer();
    const answered = performance.now();
    // Made by then: the demo's answer waited for the sandbox's start, whose first step it is.
    const operatorKey = readFileSync(join(dir, "sandbox", "operator-key"), "utf8").trim();
    const reset = await fetch(`${base}/sandbox/test/operator/reset`, {
      method: "POST",
      headers: { "x-api-key": operatorKey, "Content-Type": "application/json" },
      body: "{}",
    });
    if (reset.status !== 200)
      throw new Error(`POST /sandbox/test/operator/reset: ${reset.status} ${await reset.text()}`);
    await reset.arrayBuffer();
    const restored = performance.now();
    return {
      readyMs: ready - began,
      demoMs: answered - ready,
      resetMs: restored - answered,
      sandboxLines: app.lines.filter((line) => line.startsWith("sandbox:")),
    };
  } finally {
    await stop(app.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  buildIfStale();
  const load = loadavg()[0]!.toFixed(2);
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i++) {
    runs.push(await once(i));
    console.error(
      `run ${i}: ready ${seconds(runs.at(-1)!.readyMs)} s, demo ${seconds(runs.at(-1)!.demoMs)} s after, reset ${seconds(runs.at(-1)!.resetMs)} s`,
    );
  }
  const demo = median(runs.map((r) => r.demoMs));
  const section = [
    HEADING,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's machine (2 cores, Node ${process.version}; load average ${load} when the run began) with \`npm run bench:start\`:`,
    `the production build (\`node scripts/start.mjs --no-build\`) on a fresh data directory, ${RUNS} times; the embedded default (SQLite,`,
    "memory), the sandbox at scale 1. Ready: from the process's start to `/api/ready` answering 200. Demo: from then to the answer of the first",
    '`POST /api/demo` ("Try as a retailer", Test). Reset: then `POST /sandbox/test/operator/reset`, as the browser tests\' setup does',
    "(with the operator key the sandbox wrote in the new data directory, `sandbox/operator-key`).",
    "",
    `Target: the demo within ${TARGET_MS / 1000} s of ready. Median: **${seconds(demo)} s** (${demo <= TARGET_MS ? "met" : "missed"}).`,
    "",
    "| Run | Ready (s) | Demo after ready (s) | Reset (s) |",
    "| ---: | ---: | ---: | ---: |",
    ...runs.map((r, i) => `| ${i + 1} | ${seconds(r.readyMs)} | ${seconds(r.demoMs)} | ${seconds(r.resetMs)} |`),
    `| median | ${seconds(median(runs.map((r) => r.readyMs)))} | ${seconds(demo)} | ${seconds(median(runs.map((r) => r.resetMs)))} |`,
    "",
    "The sandbox's lines in the first run:",
    "",
    "```",
    ...runs[0]!.sandboxLines,
    "```",
    "",
  ].join("\n");
  console.log(section);
  if (process.env.BENCH_WRITE === "1") writeBenchmarkSection(HEADING, section);
}

try {
  await main();
} finally {
  await stopAll();
  rmSync(temp, { recursive: true, force: true });
}
