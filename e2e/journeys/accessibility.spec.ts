import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "../axe";
import { tryDemo } from "../sign-in";

// axe on the pages the sidebar does not list, for each key type that may see them (the sidebar's pages are checked
// per key type in e2e/dashboard.spec.ts; the overview, delivery days, payments and the purchase editor in their own
// specs): the connect page and the API reference, and every kind of detail page. Zero serious or critical violations.

async function firstId(page: Page, path: string, field: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { Data?: Record<string, unknown>[]; data?: Record<string, unknown>[] };
  const row = (body.Data ?? body.data ?? []).find((r) => r[field] != null);
  expect(row, `a row of ${path} with ${field}`).toBeDefined();
  return encodeURIComponent(String(row![field]));
}

async function check(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page), path).toEqual([]);
  expect(errors, path).toEqual([]);
}

test("the connect page and the API reference, without a key", async ({ page }) => {
  await check(page, "/connect");
  await check(page, "/docs/api");
});

const KEYS = [
  { button: "Try as a retailer", purchases: false },
  { button: "Try as a brand", purchases: true },
  { button: "Try as an employee", purchases: true },
] as const;

for (const key of KEYS) {
  test(`detail pages pass axe: ${key.button.replace("Try as ", "")}`, async ({ page }) => {
    await tryDemo(page, key.button);
    await check(page, `/invoices/${await firstId(page, "/api/v1/invoices?PageSize=5", "InvoiceID")}`);
    await check(page, `/customers/${await firstId(page, "/api/v1/customers?PageSize=5", "CustomerID")}`);
    await check(page, `/catalog/products/${await firstId(page, "/api/v1/products?PageSize=5", "ProductID")}`);
    if (key.purchases) {
      await check(page, `/purchases/${await firstId(page, "/api/v2/purchases?statuses=Verified&include_transactions=false&page_size=5", "purchase_global_id")}`);
      await check(page, "/purchases/new");
    }
  });
}
