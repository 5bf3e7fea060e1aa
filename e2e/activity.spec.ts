import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// The Activity page: the workspace's audit trail (its people, its keys), for every key type, with its filters in the
// address.

/** A request through Backroom's proxy from the page itself (same origin, the session's cookie), as the dashboard sends writes. */
async function send(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const response = await fetch(path, {
        method,
        headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.text()) || "null" };
    },
    { method, path, body, headers },
  );
}

const rows = (page: Page) => page.getByRole("table", { name: /Activity of this workspace/ }).locator("tbody tr");

test.describe("/activity", () => {
  test("a retailer sees its sign-in and a refused payment allocation, filters by event in the address, and downloads the CSV", async ({
    page,
  }) => {
    await signIn(page, "Customer");
    await page.goto("/requests");
    const payments = JSON.parse((await send(page, "GET", "/api/v1/payments?PageSize=50")).body) as {
      Data: { PaymentInvoiceNum: string; ARAccountID: number; SupplierID: number | null }[];
    };
    // The retailer's own payment, not a brand's credit (which pays only invoices of that brand's goods: refused for
    // that first, INVOICE_NOT_ELIGIBLE); which payment the list gives first depends on what other tests have written.
    const payment = payments.Data.find((p) => p.SupplierID == null)!;
    const invoices = JSON.parse(
      (await send(page, "GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`)).body,
    ) as { Data: { InvoiceNum: string; OpenBalance: string }[] };
    // The demo workspace is every test's: this test's entry is told by its Idempotency-Key.
    const idempotencyKey = `e2e-activity-${Date.now()}`;
    const refused = await send(
      page,
      "POST",
      `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoices.Data.find((i) => Number(i.OpenBalance) > 0)!.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=99999999.00`,
      undefined,
      { "Idempotency-Key": idempotencyKey },
    );
    // More than the invoice owes: Backroom's proxy refuses it before the API, and the trail keeps the refusal.
    expect(refused.status).toBe(409);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Activity" }).click();
    await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    const allocation = rows(page).filter({ hasText: idempotencyKey });
    await expect(allocation).toContainText("Payment allocation requested");
    await expect(allocation).toContainText(`from payment ${payment.PaymentInvoiceNum}`);
    await expect(allocation).toContainText("Refused");
    await expect(allocation).toContainText("OVER_OPEN_BALANCE");
    await expect(rows(page).filter({ hasText: "Signed in" }).first()).toBeVisible();

    await page.getByLabel("Event").selectOption("payment-allocation");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/activity\?event=payment-allocation$/);
    await expect(rows(page).filter({ hasText: "Signed in" })).toHaveCount(0);
    await expect(rows(page).first()).toContainText("Payment allocation requested");
    // The address alone brings the view back.
    await page.reload();
    await expect(page.getByLabel("Event")).toHaveValue("payment-allocation");
    await expect(rows(page).filter({ hasText: "Signed in" })).toHaveCount(0);

    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(href).toBe("/api/activity?event=payment-allocation&format=csv");
    const csv = await page.request.get(href!);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text).toContain("Payment allocation requested,refused,");
    expect(text).toContain("OVER_OPEN_BALANCE");
    expect(text).not.toContain("test-customer-demo");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a brand sees a purchase order created and deleted, with its PO number, lines and cases", async ({ page }) => {
    await signIn(page, "Supplier");
    await page.goto("/requests");
    const vendor = (
      JSON.parse((await send(page, "GET", "/api/v1/vendors?PageSize=1")).body) as {
        Data: { VendorID: number; LocationID: number; SupplierID: number }[];
      }
    ).Data[0]!;
    const product = (
      JSON.parse((await send(page, "GET", "/api/v1/products?PageSize=1")).body) as { Data: { ProductID: number }[] }
    ).Data[0]!;
    const po = `E2E-ACT-${Date.now()}`;
    const created = await send(page, "POST", "/api/v2/purchases", {
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: "2026-12-20",
      po_num: po,
      purchase_transactions: [{ product_id: product.ProductID, cases: 6 }],
    });
    expect(created.status).toBe(201);
    const globalId = (JSON.parse(created.body) as { data: { purchase_global_id: string } }).data.purchase_global_id;
    expect((await send(page, "DELETE", `/api/v2/purchases/${globalId}`)).status).toBe(204);

    await page.goto("/activity?event=purchase-create");
    const row = rows(page).filter({ hasText: po });
    await expect(row).toContainText("Purchase order created");
    await expect(row).toContainText("1 line · 6 cases");
    await expect(row).toContainText("Deleted");
    await page.goto("/activity?event=purchase-delete");
    await expect(rows(page).filter({ hasText: globalId })).toContainText("Done (204)");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("an employee sees its sign-ins, by whom, and the date filters narrow the list", async ({ page }) => {
    await signIn(page, "Employee");
    await page.goto("/activity");
    await expect(rows(page).filter({ hasText: "Signed in" }).first()).toContainText(
      "demo-employee-test@backroom.invalid",
    );

    // A range that runs backwards is refused in the form, at once; the address keeps the last good view.
    await page.getByLabel("From (UTC)").fill("2026-11-30");
    await page.getByLabel("To (UTC)").fill("2026-11-01");
    await page.getByRole("button", { name: "Apply" }).dblclick();
    await expect(page.getByRole("alert").filter({ hasText: "The From date is after the To date" })).toBeVisible();
    await expect(page).toHaveURL(/\/activity$/);
    // Typed into the address instead, the server's refusal is shown at once (a 4xx is not asked again).
    await page.goto("/activity?from=2026-11-30&to=2026-11-01");
    await expect(page.getByRole("alert").filter({ hasText: "from must not be after to" })).toBeVisible();
    await page.goto("/activity");
    await page.getByLabel("From (UTC)").fill("");
    await page.getByLabel("To (UTC)").fill("2000-01-01");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/activity\?to=2000-01-01$/);
    await expect(page.getByText("No activity matches these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(rows(page).first()).toBeVisible();
  });

  test("a demo person's first sign-in is a sign-in: no failed one of theirs in the trail", async ({ page }) => {
    // Whichever test came first, each demo person has been signed in by now: the brand's at least by this test.
    await signIn(page, "Supplier");
    await page.goto("/activity?event=sign-in");
    await expect(rows(page).filter({ hasText: "demo-supplier-test@backroom.invalid" }).first()).toBeVisible();
    await page.goto("/activity?event=sign-in-failed");
    await expect(page.getByText("No activity matches these filters.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
