import { expect, test } from "@playwright/test";
import { invoicesWithRoom } from "../allocation";
import { seriousViolations } from "../axe";
import { choose, connectWithKey, issueKey, press, requestsSince, retailerOfItsOwn, tabTo, typeInto } from "./keyboard";
import { OPERATOR } from "../operator";

// A retailer, with the keyboard alone, from the connect page: the overview, an invoice, then a payment's credit
// allocated across two invoices and followed until the ERP confirms it. A key issued for the journey gives it a request
// log of its own (the requests it made are printed), for a retailer of its own: the payments specs, running alongside,
// allocate on the demo retailer's accounts, and their requests appearing in its lists would be read again.

test("a retailer reviews an invoice and allocates a payment across two invoices until confirmed, by keyboard", async ({
  page,
}) => {
  // Keyboard alone, with the ERP's jobs run between: about 50 s on two busy cores, near the default minute.
  test.setTimeout(120_000);
  const since = await connectWithKey(
    page,
    await issueKey(page, "Customer", { customerIds: [await retailerOfItsOwn(page)] }),
  );
  const nav = page.getByRole("navigation", { name: "Dashboard" });

  await press(page, nav.getByRole("link", { name: "Invoices", exact: true }));
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const firstInvoice = page.locator("table.data-table tbody tr").first().getByRole("link").first();
  const invoiceNum = (await firstInvoice.textContent())!.trim();
  await press(page, firstInvoice);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(invoiceNum);

  await press(page, nav.getByRole("link", { name: "Payments", exact: true }), "Enter", { back: true });
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await choose(page, page.getByLabel("AR account", { exact: true }), /^(?!Choose|Loading)\S/);
  // Its one AR account is chosen already (a retailer with several chooses one: the address then names it).
  await expect(page.getByRole("heading", { level: 2, name: /^Payments of .*\(AR account \d+\)$/ })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const allocate = page.getByRole("button", { name: /^Allocate payment / }).last();
  const paymentNum = (await allocate.textContent())!.replace("Allocate payment ", "").trim();
  await press(page, allocate);
  const form = page.getByRole("region", { name: `Allocate payment ${paymentNum}` });
  await expect(form.getByRole("button", { name: "Review allocation" })).toBeVisible();

  // The two oldest invoices with room for $1.00 each.
  const owed = (await invoicesWithRoom(form, "1.00")).slice(0, 2);
  expect(owed).toHaveLength(2);
  for (const invoice of owed)
    await typeInto(page, form.getByLabel(`Amount for invoice ${invoice}`), "1.00", { back: false });
  await press(page, form.getByRole("button", { name: "Review allocation" }));
  for (const invoice of owed) await expect(form.getByText(`$1.00 to invoice ${invoice}`)).toBeVisible();
  await press(page, form.getByRole("button", { name: "Confirm and send" }), "Enter", { back: true });
  await expect(form.getByRole("status")).toContainText("sent");
  for (const invoice of owed)
    await expect(
      form.getByText(new RegExp(`Sent: \\$1\\.00 to invoice ${invoice}, request \\d+ \\(Pending\\)`)),
    ).toBeVisible();

  // The ERP's export: the first run exports the requests, the second applies them.
  for (const run of [1, 2])
    expect(
      (await page.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} })).status(),
      `export run ${run}`,
    ).toBe(200);
  await press(page, page.getByRole("button", { name: "Check status now" }), "Enter", { back: false });
  await expect(page.getByText("Every request sent from this page is settled.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, nav.getByRole("link", { name: "Overview" }), { back: true, max: 400 });
  const made = await requestsSince(page, since);
  console.log(`journey requests, retailer: ${made.length} (${made.join(", ")})`);
  // No page reads what the session or the browser already holds: at most 20 requests, down from 27, 18 and 17 before
  // (retailer, brand, rep); but for the 6 the payments form makes on purpose, money being decided: the credit, the open
  // balances and what is requested toward them read again before the review (3) and after the send (2 more than the
  // payments and applications read before), and what is requested when a request settles (1).
  expect(made.length).toBeLessThanOrEqual(26);
});
