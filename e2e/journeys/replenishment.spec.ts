import { expect, type Locator, type Page, test } from "@playwright/test";
import { PLAN_HEADERS } from "@/lib/ui/replenishment/columns";
import { seriousViolations } from "../axe";
import { tryDemo } from "../sign-in";
import { connectWithKey, issueKey, requestsSince } from "./keyboard";

// The replenishment planner. A brand goes from the overview's stock card to the plan, narrows it to one
// warehouse whose vendor requires batch codes, changes a quantity, drafts the orders, opens a draft, fills its batch
// codes, validates and submits it; the plan's first load costs at most 8 requests. An employee chooses a supplier
// first; a retailer has no plan. Rows are found by what they show (the seed changes), never by product names.

/** The Data API requests the plan may make to load, as the demo brand (inventory, products, vendors, warehouses, states, purchases: 6 today). */
const PLAN_BUDGET = 8;

const planTable = (page: Page) => page.getByRole("table", { name: /^Replenishment plan/ });
const planRows = (page: Page) => planTable(page).locator("tbody tr[data-row]");

/** Waits until the page has nothing loading and no request in flight. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
}

/** The number a cell shows first (a cell may add a note under its number). */
async function numberIn(cell: Locator): Promise<number> {
  const text = (await cell.innerText()).trim().split("\n")[0]!.replace(/,/g, "");
  return Number(text);
}

/** The PLAN- drafts the key can see, by PO number. */
async function planDrafts(page: Page): Promise<string[]> {
  const response = await page.request.get(
    "/api/v2/purchases?statuses=InProgress&include_transactions=false&page_size=500",
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { po_num: string }[] }).data
    .map((d) => d.po_num)
    .filter((po) => po.startsWith("PLAN-"));
}

test("a brand plans from the stock card, drafts one warehouse's orders, and submits a draft after filling its batch codes", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A key of the demo brand issued for this test: a cold cache and a request log of its own.
  await connectWithKey(page, await issueKey(page, "Supplier"));
  await settled(page);

  // From the overview's stock card; the plan's first load is counted from the click.
  const since = new Date().toISOString();
  await page.getByRole("region", { name: "Stock health" }).getByRole("link", { name: "Plan replenishment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Replenishment plan" })).toBeVisible();
  await expect(planRows(page).first()).toBeVisible({ timeout: 30_000 });
  await settled(page);
  const made = await requestsSince(page, since);
  console.log(`plan requests, brand: ${made.length} (${made.join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(PLAN_BUDGET);

  for (const header of PLAN_HEADERS)
    await expect(planTable(page).getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(page.getByLabel("Only below target")).toBeChecked();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Replenishment" }),
  ).toHaveAttribute("aria-current", "page");
  expect(await seriousViolations(page)).toEqual([]);

  // A warehouse whose vendor requires batch codes, with a suggestion: the first row that shows both.
  // A row with a suggestion is ticked by default.
  const batchRows = planRows(page).filter({ hasText: "Batch codes required" });
  let suggested = batchRows.filter({ has: page.locator('input[type="checkbox"]:checked') });
  // Each run submits an order, and a submitted order is on order: on a sandbox this test has run against before (a
  // local data directory is kept between runs), the seed's shortfalls under that vendor may all be covered already.
  // Then any row under such a vendor that may be ordered, ticked by hand.
  const fresh = (await suggested.count()) > 0;
  if (!fresh) {
    await expect(async () => {
      await page.getByLabel("Only below target").uncheck({ timeout: 2_000 });
      await expect(page).toHaveURL(/below=0/, { timeout: 2_000 });
    }).toPass();
    suggested = batchRows.filter({ has: page.locator('input[type="checkbox"]') });
  }
  await expect(suggested.first()).toBeVisible();
  const warehouse = (await suggested.first().locator("td").nth(1).innerText()).trim();
  await expect(async () => {
    await page.getByLabel("Warehouse", { exact: true }).selectOption({ label: warehouse }, { timeout: 2_000 });
    await expect(page).toHaveURL(/warehouse=\d+/, { timeout: 2_000 });
  }).toPass();
  await expect(planRows(page).filter({ hasNot: page.getByRole("link", { name: warehouse, exact: true }) })).toHaveCount(
    0,
  );
  await expect(planRows(page).first()).toBeVisible();

  // Change one row's order: one case more than suggested. The row by its key from here on (drafting unticks it).
  const key = (await suggested.first().getAttribute("data-row"))!;
  const row = planTable(page).locator(`tr[data-row="${key}"]`);
  const productId = key.split(":")[1]!;
  if (!fresh) await row.getByRole("checkbox").check();
  const cases = row.locator('input[aria-label^="Cases to order"]');
  const wanted = Number((await cases.inputValue()) || "0") + 1;
  await cases.fill(String(wanted));
  if (fresh) await expect(row.locator("td").nth(9)).toContainText("suggested");
  const units = await numberIn(row.locator("td").nth(10));
  expect(units % wanted).toBe(0);

  // "Why?" says the row's number in words, and is reached by keyboard.
  const why = row.getByRole("button", { name: /^Why\?/ });
  await why.focus();
  await page.keyboard.press("Enter");
  await expect(why).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator(`#${await why.getAttribute("aria-controls")}`)).toContainText(/sells .* a day|target/);

  // Draft: a double-click makes each order once.
  const toDraft = page.getByRole("list", { name: "Purchase orders to draft" }).getByRole("listitem");
  const planned = await toDraft.count();
  expect(planned).toBeGreaterThan(0);
  const before = await planDrafts(page);
  await page.getByRole("button", { name: "Draft purchase orders" }).dblclick();
  const progress = page.getByRole("status", { name: "Drafting progress" });
  await expect(progress).toContainText(`Drafted ${planned} purchase order`, { timeout: 60_000 });
  const links = page.getByRole("list", { name: "Drafts made" }).getByRole("link");
  await expect(links).toHaveCount(planned);
  // Each draft made is one new PLAN- draft of the key's (counted by its number: another run on the same sandbox may
  // draft its own at the same time).
  const drafted = (await links.allInnerTexts()).map((t) => t.trim());
  const after = await planDrafts(page);
  expect(drafted.filter((po) => after.includes(po) && !before.includes(po))).toHaveLength(planned);
  // The rows drafted are unticked; what was drafted is now in drafts.
  await expect(row.getByRole("checkbox")).not.toBeChecked();
  await expect(row.locator("td").nth(4)).toContainText("in drafts");

  // The draft of the changed row's vendor: it asks for batch codes.
  const entry = page
    .getByRole("list", { name: "Drafts made" })
    .getByRole("listitem")
    .filter({ hasText: "Needs a batch code" })
    .first();
  const lineCount = Number((await entry.innerText()).match(/(\d+) lines?/)![1]);
  const po = (await entry.getByRole("link").innerText()).trim();
  await entry.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Draft purchase order ${po}`, { timeout: 30_000 });
  await expect(page.getByLabel("Product, line 1", { exact: true })).toHaveValue(/#\d+$/, { timeout: 30_000 });

  // The changed quantity came through: whole cases, so the draft reopens in cases (`units` of them in units).
  let changed = 0;
  for (let n = 1; n <= lineCount; n++) {
    if (!(await page.getByLabel(`Product, line ${n}`, { exact: true }).inputValue()).endsWith(`#${productId}`))
      continue;
    await expect(page.getByLabel(`Cases, line ${n}`, { exact: true })).toHaveValue(String(wanted));
    await expect(page.getByLabel(`Units, line ${n}`, { exact: true })).toBeDisabled();
    changed = n;
  }
  expect(changed, `product ${productId} is a line of ${po}`).toBeGreaterThan(0);
  for (let n = 1; n <= lineCount; n++)
    await page.getByLabel(`Batch code, line ${n} (required)`, { exact: true }).fill(`PLAN-B-${n}`);
  await page.getByRole("button", { name: "Validate" }).click();
  const status = page.getByRole("status", { name: "Purchase order status" });
  await expect(status).toContainText("Valid: ready to submit", { timeout: 30_000 });
  await page.getByRole("button", { name: "Submit…" }).click();
  await page.getByRole("button", { name: "Submit purchase order" }).click();
  await expect(page).toHaveURL(/\/purchases\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("note")).toContainText("Submitted: the ERP imports it");
});

