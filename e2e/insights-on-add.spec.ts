import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect } from "@playwright/test";
import { type Started, startApp, stop } from "../scripts/processes";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey } from "./journeys/keyboard";
import { operatorKey } from "./operator";

// A brand key's history starts filling when the key is added, not when someone first opens Insights or at the next
// hourly sweep: an app of this file's own, from the existing build, with the history sweep on (the suite's
// server has it off, so that no key it adds spends its budget in the background: playwright.config.ts).

const test = base.extend<object, { app: { url: string; process: Started } }>({
  app: [
    async ({}, provide) => {
      const dir = mkdtempSync(join(tmpdir(), "backroom-e2e-on-add-"));
      const { base: url, process } = await startApp(dir, {
        build: false,
        // Blank, not unset: the runner's environment may name a database and Redis (CI does); this app is the embedded default.
        env: {
          HISTORY_SWEEP_SECONDS: "3600",
          COLLECTIONS_SWEEP_SECONDS: "0",
          WATCH_PERIOD_SECONDS: "0",
          SYNC_PACE_MS: "50",
          DATABASE_URL: "",
          REDIS_URL: "",
          LOG_LEVEL: "warn",
          // The run's: this file's operator requests (issuing the key) carry it (e2e/operator.ts).
          SANDBOX_OPERATOR_KEY: operatorKey(),
        },
      });
      await provide({ url, process });
      await stop(process.child);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ app }, provide) => provide(app.url),
});

// A failure comes with what the app said last.
test.afterEach(async ({ app }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach("app.log", { body: app.process.lines.slice(-200).join("\n"), contentType: "text/plain" });
});

test("a new brand key's history fills from the moment it is added, and Insights says when it expects to be done", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A key of the live limit (1,028 an hour): the sync may read 71 requests of it an hour, fewer than a year at the
  // sandbox's scale (about 80), so the backfill reads most of its year at once and waits for the next hour for the rest.
  await connectWithKey(page, await issueKey(page, "Supplier"));
  // Nobody opens Insights: an API client asking for sales is told the backfill is under way, how far, and when to ask
  // again, within seconds of the key being added (not at the next hourly sweep).
  let told = { status: 0, detail: "", retryAfter: null as string | null };
  await expect(async () => {
    const answer = await page.request.get("/api/insights/sales?from=2026-01-01&to=2026-03-31&by=product");
    const body = (await answer.json()) as { Error?: { code: string; detail: string } };
    told = {
      status: answer.status(),
      detail: body.Error?.detail ?? "",
      retryAfter: answer.headers()["retry-after"] ?? null,
    };
    // Done already (the walk crossed into a new hour and read the rest), or a window read and an estimate given.
    expect(told.status === 200 || /: [1-7] of 7 windows read\.$/.test(told.detail), JSON.stringify(told)).toBe(true);
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  if (told.status === 409) expect(Number(told.retryAfter)).toBeGreaterThan(0);

  // The first visit to Insights finds the history filling, with its estimate, and the figures of the windows read so
  // far (a window at least: the API said so), saying which days they cover.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  if (told.status === 200) {
    await expect(page.getByTestId("history-freshness")).toContainText("refreshed nightly");
    return;
  }
  const status = page.getByRole("status").filter({ hasText: "synced in the background" });
  await expect(status.getByTestId("backfill-estimate")).toHaveText(
    /^(About \d+ minutes? left|Less than a minute left): [1-7] of 7 windows read$/,
  );
  await expect(status.getByTestId("history-coverage")).toHaveText(
    /^Figures cover \w{3} \d{1,2}(, \d{4})? to (\w{3} )?\d{1,2}, \d{4}(, every day of the history)?; .+ is still being read\.$/,
  );
  await expect(page.getByTestId("history-freshness")).toContainText("invoices so far");
  // The 13 weeks' figures. Unless the period ends on a Sunday, they fall in 14 Monday-to-Sunday weeks, the first and
  // last partial (the first maybe not read yet): marked on the chart and in the table, as is a week read in part.
  const sales = page.getByRole("region", { name: "Sales", exact: true });
  const chart = sales.getByRole("img", { name: /^Weekly revenue, 1[34] weeks / });
  await expect(chart).toBeVisible();
  await expect(sales.getByRole("columnheader", { name: "Compared with" })).toBeVisible();
  const days = await sales.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(
    days.every((d) => /^(7 of 7|partial: [1-6] of 7 days(; [1-7] more still being read)?|not read yet)$/.test(d)),
  ).toBe(true);
  if (days.length === 14) {
    expect([days[0], days.at(-1)]).toEqual([
      expect.stringMatching(/^(partial: [1-6] of 7 days|not read yet)$/),
      expect.stringMatching(/^partial: [1-6] of 7 days$/),
    ]);
    await expect(chart).toHaveAccessibleName(/; partial weeks?, hatched: .*\w{3} \d{1,2} \([1-6] of 7 days\)/);
    await expect(sales.getByText("Partial week: only some of its 7 days counted")).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});
