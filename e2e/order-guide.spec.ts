import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// The order guide on a phone: the demo retailer opens its first store's guide, reads it as cards with no
// sideways scroll, keeps what is on promotion (the address holds it), downloads the same rows as a CSV, and reads them
// as a table at a desk.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("a retailer reads its order guide on a phone, keeps what is on promotion, and downloads it as CSV", async ({
  page,
}) => {
  await signIn(page, "Customer");
  await page.goto("/order-guide");
  await expect(page.getByRole("heading", { level: 1, name: "Order guide" })).toBeVisible();
  await expect(page.getByLabel("Store")).toHaveValue("20001");
  // Every card the filters keep, those past "Show more" too.
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem", { includeHidden: true });
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // The filters but the store and the search fold behind "Filters" on a phone.
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("On promotion only").check();
  await page.getByLabel("Days to cover").fill("21");
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL((url) => url.searchParams.get("promo") === "1" && url.searchParams.get("cover") === "21");
  await expect(page.getByText(/suggestions to cover 21 days/)).toBeVisible();
  const promoted = await cards.count();
  expect(promoted).toBeGreaterThan(0);
  expect(promoted).toBeLessThan(all);
  await expect(cards.filter({ hasText: /Promotion\s*(until|with no end date)/ })).toHaveCount(promoted);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, "utf8")).trim().split("\r\n");
  expect(lines[0]).toContain("Suggested cases");
  expect(lines).toHaveLength(promoted + 1);

  // At a desk the same rows are a table, reachable by its row headers; still no serious axe violation.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("table").getByRole("rowheader", { includeHidden: true })).toHaveCount(promoted);
  expect(await seriousViolations(page)).toEqual([]);
});

test("on a phone the guide opens within four screens, searches its products, and shows more in place, keeping what was typed", async ({
  page,
}) => {
  await signIn(page, "Customer");
  await page.goto("/order-guide");
  // The cards shown, and every card the filters keep (those past "Show more" too).
  const shown = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem", { includeHidden: true });
  await expect(shown.first()).toBeVisible();
  const status = page.getByRole("navigation", { name: "More products" }).getByRole("status");
  await expect(status).toHaveText(/^8 of (\d+) products shown\.$/);
  const total = Number(/of (\d+)/.exec((await status.textContent())!)![1]);
  expect(total).toBeGreaterThan(20);
  await expect(shown).toHaveCount(8);
  // The first paint is at most four screens of 844 px (it was 49,268 px with every card drawn).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(4 * 844);

  // A quantity typed on the first card stays while eight more are shown in place; the focus goes to the first added.
  const first = shown
    .filter({ has: page.getByRole("spinbutton") })
    .first()
    .getByRole("spinbutton");
  await first.fill("3");
  await page.getByRole("link", { name: "Show 8 more" }).click();
  await expect(shown).toHaveCount(16);
  await expect(status).toHaveText(`16 of ${total} products shown.`);
  await expect(shown.nth(8)).toBeFocused();
  await expect(first).toHaveValue("3");
  await expect(page).toHaveURL(/[?&]show=16(&|$)/);
  expect(await seriousViolations(page)).toEqual([]);

  // A search by a word of a product past the first page: every product shown holds it, the count says so.
  const name = (await shown.nth(12).getByRole("heading").textContent())!;
  const word = name.split(" ").find((w) => w.length > 4 && !/^\d/.test(w))!;
  await page.getByLabel("Search products").fill(word.toLowerCase());
  await page.getByLabel("Search products").press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === word.toLowerCase());
  await expect(page.getByText(new RegExp(`: \\d+ of ${total} products`))).toBeVisible();
  const found = await cards.count();
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(total);
  await expect(page.getByText(new RegExp(`: ${found} of ${total} products`))).toBeVisible();
  await expect(cards.getByRole("heading", { name, includeHidden: true })).toHaveCount(1);
  for (const text of await cards.allTextContents()) expect(text.toLowerCase()).toContain(word.toLowerCase());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
