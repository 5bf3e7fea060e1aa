import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// The filters and whole records: the payments page narrowed by payment type, supplier and target invoice (in
// the address, through a reload); purchases found by either id; an invoice's lines with their prices, promotion,
// reason and purchase transaction; the revision mark in the invoice list; AR aging's credit invoices; the purchase
// editor's "Ordered on behalf of" for an Employee key and not for a brand. What each test expects is read from the
// API first (through the proxy, with the page's session), so the tests hold at any seed scale.

interface Payment {
  PaymentID: number;
  ARAccountID: number;
  PaymentTypeID: number;
  PaymentTypeName: string;
  SupplierID: number | null;
}

/** A GET of the API through the proxy, with the page's session, as JSON. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Opens a filter's list (again until the page is hydrated: a click before that is lost), ticks `option`, applies. */
async function pick(page: Page, filter: string, option: string) {
  const panel = page.getByRole("group", { name: filter, exact: true });
  await expect(async () => {
    await page.getByRole("button", { name: new RegExp(`^${filter} `) }).click();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await panel.getByRole("checkbox", { name: option, exact: true }).check();
  await panel.getByRole("button", { name: "Apply" }).click();
}

/** Every row of the payments table, those with no credit left shown too (the table hides them at first). */
async function paymentRows(page: Page): Promise<Locator> {
  const table = page.getByRole("region", { name: "Payments table" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const more = page.getByRole("button", { name: /^Show the \d+ payments with no credit left$/ });
  if (await more.isVisible()) await more.click();
  return table.locator("tbody tr");
}

/**
 * An AR account with a brand credit (a payment of a supplier's own payment type) and other payments: the payment
 * type and the supplier filters each narrow its payments to fewer.
 */
async function accountWithBrandCredit(page: Page): Promise<{ account: number; credit: Payment; all: number }> {
  // The filter offers the payment types the API lists (those of active suppliers, by default).
  const offered = new Set(
    (await api<{ Data: { PaymentTypeID: number }[] }>(page, "/api/v1/payments/types?PageSize=500")).Data.map(
      (t) => t.PaymentTypeID,
    ),
  );
  for (let n = 1; n <= 10; n++) {
    const { Data } = await api<{ Data: Payment[] }>(page, `/api/v1/payments?PageSize=500&Page=${n}`);
    for (const credit of Data.filter(
      (p) => p.SupplierID != null && p.PaymentTypeID > 0 && offered.has(p.PaymentTypeID),
    )) {
      const { Data: all } = await api<{ Data: Payment[] }>(
        page,
        `/api/v1/payments?ARAccountIDs=${credit.ARAccountID}&PageSize=500`,
      );
      if (all.some((p) => p.PaymentTypeID !== credit.PaymentTypeID && p.SupplierID !== credit.SupplierID))
        return { account: credit.ARAccountID, credit, all: all.length };
    }
    if (Data.length < 500) break;
  }
  throw new Error("No AR account has both a brand credit and other payments");
}

test("payments narrowed by payment type, then by supplier: fewer rows, and the same after a reload", async ({
  page,
}) => {
  await signIn(page, "Employee");
  const { account, credit, all } = await accountWithBrandCredit(page);
  const ofType = (
    await api<{ Data: Payment[] }>(
      page,
      `/api/v1/payments?ARAccountIDs=${account}&PaymentTypeIDs=${credit.PaymentTypeID}&PageSize=500`,
    )
  ).Data;
  expect(ofType.length).toBeLessThan(all);

  await page.goto(`/payments?account=${account}`);
  await expect(await paymentRows(page)).toHaveCount(all);
  await pick(page, "Payment types", credit.PaymentTypeName);
  await expect(page).toHaveURL(new RegExp(`PaymentTypeIDs=${credit.PaymentTypeID}(&|$)`));
  const check = async () => {
    const rows = await paymentRows(page);
    await expect(rows).toHaveCount(ofType.length);
    for (const type of await rows.locator("td:nth-child(2)").allTextContents())
      expect(type).toBe(credit.PaymentTypeName);
  };
  await check();
  await page.reload();
  await expect(page.getByRole("button", { name: /^Payment types / })).toContainText(credit.PaymentTypeName);
  await check();
  expect(await seriousViolations(page)).toEqual([]);

  // The supplier, over the account's lists: its payments only; open invoices are said not to be narrowed for this key.
  const supplier = (
    await api<{ Data: { Supplier: string }[] }>(page, `/api/v1/suppliers?SupplierIDs=${credit.SupplierID}`)
  ).Data[0]!.Supplier;
  const ofSupplier = (
    await api<{ Data: Payment[] }>(
      page,
      `/api/v1/payments?ARAccountIDs=${account}&SupplierIDs=${credit.SupplierID}&PageSize=500`,
    )
  ).Data;
  expect(ofSupplier.length).toBeLessThan(all);
  await page.goto(`/payments?account=${account}`);
  await expect(await paymentRows(page)).toHaveCount(all);
  await pick(page, "Suppliers", supplier);
  await expect(page).toHaveURL(new RegExp(`SupplierIDs=${credit.SupplierID}(&|$)`));
  await expect(await paymentRows(page)).toHaveCount(ofSupplier.length);
  await expect(
    page.getByText("Of every supplier: the Data API narrows open invoices by supplier for Supplier keys only."),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: /^Suppliers / })).toContainText(supplier);
  await expect(await paymentRows(page)).toHaveCount(ofSupplier.length);
  expect(await seriousViolations(page)).toEqual([]);
});

test("payment applications narrowed to one target invoice, kept through a reload", async ({ page }) => {
  await signIn(page, "Customer");
  const account = 50001;
  type Application = { TargetInvoiceNum: string; Status: string; TimeRequested: string };
  const applications = (
    await api<{ Data: Application[] }>(page, `/api/v1/payments/applications?ARAccountIDs=${account}&PageSize=100`)
  ).Data;
  // The oldest confirmed one's invoice: paid long ago, so no allocation of the other tests (which pay what is owed)
  // lands on it while this one runs.
  const target = applications
    .filter((a) => a.Status === "Confirmed" && a.TargetInvoiceNum)
    .sort((a, b) => a.TimeRequested.localeCompare(b.TimeRequested))[0]!.TargetInvoiceNum;
  const expected = (
    await api<{ Data: Application[] }>(
      page,
      `/api/v1/payments/applications?ARAccountIDs=${account}&TargetInvoiceNums=${target}&PageSize=100`,
    )
  ).Data.length;
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(applications.length);

  await page.goto(`/payments?account=${account}`);
  const table = page.getByRole("region", { name: "Payment applications table" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(async () => {
    await page.getByLabel("Target invoice numbers").fill(target);
    await page.getByLabel("Target invoice numbers").press("Enter");
    await expect(page).toHaveURL(new RegExp(`TargetInvoiceNums=${target}(&|$)`), { timeout: 1_000 });
  }).toPass();
  const check = async () => {
    await expect(table.locator("tbody tr")).toHaveCount(expected);
    for (const invoice of await table.locator("tbody tr td:nth-of-type(2)").allTextContents())
      expect(invoice).toBe(target);
  };
  await check();
  await page.reload();
  await expect(page.getByLabel("Target invoice numbers")).toHaveValue(target);
  await check();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a purchase is found by its ERP id and a draft by its global id, in the address through a reload", async ({
  page,
}) => {
  await signIn(page, "Supplier");
  type Purchase = { purchase_id: number | null; purchase_global_id: string | null; po_num: string };
  const posted = (
    await api<{ data: Purchase[] }>(page, "/api/v2/purchases?statuses=Verified&include_transactions=false&page_size=5")
  ).data.find((p) => p.purchase_id != null)!;
  // A seeded draft (PO-<prefix>-D1, D2): the purchases spec, which may run alongside, deletes drafts of its own (E2E-...).
  const draft = (
    await api<{ data: Purchase[] }>(
      page,
      "/api/v2/purchases?statuses=InProgress&include_transactions=false&page_size=500",
    )
  ).data.find((p) => p.purchase_global_id != null && /^PO-\w+-D\d+$/.test(p.po_num))!;
  const field = page.getByLabel("Purchase IDs (global or ERP)");
  const rows = page.locator("table.data-table tbody tr");

  for (const [id, po] of [
    [String(posted.purchase_id), posted.po_num],
    [draft.purchase_global_id!, draft.po_num],
  ] as const) {
    await page.goto("/purchases");
    await expect(rows.first()).toBeVisible();
    await expect(async () => {
      await field.fill(id);
      await field.press("Enter");
      await expect(page).toHaveURL(new RegExp(`purchase_ids=${id}(&|$)`), { timeout: 1_000 });
    }).toPass();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("link", { name: po, exact: true })).toBeVisible();
    await page.reload();
    await expect(field).toHaveValue(id);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(po);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test("an invoice's lines show full price, discount, promotion (linked), reason and purchase transaction; more columns on demand", async ({
  page,
}) => {
  await signIn(page, "Employee");
  type Line = { InvoiceID: number; ProductName: string; PromotionID: number | null };
  // A recent balanced or verified invoice with a promoted line (its lines are filled: their purchase transactions are
  // known). Promotions run in seasons; the last two months hold many.
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  let found: Line | undefined;
  for (let n = 1; n <= 10 && !found; n++) {
    const invoices = (
      await api<{ Data: { InvoiceID: number }[] }>(
        page,
        `/api/v1/invoices?Statuses=5,7&StartDate=${since}&PageSize=50&Page=${n}`,
      )
    ).Data;
    if (invoices.length === 0) break;
    const lines = (
      await api<{ Data: Line[] }>(
        page,
        `/api/v1/invoiceTransactions?InvoiceIDs=${invoices.map((i) => i.InvoiceID).join(",")}&PageSize=500`,
      )
    ).Data;
    found = lines.find((l) => l.PromotionID != null);
  }
  expect(found, "an invoice line with a promotion").toBeDefined();

  await page.goto(`/invoices/${found!.InvoiceID}`);
  const table = page.getByRole("region", { name: "Invoice lines" });
  for (const header of [
    "Product",
    "Full price",
    "Discount",
    "Unit price",
    "Promotion",
    "Reason",
    "Purchase transaction",
  ]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const promotion = table.getByRole("link", { name: `Promotion ${found!.PromotionID}`, exact: true }).first();
  await expect(promotion).toHaveAttribute("href", `/catalog/product-promotions/${found!.PromotionID}`);
  await expect(table.locator("tbody tr").first()).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);

  await expect(async () => {
    await page.getByRole("button", { name: /^Columns/ }).click();
    await expect(page.getByRole("checkbox", { name: "Price overridden" })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByRole("checkbox", { name: "Price overridden" }).check();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/columns=/);
  await expect(table.getByRole("columnheader", { name: "Price overridden" })).toBeVisible();
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Price overridden" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Promotion", exact: true })).toBeVisible();
});

test("the invoice list marks an invoice with a revision in progress", async ({ page }) => {
  await signIn(page, "Employee");
  type Invoice = { InvoiceID: number; InvoiceNum: string; RevisionStatus: string | null };
  // The seed puts a revision in progress on recent New or Locked for Routing invoices (at least one of each status).
  let revised: Invoice | undefined;
  for (let n = 1; n <= 10 && !revised; n++) {
    const { Data } = await api<{ Data: Invoice[] }>(page, `/api/v1/invoices?Statuses=1,2&PageSize=500&Page=${n}`);
    revised = Data.find((i) => i.RevisionStatus);
    if (Data.length < 500) break;
  }
  expect(revised, "an invoice with a revision in progress").toBeDefined();

  await page.goto(`/invoices?Statuses=1,2&InvoiceIDs=${revised!.InvoiceID}`);
  const row = page.locator("table.data-table tbody tr").first();
  await expect(row.getByRole("link", { name: revised!.InvoiceNum })).toBeVisible();
  await expect(row).toContainText(`Revision ${revised!.RevisionStatus}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test("AR aging lists an account's credit invoices from its open credit", async ({ page }) => {
  // The demo retailer's stores always have an open credit.
  await signIn(page, "Customer");
  await page.goto("/ar-aging");
  const table = page.getByRole("region", { name: "AR aging table" });
  await expect(table.locator("tfoot")).toContainText(/^Total, \d+ rows?/);
  const credit = table
    .locator("tbody")
    .getByRole("button", { name: /, Open credit: \$[\d,.]+, [1-9]\d* invoices?$/ })
    .first();
  await expect(credit).toBeVisible();
  await credit.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /^Open credit: / })).toBeVisible();
  await expect(dialog).toContainText(/is open credit, from \d+ invoices?\./);
  await expect(
    dialog.getByRole("region", { name: "Credit invoices" }).locator('tbody a[href^="/invoices/"]').first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(credit).toBeFocused();
});

test.describe("the purchase editor's user to order on behalf of", () => {
  test("an Employee key picks one of the supplier's users, and Validate sends it as created_by_user_id", async ({
    page,
  }) => {
    await signIn(page, "Employee");
    await page.goto("/purchases/new");
    const onBehalf = page.getByLabel("Ordered on behalf of");
    await expect(onBehalf).toBeVisible();
    // The demo brand (supplier 101): its vendors, and its users to choose from.
    await expect(async () => {
      await page.getByLabel("Supplier", { exact: true }).selectOption("101", { timeout: 2_000 });
      await expect(onBehalf.locator("option")).not.toHaveCount(1, { timeout: 2_000 });
    }).toPass();
    const user = (await onBehalf.locator("option").nth(1).getAttribute("value"))!;
    await onBehalf.selectOption(user);
    expect(await seriousViolations(page)).toEqual([]);

    await expect(async () => {
      const option = page.getByLabel("Vendor").locator("option").nth(1);
      await page.getByLabel("Vendor").selectOption((await option.getAttribute("value", { timeout: 2_000 }))!);
      await page.getByLabel("Destination warehouse").selectOption({ index: 1 }, { timeout: 2_000 });
    }).toPass();
    await page
      .getByLabel("Requested delivery date")
      .fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel("PO number").fill(`E2E-ONBEHALF-${Date.now().toString(36)}`);
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/v2/purchases/validate",
    );
    await page.getByRole("button", { name: "Validate" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ supplier_id: 101, created_by_user_id: Number(user) });
  });

  test("a brand is not offered it", async ({ page }) => {
    await signIn(page, "Supplier");
    await page.goto("/purchases/new");
    await expect(page.getByLabel("PO number")).toBeVisible();
    await expect(page.getByLabel("Supplier", { exact: true })).toHaveValue("101");
    await expect(page.getByLabel("Ordered on behalf of")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
