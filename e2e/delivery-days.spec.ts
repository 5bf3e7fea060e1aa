import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { tryDemo } from "./sign-in";

// Delivery days: the customers with a delivery dated each of the seven days from today, with counts, filters in the
// address, each state's order cut-off, and the link from a customer's page. The expected counts are read from the
// API through the proxy, page by page: a customer is on a date when the API dates a delivery on it.

interface Customer {
  CustomerID: number;
  CustomerName: string;
  DeliveryDays?: string;
  DeliveryDates?: string[];
  NextDeliveryDates?: string | null;
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

/** Today in California, and the six days after it. */
function week(): string[] {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  return Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${today}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Whether the API dates a delivery for the customer on a day (the sandbox sends every active customer's dates). */
const on = (day: string) => (c: Customer) =>
  [...(c.DeliveryDates ?? []), ...(c.NextDeliveryDates ?? "").split(";")].some((d) => d.slice(0, 10) === day);

/** "Friday, Nov 27", as the page names a date. */
const words = (day: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "short", day: "numeric" })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(/^(\w+) /, "$1, ");

const listHeading = (page: Page, day: string, count: number) =>
  page.getByRole("heading", { name: `${words(day)}: ${count} ${count === 1 ? "customer" : "customers"}` });

test("a rep finds a date's customers in California, with the count of each of the seven days and the order cut-off", async ({
  page,
}) => {
  await tryDemo(page, "Try as an employee");
  const customers = await customersOf(page, "CA");
  const days = week();
  // A date whose cut-off is still ahead (tomorrow's may have passed).
  const date = days.slice(2).find((d) => customers.some(on(d)))!;
  const dated = customers.filter(on(date));

  await page.goto(`/delivery-days?date=${date}&States=CA`);
  await expect(listHeading(page, date, dated.length)).toBeVisible();
  const nav = page.getByRole("navigation", { name: "The next seven days" });
  await expect(nav.getByRole("link")).toHaveCount(7);
  for (const [index, day] of days.entries()) {
    const link = nav.getByRole("link").nth(index);
    await expect(link.getByLabel(/customers$/)).toHaveText(String(customers.filter(on(day)).length));
  }
  await expect(nav.locator('[aria-current="true"]')).toHaveText(new RegExp(words(date).split(", ")[1]!));
  await expect(
    page.getByRole("region", { name: `${words(date)}: ${dated.length} customers` }).locator("tbody tr"),
  ).toHaveCount(dated.length);
  // The cut-off, on California's clock, for that date.
  await expect(page.getByTestId("cutoff-CA")).toContainText(
    new RegExp(`Order by \\w{3} 2:30 PM PT for \\w+'s delivery \\(${words(date).split(", ")[1]}\\)`),
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Today: only those the API dates today (not every customer whose weekday it is), its cut-off passed.
  await nav.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`date=${days[0]}`));
  await expect(listHeading(page, days[0]!, customers.filter(on(days[0]!)).length)).toBeVisible();
  await expect(page.getByTestId("cutoff-CA")).toContainText("Too late for");

  // Name search, kept in the address.
  await page.goto(`/delivery-days?date=${date}&States=CA`);
  const name = dated[0]!.CustomerName;
  const word = name.split(" ")[0]!;
  await page.getByLabel("Customer name").fill(word);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  const expected = dated.filter((c) => c.CustomerName.toLowerCase().includes(word.toLowerCase())).length;
  await expect(listHeading(page, date, expected)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Customer name")).toHaveValue(word);
  await expect(listHeading(page, date, expected)).toBeVisible();
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
  const date = week()
    .slice(1)
    .find((d) => customers.some((c) => covered.has(c.CustomerID) && on(d)(c)))!;
  const expected = customers.filter((c) => covered.has(c.CustomerID) && on(date)(c)).length;

  await page.goto(`/delivery-days?date=${date}&States=CA`);
  await page.getByLabel("Sales rep").selectOption(String(rep.UserID));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`rep=${rep.UserID}`));
  await expect(listHeading(page, date, expected)).toBeVisible();
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
    const heading = page.getByRole("heading", { name: /^\w+, \w{3} \d+: \d+ customers?$/ });
    await expect(heading).toBeVisible();
    // The default day is the next one with deliveries.
    await expect(heading).not.toHaveText(/: 0 customers$/);
    await expect(page.locator("main")).not.toContainText("undefined");
    expect(await seriousViolations(page)).toEqual([]);
  });
}
