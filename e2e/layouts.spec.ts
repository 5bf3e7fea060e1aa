import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import {
  accountRoutes,
  beyondPagesFor,
  dashboardRoutes,
  expectFitsPhones,
  expectTablesInTheirFrames,
  framesPastTheirEdge,
  LAPTOP,
  openPage,
  pagesFor,
  PHONE_SCREENS,
  pathOf,
} from "./dashboard-pages";
import { type Demo, origin, signIn } from "./sign-in";

// Tables that held a control or a column past their frame's edge, at a desk (1366x900) and on a phone (390x844): the
// Keys table's Remove, and Activity's From and Request id. A table fits its frame (nothing behind a sideways scroll)
// and what matters is on the screen. And every page of the dashboard on a laptop (1366x768): each list shows every
// default column within its frame (the warehouse inventory's clipped two), its headers and lists of values wrapping;
// a report's wide table scrolls in a frame that shows it. The dashboard spec checks the pages it opens for their data
// and axe at that width too, and at a phone's; the walk here opens the rest of each person's routes and the account's
// pages, at that width and then at a phone's (no page scrolls sideways on an iPhone 13 nor at 360 px).

// A desk's screen, and the iPhone 13's every page is measured on (e2e/dashboard-pages.ts).
const SIZES = [{ width: 1366, height: 900 }, PHONE_SCREENS[0]];

/** Whether a table's frame shows all of it: nothing past its right edge to scroll to. */
async function fitsItsFrame(frame: Locator): Promise<boolean> {
  return frame.evaluate((e) => e.scrollWidth <= e.clientWidth);
}

/** A request through Backroom's proxy from the page itself (same origin, the session's cookie), as the dashboard sends writes. */
async function send(page: Page, method: string, path: string, body?: unknown) {
  const response = await page.request.fetch(path, { method, headers: { Origin: origin() }, data: body });
  return { status: response.status(), body: await response.text() };
}

for (const size of SIZES) {
  test(`the Keys table shows every key's Remove within the page (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, "Supplier");
    await page.goto("/settings/keys");
    const frame = page.getByRole("region", { name: "Keys of this workspace" });
    const remove = frame.getByRole("button", { name: "Remove" });
    await expect(remove.first()).toBeVisible();
    expect(await fitsItsFrame(frame)).toBe(true);
    for (const button of await remove.all()) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`Activity shows From and Request id without a sideways scroll (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, "Supplier");
    // A write through Backroom, for an entry with an address and a request id to show.
    const vendor = (
      JSON.parse((await send(page, "GET", "/api/v1/vendors?PageSize=1")).body) as {
        Data: { VendorID: number; LocationID: number; SupplierID: number }[];
      }
    ).Data[0]!;
    const po = `E2E-LAYOUT-${Date.now().toString(36)}`;
    const created = await send(page, "POST", "/api/v2/purchases", {
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: "2027-06-30",
      po_num: po,
    });
    expect(created.status, created.body).toBe(201);
    const globalId = (JSON.parse(created.body) as { data: { purchase_global_id: string } }).data.purchase_global_id;
    expect((await send(page, "DELETE", `/api/v2/purchases/${globalId}`)).status).toBe(204);

    await page.goto("/activity?event=purchase-create");
    const frame = page.getByRole("region", { name: "Activity of this workspace" });
    const row = frame.locator("tbody tr").filter({ hasText: po });
    await expect(row).toBeVisible();
    expect(await fitsItsFrame(frame)).toBe(true);
    if (size.width >= 640) {
      for (const header of ["From", "Request id"])
        await expect(frame.getByRole("columnheader", { name: header, exact: true })).toBeInViewport({ ratio: 1 });
    }
    // The entry's address and its request id (with its Copy) on the screen, at either size.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByText("127.0.0.1")).toBeInViewport({ ratio: 1 });
    const copy = row.getByRole("button", { name: "Copy request id" });
    await copy.scrollIntoViewIfNeeded();
    await expect(copy).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

const DEMOS: Demo[] = ["Customer", "Supplier", "Employee"];

for (const demo of DEMOS) {
  test(`as the demo ${demo}, every other page shows its lists' columns on a laptop (${LAPTOP.width} px) and fits a phone`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(LAPTOP);
    await signIn(page, demo);
    // The inventory pages above all (the warehouse inventory's Days of inventory and Avg daily sales were past the
    // edge) are among the pages e2e/dashboard.spec.ts opens, and checks there at this width and a phone's.
    expect(pagesFor(demo).filter((href) => pathOf(href).startsWith("/inventory")).length).toBeGreaterThan(0);
    const routes = [...beyondPagesFor(demo, await dashboardRoutes(page)), ...accountRoutes()];
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      await page.setViewportSize(LAPTOP);
      await openPage(page, route);
      await expectTablesInTheirFrames(page, route, route);
      await expectFitsPhones(page, route);
    }
  });
}

test("a table wider than its frame shows there is more to scroll to, and one that fits shows nothing", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, "Employee");
  // Every column of the warehouse inventory (an Employee key's rows have all 17): more than a laptop holds.
  await openPage(page, "/inventory");
  const frame = page.getByRole("region", { name: "Warehouse inventory" });
  expect(await frame.evaluate((e) => getComputedStyle(e).boxShadow)).toBe("none");
  await page.getByRole("button", { name: /^Columns/ }).click();
  for (const box of await page.getByRole("checkbox").all()) if (!(await box.isChecked())) await box.check();
  await page.keyboard.press("Escape");
  await expect(async () => expect(await fitsItsFrame(frame)).toBe(false)).toPass();
  expect(await frame.evaluate((e) => getComputedStyle(e).boxShadow)).not.toBe("none");
  expect(await framesPastTheirEdge(page)).toEqual([
    expect.objectContaining({ frame: "Warehouse inventory", shows: true }),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
});
