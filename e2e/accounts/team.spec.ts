import { expect, type Page } from "@playwright/test";
import { invoicesWithRoom } from "../allocation";
import { seriousViolations } from "../axe";
import { accountsTest } from "./app";
import { linkIn } from "./mailbox";
import {
  addKey,
  confirmFromMail,
  createWorkspace,
  issueCustomerKey,
  SLOW,
  sessionCookie,
  signUp,
  uniqueEmail,
  whoIsSignedIn,
} from "./people";

// A team, as its people go through it, on an app of this file's own that sends mail (to the test's SMTP server): the
// owner signs up and confirms the address from the mail, makes a workspace, adds its key, and invites a member by
// email as a viewer; the member opens the mailed link, signs up with that address, confirms it, and accepts. As a
// viewer they see payments but no allocation, and the proxy refuses their own POST before it reaches the Data API;
// made Accounts by the owner, they allocate, and the owner's Payments names them as who requested it; removed, their
// next page is /workspaces (still signed in, in no workspace), which tells them from which workspace and by whom.

const test = accountsTest({ mail: true });

/** The payments page of the key's first AR account, its payments listed (the account chosen until the address follows). */
async function openPayments(page: Page) {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible(SLOW);
  await expect(async () => {
    await page.getByLabel("AR account", { exact: true }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/account=\d+/, { timeout: 1_000 });
  }).toPass(SLOW);
  const table = page.getByRole("region", { name: "Payments table" });
  await expect(table.locator("tbody tr").first()).toBeVisible(SLOW);
  return { table, account: Number(new URL(page.url()).searchParams.get("account")) };
}

/** The requests the workspace's key's log holds since `since`: how the proxy answered each, and whether it went upstream. */
async function requestsSince(
  page: Page,
  since: string,
): Promise<{ method: string; operation: string | null; status: number; source: string }[]> {
  const answer = await page.request.get("/api/session/requests?limit=200");
  expect(answer.status(), await answer.text()).toBe(200);
  const log = (await answer.json()) as {
    requests: { at: string; method: string; operation: string | null; status: number; source: string }[];
  };
  return log.requests
    .filter((r) => r.at >= since)
    .map(({ method, operation, status, source }) => ({ method, operation, status, source }));
}

