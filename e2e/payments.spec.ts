import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { pageHref } from "@/lib/domain/page-href";
import { addDecimals, parseDecimal, subtractDecimal, toExactDecimalString } from "@/lib/format/decimal";
import { formatMoneyExact } from "@/lib/format/display";
import { invoicesWithRoom, requestedToward } from "./allocation";
import { tryDemo } from "./sign-in";
import { OPERATOR } from "./operator";

// Payments as a retailer (the customer demo key): allocate, split, follow to Confirmed, the API's own refusal on the
// amount, and a double-click that makes one request; as a brand, no allocation controls. The tests share the
// retailer's payments and the ERP's export job, so they run one after another.
test.describe.configure({ mode: "serial" });

/** Opens the payments of the retailer's first AR account and the allocation form of its first payment with credit. */
async function openAllocation(page: Page) {
  await page.goto("/payments");
  // Chosen again until the address follows: a choice made before the page is hydrated is not seen.
  await expect(async () => {
    await page.getByLabel("AR account", { exact: true }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/account=\d+/, { timeout: 1_000 });
  }).toPass();
  const allocate = page.getByRole("button", { name: /^Allocate payment / }).first();
  const paymentNum = (await allocate.textContent())!.replace("Allocate payment ", "").trim();
  await allocate.click();
  const form = page.getByRole("region", { name: `Allocate payment ${paymentNum}` });
  await expect(form.getByRole("button", { name: "Review allocation" })).toBeVisible();
  const account = Number(new URL(page.url()).searchParams.get("account"));
  return { form, paymentNum, account };
}

/** The API's payment applications of a payment to an invoice, through the proxy with the page's session. */
async function applications(page: Page, account: number, paymentNum: string, invoiceNum: string) {
  const response = await page.request.get(
    `/api/v1/payments/applications?ARAccountIDs=${account}&PaymentInvoiceNums=${paymentNum}&TargetInvoiceNums=${invoiceNum}&PageSize=500`,
    {
      headers: { "Cache-Control": "no-cache" },
    },
  );
  return ((await response.json()) as { Data: { RequestID: number | null; Amount: string; Status: string }[] }).Data;
}

