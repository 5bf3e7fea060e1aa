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
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

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
  await expect(page.getByRole("table").getByRole("rowheader")).toHaveCount(promoted);
  expect(await seriousViolations(page)).toEqual([]);
});