test("the plan's filters and sort live in the address and survive a reload", async ({ page }) => {
  await tryDemo(page, "Try as a brand");
  await page.goto("/purchases/plan");
  await expect(planRows(page).first()).toBeVisible({ timeout: 30_000 });
  const belowOnly = await planRows(page).count();

  await expect(async () => {
    await page.getByLabel("Only below target").uncheck({ timeout: 2_000 });
    await expect(page).toHaveURL(/below=0/, { timeout: 2_000 });
  }).toPass();
  await expect.poll(() => planRows(page).count()).toBeGreaterThan(belowOnly);
  await planTable(page).getByRole("button", { name: "Days of cover" }).click();
  await expect(page).toHaveURL(/sort=cover/);
  await expect(planTable(page).getByRole("columnheader", { name: "Days of cover" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await page.reload();
  await expect(planRows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Only below target")).not.toBeChecked();
  await expect(planTable(page).getByRole("columnheader", { name: "Days of cover" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // Fewest days first; rows without a cover (no sales) last.
  const covers = (await planRows(page).locator("td:nth-child(7)").allInnerTexts())
    .map((t) => t.trim().split("\n")[0]!.replace(/,/g, ""))
    .filter((t) => t !== "—")
    .map(Number);
  expect(covers).toEqual([...covers].sort((a, b) => a - b));

  // Totals per vendor and warehouse, over the rows in view.
  await expect(
    page.getByRole("table", { name: "Suggested, by vendor and warehouse" }).locator("tbody tr").first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an employee chooses a supplier first, and the address keeps the choice", async ({ page }) => {
  await tryDemo(page, "Try as an employee");
  await page.goto("/purchases/plan");
  await expect(page.getByRole("heading", { level: 1, name: "Replenishment plan" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Choose a supplier" })).toBeVisible();
  await expect(planTable(page)).toHaveCount(0);
  // Chosen again until the address follows: a choice made before the page is hydrated is not seen.
  await expect(async () => {
    await page.getByLabel("Supplier", { exact: true }).selectOption("101", { timeout: 2_000 });
    await expect(page).toHaveURL(/supplier=101/, { timeout: 2_000 });
  }).toPass();
  await expect(planRows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(planTable(page)).toHaveAccessibleName(/^Replenishment plan for /);
  await page.reload();
  await expect(planRows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Supplier", { exact: true })).toHaveValue("101");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a retailer has no plan: the page says so, and the sidebar has no entry", async ({ page }) => {
  await tryDemo(page, "Try as a retailer");
  await page.goto("/purchases/plan");
  await expect(page.getByText("Customer keys may not see replenishment plan")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Replenishment" }),
  ).toHaveCount(0);
});
