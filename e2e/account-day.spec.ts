import { devices, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// "Your day" on /account and on the route plan, on a phone: one setting of the member's, the same wherever it is
// changed. Each test's browser is its own demo visitor, so its settings start at the defaults.
test.use({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });

const day = (page: Page) => page.getByRole("form", { name: "Your day" });

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
}

test("on a phone, a rep's start set on /account is where the plan starts; cleared on the plan page, /account shows no start", async ({
  page,
}) => {
  await signIn(page, "Employee");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your day" })).toBeVisible();
  await expect(page.getByTestId("day-summary")).toContainText("No start of yours · 8 h · 25 min a visit", {
    timeout: 30_000,
  });
  await fitsThePhone(page);

  // Refusals are said on their field, and nothing is kept.
  const visit = day(page).getByLabel("Minutes a visit");
  await visit.fill("25.5");
  await day(page).getByRole("button", { name: "Save my day" }).click();
  await expect(day(page).getByText("A visit: whole minutes", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(visit).toHaveAttribute("aria-invalid", "true");
  await visit.fill("0");
  await day(page).getByRole("button", { name: "Save my day" }).click();
  await expect(day(page).getByText("A visit: 5 to 120 minutes", { exact: true })).toBeVisible({ timeout: 30_000 });
  await day(page).getByLabel("Start", { exact: true }).fill("Nowhere at all");
  await visit.fill("30");
  await day(page).getByRole("button", { name: "Save my day" }).click();
  await expect(day(page).getByText(/No postal code or city this plan knows/)).toBeVisible({ timeout: 30_000 });
  await expect(visit).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("day-summary")).toContainText("No start of yours · 8 h · 25 min a visit");

  // Oakland's postal code, a 30-minute visit: saved once however often it is clicked.
  await day(page).getByLabel("Start", { exact: true }).fill("94607");
  const puts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === "/api/today/plan/settings") puts.push(r.url());
  });
  await day(page).getByRole("button", { name: "Save my day" }).dblclick();
  await expect(day(page).getByRole("status")).toContainText("Your day is saved", { timeout: 30_000 });
  await expect(page.getByTestId("day-summary")).toContainText("From 94607 · 8 h · 30 min a visit");
  expect(puts).toHaveLength(1);
  await fitsThePhone(page);

  // The plan starts there.
  await page.goto("/today/plan");
  const summary = page.getByTestId("plan-summary");
  await expect(summary).toContainText("from 94607 and back", { timeout: 60_000 });
  await expect(page.getByText("Your day", { exact: true })).toBeVisible();
  await expect(page.getByText("From 94607 · 8 h · 30 min a visit")).toBeVisible();

  // Cleared on the plan page: no start of the member's own, the plan from the warehouse.
  await page.getByText("Your day", { exact: true }).click();
  await page.getByLabel("Start", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save my day" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your day is saved" })).toBeVisible({ timeout: 30_000 });
  await expect(summary).toContainText("from the warehouse", { timeout: 60_000 });

  // /account says the same.
  await page.goto("/account");
  await expect(page.getByTestId("day-summary")).toContainText("No start of yours · 8 h · 30 min a visit", {
    timeout: 30_000,
  });
  await expect(day(page).getByLabel("Start", { exact: true })).toHaveValue("");
  await expect(day(page).getByLabel("Minutes a visit")).toHaveValue("30");
});

test("on a phone, a retailer's /account has no route plan's day", async ({ page }) => {
  await signIn(page, "Customer");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your day" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Your day" })).toHaveCount(0);
});
