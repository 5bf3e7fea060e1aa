import { expect, type Page, test } from "@playwright/test";
import { formatQuantity } from "@/lib/format/display";
import { localDay } from "@/lib/format/days";
import { deliveryDaysText } from "@/lib/domain/delivery/cutoff";
import { upcomingDates } from "@/lib/domain/delivery/schedule";
import { daysOfCover } from "@/lib/domain/stock/days-of-cover";
import { seriousViolations } from "./axe";
import { ownWorkspace, signIn } from "./sign-in";
import { requestsSince } from "./journeys/keyboard";
import { chooseFirstCustomer } from "./pricing";
import { OPERATOR } from "./operator";

// The records shown whole: a customer's page with its delivery schedule and retailer inventory, a product's
// page with its retailer inventory, allocations and what Allocated and Not authorized mean, customer pricing asking
// for the customer before it asks the API, and the delivery-days page asking /deliveryDays only when the customers'
// records lack their schedule. The expected rows are read from the API through the proxy.

type Row = Record<string, unknown>;

async function data(page: Page, path: string): Promise<Row[]> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { Data: Row[] }).Data;
}

/** Signs in with a key issued for the test: a request log of its own, so its requests can be counted. */
async function signInWithNewKey(page: Page, body: object) {
  const issued = await page.request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { company: "Records whole", ...body },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { key } = (await issued.json()) as { key: string };
  await ownWorkspace(page, key);
  return new Date().toISOString();
}

/** The page has its data (nothing busy), shows no "undefined", threw nothing, and axe finds nothing serious. */
async function settledAndAccessible(page: Page, errors: string[]) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** A section of the page by its heading (the section and the table's frame share the name). */
const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });

for (const keyType of ["Employee", "Customer"] as const) {
  test(`a customer's page shows its delivery schedule and retailer inventory (${keyType} key)`, async ({ page }) => {
    const errors = collectErrors(page);
    await signIn(page, keyType);
    // A customer that reports its shelf (the Customer key's first store does).
    const customerId = Number((await data(page, "/api/v1/retailerInventory?PageSize=1"))[0]!.CustomerID);
    const [schedule] = await data(page, `/api/v1/deliveryDays?CustomerIDs=${customerId}`);
    const shelf = await data(page, `/api/v1/retailerInventory?CustomerIDs=${customerId}&PageSize=100`);
    expect(schedule, "the customer is active and has a schedule").toBeDefined();

    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const deliveries = section(page, "Delivery schedule");
    const days = deliveryDaysText(schedule!.DeliveryDays as string | null | undefined, "long");
    await expect(
      deliveries.locator("dt", { hasText: /^Delivery days$/ }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(days);
    const next = page.getByRole("region", { name: "Next deliveries" }).locator("tbody tr");
    // The schedule's dates from today on the state's clock: a date already passed is no next delivery.
    const upcoming = upcomingDates(
      schedule!.DeliveryDates as string[] | undefined,
      localDay(new Date(), "America/Los_Angeles"),
    );
    if (upcoming.length) await expect(next).toHaveCount(upcoming.length);
    // Each delivery's order cut-off on the state's clock (the sandbox's states are on Pacific time).
    await expect(next.first().locator("td").first()).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) PT$/);
    await expect(deliveries.getByRole("link", { name: "Delivery days and order cut-offs" })).toBeVisible();

    const stock = section(page, "Retailer inventory");
    await expect(stock.getByRole("columnheader", { name: "Days of cover" })).toBeVisible();
    await expect(stock.locator("tbody tr")).toHaveCount(shelf.length);
    // Days of cover = Inventory ÷ DailySales, exactly: the fourth column (product, inventory, daily sales, days of cover).
    const first = shelf[0]!;
    await expect(stock.locator("tbody tr").first().locator("td").nth(3)).toHaveText(
      formatQuantity(
        daysOfCover(
          first.Inventory as string,
          first.DailySales as string,
          first.LastInventoryDate as string | undefined,
        ),
      ),
    );
    await expect(page.getByText("Days of cover is the inventory divided by daily sales")).toBeVisible();

    await settledAndAccessible(page, errors);
  });
}

