import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { DEMO_KEYS, ownWorkspace } from "./sign-in";

// Saved views: a person sets a list's filters, saves the view under a name, schedules its CSV by mail on the Saved
// views page, and sees it listed with its next run. A workspace of their own, so the views are theirs alone.

test("a person saves a filtered list as a view, schedules it weekly, and sees it listed with its next run", async ({
  page,
}) => {
  await ownWorkspace(page, DEMO_KEYS.Employee, { name: "Saved views workspace" });
  await page.goto("/invoices?Statuses=1%2C7&PageSize=25");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();

  // Save view: the name field takes the focus; Enter saves.
  const save = page.getByRole("button", { name: "Save view" });
  await save.click();
  const name = page.getByLabel("View name");
  await expect(name).toBeFocused();
  await name.fill("Open invoices");
  await name.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved as “Open invoices”." })).toBeVisible();
  await expect(save).toBeFocused();

  // The Saved views page, from the sidebar.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Saved views" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved views" })).toBeVisible();
  const card = page.getByRole("article", { name: "Open invoices" });
  await expect(card).toContainText("Invoices");
  await expect(card).toContainText("Statuses=1,7 · PageSize=25");
  await expect(card).toContainText("Not scheduled.");

  // Schedule it: weekly on Monday at 07:30 in Berlin, to the person (the only member).
  await card.getByRole("button", { name: "Schedule" }).click();
  const form = card.getByRole("form", { name: "Schedule “Open invoices”" });
  await expect(form.getByLabel("Frequency")).toBeFocused();
  await form.getByLabel("Frequency").selectOption("weekly");
  await form.getByLabel("Day").selectOption({ label: "Monday" });
  await form.getByLabel("Time", { exact: true }).fill("07:30");
  await form.getByLabel("Time zone").selectOption("Europe/Berlin");
  await expect(form.getByRole("checkbox", { name: /Pat Example/ })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("schedule-form.png") });
  await form.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByRole("status")).toContainText("“Open invoices” is scheduled.");
  await expect(card).toContainText("Weekly on Monday at 07:30 (Europe/Berlin), to 1 member.");
  await expect(card.getByText(/^Next run: /)).toBeVisible();
  const next = await card.locator("time").first().getAttribute("dateTime");
  // The next run is a Monday, 07:30 in Berlin (06:30 UTC in winter, 05:30 in summer).
  expect(new Date(next!).getUTCDay()).toBe(1);
  expect(next).toMatch(/T0[56]:30:00\.000Z$/);
  expect(Date.parse(next!)).toBeGreaterThan(Date.now());

  // The list page knows it is saved; the view opens with its filters.
  await card.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/\/invoices\?Statuses=1%2C7&PageSize=25$/);
  await expect(page.getByRole("status").filter({ hasText: "Saved as “Open invoices”." })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("invoices-saved.png") });

  await page.goto("/saved-views");
  await expect(page.getByRole("article", { name: "Open invoices" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("saved-views.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("saved-views-dark.png"), fullPage: true });
});
