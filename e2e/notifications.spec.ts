import { expect, type Page, test } from "@playwright/test";
import { requestTowardRoom } from "./allocation";
import { seriousViolations } from "./axe";
import { pageHref } from "@/lib/domain/page-href";
import { origin, ownWorkspace, signIn } from "./sign-in";
import { OPERATOR } from "./operator";

// Work that goes on without a tab: a person makes a write and closes the page; the ERP settles it; Backroom's
// follow-up (a job, on the schedule of lib/server/follow-ups/: the first look after FOLLOW_UP_INTERVAL_SECONDS, 16 s
// here) learns the outcome and the header's bell tells the person, once. Each test works with a key issued for it, in
// a workspace of its own, so its inbox is its own.

type Row = Record<string, unknown>;

async function issuedKey(page: Page, body: object): Promise<string> {
  const issued = await page.request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { company: "Notifications", ...body },
  });
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
    .poll(async () => ((await (await page.request.get("/api/notifications")).json()) as { unread: number }).unread, {
      timeout: 90_000,
      intervals: [2_000],
    })
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

test("a retailer allocates a payment and closes the page; the ERP settles it; the bell says so, once, and opens the account's payments", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  // A retailer of two AR accounts: its payments page names no account by itself (it asks which), so the notification's
  // link must name the one the payment is in (it named ARAccountIDs, which the page does not read).
  // The demo retailer's two AR accounts: a payment with credit left in one, and a customer of the other.
  const retailer = { "x-api-key": "test-customer-demo" };
  const sandbox = async (path: string) =>
    ((await (await page.request.get(`/sandbox/test/api/v1${path}`, { headers: retailer })).json()) as { Data: Row[] })
      .Data;
  const withCredit = (await sandbox("/payments?PageSize=500")).find((p) => Number(p.AvailableBalance) >= 1);
  expect(withCredit, "a payment of the demo retailer with credit left").toBeDefined();
  const openInvoices = await sandbox("/payments/openInvoices?PageSize=500");
  const owing = openInvoices.find((i) => i.ARAccountID === withCredit!.ARAccountID && Number(i.OpenBalance) > 0)!;
  const other = openInvoices.find((i) => i.ARAccountID !== withCredit!.ARAccountID)!;
  await ownWorkspace(
    page,
    await issuedKey(page, { type: "Customer", customerIds: [Number(owing!.CustomerID), Number(other.CustomerID)] }),
  );

  // The allocation as the payments page sends it, then the tab is closed.
  const payment = (await data(page, "/api/v1/payments?PageSize=500")).find(
    (p) => p.PaymentInvoiceNum === withCredit!.PaymentInvoiceNum,
  )!;
  // Toward an invoice with room: a credit takes no payment, and one already requested in full takes no more.
  const { created, invoiceNum } = await requestTowardRoom(page.request, {
    origin: origin(),
    payment,
    invoices: await data(page, `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`),
    amount: "0.01",
    key: "bell",
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestId = ((await created.json()) as { Data: { RequestID: number } }).Data.RequestID;
  await page.close();

  // The ERP's two syncs: exported, then confirmed or rejected.
  for (let sync = 0; sync < 2; sync++)
    expect(
      (await context.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} })).status(),
    ).toBe(200);

  const later = await context.newPage();
  await unreadBecomes(later, 1);
  await openBell(later, 1);
  // The amount as money, as the pages show it.
  const item = later.getByRole("link", {
    name: new RegExp(
      `^Payment request ${requestId} (confirmed: \\$0\\.01 from ${payment.PaymentInvoiceNum} to ${invoiceNum}$|rejected: \\$0\\.01 from .*The API gave no reason\\.$)`,
    ),
  });
  await expect(item).toBeVisible();
  expect(await seriousViolations(later)).toEqual([]);

  // Its link opens the AR account's payments: the payment, and the request among the account's applications.
  await item.click();
  await expect(
    later
      .getByRole("region", { name: "Payments table" })
      .getByRole("row", { name: new RegExp(`^${payment.PaymentInvoiceNum} `) }),
  ).toBeVisible();
  await expect(
    later
      .getByRole("region", { name: "Payment applications table" })
      .getByRole("rowheader", { name: String(requestId), exact: true }),
  ).toBeVisible();
  await expect(later).toHaveURL(new RegExp(`/payments\\?account=${payment.ARAccountID}$`));
  await expect(later.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  // Once: the follow-ups and the pages go on reading, and nothing more is told.
  await expect(later.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const inbox = (await (await later.request.get("/api/notifications")).json()) as { items: unknown[]; unread: number };
  expect([inbox.items.length, inbox.unread]).toEqual([1, 0]);
  await context.close();
});