for (const keyType of ["Employee", "Supplier", "Customer"] as const) {
  test(`a product's page shows its allocations, and what Allocated and Not authorized mean where its warehouse stock is shown (${keyType} key)`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await signIn(page, keyType);
    const productId = Number((await data(page, "/api/v1/allocations?PageSize=1"))[0]!.ProductID);
    const [product] = await data(page, `/api/v1/products/${productId}`);
    // What the page does: one page of the supplier's allocations, the product's rows kept.
    const expected = (await data(page, `/api/v1/allocations?SupplierIDs=${product!.SupplierID}&PageSize=500`)).filter(
      (a) => a.ProductID === productId,
    );
    expect(expected.length).toBeGreaterThan(0);

    await page.goto(`/catalog/products/${productId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const allocations = page.locator("#allocations");
    await expect(allocations.getByRole("heading", { level: 2, name: "Allocations" })).toBeVisible();
    await expect(allocations.locator("tbody tr")).toHaveCount(expected.length);
    for (const a of expected) await expect(allocations.locator("tbody")).toContainText(String(a.AllocationID));
    await expect(allocations).toContainText("reserved for particular customers");

    const warehouse = section(page, "Warehouse inventory");
    if (keyType === "Customer") {
      // Customer keys may not read warehouse inventory (403): no table, so nothing to explain.
      await expect(warehouse).toHaveCount(0);
    } else {
      await expect(warehouse.getByRole("columnheader", { name: "Allocated" })).toBeVisible();
      await expect(warehouse.getByRole("columnheader", { name: "Not authorized" })).toBeVisible();
      const meaning = page.locator("main dl", { has: page.locator("dt", { hasText: /^Not authorized$/ }) });
      await expect(
        meaning.locator("dt", { hasText: /^Allocated$/ }).locator("xpath=following-sibling::dd[1]"),
      ).toContainText("set aside for particular customers");
      await expect(
        meaning.locator("dt", { hasText: /^Not authorized$/ }).locator("xpath=following-sibling::dd[1]"),
      ).toContainText("reserved at that warehouse for specifically authorized accounts");
      await meaning.getByRole("link", { name: "allocations", exact: true }).click();
      await expect(page).toHaveURL(/#allocations$/);
      await expect(allocations.getByRole("heading", { level: 2, name: "Allocations" })).toBeInViewport();
    }
    await settledAndAccessible(page, errors);
  });
}

test("a product's page shows the retailers' inventory of it with days of cover", async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, "Employee");
  const productId = Number((await data(page, "/api/v1/retailerInventory?PageSize=1"))[0]!.ProductID);
  const shelves = await data(page, `/api/v1/retailerInventory?ProductIDs=${productId}&PageSize=100`);

  await page.goto(`/catalog/products/${productId}`);
  const stock = section(page, "Retailer inventory");
  await expect(stock.getByRole("columnheader", { name: "Customer" })).toBeVisible();
  await expect(stock.locator("tbody tr")).toHaveCount(shelves.length);
  const first = shelves[0]!;
  await expect(stock.locator("tbody tr").first().locator("td").nth(3)).toHaveText(
    formatQuantity(
      daysOfCover(first.Inventory as string, first.DailySales as string, first.LastInventoryDate as string | undefined),
    ),
  );
  await settledAndAccessible(page, errors);
});

test("customer pricing asks nothing of /customerPricing until a customer is chosen, then shows its prices", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const since = await signInWithNewKey(page, { type: "Employee" });
  let browserRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/v1/customerPricing") browserRequests++;
  });

  await page.goto("/catalog/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Customer pricing" })).toBeVisible();
  // The customer picker first among the filters, and the line saying what to do, announced as a status.
  await expect(page.getByRole("search", { name: "Filters" }).getByRole("button").first()).toHaveAccessibleName(
    /^Customers/,
  );
  await expect(page.getByRole("status").filter({ hasText: "Choose a customer to see its prices" })).toBeVisible();
  await expect(page.locator("table.data-table")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(browserRequests).toBe(0);
  // Nor on the server (the key's request log holds the server's requests and the browser's).
  expect(await requestsSince(page, since)).not.toContain("listCustomerPricing");
  expect(await seriousViolations(page)).toEqual([]);

  const name = await chooseFirstCustomer(page);
  await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  await expect(page.locator("table.data-table tbody tr").first()).toContainText(name);
  expect(browserRequests).toBe(1);
  expect((await requestsSince(page, since)).filter((op) => op === "listCustomerPricing")).toHaveLength(1);
  await settledAndAccessible(page, errors);
});

test("customer pricing chooses the customer of a Customer key with one customer", async ({ page }) => {
  // The demo retailer's first store, read through the sandbox with its demo key (as the journeys' keys are made).
  const response = await page.request.get("/sandbox/test/api/v1/customers?PageSize=1", {
    headers: { "x-api-key": "test-customer-demo" },
  });
  const own = ((await response.json()) as { Data: Row[] }).Data[0]!;
  await signInWithNewKey(page, { type: "Customer", customerIds: [Number(own.CustomerID)] });
  await page.goto("/catalog/pricing");
  await expect(page).toHaveURL(new RegExp(`CustomerIDs=${own.CustomerID}`));
  await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
});

test("delivery days asks nothing of /deliveryDays when the customers' records carry their schedule (a Supplier key's sparse records)", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const since = await signInWithNewKey(page, { type: "Supplier", supplierIds: [101] });
  // The premise: the Supplier key's customers come without NextDeliveryDates (sparse), but with DeliveryDays and DeliveryDates.
  const customers = await data(page, "/api/v1/customers?PageSize=20");
  expect(customers.every((c) => !("NextDeliveryDates" in c) && "DeliveryDays" in c && "DeliveryDates" in c)).toBe(true);

  await page.goto("/delivery-days");
  const heading = page.getByRole("heading", { name: /^\w+, \w{3} \d+: \d+ customers?$/ });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText(/: 0 customers$/);
  // The next deliveries come from the records' DeliveryDates.
  await expect(page.locator("tbody tr").first().locator("td").nth(3)).not.toHaveText("—");
  const made = await requestsSince(page, since);
  expect(made).not.toContain("listDeliveryDays");
  await settledAndAccessible(page, errors);
});
