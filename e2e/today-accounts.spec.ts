import { expect, type Locator, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// My accounts (`/today/accounts`) on a phone: the demo rep's 254 accounts were one page of 43,493 px. The first
// cards and "Show more" end within four screens; "Show more" shows the next cards, and a search finds any account by
// its name, shown or not yet.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/** Where an element ends, from the page's top. */
const bottomOf = (locator: Locator) => locator.evaluate((e) => e.getBoundingClientRect().bottom + window.scrollY);

test("on a phone, My accounts shows its first cards and Show more within four screens, the next on Show more, and finds an account by name", async ({
  page,
}) => {
  await signIn(page, "Employee");
  await page.goto("/today/accounts");
  const count = page.getByTestId("accounts-count");
  await expect(count).toContainText(/^\d+ active accounts of /, { timeout: 30_000 });
  const total = Number((await count.innerText()).match(/^(\d+)/)![1]);
  const cards = page.getByRole("list", { name: "Accounts" }).getByRole("article");
  const names = () => cards.getByRole("heading", { level: 3 }).allInnerTexts();

  const more = page.getByRole("button", { name: /^Show \d+ more accounts$/ });
  await expect(more).toBeVisible();
  const first = await cards.count();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThan(total);
  await expect(page.getByTestId("accounts-shown")).toHaveText(`${first} of ${total} shown.`);
  expect(await bottomOf(more)).toBeLessThanOrEqual(4 * PHONE.height);
  expect(await seriousViolations(page)).toEqual([]);

  // The next cards, after the first, in the same order; the first of them takes the focus (the keyboard goes on there).
  const before = await names();
  await more.click();
  await expect(cards).toHaveCount(Math.min(total, 2 * first));
  const after = await names();
  expect(after.slice(0, first)).toEqual(before);
  await expect(cards.nth(first).getByRole("link").first()).toBeFocused();
  // The address says how many are shown: back from a customer's page, the list is as it was left.
  await expect(page).toHaveURL(new RegExp(`[?&]shown=${2 * first}(&|$)`));

  // A search finds an account that was not among the first cards, by its name in any case, and starts again at the top.
  const name = after
    .slice(first)
    .find((n) => !before.includes(n))!
    .trim();
  await page.goto("/today/accounts");
  await expect(count).toContainText(/^\d+ active accounts of /, { timeout: 30_000 });
  await expect(cards.getByRole("heading", { level: 3, name, exact: true })).toHaveCount(0);
  // Searched again until the address follows: a search pressed before the page is hydrated is not seen (a CI run).
  await expect(async () => {
    await page.getByLabel("Name, address, licence or id").fill(name.toUpperCase(), { timeout: 1_000 });
    await page.getByRole("button", { name: "Search" }).click({ timeout: 1_000 });
    await expect(page).toHaveURL(/[?&]q=/, { timeout: 1_000 });
  }).toPass();
  await expect(count).toContainText(new RegExp(`^\\d+ of ${total} accounts match`));
  await expect(cards.getByRole("heading", { level: 3, name, exact: true }).first()).toBeVisible();
});
