import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { tryDemo } from "./sign-in";

// Delivery days: customers per weekday with counts, filters in the address, each state's order cut-off, and the link
// from a customer's page. The expected counts are read from the API through the proxy, page by page.

interface Customer {
  CustomerID: number;
  CustomerName: string;
  DeliveryDays?: string;
}

/** Every active customer of a state the key sees, walked page by page. */
async function customersOf(page: Page, state: string): Promise<Customer[]> {
  const all: Customer[] = [];
  for (let p = 1; ; p++) {
    const response = await page.request.get(
      `/api/v1/customers?States=${state}&AccountStatuses=Active&PageSize=500&Page=${p}`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { Data: Customer[]; HasNextPage: boolean };
    all.push(...body.Data);
    if (!body.HasNextPage) return all;
  }
}

const on = (weekday: number) => (c: Customer) => (c.DeliveryDays ?? "").includes(String(weekday));

test("a rep finds Wednesday's customers in California, with the count and the order cut-off", async ({ page }) => {
  await tryDemo(page, "Try as an employee");
  const customers = await customersOf(page, "CA");
  const wednesday = customers.filter(on(3));
  expect(wednesday.length).toBeGreaterThan(0);

  await page.goto("/delivery-days?day=3&States=CA");
  await expect(page.getByRole("heading", { name: `Wednesday's customers (${wednesday.length})` })).toBeVisible();
  const week = page.getByRole("navigation", { name: "Days of the week" });
  await expect(week.getByRole("link", { name: /Wed/ })).toHaveAttribute("aria-current", "true");
  for (const [weekday, short] of [
    [1, "Mon"],
    [3, "Wed"],
    [5, "Fri"],
  ] as const) {
    await expect(week.getByRole("link", { name: new RegExp(short) }).getByLabel(/customers$/)).toHaveText(
      String(customers.filter(on(weekday)).length),
    );
  }
  await expect(page.getByRole("region", { name: "Wednesday's customers" }).locator("tbody tr")).toHaveCount(
    wednesday.length,
  );
  // The cut-off, on California's clock: the next Wednesday an order placed now still makes.
  await expect(page.getByTestId("cutoff-CA")).toContainText(
    /Order by Tue 2:30 PM PT for Wednesday's delivery \((Nov|Dec|Jan) \d+\)/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Name search, kept in the address.
  const name = wednesday[0]!.CustomerName;
  const word = name.split(" ")[0]!;
  await page.getByLabel("Customer name").fill(word);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  const expected = wednesday.filter((c) => c.CustomerName.toLowerCase().includes(word.toLowerCase())).length;
  await expect(page.getByRole("heading", { name: `Wednesday's customers (${expected})` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Customer name")).toHaveValue(word);
  await expect(page.getByRole("heading", { name: `Wednesday's customers (${expected})` })).toBeVisible();
});

test("the sales rep filter keeps the customers the rep covers", async ({ page }) => {
  await tryDemo(page, "Try as an employee");
  const reps = (
    (await (await page.request.get("/api/v1/salesReps?PageSize=500")).json()) as {
      Data: { UserID: number; Name: string; Customers: { CustomerID: number }[] }[];
    }
  ).Data;
  const rep = reps.filter((r) => r.Customers.length > 0).sort((a, b) => b.Customers.length - a.Customers.length)[0]!;
  const customers = await customersOf(page, "CA");
  const covered = new Set(rep.Customers.map((c) => c.CustomerID));
  const weekday = [1, 2, 3, 4, 5].find((d) => customers.some((c) => covered.has(c.CustomerID) && on(d)(c)))!;
  const expected = customers.filter((c) => covered.has(c.CustomerID) && on(weekday)(c)).length;

  await page.goto(`/delivery-days?day=${weekday}&States=CA`);
  await page.getByLabel("Sales rep").selectOption(String(rep.UserID));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`rep=${rep.UserID}`));
  await expect(page.getByRole("heading", { name: new RegExp(`'s customers \\(${expected}\\)$`) })).toBeVisible();
});

test("a customer's page links to its delivery days", async ({ page }) => {
  await tryDemo(page, "Try as an employee");
  const customer = (await customersOf(page, "CA")).find((c) => c.DeliveryDays)!;
  await page.goto(`/customers/${customer.CustomerID}`);
  await page.getByRole("link", { name: "Delivery days and order cut-offs" }).click();
  await expect(page).toHaveURL(/\/delivery-days\?/);
  await expect(page.getByRole("row").filter({ hasText: customer.CustomerName }).first()).toBeVisible();
});

for (const [who, button] of [
  ["a brand", "Try as a brand"],
  ["a retailer", "Try as a retailer"],
] as const) {
  test(`${who} sees the delivery days of the customers the key may see`, async ({ page }) => {
    await tryDemo(page, button);
    await page.goto("/delivery-days");
    const heading = page.getByRole("heading", { name: /'s customers \(\d+\)$/ });
    await expect(heading).toBeVisible();
    // The default day is the next one with deliveries.
    await expect(heading).not.toHaveText(/\(0\)$/);
    await expect(page.locator("main")).not.toContainText("undefined");
    expect(await seriousViolations(page)).toEqual([]);
  });
}
