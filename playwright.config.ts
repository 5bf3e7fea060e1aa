import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/find-chromium";
import { E2E_DEMO_RATE_LIMIT } from "./e2e/harness";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = join(tmpdir(), `backroom-e2e-${port}`);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
// The sandbox's operator key for this run, made here once: the workers load this file again but inherit the runner's
// environment, so they read this one (e2e/operator.ts), as do the server below and the apps a spec starts.
process.env.SANDBOX_OPERATOR_KEY ||= randomBytes(32).toString("base64url");

// Browser tests run against a production build (`npm start` builds first when needed).
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // The multi-instance deployment has its own config (playwright.scale.config.ts, npm run test:scale).
  testIgnore: "scale/**",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers share two cores with the production server and its sandbox: a page of 1 MB of HTML (/docs/api) or a
  // 500-row table takes seconds to load and query there, so a test gets 60 s rather than Playwright's 30.
  timeout: 60_000,
  // And an assertion waits up to 15 s rather than 5: on such a machine the Employee's payments page (an AR account
  // list of 1,200) and the replenishment plan have shown their rows after 5 s (CI, 2026-11-25).
  expect: { timeout: 15_000 },
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (actions, network, console, sources), a screenshot of where it stopped and the
    // page's accessibility tree then (error-context.md). The trace records neither a screencast nor DOM snapshots:
    // encoding every frame cost a fifth of the browser tests' time, and serialising the page at every action a sixth of
    // what was left (the dashboard spec's pages: 60 s and 106 CPU-seconds without them, 69 to 78 s and 119 to 134 with;
    // docs/benchmarks.md).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "setup", testMatch: "global.setup.ts" },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: {
        ...devices["Desktop Chrome"],
        // Backroom's service worker precaches the build's shell and answers navigations: a browser test that is not
        // about it runs without it (as page.route() needs), and e2e/offline-shell.spec.ts allows it.
        serviceWorkers: "block",
        launchOptions: {
          executablePath: findChromium(process.env, undefined, { tests: true }),
          args: [
            ...(isRoot ? ["--no-sandbox"] : []),
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // On CI the run starts from empty databases: a directory left by an earlier run on the same machine (another
    // branch's migrations, its accounts) would otherwise be this run's. Locally the server is reused as it is.
    command: process.env.CI
      ? `rm -rf ${dataDir} && node scripts/start.mjs --port ${port}`
      : `node scripts/start.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/docs/api`,
    reuseExistingServer: !process.env.CI,
    // The build, when there is none (CI), and its seed templates of the sandbox (15 to 30 s: docs/sandbox.md).
    timeout: 420_000,
    stdout: "pipe",
    // The embedded sandbox and the session store keep their databases for the run outside the working tree.
    env: {
      SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR ?? dataDir,
      DATA_DIR: process.env.DATA_DIR ?? dataDir,
      // Only the tests hold it: the operator's endpoints take no demo key.
      SANDBOX_OPERATOR_KEY: process.env.SANDBOX_OPERATOR_KEY,
      // The demo keys' hourly limit: the run's seventy demo tests share them (e2e/harness.ts).
      SANDBOX_RATE_LIMIT: String(E2E_DEMO_RATE_LIMIT),
      // The ERP's jobs run when a test asks (operator endpoints), never on a timer in the middle of a test.
      SANDBOX_JOB_INTERVAL: "0",
      // A write's first follow-up (e2e/notifications.spec.ts) after 16 s: past the 15 s a page's copy of the list stays
      // fresh, so the follow-up's read asks the API (the later waits are the schedule's: 2 minutes and more).
      FOLLOW_UP_INTERVAL_SECONDS: "16",
      // No hourly watches: one crossing an hour in the middle of a test would tell its fresh workspace of every overdue
      // invoice, and the bell's count would not be the test's. The watches are tested on their own (lib/server/watch/,
      // and e2e/scale/jobs.spec.ts on a running cluster).
      WATCH_PERIOD_SECONDS: "0",
      // No sweep of the reorder lists' match to their invoices: its reads of every open list, every few seconds, would
      // spend the demo keys' sync budget under the other tests. A list's page asks for its own match when it is read
      // (its last older than 2 s here, 5 minutes by default), as a person's open page does (lib/server/order-guide/).
      ORDER_LIST_MATCH_SECONDS: "0",
      ORDER_LIST_MATCH_ON_VIEW_SECONDS: "2",
      // The same for the disputes' match to the stores' credit memos: a dispute's read asks for its own (lib/server/disputes/).
      DISPUTE_MATCH_SECONDS: "0",
      DISPUTE_MATCH_ON_VIEW_SECONDS: "2",
      // And for what reps collected at the door, matched to the accounts' payments (lib/server/collections/).
      COLLECTED_MATCH_SECONDS: "0",
      COLLECTED_MATCH_ON_VIEW_SECONDS: "2",
      // No history sweep either (its reads would spend the demo keys' budgets under the tests that count them), nor the
      // collections' sweep; with the sweeps off, a key added starts no walk either: a page opened starts its key's first
      // (e2e/insights-on-add.spec.ts starts a server of its own with the sweep on).
      HISTORY_SWEEP_SECONDS: "0",
      COLLECTIONS_SWEEP_SECONDS: "0",
      // The syncs' pace, a request every 10 ms rather than every second: the tests of Insights and Collections read a
      // key's whole year (the distributor's, some 450 requests) within seconds (their two specs took 111 s at 50 ms, 93
      // at 10). The pace itself is tested on a simulated clock (lib/server/insights/history-sync.test.ts).
      SYNC_PACE_MS: "10",
      // The browser tests run the embedded default (SQLite, memory), as `npm start` does; `npm run test:scale` runs
      // the service profile. Blank, not unset: Playwright adds the runner's own environment, which CI gives both URLs.
      DATABASE_URL: "",
      REDIS_URL: "",
      // One JSON line per proxied request would bury the test output; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
  },
});
