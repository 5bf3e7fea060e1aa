import { expect, type Page } from "@playwright/test";

/** Connects with a sandbox demo user of the Test environment, as the connect page's "Try as ..." buttons do. */
export async function connect(page: Page, button: string) {
  await page.goto("/connect");
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected as" })).toBeVisible();
}
