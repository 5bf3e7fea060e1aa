import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { framesPastTheirEdge } from "./dashboard-pages";
import { connectWithKey, issueKey, requestsSince } from "./journeys/keyboard";
import { signIn } from "./sign-in";

// Collections: staff's Employee key connected, the page queues the key's first walk (AR aging, customers,
// open invoices, payments, the stores' people) and opens from the snapshot once it is in: no Data API request on
// reopening, every column within a laptop's width, sorted by a column, filtered to over 90 days, exported whole (the
// stores' people's emails too), a row's statement opened from it, axe clean; a limit set on one account read on its row
// as its credit available, and the filter "over its credit limit" keeping it after a $0.00 limit.

/**
 * The key's own hourly limit (the sandbox's operator grants one): the walk reads at most 7 % of a key's hour, and the
 * tests look at what the page makes of a snapshot, not at the pace (lib/server/core/background/background-reads.test.ts).
 */
const SYNCING = { rateLimit: 100_000 };

/** A money cell's text as cents ("$1,234.50", "−$2.00", "—"). */
function cents(text: string): number {
  if (text === "—") return 0;
  const negative = text.startsWith("−");
  const value = Math.round(Number(text.replace(/[−$,]/g, "")) * 100);
  return negative ? -value : value;
}

/** A CSV line's fields (quoted ones unquoted). */
function cells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
    m[1]!.replace(/^"|"$/g, "").replace(/""/g, '"'),
  );
}

/** The texts of one column of the table's body, by its header's position. */
async function column(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator("thead th").allTextContents()).map((h) =>
    h.replace(/[▲▼]|, sorted \w+|, sort$/g, "").trim(),
  );
  const index = headers.indexOf(header);
  expect(index, `${header} in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents();
}

test("staff open Collections from the key's snapshot, sort, filter to over 90 days, export, and reach each row's statement", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A key of its own: the walk's reads spend its budget, not the demo staff's that other tests count.
  await connectWithKey(page, await issueKey(page, "Employee", SYNCING));
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Collections" })).toHaveAttribute("href", "/collections");
  await nav.getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  // The first visit finds no snapshot: the walk is queued, and the page says so until it is in.
  await expect(async () => {
    await page.goto("/collections");
    await expect(page.getByTestId("collections-freshness")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });

  // Opened again: nothing asked of the API (the walk's reads are marked as the background's in the log).
  const since = new Date().toISOString();
  await page.goto("/collections");
  const freshness = page.getByTestId("collections-freshness");
  await expect(freshness).toContainText(
    /^As of the aging's close \w{3} \d{1,2}, \d{4} · [\d,]+ accounts · refreshed daily/,
  );
  const accounts = Number((await freshness.textContent())!.match(/· ([\d,]+) accounts/)![1]!.replace(/,/g, ""));
  expect(accounts).toBeGreaterThan(50);
  const table = page.getByRole("region", { name: "Collections, table" }).getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(50);
  await expect(
    page.getByText(`${accounts.toLocaleString("en-US")} accounts; page 1 of ${Math.ceil(accounts / 50)}`),
  ).toBeVisible();
  // By default the most over 90 days past due first.
  await expect(table.getByRole("columnheader", { name: /^Over 90/ })).toHaveAttribute("aria-sort", "descending");
  const over90 = (await column(table, "Over 90")).map(cents);
  expect(over90).toEqual([...over90].sort((a, b) => b - a));
  expect(await requestsSince(page, since)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // On a laptop every column of the list within its frame: the names, agents and days since wrap.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(table.getByRole("columnheader", { name: /^Last payment/ })).toBeInViewport();
  expect(await framesPastTheirEdge(page)).toEqual([]);

  // Sorted by total outstanding, largest first.
  await table.getByRole("link", { name: /^Total outstanding/ }).click();
  await expect(page).toHaveURL(/sort=total/);
  await expect(table.getByRole("columnheader", { name: /^Total outstanding/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const totals = (await column(table, "Total outstanding")).map(cents);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  expect(totals[0]).toBeGreaterThan(totals.at(-1)!);

  // Filtered to accounts with something over 90 days past due, still by total.
  await page.getByLabel("Past due").selectOption({ label: "Over 90 days" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/age=90/);
  await expect(page).toHaveURL(/sort=total/);
  const count = page.locator("#collections-count");
  await expect(count).toContainText(new RegExp(`^[\\d,]+ of ${accounts.toLocaleString("en-US")} accounts`));
  const over = Number((await count.textContent())!.match(/^([\d,]+) of/)![1]!.replace(/,/g, ""));
  expect(over).toBeGreaterThan(0);
  expect(over).toBeLessThan(accounts);
  expect((await column(table, "Over 90")).map(cents).every((c) => c > 0)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Each row's statement: the account's, by its AR account id.
  const first = table.locator("tbody tr").first();
  const header = first.getByRole("rowheader");
  const account = (await header.textContent())!.match(/AR account (\d+)/)![1]!;
  const name = (await header.locator(":scope > :first-child").textContent())!.trim();
  await expect(header.getByRole("link", { name: `Statement of ${name}` })).toHaveAttribute(
    "href",
    `/statements?account=${account}`,
  );

  // The whole filtered list exported, in the page's order, every column.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Export CSV of the [\d,]+ accounts$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^collections-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    "AR account,Customer,Customer IDs,Customers,State,On hold,Account status,Collection agent,Agent email,Sales rep,Suppliers,Current,1–30 days,31–60 days,61–90 days,91+ days,Over 30,Over 60,Over 90,In dispute,Open credit,Unapplied payments,Total outstanding,Credit limit,Open reorder lists,Credit available,Last payment,Days since,Store emails",
  );
  expect(lines.length - 1).toBe(over);
  expect(cells(lines[1]!)[0]).toBe(account);
  expect(lines.slice(1).every((line) => Number(cells(line)[18]) > 0)).toBe(true);

  // The first row's statement, opened from it: the same account, its balance the snapshot's when nothing was paid since.
  const total = (await column(table, "Total outstanding"))[0]!;
  await header.getByRole("link", { name: `Statement of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/statements\\?account=${account}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Statement of account" })).toBeVisible();
  await expect(page.getByText(`AR account ${account} ·`)).toBeVisible();
  await expect(page.getByTestId("statement-balance")).toContainText(`Balance outstanding ${total}`);
  expect(await seriousViolations(page)).toEqual([]);

  await creditOnTheRow(page);
});

