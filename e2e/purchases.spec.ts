import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";

// Purchases as a brand (the supplier demo key): the list of drafts and posted purchases, and a purchase's page.

async function connect(page: Page, button: string) {
  await page.goto("/connect");
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected as" })).toBeVisible();
}

test("a brand's drafts are in the list with their vendor named, and a draft's page shows its lines", async ({ page }) => {
  await connect(page, "Try as a brand");
  await page.goto("/purchases?statuses=InProgress");
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows.first()).toContainText("InProgress");
  // A draft's vendor_name is null: the vendor column names it from its id.
  await expect(rows.first().locator("td").nth(1)).not.toHaveText("—");
  await rows.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Purchase order /);
  await expect(page.getByRole("note")).toContainText("A draft");
  const lines = page.getByRole("region", { name: "Purchase lines" }).locator("tbody tr");
  await expect(lines.first()).toBeVisible();
  await expect(lines.first().locator("td").first()).not.toHaveText(/^\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a posted purchase's page shows its ERP id, the PDF link and the posted lines", async ({ page }) => {
  await connect(page, "Try as a brand");
  await page.goto("/purchases?statuses=Verified");
  await page.locator("table.data-table tbody tr").first().getByRole("link").first().click();
  await expect(page.getByText(/Status Verified, ERP id \d+/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the PDF" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Posted lines \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Purchase lines" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("undefined");
});
