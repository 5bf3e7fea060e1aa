import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { ownWorkspace, tryDemo } from "./sign-in";
import { OPERATOR } from "./operator";

// The overview, for each kind of key: what it answers, and what it costs. Each test signs up a person whose workspace
// holds a key issued for it (a fresh key has a cold cache and a request log of its own), so the requests the overview makes are exactly the
// log's rows after the connect, less Backroom's own background reads (a new key's history or collections walk starts
// when it is added: the log marks them `by`). The figures are recorded in docs/benchmarks.md.

/** The requests each overview may make, at most (each a single page, whatever the number of AR accounts). */
// The Employee's overview walks its lists whole, so that each figure is the count of the list it links to: the active
// customers (the delivery-days page's own walk, 3 pages of the demo's), the states, the customers on hold and the
// balanced invoices (2 pages).
const BUDGET = { Customer: 5, Supplier: 5, Employee: 8 } as const;

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

/** The rows of a list page across its pages (500 a page), as a person paging through it would count them. */
async function listCount(page: Page, href: string): Promise<number> {
  const url = new URL(href, "http://x");
  url.searchParams.set("PageSize", "500");
  await page.goto(`${url.pathname}${url.search}`);
  let count = 0;
  for (let n = 1; ; n++) {
    const pages = page.getByRole("navigation", { name: "Pages" });
    // This page's rows, not the last page's kept while it loads: the pager names it and the table is not busy.
    await expect(pages.locator('[aria-current="page"]')).toHaveText(`Page ${n}`);
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    count += await page.getByRole("table").first().locator("tbody tr").count();
    const next = pages.getByRole("button", { name: "Next" });
    if (!(await next.isEnabled())) return count;
    await next.click();
  }
}

test("an employee's overview: deliveries today and tomorrow, customers on hold, invoices awaiting verification; each figure the count of the list it opens", async ({
  page,
}) => {
  const key = await issueKey(page, { type: "Employee", company: "Overview staff" });
  await connectWith(page, key);
  const made = await overviewRequests(page);
  console.log(`overview requests, Employee key: ${made.length} (${made.map((r) => r.operation).join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(BUDGET.Employee);
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);

  // Each figure, then the list its link opens (the figure's own, or its card's), counted there.
  const dayCount = async (href: string) => {
    await page.goto(href);
    const heading = page.getByRole("heading", { name: /^\w+, \w{3} \d+: \d+ customers?$/ });
    await expect(heading).toBeVisible();
    return Number(/: (\d+) customers?$/.exec((await heading.textContent()) ?? "")![1]);
  };
  const figures = [
    { testId: "deliveries-today", link: undefined, count: dayCount },
    { testId: "deliveries-tomorrow", link: undefined, count: dayCount },
    { testId: "on-hold", link: "All customers on hold", count: (href: string) => listCount(page, href) },
    { testId: "awaiting-verification", link: "All balanced invoices", count: (href: string) => listCount(page, href) },
  ];
  for (const { testId, link, count } of figures) {
    await page.goto("/");
    const figure = page.getByTestId(testId);
    await expect(figure).toHaveText(/^\d+( customers?)?$/);
    const shown = Number(/^\d+/.exec((await figure.textContent()) ?? "")![0]);
    const href = link
      ? await page.getByRole("link", { name: link }).getAttribute("href")
      : await figure.getAttribute("href");
    expect(await count(href!), `${testId}: ${href}`).toBe(shown);
  }
});
