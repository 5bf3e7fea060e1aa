import { expect } from "@playwright/test";
import { seriousViolations } from "../axe";
import { accountsTest } from "./app";
import { addKey, confirmFromMail, createWorkspace, issueCustomerKey, SLOW, signUp, uniqueEmail } from "./people";

// A reorder list to the rep (issue 42 item 2): the demo retailer's buyer, on a phone, asks for cases on the order guide
// and double-clicks "Send to my rep": exactly one email (to the rep, a copy to the buyer) with the CSV attached, and the
// list kept on Reorder lists as Sent; a list the mail server refuses is mailed once by "Send again". The app is this
// file's own, with an SMTP server that keeps the mail (or refuses it when told).

const test = accountsTest({ mail: true });

test("a double-clicked send mails one reorder list to the rep, the CSV attached, and keeps it as Sent; one the mail server refused goes once by Send again", async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("list");
  await signUp(page, { name: "Bea Buyer", email });
  await confirmFromMail(page, app.mailbox!, email, app.url);
  await createWorkspace(page, "Reorder & Co");
  await addKey(page, await issueCustomerKey(page.request, "Reorder & Co"));

  await page.goto("/order-guide");
  const send = page.getByRole("button", { name: "Send to my rep" });
  await expect(send).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("a request to your rep, not an order placed in the ERP").first()).toBeVisible();
  // On a phone the cards' fields are the ones shown: the first product's quantity set to 2 cases, the others left as
  // suggested.
  const first = page.getByRole("spinbutton", { name: /^Cases of .+ to ask for$/ }).first();
  await first.fill("2");
  expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await seriousViolations(page)).toEqual([]);

  await send.dblclick();
  await expect(page.getByRole("status").filter({ hasText: /^Sent: / })).toBeVisible(SLOW);

  const mail = await app.mailbox!.waitFor(email, /^Reorder request: .+ \(\d+\)$/);
  expect(mail.to).toHaveLength(2);
  expect(mail.text).toContain("This is a request to your rep, not an order placed in the ERP.");
  expect(mail.attachments).toEqual([expect.stringMatching(/^reorder-\d+-\d{4}-\d{2}-\d{2}\.csv$/)]);

  // The list kept once, as Sent; and no second email however the clicks went.
  await page.goto("/order-guide/lists");
  const lists = page.getByRole("list", { name: "Reorder lists" }).getByRole("listitem");
  await expect(lists).toHaveCount(1);
  await expect(lists.first()).toContainText("Sent");
  await expect(lists.first()).toContainText("Bea Buyer");
  expect(await seriousViolations(page)).toEqual([]);
  expect(app.mailbox!.mails.filter((m) => /^Reorder request/.test(m.subject))).toHaveLength(1);

  // The mail server refuses the next list: it is kept as not sent, and "Send again" (double-clicked once the server
  // takes mail again) mails it once.
  app.mailbox!.refuse(true);
  await page.goto("/order-guide");
  await page.getByRole("button", { name: "Send to my rep" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Not sent: the mail server refused it/ })).toBeVisible(SLOW);
  app.mailbox!.refuse(false);
  await page.goto("/order-guide/lists");
  await expect(lists).toHaveCount(2);
  await expect(lists.first()).toContainText("Not sent: the mail server refused it");
  await lists
    .first()
    .getByRole("button", { name: /^Send the list for .+ again$/ })
    .dblclick();
  await expect(lists.first()).toContainText("Sent", SLOW);
  await expect(lists.first()).not.toContainText("Not sent");
  // The button gone, the focus waits on the list's summary, not lost to the page.
  await expect(lists.first().locator("summary")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await app.mailbox!.waitFor(email, /^Reorder request/);
  await expect.poll(() => app.mailbox!.mails.filter((m) => /^Reorder request/.test(m.subject)).length).toBe(2);
});