test("a retailer allocates part of a payment to one invoice, sees it Pending, and Confirmed after the ERP's export", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum } = await openAllocation(page);
  const [invoice] = await invoicesWithRoom(form, "10.00");
  const openInvoices = page.getByRole("region", { name: "Open invoices table" });
  const balanceBefore = (await openInvoices
    .getByRole("row", { name: new RegExp(`^${invoice} `) })
    .locator("td")
    .last()
    .textContent())!;

  const askedBefore = await requestedToward(form, invoice!);
  await form.getByLabel(`Amount for invoice ${invoice}`).fill("10.00");
  await expect(form.getByText("Allocating:")).toBeVisible();
  await expect(form.locator("dd").nth(1)).toHaveText("$10.00");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await expect(form.getByText(`$10.00 to invoice ${invoice}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(form.getByRole("status")).toContainText("The request was sent");
  const sent = form.getByText(new RegExp(`Sent: \\$10\\.00 to invoice ${invoice}, request (\\d+) \\(Pending\\)`));
  await expect(sent).toBeVisible();
  const requestId = /request (\d+)/.exec((await sent.textContent())!)![1]!;
  // After the send the form's figures are read again: allocating more, the invoice shows the request toward it.
  await form.getByRole("button", { name: "Allocate more" }).click();
  await expect(
    form.getByRole("region", { name: "Amounts to allocate" }).getByRole("row", { name: new RegExp(`^${invoice} `) }),
  ).toContainText(`${formatMoneyExact(addDecimals(askedBefore, "10.00"))} already requested`);

  const list = page.getByRole("region", { name: "Payment applications table" });
  const row = list.getByRole("row", { name: new RegExp(`^${requestId} `) });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(paymentNum);
  await expect(page.getByText(/Following 1 request until the ERP confirms it/)).toBeVisible();

  // The ERP's export: the first run exports the request, the second applies it.
  for (const run of [1, 2]) {
    const job = await page.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} });
    expect(job.status(), `export run ${run}`).toBe(200);
  }
  await page.getByRole("button", { name: "Check status now" }).click();
  await expect(row).toContainText("Confirmed");
  await expect(page.getByText("Every request sent from this page is settled.")).toBeVisible();
  // The invoice's open balance has gone down by at least the amount applied (the export also settles requests others
  // made earlier against it).
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "").replace("−", "-")) * 100);
  await expect
    .poll(async () =>
      cents(
        (await openInvoices
          .getByRole("row", { name: new RegExp(`^${invoice} `) })
          .locator("td")
          .last()
          .textContent())!,
      ),
    )
    .toBeLessThanOrEqual(cents(balanceBefore) - 1000);
});

/** The "Requested by" cell of a row of the payment applications table (its sixth column). */
const requestedByCell = (row: Locator) => row.locator("td").nth(4);

test("Requested by names the Backroom person of a request sent from Backroom, before and after a send, and links only users the key can open", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum } = await openAllocation(page);
  const list = page.getByRole("region", { name: "Payment applications table" });
  await expect(list.locator("tbody tr").first()).toBeVisible();
  // Every text the new request's cell shows from the moment it is listed: one name, never one and then another.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { requestedBySeen: string[] }).requestedBySeen = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll("table tbody tr")) {
        const text = row.querySelectorAll("td")[4]?.textContent ?? "";
        const id = row.querySelector("th")?.textContent ?? "";
        if (text && !seen.includes(`${id}:${text}`)) seen.push(`${id}:${text}`);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const [invoice] = await invoicesWithRoom(form, "0.11");
  await form.getByLabel(`Amount for invoice ${invoice}`).fill("0.11");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await form.getByRole("button", { name: "Confirm and send" }).click();
  const sent = form.getByText(new RegExp(`Sent: \\$0\\.11 to invoice ${invoice}, request (\\d+) \\(Pending\\)`));
  await expect(sent).toBeVisible();
  const requestId = /request (\d+)/.exec((await sent.textContent())!)![1]!;
  const row = list.getByRole("row", { name: new RegExp(`^${requestId} `) });
  await expect(row).toContainText(paymentNum);
  await expect(requestedByCell(row)).toHaveText("Demo retailerin Backroom");
  await expect(requestedByCell(row).getByRole("link")).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { requestedBySeen: string[] }).requestedBySeen);
  expect(seen.filter((s) => s.startsWith(`${requestId}:`))).toEqual([`${requestId}:Demo retailerin Backroom`]);
  await expect(list.getByText("This key's user")).toHaveCount(0);

  // Read again from the start (no send on this page): the same person, not the key's ERP user.
  await page.reload();
  await expect(requestedByCell(list.getByRole("row", { name: new RegExp(`^${requestId} `) }))).toHaveText(
    "Demo retailerin Backroom",
    { timeout: 15_000 },
  );

  // An allocation made in the ERP by a clerk this retailer's key cannot read: named by id, not linked to a page that
  // would not open. Every name that is linked opens.
  const inTheErp = list.getByRole("row", { name: /^In the ERP / }).first();
  await expect(requestedByCell(inTheErp)).toHaveText(/^ERP user \d+$/);
  await expect(requestedByCell(inTheErp).getByRole("link")).toHaveCount(0);
  const links = await list
    .locator("tbody tr td:nth-child(6) a")
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
  for (const href of links) {
    const id = /^\/directory\/users\/(\d+)$/.exec(href)?.[1];
    expect(id, href).toBeDefined();
    expect((await page.request.get(`/api/v1/users/${id}`)).status(), href).toBe(200);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test("a retailer splits a payment across three invoices, one request each, sent in order", async ({ page }) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum, account } = await openAllocation(page);
  const invoices = (await invoicesWithRoom(form, "7.03")).slice(0, 3);
  expect(invoices).toHaveLength(3);
  const amounts = ["5.01", "6.02", "7.03"];
  for (const [index, invoice] of invoices.entries())
    await form.getByLabel(`Amount for invoice ${invoice}`).fill(amounts[index]!);
  await expect(form.locator("dd").nth(1)).toHaveText("$18.06");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await expect(form.getByRole("heading", { name: `Review: 3 requests from payment ${paymentNum}` })).toBeVisible();
  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(form.getByRole("status")).toContainText("All 3 requests were sent");
  for (const [index, invoice] of invoices.entries()) {
    const made = await applications(page, account, paymentNum, invoice);
    expect(
      made.filter((a) => a.Amount.startsWith(amounts[index]!) && a.Status === "Pending"),
      invoice,
    ).toHaveLength(1);
  }
  await expect(page.getByText(/Following 3 requests until the ERP confirms them/)).toBeVisible();
});

/** The credit left a form shows for its payment ("Credit on PAY-…:"), as a decimal string. */
async function creditShown(form: Locator): Promise<string> {
  return (await form.locator("dd").first().textContent())!.replace(/[$,]/g, "");
}

/** Elsewhere (another tab, another person), through the proxy: `amount` of the payment toward an invoice. */
async function allocateElsewhere(page: Page, account: number, paymentNum: string, invoice: string, amount: string) {
  const taken = await page.request.post(
    `/api/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoice}&ARAccountID=${account}&Amount=${amount}`,
    { headers: { Origin: new URL(page.url()).origin } },
  );
  expect(taken.status(), await taken.text()).toBe(201);
}

test("the credit and the open balances are read again before the review: a credit taken meanwhile is told, not reviewed", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum, account } = await openAllocation(page);
  const credit = await creditShown(form);
  // While the form is open, all but 5.00 of the credit is allocated elsewhere.
  const elsewhere = subtractDecimal(credit, "5.00");
  expect(Number(elsewhere), `payment ${paymentNum} has more than 5.00 of credit`).toBeGreaterThan(0);
  const [first] = await invoicesWithRoom(form, "6.00");
  const second = (await invoicesWithRoom(form, elsewhere)).find((i) => i !== first);
  expect(second, `another invoice with room for ${elsewhere}`).toBeDefined();
  await allocateElsewhere(page, account, paymentNum, second!, elsewhere);

  // The form still shows the credit it opened with; the amount fits it, not the credit read again.
  expect(await creditShown(form)).toBe(credit);
  const field = form.getByLabel(`Amount for invoice ${first}`);
  await field.fill("6.00");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await expect(form.getByText("The credit or the open balances changed since they were read")).toBeVisible();
  await expect(form.getByText("Together the amounts exceed the credit left ($5.00) by $1.00")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("button", { name: "Confirm and send" })).toHaveCount(0);
  await expect.poll(() => creditShown(form)).toBe("5.00");
});

test("the API's refusal of an amount over the credit lands on that amount's field", async ({ page }) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum, account } = await openAllocation(page);
  const credit = await creditShown(form);
  // The review is of the credit as read then. Elsewhere (another tab, another person), most of it is allocated
  // before the person confirms, toward an invoice with room for it: only 1.00 is left.
  const elsewhere = subtractDecimal(credit, "1.00");
  const [first] = await invoicesWithRoom(form, "2.00");
  const second = (await invoicesWithRoom(form, elsewhere)).find((i) => i !== first);
  expect(second, `another invoice with room for ${elsewhere}`).toBeDefined();

  await form.getByLabel(`Amount for invoice ${first}`).fill("2.00");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await expect(form.getByRole("button", { name: "Confirm and send" })).toBeVisible();
  await allocateElsewhere(page, account, paymentNum, second!, elsewhere);
  await form.getByRole("button", { name: "Confirm and send" }).click();
  const field = form.getByLabel(`Amount for invoice ${first}`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/Amount 2\.00 exceeds the available balance of payment/)).toBeVisible();
  await expect(field).toBeFocused();
});

test("a credit among the open invoices is listed apart as a credit, never late, offered no amount, and the form says why", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  type Row = Record<string, string | number>;
  const rowsOf = async (path: string) => ((await (await page.request.get(path)).json()) as { Data: Row[] }).Data;
  // The demo stores always have an open credit (a return: a negative open balance), and payments with credit left.
  const credit = (await rowsOf("/api/v1/payments/openInvoices?PageSize=500")).find((i) => Number(i.OpenBalance) < 0)!;
  expect(credit, "an open credit").toBeDefined();
  const payment = (await rowsOf(`/api/v1/payments?ARAccountIDs=${credit.ARAccountID}&PageSize=500`)).find(
    (p) => Number(p.AvailableBalance) >= 1,
  )!;
  await page.goto(
    pageHref.payments({ account: Number(credit.ARAccountID), payment: String(payment.PaymentInvoiceNum) }),
  );
  const form = page.getByRole("region", { name: `Allocate payment ${payment.PaymentInvoiceNum}` });
  await expect(form.getByRole("button", { name: "Review allocation" })).toBeVisible();
  const row = form.getByRole("row", { name: new RegExp(`^${credit.InvoiceNum} `) });
  await expect(row).toContainText(/A credit of \$[\d,]+\.\d\d: nothing is owed/);
  // Never late, however old: its due date is no debt's.
  await expect(row).toContainText("Credit: never due");
  await expect(row).not.toContainText(/\d+ days?/);
  await expect(form.getByLabel(`Amount for invoice ${credit.InvoiceNum}`)).toHaveCount(0);
  // The page lists it apart from the open invoices, as a credit.
  const open = page.getByRole("region", { name: "Open invoices table" });
  await expect(open.getByRole("row").nth(1)).toBeVisible();
  await expect(open.getByRole("row", { name: new RegExp(`^${credit.InvoiceNum} `) })).toHaveCount(0);
  await expect(
    page
      .getByRole("region", { name: "Credits table" })
      .getByRole("row", { name: new RegExp(`^${credit.InvoiceNum} `) }),
  ).toContainText(formatMoneyExact(String(credit.OpenBalance)));
  // The invoices that owe something keep theirs.
  const [owed] = await invoicesWithRoom(form);
  await expect(form.getByLabel(`Amount for invoice ${owed}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a double-click on Confirm makes exactly one request", async ({ page }) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum, account } = await openAllocation(page);
  const [invoice] = await invoicesWithRoom(form, "0.37");
  const before = (await applications(page, account, paymentNum, invoice!)).length;
  await form.getByLabel(`Amount for invoice ${invoice}`).fill("0.37");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await form.getByRole("button", { name: "Confirm and send" }).dblclick();
  await expect(form.getByRole("status")).toContainText("The request was sent");
  const after = await applications(page, account, paymentNum, invoice!);
  expect(after.length).toBe(before + 1);
  expect(after.filter((a) => a.Amount.startsWith("0.37"))).toHaveLength(1);
});

