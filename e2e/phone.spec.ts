import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import type { KeyType } from "@/lib/data-api/operation";
import type { SessionView } from "@/lib/session/session-view";
import { may } from "@/lib/session/roles";
import { sidebarFor, sidebarHrefs } from "@/lib/ui/sidebar";
import { seriousViolations } from "./axe";
import { type Demo, signIn } from "./sign-in";

// Every page fits a phone: as each demo person, on an iPhone 13 and a 360 px Android, no page of the
// dashboard's navigation nor of the account's scrolls sideways; the header is one row whose menu holds the
// workspace, key, theme and person's links; the header's, the menu's, a list's pager's and its filters' touch targets
// are at least 44 px; axe finds nothing serious with the menu open. The project's Chromium plays both phones.

const { defaultBrowserType: _iphone, ...iPhone13 } = devices["iPhone 13"];
const { defaultBrowserType: _pixel, ...pixel5 } = devices["Pixel 5"];
const PHONES = [
  { name: "iPhone 13", use: iPhone13 },
  {
    name: "360 px Android",
    use: { ...pixel5, viewport: { width: 360, height: 800 }, screen: { width: 360, height: 800 } },
  },
] as const;
const DEMOS: Demo[] = ["Customer", "Supplier", "Employee"];
/** WCAG 2.5.5's least target, in CSS pixels. */
const TARGET = 44;

/** The account's pages: every page.tsx under app/(account), so a page added there is walked too. */
function accountRoutes(): string[] {
  const root = join(process.cwd(), "app", "(account)");
  const pages = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith(`${sep}page.tsx`) || file === "page.tsx",
  );
  // A page of a record (a dynamic segment) has no address of its own to walk.
  return pages
    .filter((file) => !file.includes("["))
    .map(
      (file) =>
        `/${relative(".", join(file, ".."))
          .split(sep)
          .filter((part) => !part.startsWith("(") && part !== ".")
          .join("/")}`,
    )
    .sort();
}

/** The dashboard's routes for the signed-in person, as its menu lists them. */
async function dashboardRoutes(page: Page): Promise<string[]> {
  const session = (await (await page.request.get("/api/session")).json()) as SessionView;
  const keyType = session.keys.find((k) => k.id === session.activeKeyId)!.keyType as KeyType;
  const activity = may(session.role, { audit: ["read"] }) || may(session.role, { audit: ["read-own"] });
  return sidebarHrefs(sidebarFor({ keyType, salesRepUserId: session.salesRepUserId, activity }));
}

/** The elements that stick out past the viewport's right edge (not clipped by a scrolling frame), for the message. */
async function overflowing(page: Page, width: number): Promise<string> {
  return page.evaluate((vw) => {
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible" && a !== document.documentElement && a !== document.body)
          return true;
      }
      return false;
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${typeof e.className === "string" && e.className ? `.${e.className.trim().split(/\s+/).slice(0, 3).join(".")}` : ""}`;
    const out = [...document.body.querySelectorAll("*")].filter(
      (e) => e.getBoundingClientRect().right > vw + 0.5 && !clipped(e),
    );
    const culprits = out.filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= vw + 0.5);
    return culprits
      .slice(0, 4)
      .map((e) => `${name(e)} to ${Math.round(e.getBoundingClientRect().right)} px`)
      .join("; ");
  }, width);
}

/** Opens a page and waits for its data (no region still busy). */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${route} still loading`).toHaveCount(0, { timeout: 30_000 });
}

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
  await open(page, "/");
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
  await open(page, "/invoices?Statuses=1&StartDate=2026-01-01");
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

for (const phone of PHONES) {
  test.describe(`on an ${phone.name}`, () => {
    test.use(phone.use);

    for (const demo of DEMOS) {
      test(`as the demo ${demo}: the header is one row with a menu, lists are cards`, async ({ page }) => {
        await signIn(page, demo);
        // The menu's API budget is what the key's last answer told: on a fresh server this may be the key's first
        // page, drawn before its first answer ("not known yet"). One page read first.
        await open(page, "/directory/states");
        // axe once per person (on the iPhone): the 360 px run checks the same markup.
        await checkHeader(page, { axe: phone.name === "iPhone 13" });
        await checkList(page, { axe: phone.name === "iPhone 13" });
      });
    }
  });
}

// Every page at both widths in one walk: each page is opened once on the iPhone (390 px), then narrowed to the
// Android's 360 px and measured again. Walking it twice, once per phone, loaded every page twice for the same markup
// (the suite's longest tests: 30 to 56 s each on CI's two cores).
test.describe(`on an iPhone 13, then at 360 px`, () => {
  test.use(PHONES[0].use);

  for (const demo of DEMOS) {
    test(`as the demo ${demo}: no page scrolls sideways, and every page's header is one row`, async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page, demo);
      const routes = [...(await dashboardRoutes(page)), ...accountRoutes()];
      const iPhone = PHONES[0].use.viewport;
      const android = PHONES[1].use.viewport;
      for (const route of routes) {
        await page.setViewportSize(iPhone);
        await open(page, route);
        for (const viewport of [iPhone, android]) {
          await page.setViewportSize(viewport);
          const width = viewport.width;
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect
            .soft(scrollWidth, `${route} at ${width} px ${scrollWidth > width ? await overflowing(page, width) : ""}`)
            .toBeLessThanOrEqual(width);
          // Every layout's header (the account's too) is one row.
          expect
            .soft(
              (await page.getByRole("banner").boundingBox())!.height,
              `${route} at ${width} px: the header's height`,
            )
            .toBeLessThanOrEqual(64);
        }
      }
    });
  }
});
