import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { framesPastTheirEdge, openPage, PHONE_SCREENS } from "./dashboard-pages";
import { connectWithKey, issueKey } from "./journeys/keyboard";
import { type Demo, signIn } from "./sign-in";

// The dashboard on a phone: as each demo person, on an iPhone 13 and then at a 360 px Android's width, the header is
// one row whose menu holds the workspace, key, theme and person's links; the header's, the menu's, a list's pager's and
// its filters' touch targets are at least 44 px; a list's rows are cards, the whole table a tap away; axe finds nothing
// serious with the menu open. The project's Chromium plays both phones. That no page scrolls sideways on either phone
// is measured where each page is already open (e2e/dashboard-pages.ts, expectFitsPhones): the dashboard spec's pages
// in its tabs, every other route of each person's and the account's pages in the laptop walk of e2e/layouts.spec.ts.

const { defaultBrowserType: _iphone, ...iPhone13 } = devices["iPhone 13"];
const DEMOS: Demo[] = ["Customer", "Supplier", "Employee"];
/** WCAG 2.5.5's least target, in CSS pixels. */
const TARGET = 44;

/** Each target's size on the screen (CSS px), for the message of a too small one: "name: 40 x 24". */
async function smallTargets(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (!box) continue;
    if (box.width < TARGET - 0.5 || box.height < TARGET - 0.5)
      small.push(
        `${(await target.getAttribute("aria-label")) ?? (await target.innerText()).trim()}: ${Math.round(box.width)} x ${Math.round(box.height)}`,
      );
  }
  return small;
}

