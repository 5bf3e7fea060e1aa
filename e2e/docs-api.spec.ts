import { expect, test, type Locator, type Page } from "@playwright/test";

const TOTAL = 49;

/** The operation whose heading is exactly "METHOD /api/...". */
function operation(page: Page, name: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

test.describe("/docs/api", () => {
  test("lists every operation and filters them as you type, keeping the term in the URL", async ({ page }) => {
    await page.goto("/docs/api");

    await expect(page.getByRole("heading", { level: 1, name: "Data API reference" })).toBeVisible();
    await expect(page.getByRole("link", { name: "/openapi.json" })).toHaveAttribute("href", "/openapi.json");
    await expect(page.getByRole("article")).toHaveCount(TOTAL);
    await expect(
      page.getByRole("heading", { level: 3 }).filter({ hasText: /^(GET|POST|PATCH|DELETE) \/api\/v[12]\// }),
    ).toHaveCount(TOTAL);
    await expect(page.getByText(`${TOTAL} of ${TOTAL} operations`)).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Resources" }).getByRole("link", { name: "Invoices" }),
    ).toHaveAttribute("href", "#resource-invoices");

    const search = page.getByRole("searchbox", { name: "Search operations" });
    await search.fill("invoiceTransactions");

    const visible = page.getByRole("article");
    await expect(visible).toHaveCount(2);
    await expect(visible.getByRole("heading", { level: 3 })).toHaveText([
      "GET /api/v1/invoiceTransactions",
      "GET /api/v1/invoiceTransactions/{invoiceID}",
    ]);
    await expect(page.getByText(`2 of ${TOTAL} operations`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "GET /api/v1/customers", exact: true })).toBeHidden();
    await expect(page).toHaveURL(/[?&]q=invoiceTransactions(&|$)/);

    const params = operation(page, "GET /api/v1/invoiceTransactions").getByRole("table", { name: /^Parameters of/ });
    const requiredColumn = (await params.getByRole("columnheader").allTextContents()).indexOf("Required");
    expect(requiredColumn).toBeGreaterThan(0);
    // The first column is the row header (the name); the cells after it are the other columns.
    const invoiceIds = params.getByRole("row", { name: /^InvoiceIDs\b/ });
    await expect(invoiceIds.getByRole("cell").nth(requiredColumn - 1)).toHaveText("required");
  });

  test("keeps the search term across a reload, and an empty search shows every operation again", async ({ page }) => {
    await page.goto("/docs/api?q=invoiceTransactions");
    await expect(page.getByRole("searchbox", { name: "Search operations" })).toHaveValue("invoiceTransactions");
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByText(`2 of ${TOTAL} operations`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "GET /api/v1/customers", exact: true })).toBeHidden();

    await page.getByRole("searchbox", { name: "Search operations" }).fill("no such operation");
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByText(`0 of ${TOTAL} operations`)).toBeVisible();
    await expect(page.getByText(/No operations match/)).toBeVisible();

    await page.getByRole("searchbox", { name: "Search operations" }).fill("");
    await expect(page.getByRole("article")).toHaveCount(TOTAL);
    await expect(page).not.toHaveURL(/[?&]q=/);
  });

  test("shows access and request headers of the v2 purchase operations", async ({ page }) => {
    await page.goto("/docs/api");
    await page.getByRole("searchbox", { name: "Search operations" }).fill("purchases");
    await expect(page.getByRole("heading", { level: 2, name: "Purchasing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Invoices" })).toBeHidden();

    const create = operation(page, "POST /api/v2/purchases");
    await expect(create).toBeVisible();
    const access = create.getByRole("table", { name: /^Key types that may call/ });
    await expect(access.getByRole("row", { name: "Customer 403" })).toBeVisible();
    await expect(access.getByRole("row", { name: "Employee yes" })).toBeVisible();
    await expect(access.getByRole("row", { name: "Supplier scoped to its accounts" })).toBeVisible();
    await expect(create.getByText("Idempotency-Key", { exact: true })).toBeVisible();
    await expect(
      create.getByRole("table", { name: /^Request body fields of/ }).getByRole("row", { name: /^po_num\b/ }),
    ).toContainText("required");

    // A v2 list, for comparison: Customer keys are refused there too, and it takes no Idempotency-Key.
    const list = operation(page, "GET /api/v2/purchases");
    await expect(list.getByRole("row", { name: "Customer 403" })).toBeVisible();
    await expect(list.getByText("Idempotency-Key", { exact: true })).toHaveCount(0);
  });
});
