import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { origin, ownWorkspace } from "./sign-in";

// Work that goes on without a tab: a person makes a write and closes the page; the ERP settles it; Backroom's
// follow-up (a job, on the schedule of lib/server/follow-ups/: the first look after FOLLOW_UP_INTERVAL_SECONDS, 16 s
// here) learns the outcome and the header's bell tells the person, once. Each test works with a key issued for it, in
// a workspace of its own, so its inbox is its own.

const OPERATOR = { "x-api-key": "test-employee-demo", "Content-Type": "application/json" };
type Row = Record<string, unknown>;

async function issuedKey(page: Page, body: object): Promise<string> {
  const issued = await page.request.post("/sandbox/test/operator/keys", { headers: OPERATOR, data: { company: "Notifications", ...body } });
  expect(issued.status(), await issued.text()).toBe(201);
  return ((await issued.json()) as { key: string }).key;
}

async function data(page: Page, path: string): Promise<Row[]> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { Data?: Row[]; data?: Row[] };
  return body.Data ?? body.data ?? [];
}

/** Waits, with the page's session but no page open, until the inbox has `count` unread. */
async function unreadBecomes(page: Page, count: number) {
  await expect
    .poll(async () => ((await (await page.request.get("/api/notifications")).json()) as { unread: number }).unread, { timeout: 90_000, intervals: [2_000] })
    .toBe(count);
}

/** Opens a page in a new tab and the bell; answers the bell. */
async function openBell(page: Page, unread: number) {
  await page.goto("/invoices");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(unread ? `Notifications, ${unread} unread` : "Notifications");
  await bell.click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeFocused();
  return bell;
}

test("a retailer allocates a payment and closes the page; the ERP settles it; the bell says so, once", async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const demo = await page.request.get("/sandbox/test/api/v1/customers?PageSize=1", { headers: { "x-api-key": "test-customer-demo" } });
  const store = ((await demo.json()) as { Data: Row[] }).Data[0]!;
  await ownWorkspace(page, await issuedKey(page, { type: "Customer", customerIds: [Number(store.CustomerID)] }));

  // The allocation as the payments page sends it, then the tab is closed.
  const payment = (await data(page, "/api/v1/payments?PageSize=500")).find((p) => Number(p.AvailableBalance) >= 1)!;
  const invoice = (await data(page, `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`))[0]!;
  const created = await page.request.post(
    `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`,
    { headers: { Origin: origin(), "Idempotency-Key": `bell-${Date.now()}` } },
  );
  expect(created.status(), await created.text()).toBe(201);
  const requestId = ((await created.json()) as { Data: { RequestID: number } }).Data.RequestID;
  await page.close();

  // The ERP's two syncs: exported, then confirmed or rejected.
  for (let sync = 0; sync < 2; sync++) expect((await context.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} })).status()).toBe(200);

  const later = await context.newPage();
  await unreadBecomes(later, 1);
  await openBell(later, 1);
  const item = later.getByRole("link", { name: new RegExp(`^Payment request ${requestId} (confirmed|rejected): 0\\.01 from `) });
  await expect(item).toBeVisible();
  expect(await seriousViolations(later)).toEqual([]);
  await later.getByRole("button", { name: "Mark all read" }).click();
  await expect(later.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  // Once: the follow-ups and the pages go on reading, and nothing more is told.
  await later.goto(`/payments?account=${payment.ARAccountID}`);
  await expect(later.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const inbox = (await (await later.request.get("/api/notifications")).json()) as { items: unknown[]; unread: number };
  expect([inbox.items.length, inbox.unread]).toEqual([1, 0]);
  await context.close();
});

test("a brand submits a purchase order and leaves; its import arrives in the bell with the ERP's id", async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await ownWorkspace(page, await issuedKey(page, { type: "Supplier", supplierIds: [101] }));
  const vendor = (await data(page, "/api/v1/vendors?PageSize=1"))[0]!;
  const product = (await data(page, "/api/v1/products?PageSize=1"))[0]!;
  const poNum = `BELL-${Date.now().toString(36)}`;
  const headers = { Origin: origin() };
  const created = await page.request.post("/api/v2/purchases", {
    headers: { ...headers, "Idempotency-Key": poNum },
    data: { vendor_id: vendor.VendorID, to_location_id: vendor.LocationID, supplier_id: vendor.SupplierID, delivery_date: "2027-01-15", po_num: poNum, purchase_transactions: [{ product_id: product.ProductID, cases: 2, batch_code: "B-1" }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const globalId = ((await created.json()) as { data: { purchase_global_id: string } }).data.purchase_global_id;
  const submitted = await page.request.post(`/api/v2/purchases/${globalId}/submit`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await page.close();

  expect((await context.request.post("/sandbox/test/operator/jobs/import", { headers: OPERATOR, data: {} })).status()).toBe(200);

  const later = await context.newPage();
  await unreadBecomes(later, 1);
  await openBell(later, 1);
  const item = later.getByRole("link", { name: /^Purchase order .*imported as ERP purchase \d+$/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(later).toHaveURL(new RegExp(`/purchases/${globalId}$`));
  await expect(later.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  await context.close();
});
