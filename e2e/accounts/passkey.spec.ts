import { expect } from "@playwright/test";
import { accountsTest } from "./app";
import { SESSION_COOKIE, SLOW, sessionCookie, signOut, signUp, uniqueEmail, whoIsSignedIn } from "./people";

// Passkeys, on an app of this file's own at http://localhost:<port> (a passkey's relying party is a host name: Backroom's
// is PUBLIC_URL's, localhost). The browser's authenticator is Chromium's virtual one (WebAuthn over CDP): a platform
// authenticator holding resident keys, its user verified, as a laptop's fingerprint reader would be.

const test = accountsTest({});

test("a passkey added on /account signs its person in from /sign-in, without the password", async ({
  page,
  context,
  app,
}) => {
  test.setTimeout(180_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const person = { name: "Pia Passkey", email: uniqueEmail("passkey") };

  // Without mail, a new account is signed in at once.
  await signUp(page, person);
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);

  await page.goto("/account");
  const passkeys = page.locator("section", { has: page.getByRole("heading", { name: "Passkeys" }) });
  await expect(passkeys.getByText("No passkey yet.")).toBeVisible();
  await passkeys.getByLabel("Passkey name").fill("Test laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toHaveText(
    "Added the passkey “Test laptop”: it signs you in from now on.",
    SLOW,
  );
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Test laptop" })).toBeVisible();
  // The authenticator holds one credential of the relying party `localhost`, for this person.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe(new URL(app.url).hostname);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await signOut(page);
  expect(await whoIsSignedIn(page.request)).toBe(401);

  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // Signed in, the page goes on (the "Signed in as" line shows only until it does: too brief to wait for).
  await expect(page).toHaveURL(/\/workspaces$/, SLOW);
  expect(await whoIsSignedIn(page.request)).toMatchObject({ email: person.email, name: person.name });
  expect((await sessionCookie(page))?.name).toBe(SESSION_COOKIE);
  // The sign-in used the passkey: its signature counter moved on.
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
});
