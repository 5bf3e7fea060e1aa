import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey, requestsSince } from "./journeys/keyboard";

// Insights: a brand's key connected, its history synced in the background (this server's history sweep is
// off, so the page's first visit queues the backfill: e2e/insights-on-add.spec.ts has a server that starts it when the
// key is added), then the page opens from the history alone: no Data API request on load, narrowed to one retailer,
// the account health table exported whole, axe clean.

/**
 * The keys' own hourly limit (the sandbox's operator grants one): the history sync reads at most 7 % of a key's hour,
 * and a year of the sandbox's history (scale 1) is more than 7 % of the live limit, 1,028: a brand's backfill ends in
 * its second hour there, a distributor's in its seventh (docs/benchmarks.md). The tests look at what the page makes of
 * a history, not at the pace, which lib/server/insights/history-sync.test.ts checks on a simulated clock.
 */
const SYNCING = { rateLimit: 100_000 };

/** A CSV line's fields (quoted ones unquoted). */
function cells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
    m[1]!.replace(/^"|"$/g, "").replace(/""/g, '"'),
  );
}

test("a brand opens Insights from its synced history, narrows to a retailer and exports the account health", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A key of its own: the sync's reads spend its budget, not the demo brand's that other tests count.
  await connectWithKey(page, await issueKey(page, "Supplier", SYNCING));
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // The first visit queues the backfill; the page says how far it has come, then shows the days read so far, until
  // its year is in.
  await expect(async () => {
    await page.goto("/insights");
    await expect(page.getByTestId("history-freshness")).toContainText("refreshed nightly", { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });

  // Opened again: nothing asked of the API (the background's reads are marked as its own in the log).
  const since = new Date().toISOString();
  await page.goto("/insights");
  await expect(page.getByTestId("history-freshness")).toContainText(
    /History up to .* · [\d,]+ invoices · refreshed nightly/,
  );
  await expect(page.getByRole("img", { name: /Weekly revenue, 1[34] weeks/ })).toBeVisible();
  const revenue = page.getByRole("region", { name: "Sales", exact: true }).getByRole("definition").first();
  await expect(revenue).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(await requestsSince(page, since)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // Last month's feature (the sandbox seeds the brand one) with its lift told, and the distribution sorted
  // by velocity, every rate with two decimals.
  const feature = page
    .getByRole("region", { name: "Promotion lift", exact: true })
    .locator("tbody tr")
    .filter({ hasText: "Harvest Special" });
  await expect(feature).toHaveCount(1);
  await expect(feature.locator("td").nth(8)).toHaveText(/^[−-]?\d[\d,]*\.\d%$/);
  const distribution = page.locator("#distribution");
  await distribution.getByRole("link", { name: /^Units per door per week/ }).click();
  await expect(page).toHaveURL(/dsort=unitsPerDoorPerWeek/);
  await expect(distribution.getByRole("columnheader", { name: /Units per door per week/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const rates = await distribution.locator("tbody tr td:nth-child(6)").allTextContents();
  expect(rates.length).toBeGreaterThan(1);
  expect(rates.every((r) => /^\d[\d,]*\.\d\d$/.test(r))).toBe(true);
  const values = rates.map((r) => Number(r.replace(/,/g, "")));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await expect(page.locator("#lines").getByRole("columnheader")).toHaveText([
    /Product line/,
    /Doors/,
    /New doors/,
    /Lost doors/,
    /Units per door per week/,
    /Share of doors/,
  ]);

  // Narrowed to the retailer that bought most in the period.
  const top = page
    .getByRole("region", { name: "By retailer", exact: true })
    .locator("tbody tr")
    .first()
    .locator("td")
    .nth(1);
  const name = (await top.textContent())!;
  await page.getByLabel("Retailer", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/customer=\d+/);
  await expect(page.getByRole("heading", { level: 2, name: `Sales to ${name}` })).toBeVisible();
  const health = page.getByRole("region", { name: "Account health", exact: true });
  await expect(health.locator("tbody tr")).toHaveCount(1);
  await expect(health.locator("tbody tr td").nth(1)).toHaveText(name);

  // Back to every retailer, sorted by days since the last order, longest first, and exported whole.
  await page.getByRole("link", { name: "All retailers" }).click();
  await expect(page).not.toHaveURL(/customer=/);
  await health.getByRole("link", { name: /^Days since/ }).click();
  await expect(page).toHaveURL(/sort=daysSince/);
  await expect(health.getByRole("columnheader", { name: /Days since/ })).toHaveAttribute("aria-sort", "descending");
  const rows = Number(
    (await health
      .getByText(/rows?[.;]/)
      .first()
      .textContent())!
      .match(/([\d,]+) rows?/)![1]!
      .replace(/,/g, ""),
  );
  const download = page.waitForEvent("download");
  await health.getByRole("link", { name: "Export CSV of account health" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^insights-health-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    'ID,Retailer,Last order,Days since,Median reorder (days),Tier,"Revenue, last 30 days","Revenue, 30 days before",Growth,Orders',
  );
  expect(lines.length - 1).toBe(rows);
  // In the page's order: days since descending, those never ordered last.
  const days = lines.slice(1).map((line) => cells(line)[3]!);
  const known = days.filter((d) => d !== "").map(Number);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  expect(days.slice(known.length).every((d) => d === "")).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone, a table shows its first rows and more a page at a time, landing on the first added; the others stay.
  await page.setViewportSize({ width: 390, height: 844 });
  const retailers = page.getByRole("region", { name: "By retailer", exact: true });
  await expect(retailers.locator("tbody tr")).toHaveCount(10);
  const caption = retailers.getByText(/^The first \d+ of [\d,]+ rows/);
  const stores = Number(/of ([\d,]+) rows/.exec((await caption.textContent())!)![1]!.replace(/,/g, ""));
  expect(stores).toBeGreaterThan(20);
  const more = retailers.getByRole("navigation", { name: "More rows of sales by retailer" });
  await more.getByRole("link", { name: /^Show 10 more/ }).click();
  await expect(page).toHaveURL(/[?&]show=retailers%3A20(&|#|$)/);
  await expect(retailers.locator("tbody tr")).toHaveCount(20);
  await expect(caption).toHaveText(new RegExp(`^The first 20 of ${stores.toLocaleString("en-US")} rows`));
  await expect(retailers.locator("#retailers-row-10")).toBeInViewport();
  await expect(health.locator("tbody tr")).toHaveCount(Math.min(25, rows));
  expect(await seriousViolations(page)).toEqual([]);
});

test("a rep's Employee key: Insights over their accounts once they are linked, with the week's leaderboard and a supplier chosen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await connectWithKey(page, await issueKey(page, "Employee", SYNCING));
  await page.goto("/insights");
  await expect(page.getByText("no member is linked to one yet")).toBeVisible();

  // The person links themself to Marcus Brown (rep 1006) on the Members page.
  await page.goto("/settings/members");
  // Typed again until the page is hydrated (Save stays disabled for text React has not seen).
  await expect(async () => {
    await page.getByLabel("Sales rep UserID of Journey person").fill("1006");
    await page.getByRole("button", { name: "Save the sales rep of Journey person" }).click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText("Journey person is linked to the sales rep with UserID 1006.")).toBeVisible();

  const link = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Insights" });
  await expect(async () => {
    await page.goto("/");
    await expect(link).toHaveAttribute("href", "/insights?rep=1006", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await link.click();
  await expect(async () => {
    await page.goto("/insights?rep=1006");
    await expect(page.getByTestId("history-freshness")).toContainText("refreshed nightly", { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByTestId("history-freshness")).toContainText(
    /invoices of [\d,]+ accounts of 1 linked rep · refreshed nightly/,
  );

  const since = new Date().toISOString();
  await page.goto("/insights?rep=1006");
  await expect(page.getByRole("heading", { level: 2, name: /^Sales \(.+'s accounts\)$/ })).toBeVisible();
  const leaderboard = page.getByRole("region", { name: "Weekly leaderboard", exact: true });
  await expect(leaderboard.locator("tbody tr").first()).toBeVisible();
  await expect(leaderboard.locator("tbody tr").first().locator("td").first()).toHaveText("1");
  // No white space without a supplier (a brand's line is what it compares against).
  await expect(page.getByRole("region", { name: "White space", exact: true })).toContainText("Choose a supplier above");
  expect(await requestsSince(page, since)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // One supplier: the demo brand's lines only.
  await page.getByLabel("Supplier", { exact: true }).selectOption({ value: "101" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/supplier=101/);
  await expect(page.getByRole("heading", { level: 2, name: /^Sales of .+ \(.+'s accounts\)$/ })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "White space", exact: true }).locator("tbody tr").first(),
  ).toBeVisible();

  // The rep's Today, from the same history: the accounts due to reorder by their own rhythm, each with it.
  await page.goto("/today");
  const due = page.getByRole("region", { name: /^Due to reorder \(\d+\)$/ });
  await expect(due).toBeVisible({ timeout: 30_000 });
  const count = Number((await due.getByRole("heading", { level: 2 }).innerText()).match(/\((\d+)\)/)![1]);
  await expect(due.getByRole("article")).toHaveCount(Math.min(count, 5));
  if (count > 0)
    await expect(due.getByRole("article").first().getByTestId("reorder")).toHaveText(
      /^Orders about every [\d.]+ days · next expected \w{3} \d{1,2}, \d{4}( \((due|late)\))?$/,
    );
  if (count > 5) {
    await due.getByRole("button", { name: `Show all ${count} accounts due to reorder` }).click();
    await expect(due.getByRole("article")).toHaveCount(count);
  }
});

test("staff keep the whole distributor's history, chosen on Keys, and look at any supplier, the top seller first", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await connectWithKey(page, await issueKey(page, "Employee", SYNCING));
  await page.goto("/insights");
  await expect(page.getByText("no member is linked to one yet")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Keys", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/keys$/);

  // The owner chooses the whole distributor for the key, told what it costs; the choice is saved once.
  const history = page.getByRole("region", { name: "Insights history" });
  await expect(history.getByText(/about one request for every 500 of each, at most 70 an hour/)).toBeVisible();
  await expect(async () => {
    await history.getByRole("radio", { name: /The whole distributor/ }).check({ timeout: 1_000 });
    await expect(history.getByRole("button", { name: "Save" })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await history.getByRole("button", { name: "Save" }).dblclick();
  await expect(history.getByRole("status")).toContainText("now cover the whole distributor");
  await expect(history.getByRole("radio", { name: /The whole distributor \(now\)/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // The backfill runs in the background; once the year is in, the page opens on the supplier that sold most.
  await expect(async () => {
    await page.goto("/insights");
    await expect(page.getByTestId("history-freshness")).toContainText("refreshed nightly", { timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(page.getByTestId("history-freshness")).toContainText(
    /[\d,]+ invoices of every account · refreshed nightly/,
  );
  const since = new Date().toISOString();
  await page.goto("/insights");
  const bySupplier = page.getByRole("region", { name: "By supplier", exact: true });
  const top = (await bySupplier.locator("tbody tr").first().locator("td").nth(1).textContent())!;
  await expect(page.getByLabel("Supplier", { exact: true }).locator("option:checked")).toHaveText(top);
  await expect(page.getByRole("heading", { level: 2, name: `Sales of ${top}` })).toBeVisible();
  expect(await bySupplier.locator("tbody tr").count()).toBeGreaterThan(1);
  expect(await requestsSince(page, since)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // Another supplier: the demo brand, with its white space, exported whole.
  await page.getByLabel("Supplier", { exact: true }).selectOption({ value: "101" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/supplier=101/);
  const name = (await page.getByLabel("Supplier", { exact: true }).locator("option:checked").textContent())!;
  await expect(page.getByRole("heading", { level: 2, name: `Sales of ${name}` })).toBeVisible();
  const space = page.getByRole("region", { name: "White space", exact: true });
  await expect(space).toContainText(`${name}'s active products`);
  const download = page.waitForEvent("download");
  await space.getByRole("link", { name: "Export CSV of white space" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^insights-white-space-supplier-101-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe('ID,Retailer,Carries,Share,"Revenue, 90 days","Missing, by group"');
  expect(lines.length).toBeGreaterThan(1);
});
