import { expect, type Page } from "@playwright/test";
import { accountsTest } from "./app";
import { SLOW, sessionCookie, signInWithPassword, signOut, signUp, uniqueEmail, whoIsSignedIn } from "./people";
import { totpCode } from "./totp";

// Two factors with an authenticator app (TOTP), on an app of this file's own: turned on from /account with the secret
// read from the page as a person would type it into their app (the codes computed here, RFC 6238), then asked after
// the password at every sign-in; a backup code signs in once in place of the app.

const test = accountsTest({});

/** The second step of a sign-in: the form asking for the code, filled and sent. */
async function secondFactor(page: Page, code: string, { backup = false } = {}) {
  const field = page.getByLabel(backup ? "A backup code" : "The code from your authenticator app");
  if (backup && !(await field.isVisible()))
    await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await field.fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("two factors: turned on with the secret shown as text, then the password and the app's code sign in; a backup code works once", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const person = { name: "Tom Totp", email: uniqueEmail("totp") };
  await signUp(page, person);
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);

  await page.goto("/account");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Two factors" }) });
  await expect(section.getByText("Off: your password alone signs you in.")).toBeVisible();
  await section.getByLabel("Your password").fill("correct horse battery staple");
  await section.getByRole("button", { name: "Turn on two factors" }).click();
  const steps = section.getByRole("group", { name: "Add Backroom to your authenticator app" });
  await expect(steps).toBeFocused(SLOW);
  // The key as the page shows it, in groups of four, as a person types it into their app.
  const secret = (await steps.getByLabel(/^The key: /).textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await steps.getByLabel("Code from the app").fill(totpCode(secret));
  await steps.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "Two factors are on: each sign-in asks for a code from the app.",
    SLOW,
  );
  const backupCodes = await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);

  await signOut(page);

  // The password alone no longer signs in: it asks for the code, and there is no session until then.
  await signInWithPassword(page, person.email);
  await expect(page.getByText("Your account has a second factor.")).toBeVisible(SLOW);
  expect(await sessionCookie(page)).toBeUndefined();
  expect(await whoIsSignedIn(page.request)).toBe(401);
  await secondFactor(page, totpCode(secret));
  // Signed in, the page goes on (the "Signed in as" line shows only until it does: too brief to wait for).
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);
  expect(await whoIsSignedIn(page.request)).toMatchObject({ email: person.email });

  // A backup code in place of the app: it signs in once.
  const [backup] = backupCodes;
  await signOut(page);
  await signInWithPassword(page, person.email);
  await secondFactor(page, backup!, { backup: true });
  // Signed in, the page goes on (the "Signed in as" line shows only until it does: too brief to wait for).
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);
  expect(await whoIsSignedIn(page.request)).toMatchObject({ email: person.email });

  await signOut(page);
  await signInWithPassword(page, person.email);
  await secondFactor(page, backup!, { backup: true });
  await expect(page.getByRole("status")).toHaveText(
    "That backup code did not sign you in: it is not one of yours, or it was used already (each works once).",
    SLOW,
  );
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await sessionCookie(page)).toBeUndefined();
  expect(await whoIsSignedIn(page.request)).toBe(401);
  // Another of the codes still works.
  await secondFactor(page, backupCodes[1]!, { backup: true });
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);
  expect(await whoIsSignedIn(page.request)).toMatchObject({ email: person.email });
});
