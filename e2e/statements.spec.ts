import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { pdfPages } from "@/lib/testing/pdf-text";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey } from "./journeys/keyboard";
import { signIn } from "./sign-in";

// Statements of account: a retailer opens an account's statement and downloads it as a PDF whose figures
// are the page's (every open invoice, the balance outstanding); the distributor's staff open any account's; axe clean.

test("a retailer downloads the statement of an account: every open invoice and the balance of the page are in the PDF", async ({
  page,
}) => {
  await signIn(page, "Customer");
  await page.goto("/");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Statements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
  const accounts = page.getByRole("navigation", { name: "AR accounts" }).getByRole("link");
  await expect(accounts).toHaveCount(2);
  await accounts.last().click();
  await expect(page).toHaveURL(/account=50002/);
  await expect(accounts.last()).toHaveAttribute("aria-current", "page");
  const balance = (await page.getByTestId("statement-balance").textContent())!.match(/Balance outstanding (\S+)/)![1]!;
  const invoices = page.getByRole("region", { name: "Open invoices at the close, table" });
  const numbers = await invoices.locator("tbody tr td:first-child").allTextContents();
  expect(numbers.length).toBeGreaterThan(0);
  expect(await invoices.locator("tfoot td").last().textContent()).toBe(balance);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download PDF.*\(Letter\)/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-50002-\d{4}-\d{2}-\d{2}-letter\.pdf$/);
  const pages = await pdfPages(new Uint8Array(await readFile((await file.path())!)));
  const text = pages.flatMap((p) => p.lines).join("\n");
  for (const number of numbers) expect(text).toContain(number);
  expect(text).toContain(`Balance outstanding ${balance}`);
  expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
  // Its invoice links open Backroom's pages, never the API's documents.
  const links = pages.flatMap((p) => p.links);
  expect(links.length).toBeGreaterThanOrEqual(numbers.length);
  expect(
    links.every(
      (href) => new URL(href).pathname.startsWith("/invoices/") && new URL(href).origin === new URL(page.url()).origin,
    ),
  ).toBe(true);
});

/**
 * An AR account with something open today, and its customer, as the API answers the demo staff's key: the seed is made
 * for the day the run starts, so no account's open items can be named ahead (AR account 50003 had none on 2026-11-29).
 */
async function openAccount(page: Page): Promise<{ account: number; customerId: number }> {
  const open = (await (
    await page.request.get("/sandbox/test/api/v1/payments/openInvoices?PageSize=1", {
      headers: { "x-api-key": "test-employee-demo" },
    })
  ).json()) as { Data: { ARAccountID: number; CustomerID: number }[] };
  const first = open.Data[0]!;
  return { account: first.ARAccountID, customerId: first.CustomerID };
}

test("the distributor's staff open any account's statement, and a day the API's aging is not as of is said so", async ({
  page,
}) => {
  await signIn(page, "Employee");
  const { account } = await openAccount(page);
  await page.goto("/statements");
  // The demo staff's key has no collections list (its walk would spend the budget other tests count): by number.
  await page.getByLabel("Customer or AR account").fill(String(account));
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await page
    .getByRole("link", { name: new RegExp(`AR account ${account}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`account=${account}`));
  await expect(page.getByRole("heading", { level: 2, name: "Statement of account" })).toBeVisible();
  await expect(page.getByTestId("statement-balance")).toContainText(/Balance outstanding [−$\d,.]+/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/statements?account=${account}&asOf=2020-01-31`);
  await expect(page.getByRole("note")).toContainText("a statement of Jan 31, 2020 cannot be made from it");
  // The PDF refuses that day outright: a filed document is of the day it names.
  const refused = await page.request.get(`/api/statements/${account}.pdf?asOf=2020-01-31`);
  expect(refused.status()).toBe(409);
});

test("staff find an account's statement by its customer's name: matches from the key's collections list, each with its AR account", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A key of its own: the collections list's walk spends its budget, not the demo staff's that other tests count.
  await connectWithKey(page, await issueKey(page, "Employee", { rateLimit: 100_000 }));
  // An account with something open, and its customer as the API names it.
  const { account, customerId } = await openAccount(page);
  const customer = (await (
    await page.request.get(`/sandbox/test/api/v1/customers/${customerId}`, {
      headers: { "x-api-key": "test-employee-demo" },
    })
  ).json()) as { Data: { CustomerName: string }[] };
  const name = customer.Data[0]!.CustomerName;
  await page.goto("/statements");
  const search = page.getByRole("search", { name: "Find an account" });
  // A name before the key's collections list is in: its walk starts, and the page says names come once it is in.
  await search.getByLabel("Customer or AR account").fill(name.toLowerCase());
  await search.getByRole("button", { name: "Find", exact: true }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Names can be searched once this key's collections list is in: it is being read now/ }),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: /accounts? match/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  const matches = page.getByRole("region", { name: /accounts? match/ });
  const match = matches.getByRole("link", { name: new RegExp(`AR account ${account}`) });
  await expect(match).toContainText(name);
  expect(await seriousViolations(page)).toEqual([]);
  await match.click();
  await expect(page).toHaveURL(new RegExp(`account=${account}`));
  await expect(page.getByRole("heading", { level: 2, name: "Statement of account" })).toBeVisible();
  // The matches fold away above the statement (which comes first on the screen), the one open marked among them.
  await expect(match).toBeHidden();
  await page.getByText("Show them again").click();
  await expect(match).toHaveAttribute("aria-current", "page");
  // A customer's id finds its account too.
  await search.getByLabel("Customer or AR account").fill(String(customerId));
  await search.getByRole("button", { name: "Find", exact: true }).click();
  await expect(
    page
      .getByRole("region", { name: /account matches/ })
      .getByRole("link", { name: new RegExp(`AR account ${account}`) }),
  ).toBeVisible();
});

test("a retailer's owner mails each account's statement monthly to the Accounts role, and stops it", async ({
  page,
}) => {
  // An account of their own: the shared demo changes nothing everyone shares.
  await connectWithKey(page, await issueKey(page, "Customer"));
  await page.goto("/statements");
  await page.getByText("Monthly statements by email · off").click();
  const monthly = page.getByRole("region", { name: "Monthly statements by email" });
  await expect(monthly.getByTestId("monthly-statements-state")).toHaveText(/^Off: no statement is mailed\./);
  // Chosen again until the page is hydrated (a choice made before is not seen).
  await expect(async () => {
    await monthly.getByLabel("Day of the month").selectOption("5", { timeout: 1_000 });
    await monthly.getByLabel("Paper").selectOption("A4", { timeout: 1_000 });
    await expect(monthly.getByLabel("Paper")).toHaveValue("A4", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await monthly.getByLabel("Time zone").selectOption("America/Los_Angeles");
  await monthly.getByRole("button", { name: "Mail statements monthly" }).dblclick();
  await expect(monthly.getByRole("status")).toContainText(
    "Saved: statements go on the 5th of each month at 07:00 (America/Los_Angeles)",
  );
  await expect(monthly.getByTestId("monthly-statements-state")).toContainText(
    "goes as a PDF (A4) on the 5th of each month",
  );
  // Nobody has the Accounts role yet: the page says a run would mail nobody.
  await expect(monthly.getByTestId("monthly-statements-state")).toContainText("No member has the Accounts role");
  expect(await seriousViolations(page)).toEqual([]);
  await monthly.getByRole("button", { name: "Stop" }).click();
  await expect(monthly.getByRole("status")).toContainText("Stopped");
  await expect(monthly.getByTestId("monthly-statements-state")).toHaveText(/^Off/);
});
