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

  await expect(page.getByTestId("owed-total")).toHaveText(/^\$[\d,]+\.\d{2,6}$/);
  await expect(page.getByRole("img", { name: /What you owe by age: Current \$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invoices due soon" })).toBeVisible();
  await expect(page.getByTestId("credit-available")).toHaveText(/^\$[\d,]+\.\d{2,6}$/);
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
  // The brand's aging is each invoice's open balance split by supplier to the micro-unit: its total is shown exactly,
  // a sub-cent digit and all, as the AR aging list and its CSV add it up.
  await expect(page.getByTestId("receivables-total")).toHaveText(/^\$[\d,]+\.\d{2,6}$/);
  await expect(page.getByRole("region", { name: "Top customers by open balance" }).locator("li")).not.toHaveCount(0);
  await expect(page.getByRole("region", { name: "Top customers by open balance" })).not.toContainText("AR account");
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
});

/**
 * The count a list page says of itself, once its whole list is read: "Showing 1–50 of 948 invoices" (948), "0
 * products" (0); a date's deliveries by its heading ("Friday, Nov 27: 49 customers").
 */
async function listCount(page: Page, href: string): Promise<{ count: number; text: string }> {
  await page.goto(href);
  if (href.startsWith("/delivery-days")) {
    const heading = page.getByRole("heading", { name: /^\w+, \w{3} \d+: \d+ customers?$/ });
    await expect(heading).toBeVisible();
    const text = (await heading.textContent()) ?? "";
    return { count: Number(/: (\d+) customers?$/.exec(text)![1]), text };
  }
  const said = page.getByTestId("list-count");
  await expect(said).not.toContainText("Reading", { timeout: 30_000 });
  await expect(said).toHaveText(/\d/);
  const text = (await said.textContent()) ?? "";
  const match = /(?:of |^)(at least )?([\d,]+) /.exec(text)!;
  return { count: Number(match[2]!.replaceAll(",", "")), text };
}

/** A list page's money total of a column, as it says it above its table. */
async function listTotal(page: Page, header: string): Promise<string> {
  const totals = page.getByTestId("list-totals");
  await expect(totals).toBeVisible();
  return new RegExp(`${header} (−?\\$[\\d,]+\\.\\d\\d)`).exec((await totals.textContent()) ?? "")![1]!;
}

/** Every figure of the overview that opens a list: its test id, the value it shows and where it goes. */
async function figures(page: Page, testIds: string[]) {
  await page.goto("/");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const out: { testId: string; shown: string; href: string }[] = [];
  for (const testId of testIds) {
    const figure = page.getByTestId(testId);
    await expect(figure, testId).toHaveAttribute("href", /^\//);
    out.push({
      testId,
      shown: ((await figure.textContent()) ?? "").trim(),
      href: (await figure.getAttribute("href"))!,
    });
  }
  return out;
}

/** Opens each figure's list and holds its count (or its money total) to the figure. */
async function eachFigureIsItsList(
  page: Page,
  testIds: string[],
  totals: Record<string, string> = {},
): Promise<string[]> {
  const lines: string[] = [];
  for (const { testId, shown, href } of await figures(page, testIds)) {
    const list = await listCount(page, href);
    if (totals[testId]) {
      const total = await listTotal(page, totals[testId]);
      expect(total, `${testId}: ${href}`).toBe(shown.replace(/^at least /, ""));
      lines.push(`${testId} ${shown} = ${href}: ${totals[testId]} ${total}`);
      continue;
    }
    const value = Number(/\d[\d,]*/.exec(shown)![0].replaceAll(",", ""));
    expect(list.count, `${testId}: ${href} says "${list.text}"`).toBe(value);
    lines.push(`${testId} ${shown} = ${href}: "${list.text}"`);
  }
  return lines;
}

test("each figure of every overview opens the list it counts, whose count (or total) is the figure", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await tryDemo(page, "Try as a retailer");
  console.log(
    (
      await eachFigureIsItsList(page, ["overdue-count", "overdue-total", "due-soon-count"], {
        "overdue-total": "Open balance",
      })
    ).join("\n"),
  );
  await page.context().clearCookies();
  await tryDemo(page, "Try as a brand");
  const buckets = [
    "50-plus-cases",
    "under-50-cases",
    "under-25-cases",
    "under-10-cases",
    "under-5-cases",
    "under-1-case",
  ];
  console.log(
    (
      await eachFigureIsItsList(page, [
        "out-of-stock",
        "bucket-out-of-stock",
        ...buckets.map((b) => `bucket-${b}`),
        "low-doi",
        "sold-90-days",
        "drafts",
        "submitted",
      ])
    ).join("\n"),
  );
  await page.context().clearCookies();
  await tryDemo(page, "Try as an employee");
  console.log(
    (
      await eachFigureIsItsList(
        page,
        ["deliveries-today", "deliveries-tomorrow", "on-hold", "awaiting-verification", "awaiting-total"],
        { "awaiting-total": "Invoice total" },
      )
    ).join("\n"),
  );
});

test("an employee's overview: deliveries today and tomorrow, customers on hold, invoices awaiting verification", async ({
  page,
}) => {
  const key = await issueKey(page, { type: "Employee", company: "Overview staff" });
  await connectWith(page, key);
  const made = await overviewRequests(page);
  console.log(`overview requests, Employee key: ${made.length} (${made.map((r) => r.operation).join(", ")})`);
  expect(made.length).toBeLessThanOrEqual(BUDGET.Employee);
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
});
