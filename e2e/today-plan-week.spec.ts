import { devices, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// The rep's week by areas on a phone: from the route, the week's five days; a day's link opens that day's plan from its
// area (outlined on the map), and Not today says the day each account's area comes.
test.use({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });

test("on a phone, the week: five days each with its area, stops, drive and time; a day opens its plan, whose Not today says which day", async ({
  page,
}) => {
  await signIn(page, "Employee");
  await page.goto("/today/plan");
  await page.getByRole("link", { name: "The week by areas" }).click();
  await expect(page).toHaveURL(/\/today\/plan\/week\?weekOf=\d{4}-\d{2}-\d{2}$/);
  const days = page.getByTestId("week-day");
  await expect(days).toHaveCount(5, { timeout: 60_000 });
  const names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
  for (const [i, name] of names.entries()) {
    const card = days.nth(i);
    await expect(card.getByRole("heading")).toContainText(name);
    await expect(card).toContainText(/Area: .+ \(\d+ accounts\)/);
    await expect(card).toContainText(/\d+ stops? · \d+\.\d km \(.+ driving\)/);
    await expect(card).toContainText(/of 8 h/);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // Friday's link opens Friday's plan: its area named, outlined on the map, and as many stops as the week said.
  const friday = days.nth(4);
  const date = await friday.getAttribute("data-date");
  const stopsSaid = Number(/(\d+) stops?/.exec(await friday.innerText())![1]);
  await friday.getByRole("link", { name: "Open Friday's plan" }).click();
  await expect(page).toHaveURL(new RegExp(`/today/plan\\?date=${date}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Route for Friday");
  await expect(page.getByTestId("plan-area")).toContainText(/Friday's area: .+, \d+ of the \d+ accounts/);
  await expect(page.getByTestId("plan-map-area")).toBeAttached();
  const stops = page.getByRole("list", { name: "Stops in driving order" }).locator(":scope > li");
  await expect(stops).toHaveCount(stopsSaid);
  // Not today: each placed account says the day its area comes, a link to that day's plan.
  const notToday = page.getByTestId("not-today");
  await notToday.locator("summary").click();
  const planned = notToday.getByRole("link", { name: /^planned (Monday|Tuesday|Wednesday|Thursday|Friday), / });
  await expect(planned.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