/** A money text of cents as the page writes it ("$25,000.00"). */
const money = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** Sets an account's limit as the staff's form does: PUT with an Idempotency-Key (the page's origin). */
async function putLimit(page: Page, arAccountId: string, limit: string): Promise<void> {
  const status = await page.evaluate(
    async ({ id, limit }) =>
      (
        await fetch(`/api/credit/${id}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
          body: JSON.stringify({ limit }),
        })
      ).status,
    { id: arAccountId, limit },
  );
  expect(status).toBe(200);
}

/**
 * Each row's credit: a limit set on one account owing something shows on its row as what is left of it (the credit
 * view's figure: limit − balance − open reorder lists); the filter "over its credit limit" keeps no such account until
 * a $0.00 limit puts it over, said in words. An account of small balance, a different one for each repeat and worker
 * (every key of the environment shares the limits; e2e/credit.spec.ts takes the largest balances).
 */
async function creditOnTheRow(page: Page): Promise<void> {
  await page.goto("/collections?sort=total&dir=asc&table=whole");
  const table = page.getByRole("region", { name: "Collections, table" }).getByRole("table");
  const totals = (await column(table, "Total outstanding")).map(cents);
  const owing = totals.flatMap((t, i) => (t > 0 ? [i] : []));
  expect(owing.length).toBeGreaterThan(10);
  const { repeatEachIndex, parallelIndex, retry } = test.info();
  const row = table.locator("tbody tr").nth(owing[(parallelIndex * 5 + repeatEachIndex * 2 + retry) % owing.length]!);
  const account = (await row.getByRole("rowheader").textContent())!.match(/AR account (\d+)/)![1]!;

  await putLimit(page, account, "25000.00");
  await page.goto(`/collections?q=${account}`);
  const credit = page.getByTestId("collections-credit");
  await expect(credit).toHaveCount(1);
  const view = (await (await page.request.get(`/api/credit/${account}`)).json()) as Record<string, string>;
  const [limit, balance, lists, available] = [view.limit!, view.balance!, view.openLists!, view.available!].map((v) =>
    Math.round(Number(v) * 100),
  );
  expect(limit).toBe(2_500_000);
  expect(available).toBe(limit! - balance! - lists!);
  await expect(credit).toContainText(`${money(available!)}of ${money(limit!)}`);
  await expect(credit).not.toContainText("Over the limit");

  // Over its limit only: none while it has credit left.
  await page.getByLabel("Over its credit limit").check();
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/over=limit/);
  await expect(page.getByText("No account matches these filters.")).toBeVisible();

  // A $0.00 limit: over it by all it owes and its open lists, in words, and the filter keeps it.
  await putLimit(page, account, "0.00");
  await page.reload();
  await expect(credit).toContainText(`Over the limit by ${money(balance! + lists!)}of $0.00`);
  await expect(page.getByLabel("Over its credit limit")).toBeChecked();
  await expect(page.locator("#collections-count")).toContainText(/^1 of [\d,]+ accounts/);
  expect(await seriousViolations(page)).toEqual([]);
}

test("a brand's key is told that Collections are the distributor staff's", async ({ page }) => {
  await signIn(page, "Supplier");
  await page.goto("/collections");
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "AR aging" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Collections" }),
  ).toHaveCount(0);
  await expect(page.getByText("Collections are the distributor staff's")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
