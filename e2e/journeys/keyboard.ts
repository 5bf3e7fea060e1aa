import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard-only helpers for the journeys: nothing is clicked; the focus moves with Tab (or Shift+Tab) as a person's
 * would, and controls are worked with Enter, Space, arrows and typing.
 */

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached by ${back ? "Shift+Tab" : "Tab"} within ${max} presses`).toBeFocused();
}

/** Tabs to a control and presses a key on it (Enter by default). */
export async function press(page: Page, target: Locator, key = "Enter", options: { back?: boolean; max?: number } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it (what was there is selected and replaced). */
export async function typeInto(page: Page, target: Locator, text: string, options: { back?: boolean; max?: number } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Tabs to a select and moves its choice with ArrowDown until its selected option's text matches. */
export async function choose(page: Page, select: Locator, option: RegExp, options: { back?: boolean; max?: number } = {}) {
  await tabTo(page, select, options);
  for (let i = 0; i < 60; i++) {
    const label = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "");
    if (option.test(label)) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`no option of the select matches ${option}`);
}

/** Connects from /connect with the keyboard alone: the Test environment, then a "Try as ..." button. */
export async function connectByKeyboard(page: Page, button: string) {
  await page.goto("/connect");
  const test = page.getByRole("radio", { name: /Test/ });
  // A radio group is one Tab stop, its checked radio; arrows move the choice within it.
  await tabTo(page, page.locator('input[type="radio"]:checked'));
  for (let i = 0; i < 3 && !(await test.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(test).toBeChecked();
  await press(page, page.getByRole("button", { name: button }));
  await press(page, page.getByRole("link", { name: "Open the dashboard" }));
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}
