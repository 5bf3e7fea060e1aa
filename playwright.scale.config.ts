import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/find-chromium";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

// npm run test:scale: the multi-instance deployment (e2e/scale/cluster.ts starts it; no webServer here), one worker,
// its tests in order. The production build must exist (scripts/test-scale.mjs builds it when stale).
export default defineConfig({
  testDir: "./e2e/scale",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  // An assertion waits up to 15 s, as the browser tests' (playwright.config.ts): npm test runs this beside them on
  // two cores, and a retailer's Invoices page with Redis stopped drew its heading after more than 5 s (a CI run of
  // 75c49e6, 2026-11-29; the page was there in the failure's screenshot).
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  // Its own output folder: npm test runs it beside the browser tests, whose run empties test-results/ as it starts.
  outputDir: "test-results-scale",
  use: { trace: { mode: "retain-on-failure", screenshots: false }, screenshot: "only-on-failure" },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
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
});
