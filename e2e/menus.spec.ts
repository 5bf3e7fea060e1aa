import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { tryDemo } from "./sign-in";

// A brand's live menu to share: the demo brand makes a link on Shared menus, the link opens with no cookie
// at all (its products, no price, no "$", axe clean), the brand revokes it, and the link then answers 404. The demo
// workspace is shared by every run: each run's link has a name of its own and is revoked before the test ends.

test("a brand makes a menu link, a stranger opens it without signing in, and once revoked it answers 404", async ({
  page,
  browser,
}, testInfo) => {
  const name = `Buyers ${testInfo.repeatEachIndex}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  await tryDemo(page, "Try as a brand");
  await page.goto("/menus");
  await expect(page.getByRole("heading", { level: 1, name: "Shared menus" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  // The states and categories are the brand's own, to tick (its first snapshot is taken when the page opens).
  await page.locator("summary", { hasText: "States and categories" }).click();
  const states = page.getByRole("group", { name: /^States/ }).getByRole("checkbox");
  await expect(states.first()).toBeVisible();
  await states.first().check();
  const state = await states.first().getAttribute("value");
  await page.getByLabel(/Contact email/).fill("sales@brand.example");
  await page.getByRole("button", { name: "Make link" }).click();
  const address = page.getByLabel("The menu's address");
  await expect(address).toHaveValue(/\/menu\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();

  // A stranger: a fresh context, no cookie.
  const stranger = await browser.newContext();
  try {
    const menu = await stranger.newPage();
    const opened = await menu.goto(url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // The address holds the link's token: no page it links to learns it.
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(menu.getByRole("heading", { level: 2, name: /^Products \(\d+\)$/ })).toBeVisible();
    // Only the state ticked: every product's State is it.
    const shown = await menu
      .locator("dt", { hasText: /^State$/ })
      .locator("xpath=following-sibling::dd[1]")
      .allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([state]));
    await expect(menu.getByRole("link", { name: /Ask about this product/ }).first()).toHaveAttribute(
      "href",
      /^mailto:sales@brand\.example\?subject=/,
    );
    expect(await menu.locator("body").innerText()).not.toMatch(/\$|price/i);
    expect(await seriousViolations(menu)).toEqual([]);

    // Revoked on the dashboard: the same link answers 404 at once.
    const card = page.getByRole("listitem").filter({ hasText: name });
    await card.getByRole("button", { name: `Revoke ${name}` }).click();
    await card.getByRole("button", { name: `Yes, revoke ${name}` }).click();
    await expect(page.getByText(`"${name}" is revoked`)).toBeVisible();
    const gone = await menu.goto(url);
    expect(gone?.headers()["referrer-policy"]).toBe("no-referrer");
    expect(gone?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});
