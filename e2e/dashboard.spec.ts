import { expect } from "@playwright/test";
import { withMyAccounts } from "@/lib/domain/my-accounts";
import { navigationFor } from "@/lib/domain/navigation";
import { formatMoney, formatQuantity } from "@/lib/format/display";
import { seriousViolations } from "./axe";
import { expectFitsPhones, expectTablesInTheirFrames, LAPTOP, pagesFor } from "./dashboard-pages";
import { tryDemo } from "./sign-in";
import { test } from "./signed-in-context";
import { chooseFirstCustomer } from "./pricing";

// The dashboard for each kind of key: every sidebar page loads with data and passes axe, filters live in the URL,
// an invoice shows its lines, a CSV export holds the whole filtered list, and a sparse record renders.

const KEYS = [
  {
    button: "Try as a retailer",
    keyType: "Customer",
    absent: ["Warehouse inventory", "Batches", "Vendors", "Supplier credit terms", "Purchases"],
  },
  { button: "Try as a brand", keyType: "Supplier", absent: [] },
  { button: "Try as an employee", keyType: "Employee", absent: [] },
] as const;

for (const key of KEYS) {
  test.describe(`the ${key.keyType} key`, () => {
    test("the sidebar links every page the key may call, and no other", async ({ page }) => {
      await tryDemo(page, key.button);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      for (const label of key.absent) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
      const links = await nav
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!).filter((h) => h !== "/docs/api" && h !== "/"));
      // The demo staff person is linked to a sales rep: their customers, AR aging and delivery days open on
      // "My accounts", and Insights on their rep's.
      const rep =
        ((await (await page.request.get("/api/session")).json()) as { salesRepUserId?: number | null })
          .salesRepUserId ?? null;
      expect(rep !== null).toBe(key.keyType === "Employee");
      const pages = withMyAccounts(navigationFor(key.keyType), rep).flatMap((section) =>
        section.entries.map((entry) => entry.href),
      );
      const insights = key.keyType === "Customer" ? [] : [rep === null ? "/insights" : `/insights?rep=${rep}`];
      expect(links).toEqual([...insights, ...pages, "/saved-views", "/activity", "/requests"]);
    });

    for (const href of pagesFor(key.keyType)) {
      test(`${href} loads with data, passes axe and fits a laptop and a phone`, async ({ pageAs }) => {
        // Signed in without the sign-in page (the tests above and session.spec.ts go through it), once per worker:
        // every page of the key's, each loaded in its one tab (e2e/signed-in-context.ts), on a laptop's screen.
        const page = await pageAs(key.keyType);
        await page.setViewportSize(LAPTOP);
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        // The request log lists this session's requests: make one first.
        if (href === "/requests") await page.goto("/directory/states");
        await page.goto(href);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Every list shows its columns within its frame on a laptop, as the page opens with every region's data in (the
        // warehouse inventory clipped two); what a step below shows (a file's preview) is a report's, not a list.
        await expect(page.locator('[aria-busy="true"]'), `${href} still loading`).toHaveCount(0, { timeout: 30_000 });
        await expectTablesInTheirFrames(page, href, `${href} at ${LAPTOP.width} px`);
        // And it fits a phone, as it opened: narrowed to each phone's width in this tab rather than opened again in a
        // phone's context of its own (e2e/phone.spec.ts), then back at the laptop's for what follows.
        await expectFitsPhones(page, href);
        await page.setViewportSize(LAPTOP);
        // Payments show one AR account at a time: the first the key may choose.
        if (href === "/payments") {
          // Chosen again until the address follows: a choice made before the page is hydrated is not seen.
          await expect(async () => {
            await page.getByLabel("AR account", { exact: true }).selectOption({ index: 1 });
            await expect(page).toHaveURL(/account=\d+/, { timeout: 1_000 });
          }).toPass();
        }
        // A statement is of one AR account: a retailer's first, or one the distributor's staff name.
        if (href === "/statements") {
          if (key.keyType === "Customer")
            await page.getByRole("navigation", { name: "AR accounts" }).getByRole("link").first().click();
          else {
            await page.getByLabel("Customer or AR account").fill("50001");
            await page.getByRole("button", { name: "Find", exact: true }).click();
            // Opened by its number, or from its match where the key's collections list is in.
            await page
              .getByRole("link", { name: /AR account 50001/ })
              .first()
              .click();
          }
          await expect(page).toHaveURL(/account=\d+/);
        }
        // The books export shows a file's first rows once previewed (last month, the whole of it): the distributor's
        // staff name a store first. Pressed again until the page is hydrated (a press before is not seen).
        if (href === "/accounting") {
          const form = page.getByRole("form", { name: "Export to the books" });
          await expect(async () => {
            if (key.keyType === "Employee")
              await form.getByLabel("Store (CustomerID)").fill("20001", { timeout: 1_000 });
            await form.getByRole("button", { name: /^Preview/ }).click({ timeout: 1_000 });
            await expect(form.getByRole("button", { name: "Preview again" })).toBeVisible({ timeout: 1_000 });
          }).toPass();
          await form.getByLabel("Only what is new since the last export").uncheck();
          await expect(page.getByRole("region", { name: /: the first rows of the file$/ })).toBeVisible();
        }
        // Customer pricing asks for a customer first (records-whole.spec.ts checks that nothing is requested before).
        if (href === "/catalog/pricing") await chooseFirstCustomer(page);
        // The replenishment plan asks an Employee key for a supplier first: the demo brand.
        if (href === "/purchases/plan" && key.keyType === "Employee") {
          await expect(async () => {
            await page.getByLabel("Supplier", { exact: true }).selectOption("101", { timeout: 1_000 });
            await expect(page).toHaveURL(/supplier=101/, { timeout: 1_000 });
          }).toPass();
        }
        if (href === "/requests") {
          await expect(
            page.getByRole("region", { name: "Recent API requests" }).locator("tbody tr").first(),
          ).toBeVisible();
        } else if (href === "/today") {
          // A rep's day is cards, not a table: the demo staff person's rep's accounts.
          await expect(page.getByTestId("today-summary")).toContainText("active accounts", { timeout: 30_000 });
          await expect(page.getByRole("article").first()).toBeVisible();
          await expect(page.locator("main")).not.toContainText("undefined");
        } else if (href === "/order-guide") {
          // The order guide is a store's: the distributor's staff name one first.
          if (key.keyType === "Employee") {
            await page.getByLabel("Store (CustomerID)").fill("20001");
            await page.getByRole("button", { name: "Show", exact: true }).click();
          }
          await expect(page.getByRole("table").getByRole("rowheader").first()).toBeVisible();
          await expect(page.locator("main")).not.toContainText("undefined");
        } else if (href === "/order-guide/lists") {
          // The lists sent to the reps (none yet from the demo's own workspace, or the ones other tests sent).
          await expect(
            page.getByRole("list", { name: "Reorder lists" }).or(page.getByText("No list has been sent yet")),
          ).toBeVisible();
          await expect(page.locator("main")).not.toContainText("undefined");
        } else if (href === "/receiving" || href === "/disputes") {
          // A store's deliveries of today and yesterday; the disputes the key sees (none on a fresh demo's): cards.
          await expect(page.getByTestId(href === "/receiving" ? "receiving-loaded" : "disputes-loaded")).toBeVisible();
          await expect(page.locator("main")).not.toContainText("undefined");
        } else if (href === "/menus") {
          // A brand's shared menus: the form that makes a link, and the links made (none yet on a fresh demo).
          await expect(page.getByRole("heading", { level: 2, name: "Make a link" })).toBeVisible();
          await expect(page.locator("main")).not.toContainText("undefined");
        } else {
          // The plan reads six lists (every product, the stock, the open purchases with their lines...) and computes
          // over them: on two busy cores that takes longer than the default five seconds.
          await expect(page.locator("table.data-table tbody tr").first()).toBeVisible({
            timeout: href === "/purchases/plan" ? 20_000 : undefined,
          });
          await expect(page.locator("main")).not.toContainText("undefined");
        }
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

// The tests below only read: each takes its person's signed-in tab (e2e/signed-in-context.ts), as the
// page checks above do, rather than a context of its own signed in through the sign-in page (which the sidebar's
// tests above and session.spec.ts go through): a new context downloads and compiles the app's scripts again.

test("filters, page size and columns live in the URL and survive a reload", async ({ pageAs }) => {
  const page = await pageAs("Employee");
  await page.goto("/invoices");
  await page.getByRole("button", { name: /^Status/ }).click();
  await page.getByRole("checkbox", { name: "Verified" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/Statuses=1%2C7|Statuses=1,7/);
  await page.getByLabel("Rows per page").selectOption("25");
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("checkbox", { name: "PO no." }).check();
  await page.keyboard.press("Escape");
  await expect(page.locator("table.data-table tbody tr")).toHaveCount(25);
  await page.reload();
  await expect(page.getByRole("button", { name: /^Status/ })).toContainText("New, Verified");
  await expect(page.getByLabel("Rows per page")).toHaveValue("25");
  await expect(page.getByRole("columnheader", { name: "PO no." })).toBeVisible();
  await expect(page.locator("table.data-table tbody tr")).toHaveCount(25);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/Page=2/);
  await page.goBack();
  await expect(page).not.toHaveURL(/Page=2/);
});

test("an invoice shows its header, totals and lines", async ({ pageAs }) => {
  const page = await pageAs("Customer");
  await page.goto("/invoices");
  const first = page.locator('table.data-table tbody tr a[href^="/invoices/"]').first();
  const number = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${number}`);
  await expect(page.getByRole("heading", { name: "Totals" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Invoice lines" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the PDF" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a brand's invoice shows its share: the sum of its lines beside the whole invoice's totals", async ({
  pageAs,
}) => {
  const page = await pageAs("Supplier");
  // The API's own figures: an invoice whose lines the brand reads add up to less than the invoice (other brands' too).
  const micros = (value: string | number | null | undefined) => {
    const [whole, fraction = ""] = String(value ?? "0").split(".");
    const sign = whole!.startsWith("-") ? -1n : 1n;
    return sign * (BigInt(whole!.replace("-", "")) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6)));
  };
  type Invoice = { InvoiceID: number; InvoiceNum: string; TotalExtPrice?: string | null };
  type Line = { ExtPrice?: string | null; NumUnits?: number | string | null };
  const invoices = (
    (await (await page.request.get("/api/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=25")).json()) as { Data: Invoice[] }
  ).Data;
  let found: { invoice: Invoice; total: bigint; units: bigint } | undefined;
  for (const invoice of invoices) {
    const lines = (
      (await (await page.request.get(`/api/v1/invoiceTransactions/${invoice.InvoiceID}?PageSize=500`)).json()) as {
        Data: Line[];
      }
    ).Data;
    const total = lines.reduce((sum, line) => sum + micros(line.ExtPrice), 0n);
    if (lines.length > 0 && total !== micros(invoice.TotalExtPrice)) {
      found = { invoice, total, units: lines.reduce((sum, line) => sum + micros(line.NumUnits), 0n) };
      break;
    }
  }
  expect(found, "an invoice of the brand's holding other brands' lines").toBeDefined();
  const { invoice, total, units } = found!;
  const decimal = (m: bigint) => {
    const size = m < 0n ? -m : m;
    return `${m < 0n ? "-" : ""}${size / 1_000_000n}.${String(size % 1_000_000n).padStart(6, "0")}`;
  };
  await page.goto(`/invoices/${invoice.InvoiceID}`);
  const share = page.getByRole("region", { name: "This brand's share" });
  await expect(share.locator('[data-share="Total (extended price)"]')).toHaveText(formatMoney(decimal(total)));
  await expect(share.locator('[data-share="Units"]')).toHaveText(formatQuantity(decimal(units)));
  await expect(
    share
      .getByRole("row", { name: /^Total \(extended price\)/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(formatMoney(invoice.TotalExtPrice));
  await expect(share).toContainText("The brand's figures are the sum of its lines below.");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a CSV export downloads every row of the filtered list", async ({ pageAs }) => {
  const page = await pageAs("Employee");
  // The save picker needs a person; without it the export downloads the file (this tab's scripts, until the end).
  const noPicker = await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const query = "Statuses=1,2,3,4,5,7&StartDate=2026-10-01";
  // The expected count, walked page by page through the proxy as a client of the API would.
  let expected = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    const body = (await (
      await page.request.get(`/api/v1/invoices?${query}&PageSize=500&Page=${pageNumber}`)
    ).json()) as { Data: unknown[] };
    expected += body.Data.length;
    if (body.Data.length < 500) break;
  }
  expect(expected).toBeGreaterThan(500);
  await page.goto(`/invoices?${query}`);
  await page.getByRole("button", { name: "Export CSV" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(/This export takes \d+ request/);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Start export" }).click();
  const file = await (await download).path();
  await expect(dialog).toContainText(`Exported ${expected.toLocaleString("en-US")} rows`);
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile(file, "utf8")).split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(expected + 1);
  expect(lines[0]).toContain("Invoice");
  await noPicker.dispose();
});

test("a sparse record renders: a Supplier key's customer has fields left out, shown as —", async ({ pageAs }) => {
  const page = await pageAs("Supplier");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/customers");
  await page.locator("table.data-table tbody tr").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const onHold = page.locator("dt", { hasText: /^On hold$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(onHold).toHaveText("—");
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(errors).toEqual([]);
});

test("AR aging: the recalculation time, a chart and a table with totals; a bucket lists its invoices", async ({
  pageAs,
}) => {
  const page = await pageAs("Customer");
  await page.goto("/ar-aging");
  await expect(page.getByText(/^As of the close of /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Outstanding by age" })).toBeVisible();
  const table = page.getByRole("region", { name: "AR aging table" });
  await expect(table.locator("tfoot")).toContainText(/^Total, \d+ rows?/);
  const amount = table.locator("tbody").getByRole("button").first();
  const name = (await amount.getAttribute("aria-label"))!;
  await amount.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tbody a[href^="/invoices/"]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("button", { name, exact: true })).toBeFocused();
});

test("a retailer has no purchases: none in the sidebar, the page says so, and the API answers 403", async ({
  pageAs,
}) => {
  const page = await pageAs("Customer");
  await page.goto("/purchases");
  await expect(page.getByRole("heading", { level: 1, name: "Purchases" })).toBeVisible();
  await expect(page.getByText("Customer keys may not see purchases: the Data API answers 403.")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Purchases" }),
  ).toHaveCount(0);
  const forced = await page.request.get("/api/v2/purchases?include_transactions=false");
  expect(forced.status()).toBe(403);
});
