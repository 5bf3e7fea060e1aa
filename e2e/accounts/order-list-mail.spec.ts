import { expect } from "@playwright/test";
import { seriousViolations } from "../axe";
import { accountsTest } from "./app";
import { addKey, confirmFromMail, createWorkspace, issueCustomerKey, SLOW, signUp, uniqueEmail } from "./people";

// A reorder list to the rep: the demo retailer's buyer, on a phone, asks for cases on the order guide. A slip (9,999
// cases where the warehouse shows fewer than a handful) is flagged by the review before anything goes; edited and
// confirmed with a double click, exactly one email goes (to the rep, a copy to the buyer) with the CSV attached, and
// the list is kept on Reorder lists as Sent. Withdrawn (double-clicked too), the rep gets one more email and the list
// reads Withdrawn. A list the mail server refuses is mailed once by "Send again". The app is this file's own, with an
// SMTP server that keeps the mail (or refuses it when told).

const test = accountsTest({ mail: true });

test("a slip is flagged before sending; a double-clicked confirm mails one list, a double-clicked withdrawal one more, and the list reads Withdrawn; one the mail server refused goes once by Send again", async ({
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
  const review = page.getByRole("button", { name: "Review and send" });
  await expect(review).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("a request to your rep, not an order placed in the ERP").first()).toBeVisible();
  // A product the warehouse holds fewer than a few cases of: 9,999 asked is flagged by the review.
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  const scarce = cards
    .filter({ hasText: /Warehouse\s*< \d+ Cases?/ })
    .filter({ has: page.getByRole("spinbutton") })
    .first();
  // Only this product asked for: every field emptied first.
  await page.getByRole("button", { name: "Clear all" }).click();
  const bucket = /< \d+ Cases?/.exec((await scarce.textContent())!)![0];
  const field = scarce.getByRole("spinbutton", { name: /^Cases of .+ to ask for$/ });
  await field.fill("9999");
  expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await seriousViolations(page)).toEqual([]);
  await review.click();
  const panel = page.getByRole("region", { name: /^Check the list: / });
  await expect(panel.getByTestId("review-flag")).toHaveCount(1);
  await expect(panel.getByTestId("review-flag")).toContainText(`the warehouse shows ${bucket}`);
  await expect(panel.getByRole("alert")).toContainText("1 line asks for more than usual or than the warehouse shows");
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing went: the buyer edits, back on the flagged field.
  expect(app.mailbox!.mails.filter((m) => /^Reorder request/.test(m.subject))).toHaveLength(0);
  await panel.getByRole("button", { name: "Edit the list" }).click();
  await expect(field).toBeFocused();
  await field.fill("1");
  await review.click();
  // One case is within what the warehouse shows (the usual order may still flag it: that is the buyer's to judge).
  await expect(panel.getByRole("heading")).toBeFocused();
  await expect(panel).not.toContainText("the warehouse shows");
  await expect(panel.getByRole("heading")).toContainText(/Check the list: 1 product, 1 case, total \$[\d,]+\.\d\d/);
  await panel.getByRole("button", { name: "Confirm and send" }).dblclick();
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

  // Withdrawn, with a confirming step double-clicked: one more email to the rep, and the list reads Withdrawn.
  await lists.first().locator("summary").click();
  await lists
    .first()
    .getByRole("button", { name: /^Withdraw the list for / })
    .click();
  await expect(lists.first()).toContainText("gets an email saying it is withdrawn");
  expect(await seriousViolations(page)).toEqual([]);
  await lists.first().getByRole("button", { name: "Withdraw the list" }).dblclick();
  await expect(lists.first().locator("summary")).toContainText("Withdrawn", SLOW);
  await expect(lists.first()).toContainText("the rep was told by email");
  await app.mailbox!.waitFor(email, /^Withdrawn: reorder request: /);
  await expect.poll(() => app.mailbox!.mails.filter((m) => /^Withdrawn: /.test(m.subject)).length).toBe(1);
  await expect(lists.first().getByRole("button", { name: /^Withdraw/ })).toHaveCount(0);
  expect(app.mailbox!.mails.filter((m) => /^Reorder request/.test(m.subject))).toHaveLength(1);

  // The mail server refuses the next list: it is kept as not sent, and "Send again" (double-clicked once the server
  // takes mail again) mails it once.
  app.mailbox!.refuse(true);
  await page.goto("/order-guide");
  await page
    .getByRole("spinbutton", { name: /^Cases of .+ to ask for$/ })
    .first()
    .fill("1");
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Confirm and send" }).click();
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
