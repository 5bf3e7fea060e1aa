import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "../axe";
import { DEMO_KEYS, origin, ownWorkspace, tryDemo } from "../sign-in";

// axe on the pages the sidebar does not list, for each key type that may see them (the sidebar's pages are checked
// per key type in e2e/dashboard.spec.ts; the overview, delivery days, payments and the purchase editor in their own
// specs): the pages of signing in and of accounts, the API reference, and every kind of detail page. Zero serious or
// critical violations.

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

test("the sign-in, sign-up and forgot-password pages and the API reference, signed out", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up", "/forgot-password", "/docs/api"]) await check(page, path);
});

test("the account pages, signed in as a workspace's owner with a pending invitation", async ({ page }) => {
  // A workspace of the test's own (the demo's is shared and closed to changes), with someone invited: the Members
  // page then lists the pending invitation (no mail goes out here).
  await ownWorkspace(page, DEMO_KEYS.Customer, { name: "Accessible team" });
  const invited = await page.request.post("/api/members/invitations", {
    data: { email: `invited-${Date.now().toString(36)}@example.test`, role: "viewer" },
    headers: { Origin: origin() },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  for (const path of ["/workspaces", "/settings/members", "/settings/keys", "/settings/workspace", "/account"])
    await check(page, path);
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
      await check(
        page,
        `/purchases/${await firstId(page, "/api/v2/purchases?statuses=Verified&include_transactions=false&page_size=5", "purchase_global_id")}`,
      );
      await check(page, "/purchases/new");
    }
  });
}