test("a brand sees payments, open invoices and applications, and no allocation controls", async ({ page }) => {
  await tryDemo(page, "Try as a brand");
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByText(/Supplier keys may not request allocations/)).toBeVisible();
  await expect(async () => {
    await page.getByLabel("AR account", { exact: true }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/account=\d+/, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole("heading", { name: /^Payments of / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Open invoices" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment applications" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Allocate/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("an amount above what the invoice still owes is refused by the form and by the proxy, and nothing is sent", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  const { form, paymentNum, account } = await openAllocation(page);
  const [invoice] = await invoicesWithRoom(form);
  type Row = Record<string, string | number | null>;
  const rowsOf = async (path: string) => ((await (await page.request.get(path)).json()) as { Data: Row[] }).Data;
  const open = (await rowsOf(`/api/v1/payments/openInvoices?ARAccountIDs=${account}&PageSize=500`)).find(
    (i) => i.InvoiceNum === invoice,
  )!;
  const outstanding = (
    await rowsOf(`/api/v1/payments/applications?ARAccountIDs=${account}&TargetInvoiceNums=${invoice}&PageSize=500`)
  )
    .filter((a) => a.Status === "Pending" || a.Status === "Exported")
    .reduce((sum, a) => sum + Math.round(Number(a.Amount) * 100), 0);
  const roomCents = Math.max(0, Math.round(Number(open.OpenBalance) * 100) - outstanding);
  const over = ((roomCents + 100) / 100).toFixed(2);
  const before = (await applications(page, account, paymentNum, invoice!)).length;

  // The form: the amount's field says what the invoice owes and how much it may take; nothing goes.
  const field = form.getByLabel(`Amount for invoice ${invoice}`);
  await field.fill(over);
  await form.getByRole("button", { name: "Review allocation" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(
    form.getByText(new RegExp(`^${invoice} owes \\$[\\d,.]+.*: allocate at most \\$[\\d,.]+, not \\$[\\d,.]+\\.$`)),
  ).toBeVisible();
  await expect(form.getByRole("button", { name: "Confirm and send" })).toHaveCount(0);

  // A script through the proxy: 409 OVER_OPEN_BALANCE naming the balance, before the API.
  const refused = await page.request.post(
    `/api/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoice}&ARAccountID=${account}&Amount=${over}`,
    { headers: { Origin: new URL(page.url()).origin } },
  );
  expect(refused.status()).toBe(409);
  const error = ((await refused.json()) as { Error: { code: string; detail: string } }).Error;
  expect(error.code).toBe("OVER_OPEN_BALANCE");
  expect(error.detail).toContain(`${invoice} owes`);
  expect((await applications(page, account, paymentNum, invoice!)).length).toBe(before);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  /** The sandbox's Data API straight, with the demo Employee key: what the ERP holds, past Backroom. */
  const STAFF = { "x-api-key": "test-employee-demo" };
  type Row = Record<string, string | number | null>;
  async function walk(page: Page, path: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (let n = 1; ; n++) {
      const answer = await page.request.get(`/sandbox/test/api/v1${path}?PageSize=500&Page=${n}`, { headers: STAFF });
      expect(answer.status(), path).toBe(200);
      const body = (await answer.json()) as { Data: Row[]; HasNextPage?: boolean };
      rows.push(...body.Data);
      if (!body.HasNextPage) return rows;
    }
  }
  const exportTwice = async (page: Page) => {
    for (const run of [1, 2]) {
      const job = await page.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} });
      expect(job.status(), `export run ${run}`).toBe(200);
    }
  };

  /**
   * An invoice no request is outstanding toward, of an account (not the demo retailer's, whose credit the tests above
   * spend) with several open invoices (a long form on a phone); a payment of that account, not a brand's credit, whose
   * credit left covers all the invoice owes; and another invoice of the account that can take the rest of that credit.
   */
  async function coveredInvoice(page: Page) {
    const [payments, open, asked] = await Promise.all([
      walk(page, "/payments"),
      walk(page, "/payments/openInvoices"),
      walk(page, "/payments/applications"),
    ]);
    const outstanding = new Set(
      asked.filter((a) => a.Status === "Pending" || a.Status === "Exported").map((a) => a.TargetInvoiceNum),
    );
    const free = open.filter(
      (i) =>
        Number(i.OpenBalance) >= 20 &&
        !outstanding.has(i.InvoiceNum) &&
        ![50001, 50002].includes(Number(i.ARAccountID)),
    );
    const count = new Map<unknown, number>();
    for (const i of open) count.set(i.ARAccountID, (count.get(i.ARAccountID) ?? 0) + 1);
    for (const invoice of free.filter((i) => count.get(i.ARAccountID)! >= 4)) {
      for (const payment of payments) {
        if (payment.ARAccountID !== invoice.ARAccountID || payment.SupplierID != null) continue;
        const rest = Number(payment.AvailableBalance) - Number(invoice.OpenBalance);
        const other = free.find(
          (i) => i.ARAccountID === invoice.ARAccountID && i !== invoice && Number(i.OpenBalance) >= rest,
        );
        // A cent of credit at least for the other invoice: "Fill" there types the rest, which must be something (a
        // payment whose credit is the invoice's balance to the cent leaves none: the seed of 2026-11-29 had one).
        if (rest >= 0.01 && other) return { invoice, payment, other, account: Number(invoice.ARAccountID) };
      }
    }
    throw new Error("no open invoice the credit of a payment of its account covers, with another for the rest");
  }

  test("100.005 is refused with its field named, a sub-cent balance is cleared exactly, and the review opens in view", async ({
    page,
  }) => {
    await tryDemo(page, "Try as an employee");
    const { invoice, payment, other, account } = await coveredInvoice(page);
    const invoiceNum = String(invoice.InvoiceNum);
    const otherNum = String(other.InvoiceNum);
    const paymentNum = String(payment.PaymentInvoiceNum);
    // The ERP holds a balance with a fraction of a cent: all but 10.005 of it allocated from the payment straight
    // through the API (which takes up to 6 decimals), and confirmed by the ERP's export. The payment's credit left has
    // a fraction of a cent too.
    const taken = subtractDecimal(String(invoice.OpenBalance), "10.005");
    const direct = await page.request.post(
      `/sandbox/test/api/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoiceNum}&ARAccountID=${account}&Amount=${taken}`,
      { headers: STAFF },
    );
    expect(direct.status(), await direct.text()).toBe(201);
    await exportTwice(page);
    const owed = (await walk(page, "/payments/openInvoices")).find((i) => i.InvoiceNum === invoiceNum)?.OpenBalance;
    expect(owed).toBe("10.005000");
    const credit = subtractDecimal(String(payment.AvailableBalance), taken);
    expect(credit).toMatch(/\.\d\d5000$/);

    await page.goto(pageHref.payments({ account, payment: paymentNum }));
    const form = page.getByRole("region", { name: `Allocate payment ${paymentNum}` });
    const rowOf = (num: string) =>
      form.getByRole("region", { name: "Amounts to allocate" }).getByRole("row", { name: new RegExp(`^${num} `) });
    // Shown exactly: the figures that clear them.
    await expect(rowOf(invoiceNum)).toContainText("$10.005");
    await expect(form.getByText(`Credit on ${paymentNum}:`).locator("..")).toContainText(formatMoneyExact(credit));

    // 100.005 typed: refused on its field, which the words name, before anything is sent; never rounded.
    const field = form.getByLabel(`Amount for invoice ${invoiceNum}`);
    await field.fill("100.005");
    // Leaving the field tells at once (its words then move the buttons down: the tap comes after them).
    await field.blur();
    const words = form.getByText(
      `Amount for invoice ${invoiceNum}: 100.005 has more than two decimals. Enter dollars and cents, like 100.00 or 100.01`,
    );
    await expect(words).toBeVisible();
    await form.getByRole("button", { name: "Review allocation" }).tap();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expect(words).toBeVisible();
    await expect(form.getByRole("button", { name: "Confirm and send" })).toHaveCount(0);
    // And by the proxy, in the API's error shape, naming the field.
    const refused = await page.request.post(
      `/api/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoiceNum}&ARAccountID=${account}&Amount=100.005`,
      { headers: { Origin: new URL(page.url()).origin } },
    );
    expect(refused.status()).toBe(400);
    const error = ((await refused.json()) as { Error: { code: string; fieldErrors: { field: string }[] } }).Error;
    expect([error.code, error.fieldErrors.map((f) => f.field)]).toEqual(["AMOUNT_NOT_IN_CENTS", ["Amount"]]);

    // "Fill" types the exact balance, and on another invoice the exact rest of the credit: nothing is left.
    await rowOf(invoiceNum)
      .getByRole("button", { name: /^Fill invoice / })
      .tap();
    await expect(field).toHaveValue("10.005");
    const rest = toExactDecimalString(parseDecimal(subtractDecimal(credit, "10.005"))!);
    await rowOf(otherNum)
      .getByRole("button", { name: /^Fill invoice / })
      .tap();
    await expect(form.getByLabel(`Amount for invoice ${otherNum}`)).toHaveValue(rest);
    await expect(form.getByText("Credit left:").locator("..")).toContainText("$0.00");

    // The review, in view on the phone, shows the very amounts that are sent.
    await form.getByRole("button", { name: "Review allocation" }).tap();
    const review = form.getByRole("heading", { name: `Review: 2 requests from payment ${paymentNum}` });
    await expect(review).toBeInViewport();
    await expect(review).toBeFocused();
    await expect(form.getByText(`$10.005 to invoice ${invoiceNum}`)).toBeVisible();
    await expect(form.getByText(`${formatMoneyExact(rest)} to invoice ${otherNum}`)).toBeVisible();
    await expect(form.getByText(/credit left afterwards \$0\.00\./)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const amountsSent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/payments/applications")
        amountsSent.push(new URL(r.url()).searchParams.get("Amount")!);
    });
    await form.getByRole("button", { name: "Confirm and send" }).tap();
    // What became of them stays on screen, though the credit read again after the send is nothing.
    await expect(form.getByRole("status")).toContainText("All 2 requests were sent");
    await expect(form.getByText(new RegExp(`Sent: \\$10\\.005 to invoice ${invoiceNum}, request \\d+`))).toBeVisible();
    expect(amountsSent.sort()).toEqual(["10.005", rest].sort());
    const made = await applications(page, account, paymentNum, invoiceNum);
    expect(made.filter((a) => a.Status === "Pending").map((a) => a.Amount)).toEqual(["10.005000"]);

    // The ERP confirms them: the invoice owes nothing and leaves the open invoices; the payment has no credit left.
    await exportTwice(page);
    expect((await walk(page, "/payments/openInvoices")).some((i) => i.InvoiceNum === invoiceNum)).toBe(false);
    expect((await walk(page, "/payments")).find((p) => p.PaymentInvoiceNum === paymentNum)?.AvailableBalance).toBe(
      "0.000000",
    );
    await page.getByRole("button", { name: "Check status now" }).click();
    await expect(
      page
        .getByRole("region", { name: "Open invoices table" })
        .getByRole("row", { name: new RegExp(`^${invoiceNum} `) }),
    ).toHaveCount(0);
  });
});