/** The header on a phone: one row (name, Menu, bell), its menu holding the rest, every target 44 px, axe clean. */
async function checkHeader(page: Page, check: { axe: boolean }) {
  await openPage(page, "/");
  const header = page.getByRole("banner");
  const menu = header.getByRole("button", { name: "Menu" });
  const bell = header.getByRole("button", { name: /^Notifications/ });
  const height = (await header.boundingBox())!.height;
  expect(height, "the header's height").toBeLessThanOrEqual(64);
  await expect(header.getByRole("link", { name: "Backroom" })).toBeVisible();
  await expect(bell).toBeInViewport({ ratio: 1 });
  // Closed, the menu's controls are not on the screen.
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByLabel("Workspace", { exact: true })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const controls = [
    header.getByLabel("Workspace", { exact: true }),
    header.getByLabel("Key", { exact: true }),
    header.getByLabel("Theme", { exact: true }),
    header.getByRole("link", { name: "Workspace", exact: true }),
    header.getByRole("link", { name: "Account", exact: true }),
    header.getByRole("button", { name: "Sign out" }),
  ];
  for (const control of controls) await expect(control).toBeVisible();
  await expect(header.locator("[data-budget]")).toBeVisible();
  await expect(header.getByTestId("role")).toHaveText("Owner");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
  const small = [
    ...(await smallTargets(nav.getByRole("link"))),
    ...(await smallTargets(header.locator("button:visible, select:visible, a:visible"))),
  ];
  expect(small, "touch targets of the header and its menu under 44 px").toEqual([]);
  if (check.axe) expect(await seriousViolations(page)).toEqual([]);
  // Escape closes it and gives the focus back to its button; a link followed closes it too.
  await header.getByLabel("Theme", { exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(page).toHaveURL(/\/invoices/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
}

/** A list page on a phone: filters folded and counted, rows as cards, the whole table a tap away, targets 44 px. */
async function checkList(page: Page, check: { axe: boolean }) {
  await openPage(page, "/invoices?Statuses=1&StartDate=2026-01-01");
  const filters = page.getByRole("button", { name: "Filters · 2 set" });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("search", { name: "Filters" })).toBeHidden();
  const pages = page.getByRole("navigation", { name: "Pages" });
  const small = await smallTargets(filters.or(pages.getByRole("button")).or(pages.getByRole("combobox")));
  expect(small, "touch targets of the filters and the pager under 44 px").toEqual([]);
  await filters.click();
  await expect(page.getByRole("search", { name: "Filters" })).toBeVisible();
  // Each row a card of its first columns: no cell past the screen, the whole table one tap away and back.
  const frame = page.getByRole("region", { name: "Invoices" });
  const rows = frame.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  expect(await rows.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("grid");
  expect(await frame.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  if (check.axe) {
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
  }
  await page.getByRole("button", { name: "Show the whole table" }).click();
  await expect(page).toHaveURL(/table=whole/);
  await expect(frame.getByRole("columnheader", { name: "Invoice total" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.getByRole("button", { name: "Show as cards" }).click();
  await expect(page).not.toHaveURL(/table=whole/);
}

// The header and a list at both widths in one test per person: on the iPhone (390 px), then narrowed to the Android's
// 360 px and checked again. A test per phone signed in and loaded the same pages again in a
// context of its own for the same markup.
test.describe(`on an iPhone 13, then at 360 px`, () => {
  test.use(iPhone13);

  for (const demo of DEMOS) {
    test(`as the demo ${demo}: the header is one row with a menu, lists are cards`, async ({ page }) => {
      await signIn(page, demo);
      // The menu's API budget is what the key's last answer told: on a fresh server this may be the key's first
      // page, drawn before its first answer ("not known yet"). One page read first.
      await openPage(page, "/directory/states");
      // axe once per person (at 390 px): the 360 px check sees the same markup.
      await checkHeader(page, { axe: true });
      await checkList(page, { axe: true });
      await page.setViewportSize(PHONE_SCREENS[1]);
      await checkHeader(page, { axe: false });
      await checkList(page, { axe: false });
    });
  }
});

// Collections on a rep's phone: each account a card of what a call needs (the account and its statement, its worst
// bucket, total outstanding, credit available, unapplied payments, agent, last payment, the store's people to write to), nothing past
// the screen's edge, the whole table a tap away and back. A key of its own, its walk not paced (as e2e/collections.spec.ts).
test.describe("on an iPhone 13", () => {
  test.use(iPhone13);

  test("Collections are cards of what a call needs", async ({ page }) => {
    test.setTimeout(150_000);
    await connectWithKey(page, await issueKey(page, "Employee", { rateLimit: 100_000 }));
    await expect(async () => {
      await page.goto("/collections");
      await expect(page.getByTestId("collections-freshness")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [2_000] });
    const frame = page.getByRole("region", { name: "Collections, table" });
    const cards = frame.locator("tbody tr");
    await expect(cards).toHaveCount(50);
    expect(await cards.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("grid");
    expect(await framesPastTheirEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The first card (the most over 90 days past due): its fields, each under its label, and nothing else of the row.
    const card = cards.first();
    const shown = await card
      .locator("[data-card]")
      .evaluateAll((cells) =>
        cells.filter((c) => getComputedStyle(c).display !== "none").map((c) => c.getAttribute("data-label") ?? "title"),
      );
    expect(shown.filter((label) => label !== "On hold")).toEqual([
      "title",
      "Collection agent",
      "Unapplied payments",
      "Total outstanding",
      "Credit available",
      "Last payment",
      "Worst bucket",
      "Store's people",
    ]);
    await expect(card.locator('[data-label="Worst bucket"]')).toHaveText(/^91\+ days: \$[\d,]+\.\d\d$/);
    await expect(card.getByRole("columnheader")).toHaveCount(0);
    const title = card.getByRole("rowheader");
    await expect(title.getByRole("link", { name: /^Statement of / })).toHaveAttribute(
      "href",
      /^\/statements\?account=\d+$/,
    );
    for (const label of ["Total outstanding", "Worst bucket"])
      await expect(card.locator(`[data-label="${label}"]`)).toBeInViewport({ ratio: 1 });
    // The store's people, each address a mail link, on the cards of the accounts that have any.
    const people = frame.locator('[data-label="Store\'s people"] a[href^="mailto:"]');
    expect(await people.count()).toBeGreaterThan(10);
    await expect(people.first()).toHaveText(/^[^\s@]+@[^\s@]+$/);
    expect(await people.first().getAttribute("href")).toBe(`mailto:${await people.first().textContent()}`);
    expect(await seriousViolations(page)).toEqual([]);

    // The whole table a tap away, in the address; the columns a desk sees, in their scrolling frame; and back.
    await page.getByRole("link", { name: "Show the whole table" }).click();
    await expect(page).toHaveURL(/[?&]table=whole/);
    await expect(frame.locator('[data-label="Worst bucket"]')).toHaveCount(0);
    expect(await cards.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("table-row");
    await expect(frame.getByRole("columnheader", { name: /^Over 90/ })).toBeVisible();
    // A filter applied keeps the choice.
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByLabel("On hold only").check();
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/hold=1/);
    await expect(page).toHaveURL(/table=whole/);
    await page.getByRole("link", { name: "Show as cards" }).click();
    await expect(page).not.toHaveURL(/table=whole/);
    await expect(page).toHaveURL(/hold=1/);
    expect(await cards.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("grid");
    await expect(cards.first().locator('[data-label="On hold"]')).toHaveText("On hold");
  });
});
