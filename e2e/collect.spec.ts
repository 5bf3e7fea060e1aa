import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { postPayment } from "./operator";
import { connectWithKey, issueKey } from "./journeys/keyboard";

// At the door, on a phone (a workspace with an Employee key of its own, looking at the busiest rep's Today, the demo
// staff's rep): Today lists a delivery to collect at with its amount; the rep records part of it as a check with its
// photo (the field's refusals in words first: too many decimals, more than the account owes), listed with the photo;
// the ERP's cash receipt of that check (the sandbox's operator) turns the record "matched" within one match of the
// account's payments (a read asks for it: COLLECTED_MATCH_ON_VIEW_SECONDS is low in playwright.config.ts).

/** A 1×1 PNG: the check's photo. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: "block" as const };

/**
 * The key's own hourly limit, as e2e/collections.spec.ts gives it: the collections' walk (which the credit limits need)
 * reads at most a share of a key's hour, and this test is not about the pace.
 */
const SYNCING = { rateLimit: 100_000 };

interface Rep {
  UserID: number;
  Customers: { CustomerID: number }[];
}

/**
 * A delivery to collect at when today's and tomorrow's have none over 60 days (a Saturday: few stores take deliveries,
 * none on Sunday): the staff set a limit of $0.00 on the account of one with a balance, which puts it over its limit by
 * all it owes. A limit needs the key's collections snapshot: the Collections page starts its first walk.
 */
async function putOverItsLimit(page: Page): Promise<void> {
  const delivery = page
    .getByRole("region", { name: /^Deliveries (today|tomorrow)/ })
    .getByRole("article")
    .filter({ hasText: /Balance \$/ })
    .first();
  const href = await delivery.getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
  const customerId = Number(href!.split("/").pop());
  const aging = (await (await page.request.get(`/api/v1/arAging?CustomerIDs=${customerId}`)).json()) as {
    Data: { ARAccountID: number }[];
  };
  const arAccountId = aging.Data[0]!.ARAccountID;
  await page.request.get("/collections");
  await expect(async () => {
    const status = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/credit/${id}`, {
            method: "PUT",
            headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
            body: JSON.stringify({ limit: "0.00" }),
          })
        ).status,
      arAccountId,
    );
    expect(status).toBe(200);
  }).toPass({ timeout: 100_000, intervals: [3_000] });
}

test("the rep's Today lists what to collect at a delivery, and a recorded check is matched when the ERP posts it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await phone.newPage();
  await connectWithKey(page, await issueKey(page, "Employee", SYNCING));
  const reps = ((await (await page.request.get("/api/v1/salesReps?PageSize=500")).json()) as { Data: Rep[] }).Data;
  // The rep with the most active accounts (the lowest UserID among equals): the demo staff's.
  const rep = [...reps].sort((a, b) => b.Customers.length - a.Customers.length || a.UserID - b.UserID)[0]!;
  await page.goto(`/today?rep=${rep.UserID}`);
  await expect(page.getByTestId("today-summary")).toContainText("active accounts", { timeout: 30_000 });

  const section = page.getByRole("region", { name: /^Collect before the drop/ });
  const card = section.getByRole("article").first();
  if ((await section.count()) === 0) {
    await putOverItsLimit(page);
    await page.reload();
  }
  await expect(card.getByTestId("collect-amount")).toHaveText(/^Collect \$[\d,]+\.\d{2}$/, { timeout: 30_000 });
  const arAccountId = Number(await card.getAttribute("data-collect"));
  const toCollect = Math.round(
    Number((await card.getByTestId("collect-amount").innerText()).replace(/[^\d.]/g, "")) * 100,
  );
  expect(toCollect).toBeGreaterThan(0);
  // Part of it, with cents and a check number of this run's own: no other run's payment has that amount and number,
  // and what is left keeps the delivery in the list.
  const cents = Math.max(101, Math.floor(toCollect / 4) - Math.floor(Math.random() * 100));
  const amount = (cents / 100).toFixed(2);
  const check = String(10_000 + Math.floor(Math.random() * 89_999));

  await card.getByRole("button", { name: "Record a collection" }).click();
  const form = card.getByRole("form", { name: /^Record a collection at / });
  const field = form.getByLabel("Amount ($)");
  // The form takes the button's place, and the focus goes on to its amount.
  await expect(field).toBeFocused();
  // Filled with what is left to collect: the amount, less what was recorded for this delivery (by anyone of the
  // distributor's: a parallel run's records of the same delivery are listed too).
  await expect(field).toHaveValue(/^\d+\.\d{2}$/);
  expect(Math.round(Number(await field.inputValue()) * 100)).toBeLessThanOrEqual(toCollect);
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
  // The check's photo: a 1×1 PNG made here, sent after the record; listed with it as a thumbnail that opens it.
  await form
    .getByLabel("Photo of the check (optional)")
    .setInputFiles({ name: "check.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Save collection" }).dblclick();
  const recorded = card.locator("[data-collected]").filter({ hasText: `by check ${check}` });
  await expect(recorded).toHaveCount(1);
  await expect(recorded).toHaveAttribute("data-status", "waiting");
  // The form closed: the focus is back on the button it took the place of.
  await expect(card.getByRole("button", { name: "Record a collection" })).toBeFocused();
  await expect(recorded).toContainText(`$${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
  const thumbnail = recorded.getByTestId("collected-photo");
  await expect(thumbnail).toHaveCount(1);
  await expect(thumbnail.getByRole("img", { name: /^Photo of the check: / })).toBeVisible();
  const kept = await page.request.get((await thumbnail.getAttribute("href"))!);
  expect(kept.status()).toBe(200);
  expect(kept.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await kept.body()).equals(PNG)).toBe(true);
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
