import { expect, test } from "@playwright/test";
import { seriousViolations } from "../axe";
import { connectWithKey, issueKey, requestsSince } from "./keyboard";

// A rep, from the connect page as a new user goes: the overview, then Wednesday's customers in California and by
// when to order for them.

test("a rep finds Wednesday's customers in California and the order cut-off for them", async ({ page }) => {
  const since = await connectWithKey(page, await issueKey(page, "Employee"));
  await expect(page.getByTestId("deliveries-tomorrow")).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Delivery days" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery days" })).toBeVisible();
  await page.getByLabel("State").selectOption({ label: "California" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/States=CA/);
  await page.getByRole("navigation", { name: "The next seven days" }).getByRole("link", { name: /Wed/ }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);

  const heading = page.getByRole("heading", { name: /^Wednesday, \w{3} \d+: \d+ customers?$/ });
  await expect(heading).toBeVisible();
  const count = Number((await heading.textContent())!.match(/: (\d+) customers?$/)![1]);
  expect(count).toBeGreaterThan(0);
  const rows = page.getByRole("region", { name: /^Wednesday, / }).locator("tbody tr");
  await expect(rows).toHaveCount(count);
  for (const state of await rows.locator("td:nth-child(2)").allTextContents()) expect(state).toBe("CA");
  // This Wednesday's cut-off, or, on a Wednesday, that today's has passed.
  await expect(page.getByTestId("cutoff-CA")).toContainText(
    /Order by Tue 2:30 PM PT for Wednesday's delivery|Too late for Wednesday's delivery/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  const made = await requestsSince(page, since);
  console.log(`journey requests, rep: ${made.length} (${made.join(", ")})`);
  // No page reads what the session or the browser already holds: at most 13 requests (17 at first). The overview's
  // figures are the counts of the lists they open (its deliveries from the delivery days' own schedule, the customers
  // on hold and balanced invoices walked whole), which took the bound from 12 to 13.
  expect(made.length).toBeLessThanOrEqual(13);
});