test("a team: the owner signs up, adds the key and invites a viewer by mail; the viewer may not allocate, as Accounts may; removed, they are in no workspace", async ({
  page: owner,
  browser,
  app,
}) => {
  test.setTimeout(300_000);
  const mailbox = app.mailbox!;
  const run = Date.now().toString(36);
  const workspace = `Valley buyers ${run}`;
  const ownerPerson = { name: "Olive Owner", email: uniqueEmail("owner") };
  const memberPerson = { name: `Mia Member ${run}`, email: uniqueEmail("member") };

  await test.step("the owner signs up: not signed in until the mailed link confirms the address", async () => {
    await signUp(owner, ownerPerson);
    await expect(
      owner.getByRole("status").filter({ hasText: `a mail to ${ownerPerson.email} has a link to confirm the address` }),
    ).toBeVisible(SLOW);
    await expect(owner).toHaveURL(/\/sign-up$/);
    expect(await sessionCookie(owner), "no session before the address is confirmed").toBeUndefined();
    expect(await whoIsSignedIn(owner.request)).toBe(401);
    const link = await confirmFromMail(owner, mailbox, ownerPerson.email, app.url);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/workspaces");
    await expect(owner).toHaveURL(/\/workspaces$/, SLOW);
    await expect(owner.getByRole("heading", { level: 1, name: "Your workspaces" })).toBeVisible();
    expect(await whoIsSignedIn(owner.request)).toMatchObject({
      email: ownerPerson.email,
      name: ownerPerson.name,
      workspace: null,
    });
  });

  await test.step("the owner makes the workspace and adds its key", async () => {
    await createWorkspace(owner, workspace);
    await addKey(owner, await issueCustomerKey(owner.request, `Team ${run}`));
    await expect(owner.getByRole("status").filter({ hasText: "a Customer key of" })).toBeVisible();
    expect(await whoIsSignedIn(owner.request)).toMatchObject({ workspace, role: "owner" });
  });

  let invitationLink = "";
  let requestId = "";
  await test.step("the owner invites the member by email as a viewer; the mail carries the invitation's link", async () => {
    await owner.goto("/settings/members");
    await expect(owner.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const invite = owner.locator("section", { has: owner.getByRole("heading", { name: "Invite someone" }) });
    await invite.getByLabel("Email").fill(memberPerson.email);
    await expect(invite.getByLabel("Role")).toHaveValue("viewer");
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(invite.getByRole("status")).toHaveText(
      `Invited ${memberPerson.email}: a mail with the link is on its way.`,
      SLOW,
    );
    const pending = owner.locator("section", { has: owner.getByRole("heading", { name: "Pending invitations" }) });
    await expect(pending.getByRole("listitem").filter({ hasText: memberPerson.email })).toContainText("as Viewer");
    // Its Cancel says whose invitation it cancels.
    await expect(
      pending.getByRole("button", { name: `Cancel the invitation of ${memberPerson.email}`, exact: true }),
    ).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);
    // With mail, the page shows no link to copy: the mail has it.
    await expect(pending.getByText(`${app.url}/invitations/`)).toHaveCount(0);
    const mail = await mailbox.waitFor(
      memberPerson.email,
      new RegExp(`^Olive Owner invites you to ${workspace} on Backroom$`),
    );
    expect(mail.text).toContain(`as viewer`);
    invitationLink = linkIn(mail, `${app.url}/invitations/`);
  });

  const memberContext = await browser.newContext({ baseURL: app.url });
  const member = await memberContext.newPage();
  try {
    await test.step("the member opens the link, signs up with that address, cannot sign in until they confirm it from the mail, and accepts", async () => {
      await member.goto(invitationLink);
      await expect(member.getByRole("heading", { level: 1, name: "An invitation to a workspace" })).toBeVisible();
      await member.getByRole("link", { name: "Create an account" }).click();
      await expect(member).toHaveURL(/\/sign-up\?next=%2Finvitations%2F/);
      // The form knows the address the invitation was sent to: the account is made with it, the only one that accepts.
      const email = member.getByLabel("Email");
      await expect(email).toHaveValue(memberPerson.email);
      await expect(email).toHaveAttribute("readonly");
      await expect(email).toHaveAccessibleDescription(/The address the invitation was sent to/);
      expect(await seriousViolations(member)).toEqual([]);
      await member.getByLabel("Name").fill(memberPerson.name);
      await member.getByLabel("Password").fill("correct horse battery staple");
      await member.getByRole("button", { name: "Create the account" }).click();
      await expect(
        member
          .getByRole("status")
          .filter({ hasText: `a mail to ${memberPerson.email} has a link to confirm the address` }),
      ).toBeVisible(SLOW);
      expect(await sessionCookie(member)).toBeUndefined();
      // The password does not sign in before the address is confirmed: the page says to open the link, and one more
      // is mailed.
      await member.goto(`/sign-in?next=${encodeURIComponent(new URL(invitationLink).pathname)}`);
      await member.getByLabel("Email").fill(memberPerson.email);
      await member.getByLabel("Password").fill("correct horse battery staple");
      await member.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(member.getByRole("status")).toHaveText(
        `Confirm your email address first: Backroom has mailed a new link to ${memberPerson.email}. Open it to sign in.`,
        SLOW,
      );
      expect(await sessionCookie(member)).toBeUndefined();
      await expect.poll(() => mailbox.count(memberPerson.email, /^Confirm your Backroom account$/), SLOW).toBe(2);
      // The first mail's confirmation (the sign-up's) goes on to the invitation.
      const link = await confirmFromMail(member, mailbox, memberPerson.email, app.url);
      expect(new URL(link).searchParams.get("callbackURL")).toBe(new URL(invitationLink).pathname);
      await expect(member).toHaveURL(invitationLink, SLOW);
      await expect(
        member.getByText(`${ownerPerson.email} invites you to the workspace ${workspace} as Viewer.`),
      ).toBeVisible(SLOW);
      await member.getByRole("button", { name: "Accept and open the workspace" }).click();
      await expect(member.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible(SLOW);
      await expect(member.getByTestId("role")).toHaveText("Viewer");
    });

    await test.step("as a viewer: payments without allocation, and the proxy refuses their own POST before the Data API sees it", async () => {
      const { table, account } = await openPayments(member);
      await expect(
        member.getByText("Your role in this workspace does not allocate payments: owners, admins and accounts do."),
      ).toBeVisible();
      await expect(table.getByRole("button", { name: /^Allocat/ })).toHaveCount(0);
      await expect(member.getByRole("region", { name: /^Allocate payment / })).toHaveCount(0);
      // A payment with credit and an invoice of the account, for a write the key itself could make.
      const payments = (await (
        await member.request.get(`/api/v1/payments?ARAccountIDs=${account}&PageSize=500`)
      ).json()) as { Data: { PaymentInvoiceNum: string; AvailableBalance: string }[] };
      const payment = payments.Data.find((p) => Number(p.AvailableBalance) > 1)!;
      const invoices = (await (
        await member.request.get(`/api/v1/invoices?ARAccountIDs=${account}&PageSize=50`)
      ).json()) as { Data: { InvoiceNum: string }[] };
      expect(payment, "a payment with credit").toBeDefined();
      const since = new Date().toISOString();
      const path = `/api/v1/payments/applications?PaymentInvoiceNum=${encodeURIComponent(payment.PaymentInvoiceNum)}&TargetInvoiceNum=${encodeURIComponent(invoices.Data[0]!.InvoiceNum)}&ARAccountID=${account}&Amount=1.00`;
      // From their page, as its own code would send it (same origin, their cookie).
      const refused = await member.evaluate(async (url) => {
        const response = await fetch(url, { method: "POST" });
        return { status: response.status, body: (await response.json()) as { Error?: { code?: string } } };
      }, path);
      expect(refused.status).toBe(403);
      expect(refused.body.Error?.code).toBe("FORBIDDEN_BY_ROLE");
      // The log has it as the proxy's own answer: nothing went to the Data API.
      const writes = (await requestsSince(member, since)).filter((r) => r.method === "POST");
      expect(writes).toEqual([
        { method: "POST", operation: "createPaymentApplication", status: 403, source: "refused" },
      ]);
    });

    await test.step("the owner makes the member Accounts on the Members page", async () => {
      await owner.goto("/settings/members");
      const row = owner.getByRole("row").filter({ hasText: memberPerson.email });
      await expect(row).toBeVisible(SLOW);
      const role = row.getByRole("combobox", { name: `Role of ${memberPerson.name}` });
      await role.selectOption("accounts");
      await row.getByRole("button", { name: `Save the role of ${memberPerson.name}` }).click();
      await expect(owner.getByRole("status").filter({ hasText: `${memberPerson.name} is now` })).toBeVisible(SLOW);
      await expect(role).toHaveValue("accounts");
    });

    await test.step("as Accounts, the member allocates a small amount of a payment to an open invoice", async () => {
      const { table } = await openPayments(member);
      await expect(member.getByTestId("role")).toHaveText("Accounts");
      const allocate = table.getByRole("button", { name: /^Allocate payment / }).first();
      await expect(allocate).toBeVisible(SLOW);
      const paymentNum = (await allocate.textContent())!.replace("Allocate payment ", "").trim();
      await allocate.click();
      const form = member.getByRole("region", { name: `Allocate payment ${paymentNum}` });
      await expect(form.getByRole("button", { name: "Review allocation" })).toBeVisible(SLOW);
      const [invoice] = await invoicesWithRoom(form, "1.25");
      expect(invoice, "an open invoice with room for $1.25").toBeDefined();
      await form.getByLabel(`Amount for invoice ${invoice}`).fill("1.25");
      await form.getByRole("button", { name: "Review allocation" }).click();
      await expect(form.getByText(`$1.25 to invoice ${invoice}`)).toBeVisible();
      await form.getByRole("button", { name: "Confirm and send" }).click();
      await expect(form.getByRole("status")).toContainText("The request was sent", SLOW);
      const sent = form.getByText(new RegExp(`Sent: \\$1\\.25 to invoice ${invoice}, request \\d+ \\(Pending\\)`));
      await expect(sent).toBeVisible();
      requestId = /request (\d+)/.exec((await sent.textContent())!)![1]!;
    });

    await test.step("the owner sees on Payments that the member made that request: their name, from Backroom", async () => {
      await openPayments(owner);
      const row = owner
        .getByRole("region", { name: "Payment applications table" })
        .getByRole("row", { name: new RegExp(`^${requestId} `) });
      await expect(row.locator("td").nth(4)).toHaveText(`${memberPerson.name}in Backroom`, SLOW);
    });

    await test.step("the owner removes the member; the member's next page is /workspaces, signed in but in no workspace", async () => {
      await owner.goto("/settings/members");
      const row = owner.getByRole("row").filter({ hasText: memberPerson.email });
      // Its Remove says whom it removes.
      await row.getByRole("button", { name: `Remove ${memberPerson.name}`, exact: true }).click();
      await row.getByRole("group").getByRole("button", { name: "Remove" }).click();
      await expect(
        owner
          .getByRole("status")
          .filter({ hasText: `${memberPerson.name} is no longer a member: their access ended.` }),
      ).toBeVisible(SLOW);
      await expect(owner.getByRole("row").filter({ hasText: memberPerson.email })).toHaveCount(0);

      await member.goto("/payments");
      await expect(member).toHaveURL(/\/workspaces\?next=%2Fpayments$/, SLOW);
      await expect(member.getByRole("heading", { level: 1, name: "Your workspaces" })).toBeVisible();
      // Told what happened, not greeted as a newcomer; a workspace of their own is still theirs to create.
      await expect(member.getByTestId("removal-notice")).toContainText(
        new RegExp(`^You were removed from ${workspace} by ${ownerPerson.name} on \\w{3} \\d{1,2}, \\d{4}`),
      );
      await expect(member.getByText("You belong to no workspace yet.")).toHaveCount(0);
      await expect(member.getByRole("button", { name: "Create the workspace" })).toBeVisible();
      expect(await seriousViolations(member)).toEqual([]);
      expect(await whoIsSignedIn(member.request)).toEqual({
        email: memberPerson.email,
        name: memberPerson.name,
        workspace: null,
        role: null,
      });
      // The workspace's data is closed to them too.
      expect((await member.request.get("/api/v1/payments?PageSize=1")).status()).toBe(403);
    });
  } finally {
    await memberContext.close();
  }
});
