import { expect } from "@playwright/test";
import { accountsTest } from "./app";
import { SESSION_COOKIE, SLOW, sessionCookie, uniqueEmail, whoIsSignedIn } from "./people";

// Single sign-on with an OpenID Connect provider, on an app of this file's own configured with one (OIDC_ISSUER and
// the client's id and secret): the provider is oidc-provider on loopback, its sign-in and consent pages its development
// ones; the person it knows has a verified email. The sign-in page's button goes there and back, signed in.

const test = accountsTest({ oidc: true, oidcName: "Example SSO" });

test("the sign-in page's single sign-on button goes to the provider and comes back signed in as the person it knows", async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const idp = app.idp!;
  const login = `sso-${Date.now().toString(36)}`;
  const person = { login, email: uniqueEmail("sso"), name: "Sam Single" };
  idp.add(person);
  // The provider's development pages load a web font from the internet: not here.
  await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());

  let authorizeUrl: URL | undefined;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (`${url.origin}${url.pathname}` === `${idp.issuer}/auth`) authorizeUrl = url;
  });
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
  // The provider's own sign-in page (any password: the development interactions), then its consent.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`), SLOW);
  // Where the provider was told to send the person back: the address its client must list.
  expect(authorizeUrl?.searchParams.get("redirect_uri")).toBe(`${app.url}/api/auth/callback/oidc`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything at all");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible(SLOW);
  await page.getByRole("button", { name: "Continue" }).click();

  // Back at Backroom, signed in: a new person in no workspace yet lands on /workspaces.
  await expect(page).toHaveURL(`${app.url}/workspaces`, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Your workspaces" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(person.name);
  expect(await whoIsSignedIn(page.request)).toMatchObject({ email: person.email, name: person.name, workspace: null });
  expect((await sessionCookie(page))?.name).toBe(SESSION_COOKIE);
  // The provider vouched for the address: better-auth took it as verified.
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { email: string; emailVerified: boolean };
  };
  expect(session.user).toMatchObject({ email: person.email, emailVerified: true });
});
