import { expect, type Page } from "@playwright/test";

/**
 * On /catalog/pricing, picks the first customer of the Customers filter (as a person would: open the list, tick one,
 * Apply) and waits for the address to name it. Tried again until the page is hydrated: a click before is not seen.
 */
export async function chooseFirstCustomer(page: Page): Promise<string> {
  const filters = page.getByRole("search", { name: "Filters" });
  const picker = filters.getByRole("button", { name: /^Customers/ });
  const panel = filters.getByRole("group", { name: "Customers" });
  await expect(async () => {
    if (!(await panel.isVisible())) await picker.click();
    await expect(panel.getByRole("checkbox").first()).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const first = panel.getByRole("checkbox").first();
  const name = (await panel.locator("label").first().textContent())!.trim();
  await first.check();
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/CustomerIDs=\d+/);
  return name;
}
