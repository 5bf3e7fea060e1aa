import { expect, type Page, test } from "@playwright/test";

/**
 * Connects with a sandbox demo user of the Test environment, as the connect page's "Try as ..." buttons do. `timeout`
 * for an app started by the test itself, whose first connect also opens its sandbox.
 */
export async function connect(page: Page, button: string, { timeout }: { timeout?: number } = {}) {
  await page.goto("/connect");
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected as" })).toBeVisible({ timeout });
}

/**
 * Signs in as a sandbox demo user of the Test environment without the connect page (its own tests go through it): the
 * same POST /api/session the page makes, from the page's context, so the session cookie lands in its browser.
 */
export async function signIn(page: Page, demo: "Customer" | "Supplier" | "Employee") {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/api/session", { data: { demo, environment: "test" }, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
}
