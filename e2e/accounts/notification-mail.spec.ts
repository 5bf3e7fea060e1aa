import { expect, type Page } from "@playwright/test";
import { requestTowardRoom } from "../allocation";
import { seriousViolations } from "../axe";
import { accountsTest } from "./app";
import { addKey, confirmFromMail, createWorkspace, issueCustomerKey, SLOW, signUp, uniqueEmail } from "./people";
import { linkIn } from "./mailbox";
import { OPERATOR } from "../operator";

// Mail that arrives: a retailer's payment request, followed with no tab open, ends in exactly one email (and the
// bell); the email's one-click unsubscribe link stops that kind's emails with no sign-in, and the settings page shows it.
// The app is this file's own, with an SMTP server that keeps the mail and the first follow-up after 16 s.

const test = accountsTest({ mail: true, env: { FOLLOW_UP_INTERVAL_SECONDS: "16" } });

type Row = Record<string, unknown>;

async function data(page: Page, path: string): Promise<Row[]> {
  const response = await page.request.get(path, { timeout: 60_000 });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { Data?: Row[] }).Data ?? [];
}

test("a payment request settled with no tab open sends exactly one email, whose link unsubscribes in one click", async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("mail");
  await signUp(page, { name: "Mara Mail", email });
  await confirmFromMail(page, app.mailbox!, email, app.url);
  await createWorkspace(page, "Mail & Co");
  await addKey(page, await issueCustomerKey(page.request, "Mail & Co"));

  // The allocation as the payments page sends it; then the tab is closed.
  const payment = (await data(page, "/api/v1/payments?PageSize=500")).find((p) => Number(p.AvailableBalance) >= 1)!;
  // An invoice that owes something (a credit, a negative open balance, takes no payment) and of which some is not
  // already requested: the proxy refuses more than that (409 OVER_OPEN_BALANCE, nothing sent), and other tests on
  // this sandbox request toward the same account's invoices.
  const { created } = await requestTowardRoom(page.request, {
    origin: app.url,
    payment,
    invoices: await data(page, `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`),
    amount: "0.01",
    key: "mail",
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestId = ((await created.json()) as { Data: { RequestID: number } }).Data.RequestID;
  const context = page.context();
  await page.close();

  // The ERP's two syncs: exported, then confirmed or rejected.
  for (let sync = 0; sync < 2; sync++)
    expect(
      (
        await context.request.post(`${app.url}/sandbox/test/operator/jobs/export`, { headers: OPERATOR, data: {} })
      ).status(),
    ).toBe(200);

  const subject = new RegExp(`^Payment request ${requestId} (confirmed|rejected): \\$0\\.01 from `);
  const mail = await app.mailbox!.waitFor(email, subject, { timeout: 120_000 });
  const link = linkIn(mail, `${app.url}/payments?`);
  expect(link).toBe(`${app.url}/payments?account=${payment.ARAccountID}`);
  expect(mail.listUnsubscribe).toMatch(new RegExp(`^<${app.url}/api/notifications/unsubscribe\\?token=`));

  // The bell has it too; and however long the follow-ups and pages go on, no second email comes.
  // The email's link opens the AR account's payments, the payment among them.
  const later = await context.newPage();
  await later.goto(link);
  await expect(
    later
      .getByRole("region", { name: "Payments table" })
      .getByRole("row", { name: new RegExp(`^${payment.PaymentInvoiceNum} `) }),
  ).toBeVisible({ timeout: 30_000 });
  await later.goto("/invoices");
  await expect(later.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications, 1 unread", {
    timeout: 30_000,
  });
  await later.waitForTimeout(3_000);
  expect(app.mailbox!.count(email, subject)).toBe(1);

  // The settings page: this kind goes to both, by the role's default.
  await later.goto("/account/notifications");
  const both = later.getByRole("radio", {
    name: `${mail.subject.includes("confirmed") ? "Payment request confirmed" : "Payment request rejected"}: Both`,
  });
  await expect(both).toBeChecked();
  expect(await seriousViolations(later)).toEqual([]);

  // The email's link, opened in a browser with no session: one click, and that kind's emails stop.
  const stranger = await browser.newContext();
  const unsubscribePage = await stranger.newPage();
  await unsubscribePage.goto(linkIn(mail, `${app.url}/unsubscribe?token=`));
  await expect(unsubscribePage.getByRole("status")).toHaveText(
    /^Done: you will get no more of "Payment request (confirmed|rejected)" emails\.$/,
    SLOW,
  );
  expect(await seriousViolations(unsubscribePage)).toEqual([]);
  await stranger.close();

  await later.reload();
  await expect(
    later.getByRole("radio", {
      name: `${mail.subject.includes("confirmed") ? "Payment request confirmed" : "Payment request rejected"}: Inbox`,
    }),
  ).toBeChecked();
  await expect(later.getByText("Your choice (your role's default: Both)").first()).toBeVisible();
});
