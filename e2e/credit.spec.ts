import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey } from "./journeys/keyboard";

// Credit the distributor steers: its staff (an Employee key of their own, its collections walk not paced, as
// e2e/collections.spec.ts) open the Credit list, pick an account of one store, and set its limit on the customer's
// page just above what the account uses, after the form has refused a limit with too many decimals in words; the store
// (a Customer key of its own for that one store: both keys are of the Test environment with no demo visitor, one place,
// so the limit the staff set is the store's) reads its available credit on its "Your credit" page and, in the same
// words, on its overview's card; a reorder list from its order guide above that credit says so beside "Confirm and
// send", which stays possible.

const SYNCING = { rateLimit: 100_000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };

/** A money text as cents ("$1,234.50" → 123450, "−$2.00" → −200). */
function cents(text: string): number {
  const negative = text.trim().startsWith("−");
  const value = Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
  return negative ? -value : value;
}
const dollars = (c: number) => (c / 100).toFixed(2);
const money = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** Staff's browser: a person of their own with an Employee key, once its collections walk is in. */
async function staffWithSnapshot(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await connectWithKey(page, await issueKey(page, "Employee", SYNCING));
  await expect(async () => {
    await page.goto("/credit?sort=balance");
    await expect(page.getByTestId("credit-freshness")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  return page;
}

/**
 * An account of one store owing something, by the list's order of balances: a different one for each repeat and
 * worker, so runs side by side never set one account's limit (every key of this environment shares its limits).
 */
async function anAccount(staff: Page): Promise<{ customerId: number; arAccountId: number }> {
  const table = staff.getByRole("region", { name: "Credit, table" }).getByRole("table");
  const rows = table.locator("tbody tr").filter({ has: staff.locator('th a[href^="/customers/"]') });
  await expect(rows.first()).toBeVisible();
  const { repeatEachIndex, parallelIndex, retry } = test.info();
  const row = rows.nth(3 + ((parallelIndex * 7 + repeatEachIndex * 3 + retry) % 40));
  const href = await row.locator('th a[href^="/customers/"]').getAttribute("href");
  return { customerId: Number(href!.split("/").pop()), arAccountId: Number(await row.getAttribute("data-account")) };
}

test("staff set a limit, the store sees what it has left on its overview, and a reorder list above it warns", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await staffWithSnapshot(browser);
  expect(await seriousViolations(staff)).toEqual([]);
  const { customerId, arAccountId } = await anAccount(staff);

  // The customer page's Credit block: what the account uses, and the limit's form.
  await staff.goto(`/customers/${customerId}`);
  const block = staff.getByTestId("customer-credit");
  await expect(block.getByTestId("credit-balance")).toBeVisible({ timeout: 30_000 });
  const used =
    cents((await block.getByTestId("credit-balance").textContent())!) +
    cents((await block.getByTestId("credit-open-lists").textContent())!);
  await block.getByRole("button", { name: "Set a credit limit…" }).click();
  const field = block.getByRole("textbox", { name: /credit limit/i });
  await field.fill("100.005");
  await block.getByRole("button", { name: "Save the limit" }).click();
  await expect(block.getByTestId("limit-error")).toContainText("at most 2 decimals");
  // Just above what the account uses: $1.00 left.
  const limit = Math.max(used, 0) + 100;
  await field.fill(dollars(limit));
  await block.getByRole("button", { name: "Save the limit" }).dblclick();
  await expect(block.getByTestId("credit-available")).toHaveText(
    used >= 0 ? `$1.00 of ${money(limit)} available` : `${money(limit - used)} of ${money(limit)} available`,
  );
  await expect(block.getByRole("status")).toContainText(`The limit is ${money(limit)}.`);
  await block.getByText("History of the limit").click();
  await expect(block.getByTestId("limit-history").getByRole("listitem")).toHaveCount(1);
  expect(await seriousViolations(staff)).toEqual([]);

  // The full view, and the list with it.
  await staff.goto(`/credit/${arAccountId}`);
  await expect(staff.getByTestId("credit-available")).toContainText(`of ${money(limit)} available`);
  expect(await seriousViolations(staff)).toEqual([]);

  // The store, on a phone: its "Your credit" page, its overview's card saying the same, then its order guide's list
  // above it.
  const storeContext = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const store = await storeContext.newPage();
  await connectWithKey(store, await issueKey(store, "Customer", { customerIds: [customerId] }));
  await store.goto("/credit");
  const words = new RegExp(`(of|over the limit of) ${money(limit).replace(/[$.]/g, "\\$&")}`);
  await expect(store.getByTestId("credit-available")).toContainText(words);
  const said = (await store.getByTestId("credit-available").textContent())!;
  expect(await seriousViolations(store)).toEqual([]);

  await store.goto("/");
  const card = store.getByRole("region", { name: "Your credit" });
  await expect(card.getByTestId("overview-credit-available")).toHaveText(said);
  await expect(card.getByRole("link", { name: "Your credit and how reliably you pay" })).toHaveAttribute(
    "href",
    "/credit",
  );
  await expect(store.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(store)).toEqual([]);

  await store.goto("/order-guide");
  await expect(store.getByTestId("credit-line")).toContainText(money(limit));
  const fields = store
    .getByRole("list", { name: "Products" })
    .getByRole("spinbutton", { name: /^Cases of .+ to ask for$/ });
  // Every product shown: the first eight may have no case price today (no field).
  await expect(store.getByText(/\d+ of \d+ products, prices as of/)).toBeVisible();
  const showAll = store.getByRole("link", { name: /^Show all \d+$/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect(fields.first()).toBeVisible();
  await store.getByRole("button", { name: "Clear all" }).click();
  await fields.first().fill("2");
  await store.getByRole("button", { name: "Review and send" }).click();
  const warning = store.getByTestId("list-over-credit");
  await expect(warning).toContainText(/(is above the \$[\d,.]+ of credit available|already \$[\d,.]+ over)/);
  await expect(warning).toContainText(`${money(limit)}`);
  await expect(store.getByRole("button", { name: "Confirm and send" })).toBeEnabled();
  expect(await seriousViolations(store)).toEqual([]);
});