test("a brand submits a purchase order and leaves; its import arrives in the bell with the ERP's id, and opens the order", async ({
  browser,
}) => {
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
    data: {
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: "2027-01-15",
      po_num: poNum,
      purchase_transactions: [{ product_id: product.ProductID, cases: 2, batch_code: "B-1" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const globalId = ((await created.json()) as { data: { purchase_global_id: string } }).data.purchase_global_id;
  const submitted = await page.request.post(`/api/v2/purchases/${globalId}/submit`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await page.close();

  expect(
    (await context.request.post("/sandbox/test/operator/jobs/import", { headers: OPERATOR, data: {} })).status(),
  ).toBe(200);

  const later = await context.newPage();
  await unreadBecomes(later, 1);
  await openBell(later, 1);
  const item = later.getByRole("link", { name: /^Purchase order .*imported as ERP purchase \d+$/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(later).toHaveURL(new RegExp(`/purchases/${globalId}$`));
  await expect(later.getByRole("heading", { level: 1 })).toHaveText(`Purchase order ${poNum}`);
  await expect(later.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  await context.close();
});

// The watches' links (hourly, off in these tests: playwright.config.ts says why) are built by the same `pageHref` as
// the outcomes'; their findings are checked against the pages' readers in lib/server/notifications/links.test.ts. Here
// each kind of page they open is opened for real records, and shows the record it names.
test("every page a watch's notification links to shows the record it names", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Employee");
  const invoice = (await data(page, "/api/v1/payments/openInvoices?PageSize=1"))[0]!;
  const held = await data(page, "/api/v1/customers?OnHold=true&PageSize=2");
  expect(held, "two customers on hold").toHaveLength(2);

  // An invoice falling due or overdue: the invoice.
  await page.goto(pageHref.invoice(Number(invoice.InvoiceID)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoice.InvoiceNum}`);
  // A customer put on hold: the customer.
  await page.goto(pageHref.customer(Number(held[0]!.CustomerID)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(held[0]!.CustomerName));
  // Several on hold at once: those customers, on hold, and no others.
  await page.goto(pageHref.customers({ customerIds: held.map((c) => Number(c.CustomerID)), onHold: true }));
  const list = page.getByRole("region", { name: "Customers" });
  for (const customer of held)
    await expect(list.getByRole("link", { name: String(customer.CustomerName), exact: true })).toBeVisible();
  await expect(list.locator("tbody tr")).toHaveCount(2);
  // Credit to apply, a payment's outcome: the AR account's payments.
  await page.goto(pageHref.payments({ account: Number(invoice.ARAccountID) }));
  await expect(
    page
      .getByRole("region", { name: "Open invoices table" })
      .getByRole("row", { name: new RegExp(`^${invoice.InvoiceNum} `) }),
  ).toBeVisible();
  // A statement's mail: the account's statement.
  await page.goto(pageHref.statements({ account: Number(invoice.ARAccountID) }));
  await expect(page.getByText(new RegExp(`^AR account ${invoice.ARAccountID} · `))).toBeVisible({ timeout: 30_000 });
});
