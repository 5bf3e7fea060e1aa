import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, type Page } from "@playwright/test";
import type { KeyType } from "@/lib/data-api/operation";
import type { SessionView } from "@/lib/session/session-view";
import { navigationFor } from "@/lib/domain/navigation";
import { may } from "@/lib/session/roles";
import { sidebarFor, sidebarHrefs } from "@/lib/ui/sidebar";

// The dashboard's pages as the walks of every page see them (the phone's and the desk's): the signed-in person's
// routes, each opened until its data is in, its table frames that scroll sideways, and its fit on a phone.

/**
 * The pages whose tables are reports of many figures side by side (Insights' tables, the replenishment plan's editing
 * grid): they may scroll sideways within their frame, which then shows it (`table-scroll-edges` in app/globals.css).
 * Every other table is a list, which fits its frame: at a desk every column, on a phone its rows as cards.
 */
const REPORT_PAGES: readonly string[] = ["/insights", "/purchases/plan"];

/** Whether a route (its path, whatever its query: the staff's Insights is `/insights?rep=…`) is a report's. */
export function isReport(route: string): boolean {
  return REPORT_PAGES.includes(new URL(route, "http://localhost").pathname);
}

/** A laptop's screen, where every list shows its default columns within its frame. */
export const LAPTOP = { width: 1366, height: 768 };

/**
 * The pages the dashboard spec opens for a key type, each with its data and axe, and at a laptop's width its tables:
 * the sidebar's data pages, the activity and the request log. The overview, Insights and the saved views have specs of
 * their own; so have Collections and Credit, whose first visit starts its key's walk in the background
 * (e2e/collections.spec.ts, e2e/credit.spec.ts, with a key of their own, not the demo staff's that others count). The laptop walk of e2e/layouts.spec.ts opens the rest
 * of a person's routes.
 */
export function pagesFor(keyType: KeyType): string[] {
  const data = navigationFor(keyType).flatMap((section) => section.entries.map((entry) => entry.href));
  return [...data.filter((href) => href !== "/collections" && href !== "/credit"), "/activity", "/requests"];
}

/** A route's path, whatever its query (the staff's Insights is `/insights?rep=…`). */
export const pathOf = (route: string) => new URL(route, "http://localhost").pathname;

/** The routes among `routes` whose page the dashboard spec does not open for the key type (`pagesFor`). */
export function beyondPagesFor(keyType: KeyType, routes: string[]): string[] {
  const opened = new Set(pagesFor(keyType).map(pathOf));
  return routes.filter((route) => !opened.has(pathOf(route)));
}

/** The account's pages: every page.tsx under app/(account) but a record's (a dynamic segment has no address to walk). */
export function accountRoutes(): string[] {
  const root = join(process.cwd(), "app", "(account)");
  const pages = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith(`${sep}page.tsx`) || file === "page.tsx",
  );
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
export async function dashboardRoutes(page: Page): Promise<string[]> {
  const session = (await (await page.request.get("/api/session")).json()) as SessionView;
  const keyType = session.keys.find((k) => k.id === session.activeKeyId)!.keyType as KeyType;
  const activity = may(session.role, { audit: ["read"] }) || may(session.role, { audit: ["read-own"] });
  return sidebarHrefs(sidebarFor({ keyType, salesRepUserId: session.salesRepUserId, activity }));
}

/** Opens a page and waits for its data (no region still busy). */
export async function openPage(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${route} still loading`).toHaveCount(0, { timeout: 30_000 });
}

/** A table of the page that does not fit: its frame's name, what is past the frame's edge, and whether it shows so. */
export interface FrameOverflow {
  frame: string;
  /** The header cells past the frame's right edge or the viewport's, by their text. */
  clipped: string[];
  /** Pixels of table past the frame's edge. */
  past: number;
  /** Whether the frame shows there is more to scroll to (its edge's shadow). */
  shows: boolean;
}

/**
 * The page's visible table frames that scroll sideways, with the header cells a person cannot see without scrolling.
 *
 * @example
 * expect(await framesPastTheirEdge(page)).toEqual([]);
 */
export async function framesPastTheirEdge(page: Page): Promise<FrameOverflow[]> {
  return page.locator(".table-scroll").evaluateAll((frames) => {
    const viewport = document.documentElement.clientWidth;
    return frames
      .filter((f) => f.getClientRects().length > 0 && f.scrollWidth > f.clientWidth + 1)
      .map((f) => {
        const edge = Math.min(viewport, f.getBoundingClientRect().right);
        const clipped = [...f.querySelectorAll("thead th")]
          .filter((th) => th.getClientRects().length > 0 && th.getBoundingClientRect().right > edge + 1)
          .map((th) => (th.textContent ?? "").trim());
        return {
          frame: f.getAttribute("aria-label") ?? "",
          clipped,
          past: f.scrollWidth - f.clientWidth,
          shows: getComputedStyle(f).boxShadow !== "none",
        };
      });
  });
}

/**
 * Soft-expects each table of the page to fit its frame (a list: every column, or its rows as cards), or, a report's
 * wide table, to scroll in a frame that shows it. `where` names the page and the width in the message.
 */
export async function expectTablesInTheirFrames(page: Page, route: string, where: string) {
  const frames = await framesPastTheirEdge(page);
  expect
    .soft(isReport(route) ? frames.filter((f) => !f.shows) : frames, `${where}: tables past their frame's edge`)
    .toEqual([]);
}

/** The phones every page is measured on: an iPhone 13's screen, then a 360 px Android's. */
export const PHONE_SCREENS = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
] as const;

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

/**
 * Soft-expects the open page to fit each phone's screen (`PHONE_SCREENS`): nothing scrolls sideways, each table fits
 * its frame (a list's rows are cards; a report's wide table scrolls in a frame that shows it), and the header is one
 * row (at most 64 px). The page is narrowed where it is, not opened again: its layout is its CSS alone (no script reads
 * the window's size, no style asks for touch or a pointer: e2e/phone-fit.test.ts), so it lays out as a page opened on
 * the phone. It is left at the last phone's size.
 */
export async function expectFitsPhones(page: Page, route: string) {
  for (const screen of PHONE_SCREENS) {
    await page.setViewportSize(screen);
    const width = screen.width;
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect
      .soft(scrollWidth, `${route} at ${width} px ${scrollWidth > width ? await overflowing(page, width) : ""}`)
      .toBeLessThanOrEqual(width);
    await expectTablesInTheirFrames(page, route, `${route} at ${width} px`);
    expect
      .soft((await page.getByRole("banner").boundingBox())!.height, `${route} at ${width} px: the header's height`)
      .toBeLessThanOrEqual(64);
  }
}
