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
