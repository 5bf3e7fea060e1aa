import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// The not-found page, wherever it is drawn: one <main> landmark holding its heading (a second one nested in the
// layout's confuses a screen reader's landmarks), and axe clean.

test("an address no route matches: the not-found page, one <main>", async ({ page }) => {
  const answered = await page.goto("/no-such-page");
  expect(answered?.status()).toBe(404);
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a dashboard record's address with no valid id: the not-found page inside the dashboard, one <main>", async ({
  page,
}) => {
  await signIn(page, "Employee");
  const answered = await page.goto("/directory/users/not-a-number");
  expect(answered?.status()).toBe(404);
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // The dashboard's own navigation is still there, and the page's landmark is the layout's.
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Go to the overview" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
