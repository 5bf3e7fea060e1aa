import { expect, type Page, test } from "@playwright/test";

export type Demo = "Customer" | "Supplier" | "Employee";

/**
 * Signs in as a demo person of the Test environment, as the sign-in page's "Try as ..." buttons do. `timeout` for an
 * app started by the test itself, whose first demo also opens its sandbox.
 */
export async function tryDemo(page: Page, button: string, { timeout }: { timeout?: number } = {}) {
  await page.goto("/sign-in");
  await page.getByRole("radio", { name: /Test/ }).check();
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/demo" && r.request().method() === "POST",
    { timeout },
  );
  await page.getByRole("button", { name: button }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  // The page goes on to the dashboard (or the page it was sent from).
  await page.waitForURL((url) => url.pathname !== "/sign-in", { timeout });
}

/**
 * Signs in as a demo person of the Test environment without the sign-in page (its own tests go through it): the same
 * POST /api/demo the page makes, from the page's context (or a context's), so the session cookie lands in its browser.
 */
export async function signIn(page: Pick<Page, "request">, demo: Demo, appOrigin = origin()) {
  const response = await page.request.post("/api/demo", {
    data: { as: demo, environment: "test" },
    headers: { Origin: appOrigin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The app's origin, which every write names (the origin check). */
export function origin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

let people = 0;

/** The sandbox's demo keys of the Test environment (the operator's endpoints take the Employee one). */
export const DEMO_KEYS: Record<Demo, string> = {
  Customer: "test-customer-demo",
  Supplier: "test-supplier-demo",
  Employee: "test-employee-demo",
};

/**
 * A new person of their own (an address no other test uses), signed up through better-auth's endpoint from the page's
 * context, owner of a new workspace holding `apiKey` (Test environment): for a test that changes what a demo workspace
 * shares (its keys, its members, its active key), or works with a key issued for it (a cache and a log of its own).
 */
export async function ownWorkspace(
  page: Page,
  apiKey: string,
  { environment = "test", name = "Test workspace" }: { environment?: "test" | "production"; name?: string } = {},
): Promise<{ email: string; password: string; workspaceId: string; keyId: string }> {
  const email = `person-${process.pid}-${Date.now().toString(36)}-${++people}@example.test`;
  const password = "a long passphrase for tests";
  const headers = { Origin: origin() };
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "Pat Example" },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const made = await page.request.post("/api/workspaces", { data: { name }, headers });
  expect(made.status(), await made.text()).toBe(201);
  const workspaceId = ((await made.json()) as { id: string }).id;
  const added = await page.request.post("/api/keys", { data: { apiKey, environment }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const keyId = ((await added.json()) as { id: string }).id;
  return { email, password, workspaceId, keyId };
}
