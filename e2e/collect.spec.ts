import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { postPayment } from "./operator";
import { signIn } from "./sign-in";

// At the door, on a phone: the demo rep's Today lists a delivery to collect at with its amount; the rep records part of
// it as a check (the field's refusals in words first: too many decimals, more than the account owes); the ERP's cash
// receipt of that check (the sandbox's operator) turns the record "matched" within one match of the account's
// payments (a read asks for it: COLLECTED_MATCH_ON_VIEW_SECONDS is low in playwright.config.ts).

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: "block" as const };

test("the rep's Today lists what to collect at a delivery, and a recorded check is matched when the ERP posts it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  await signIn(phone, "Employee");
  const page = await phone.newPage();
  await page.goto("/today");

  const section = page.getByRole("region", { name: /^Collect before the drop/ });
  const card = section.getByRole("article").first();
  await expect(card.getByTestId("collect-amount")).toHaveText(/^Collect \$[\d,]+\.\d{2}$/, { timeout: 30_000 });
  const arAccountId = Number(await card.getAttribute("data-collect"));
  const toCollect = Math.round(Number((await card.getByTestId("collect-amount").innerText()).replace(/[^\d.]/g, "")) * 100);
  expect(toCollect).toBeGreaterThan(0);
  // Part of it, with cents and a check number of this run's own: no other run's payment has that amount and number,
  // and what is left keeps the delivery in the list.
  const cents = Math.max(101, Math.floor(toCollect / 4) - Math.floor(Math.random() * 100));
  const amount = (cents / 100).toFixed(2);
  const check = String(10_000 + Math.floor(Math.random() * 89_999));

  await card.getByRole("button", { name: "Record a collection" }).click();
  const form = card.getByRole("form", { name: /^Record a collection at / });
  const field = form.getByLabel("Amount ($)");
  // Filled with what is left to collect.
  await expect(field).toHaveValue((toCollect / 100).toFixed(2));
  await field.fill("100.005");
  await form.getByRole("button", { name: "Save collection" }).click();
  await expect(field).toHaveAccessibleDescription(/at most 2 decimals/);
  // More than the account owes: the server's 422 on `amount`, said on the field.
  await field.fill("999999.00");
  await form.getByRole("button", { name: "Save collection" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/.+/);
  await field.fill(amount);
  await form.getByLabel("Check number").fill(check);
  await form.getByRole("button", { name: "Save collection" }).dblclick();
  const recorded = card.locator("[data-collected]").filter({ hasText: `by check ${check}` });
  await expect(recorded).toHaveCount(1);
  await expect(recorded).toHaveAttribute("data-status", "waiting");
  await expect(recorded).toContainText(`$${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The ERP's cash receipt of the check: within one match (a read asks for it), the record says matched.
  const { payment } = await postPayment(page.request, { arAccountId, amount, reference: `Check #${check}` });
  await expect(async () => {
    await page.reload();
    const again = page.locator(`[data-collect="${arAccountId}"] [data-collected]`).filter({ hasText: check });
    await expect(again).toHaveAttribute("data-status", "matched", { timeout: 3_000 });
    await expect(again).toContainText(`matched to payment ${payment.PaymentInvoiceNum}`);
  }).toPass({ timeout: 40_000, intervals: [2_000] });
});
