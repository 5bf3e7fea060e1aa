import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Mailbox } from "./mailbox";
import { linkIn } from "./mailbox";
import { OPERATOR } from "../operator";

/** Waits where the app was started by the test itself, on two busy cores (its first pages compile nothing, but its sandbox opens). */
export const SLOW = { timeout: 30_000 };

let people = 0;

/** An address no other test (nor an earlier run) uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${++people}@example.test`;
}

/** A password of the accounts' tests (12 characters or more). */
export const PASSWORD = "correct horse battery staple";

/** The session cookie's name (`auth.ts`: the cookie prefix `backroom`). */
export const SESSION_COOKIE = "backroom.session_token";

/** The session cookie the page's browser holds, if any. */
export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find(
    (c) => c.name === SESSION_COOKIE || c.name.endsWith(`.${SESSION_COOKIE}`),
  );
}

/** Who GET /api/session says is signed in (with the page's cookies), or the status when nobody is. */
export async function whoIsSignedIn(
  request: APIRequestContext,
): Promise<{ email: string; name: string; workspace: string | null; role: string | null } | number> {
  const answer = await request.get("/api/session");
  if (answer.status() !== 200) return answer.status();
  const view = (await answer.json()) as {
    person: { email: string; name: string };
    workspace: { name: string } | null;
    role: string | null;
  };
  return { email: view.person.email, name: view.person.name, workspace: view.workspace?.name ?? null, role: view.role };
}

/** Fills /sign-up (reached with `path`, e.g. `/sign-up?next=...`) and creates the account. */
export async function signUp(page: Page, person: { name: string; email: string }, path = "/sign-up") {
  await page.goto(path);
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create the account" }).click();
}

/**
 * Follows the confirmation link Backroom mailed to `email` (better-auth's /api/auth/verify-email, whose token proves
 * the address): it signs the person in and goes on to where the sign-up was going.
 */
export async function confirmFromMail(page: Page, mailbox: Mailbox, email: string, appUrl: string): Promise<string> {
  const mail = await mailbox.waitFor(email, /^Confirm your Backroom account$/);
  const link = linkIn(mail, `${appUrl}/api/auth/verify-email?`);
  await page.goto(link);
  return link;
}

/** Signs in with email and password on /sign-in (no second factor expected unless `then` says so). */
export async function signInWithPassword(page: Page, email: string, path = "/sign-in") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Creates a workspace on /workspaces; its keys page follows. */
export async function createWorkspace(page: Page, name: string) {
  await page.goto("/workspaces");
  await page.getByLabel("Workspace name").fill(name);
  await page.getByRole("button", { name: "Create the workspace" }).click();
  await expect(page).toHaveURL(/\/settings\/keys$/, SLOW);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** Adds a Test key on /settings/keys by typing it, and waits for Backroom to say what it is. */
export async function addKey(page: Page, apiKey: string) {
  await page.goto("/settings/keys");
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: "Add the key" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Added “/ })).toBeVisible(SLOW);
}

/** Signs out from the header's menu (dashboard or account pages), landing on /sign-in. */
export async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/, SLOW);
}

/**
 * A Customer key issued by the sandbox's operator for the demo retailer's customers (read through the sandbox with the
 * demo key): the team's own key, with a cache and a request log of its own.
 */
export async function issueCustomerKey(request: APIRequestContext, company: string): Promise<string> {
  const customers = await request.get(
    "/sandbox/test/api/v1/customers?PageSize=500&AccountStatuses=Active,Inactive,OutOfBus",
    { headers: { "x-api-key": "test-customer-demo" }, timeout: 60_000 },
  );
  expect(customers.status(), await customers.text()).toBe(200);
  const customerIds = ((await customers.json()) as { Data: { CustomerID: number }[] }).Data.map((c) => c.CustomerID);
  const issued = await request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { type: "Customer", company, customerIds },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  return ((await issued.json()) as { key: string }).key;
}
