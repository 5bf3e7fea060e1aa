import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { ownWorkspace, tryDemo } from "./sign-in";

// The overview, for each kind of key: what it answers, and what it costs. Each test signs up a person whose workspace
// holds a key issued for it (a fresh key has a cold cache and a request log of its own), so the requests the overview makes are exactly the
// log's rows after the connect, less Backroom's own background reads (a new key's history or collections walk starts
// when it is added: the log marks them `by`). The figures are recorded in docs/benchmarks.md.

const OPERATOR = { "x-api-key": "test-employee-demo", "Content-Type": "application/json" };

/** The requests each overview may make, at most (each a single page, whatever the number of AR accounts). */
const BUDGET = { Customer: 5, Supplier: 5, Employee: 4 } as const;

async function issueKey(page: Page, body: object): Promise<string> {
  const response = await page.request.post("/sandbox/test/operator/keys", { headers: OPERATOR, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/** A person of the test's own, in a workspace holding only `key`. */
async function connectWith(page: Page, key: string) {
  await page.context().clearCookies();
  await ownWorkspace(page, key);
}

/** Opens the overview and returns the Data API requests it made (server and browser), from the key's request log. */
async function overviewRequests(page: Page): Promise<{ operation: string; source: string }[]> {
  const since = new Date().toISOString();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const log = (await (await page.request.get("/api/session/requests?limit=200")).json()) as {
    requests: { at: string; operation?: string; path: string; source: string; by?: string }[];
  };
  return log.requests
    .filter((r) => r.at >= since && r.by === undefined)
    .map((r) => ({ operation: r.operation ?? r.path, source: r.source }));
}

test("a retailer's overview: what is owed by age, invoices due, credit on payments, next deliveries", async ({
  page,
}) => {
  // The demo retailer's accounts, read with its key, for a new key of the same retailer.
  const customers = await (async () => {
    await tryDemo(page, "Try as a retailer");
    const list = (await (
      await page.request.get("/api/v1/customers?PageSize=500&AccountStatuses=Active,Inactive,OutOfBus")
    ).json()) as { Data: { CustomerID: number }[] };
    return list.Data.map((c) => c.CustomerID);
  })();
  const key = await issueKey(page, { type: "Customer", company: "Overview retailer", customerIds: customers });
  await connectWith(page, key);
  const made = await overviewRequests(page);
  console.log(`overview requests, Customer key: ${made.length} (${made.map((r) => r.operation).join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(BUDGET.Customer);

  await expect(page.getByTestId("owed-total")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByRole("img", { name: /What you owe by age: Current \$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invoices due soon" })).toBeVisible();
  await expect(page.getByTestId("credit-available")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByRole("region", { name: "Next deliveries" })).toContainText(/\w{3} \d+, \d{4}/);
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a brand's overview: stock by bucket, drafts and submitted orders, receivables and top customers", async ({
  page,
}) => {
  const key = await issueKey(page, { type: "Supplier", company: "Overview brand", supplierIds: [101] });
  await connectWith(page, key);
  const made = await overviewRequests(page);
  console.log(`overview requests, Supplier key: ${made.length} (${made.map((r) => r.operation).join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(BUDGET.Supplier);

  await expect(page.getByTestId("out-of-stock")).toHaveText(/^\d+$/);
  await expect(
    page.getByRole("table", { name: "Product and warehouse pairs by available-inventory bucket" }).locator("tbody tr"),
  ).toHaveCount(7);
  await expect(page.getByTestId("drafts")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("receivables-total")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByRole("region", { name: "Top customers by open balance" }).locator("li")).not.toHaveCount(0);
  await expect(page.getByRole("region", { name: "Top customers by open balance" })).not.toContainText("AR account");
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
});

test("an employee's overview: deliveries today and tomorrow, customers on hold, invoices awaiting verification", async ({
  page,
}) => {
  const key = await issueKey(page, { type: "Employee", company: "Overview staff" });
  await connectWith(page, key);
  const made = await overviewRequests(page);
  console.log(`overview requests, Employee key: ${made.length} (${made.map((r) => r.operation).join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(BUDGET.Employee);

  await expect(page.getByTestId("deliveries-today")).toHaveText(/^\d+\+? customers$/);
  await expect(page.getByTestId("deliveries-tomorrow")).toHaveText(/^\d+\+? customers$/);
  const onHold = (await (
    await page.request.get("/api/v1/customers?OnHold=true&AccountStatuses=Active,Inactive,OutOfBus&PageSize=500")
  ).json()) as { Data: unknown[] };
  await expect(page.getByTestId("on-hold")).toHaveText(String(onHold.Data.length));
  await expect(page.getByTestId("awaiting-verification")).toHaveText(/^\d+\+?$/);
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
});
