import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey, requestsSince } from "./journeys/keyboard";
import { tryDemo } from "./sign-in";

// A new team's first hour: staff see their whole AR (every row of the aging, its total the sandbox's sum,
// from the key's snapshot once it is in), the retailer's overview says what each figure counts, and the invoices open
// on every status of the last 90 days, the API's New-only default a click away.

const STAFF = { "x-api-key": "test-employee-demo" };

/** Every record of a sandbox list, read with a demo key, page by page. */
async function walk<T>(page: Page, path: string, headers: Record<string, string>): Promise<T[]> {
  const all: T[] = [];
  for (let n = 1; ; n++) {
    const body = (await (
      await page.request.get(`/sandbox/test/api/v1${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${n}`, {
        headers,
      })
    ).json()) as { Data: T[]; HasNextPage: boolean };
    all.push(...body.Data);
    if (!body.HasNextPage) return all;
  }
}

/** A decimal string's exact amount in micro-units. */
const micros = (text: string) => {
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const value = BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
  return text.startsWith("-") ? -value : value;
};

/** Micro-units as the page writes money ("$6,009,753.16"; half a cent up). */
function money(value: bigint): string {
  const cents = (value + (value >= 0n ? 5_000n : -5_000n)) / 10_000n;
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "−" : ""}$${(abs / 100n).toLocaleString("en-US")}.${String(abs % 100n).padStart(2, "0")}`;
}

test("staff see their whole AR: every row of the aging, its total the sum of every row, then from the snapshot with its age", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const rows = await walk<{ TotalBalanceOutstanding: string }>(page, "/arAging", STAFF);
  expect(rows.length).toBeGreaterThan(500);
  const whole = money(rows.reduce((sum, r) => sum + micros(r.TotalBalanceOutstanding), 0n));
  const count = `${rows.length.toLocaleString("en-US")} rows`;

  // A key of its own (its budget, its snapshot): the first visit reads the aging live, every page, while the walk runs.
  await connectWithKey(page, await issueKey(page, "Employee", { rateLimit: 100_000 }));
  await page.goto("/ar-aging");
  const table = page.getByRole("region", { name: "AR aging table" });
  // The totals row's last cell: the total outstanding of every row.
  const total = table.locator("tfoot td").last();
  await expect(total).toHaveText(whole, { timeout: 60_000 });
  await expect(table.locator("tfoot")).toContainText(`Total, ${count}`);
  await expect(page.getByText(/first 500 rows/)).toHaveCount(0);
  // The table shows 50 rows a page, largest total first; the chart speaks of every row.
  await expect(table.locator("tbody tr")).toHaveCount(50);
  await expect(
    page.getByText(new RegExp(`^${count}, 1–50 shown \\(page 1 of ${Math.ceil(rows.length / 50)}\\)`)),
  ).toBeVisible();
  await expect(
    page.getByRole("img", {
      name: new RegExp(`^AR aging chart of ${count}: ${whole.replace(/[$.]/g, "\\$&")} outstanding in total`),
    }),
  ).toBeVisible();

  // Once the key's snapshot is in, the page opens from it: the same whole, its age said, nothing asked of the API for it.
  await expect(async () => {
    await page.goto("/ar-aging");
    await expect(page.getByTestId("aging-freshness")).toContainText(/ · read /, { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  const since = new Date().toISOString();
  await page.goto("/ar-aging?sort=91");
  await expect(page.getByTestId("aging-freshness")).toContainText(
    /^As of the close of \w{3} \d{1,2}, \d{4}, .+ · read \w{3} \d{1,2}, \d{4}/,
  );
  await expect(total).toHaveText(whole);
  await expect(
    page.getByText(`${count} (AR account and supplier), the whole aging, from this key's daily snapshot`),
  ).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /^91\+ days/ })).toHaveAttribute("aria-sort", "descending");
  expect((await requestsSince(page, since)).filter((r) => /arAging|ArAging/.test(r))).toEqual([]);
  // The next page of the table, in the address.
  await page.getByRole("navigation", { name: "Pages of the table" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(new RegExp(`^${count}, 51–100 shown`))).toBeVisible();
  await expect(total).toHaveText(whole);
  expect(await seriousViolations(page)).toEqual([]);

  // The CSV: every row.
  const csv = await (await page.request.get("/api/collections/ar-aging")).text();
  expect(csv.trimEnd().split("\r\n")).toHaveLength(rows.length + 1);
});

test("the retailer's overview says what its balance and its overdue figure each count", async ({ page }) => {
  await tryDemo(page, "Try as a retailer");
  const owed = page.getByRole("region", { name: "What you owe" });
  await expect(owed.getByTestId("owed-total")).toHaveText(/^\$[\d,]+\.\d{2,6}$/);
  await expect(owed).toContainText("Balance at the last close, all ages");
  await expect(owed.getByTestId("owed-total-counts")).toHaveText(
    /as of the end of the last day: every age, current included, less open credit/,
  );
  const due = page.getByRole("region", { name: "Invoices due soon" });
  await expect(due.getByTestId("overdue-now")).toContainText(
    /^Overdue now: \d+ open invoices? past (its|their) due date/,
  );
  await expect(due).toContainText(
    "From your open invoices now, by due date; the balance beside it is the aging's at the last close.",
  );
  // A credit (the demo retailer has returns with a negative open balance) is neither due nor overdue: every invoice
  // listed owes something.
  const amounts = await due.getByRole("listitem").locator("span.tabular-nums").allTextContents();
  expect(amounts.length).toBeGreaterThan(0);
  for (const amount of amounts) expect(amount).toMatch(/^\$[\d,]+\.\d{2,6}$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the invoices open on the retailer's every status of the last 90 days, said above the table; the API's default is a click away", async ({
  page,
}) => {
  await tryDemo(page, "Try as a retailer");
  const customer = { "x-api-key": "test-customer-demo" };
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const recent = await walk<{ Status: number }>(page, `/invoices?Statuses=1,2,3,4,5,7&StartDate=${from}`, customer);
  const news = await walk<{ Status: number }>(page, "/invoices", customer);
  expect(recent.length).toBeGreaterThan(news.length);

  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Invoices", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const note = page.getByTestId("page-default");
  await expect(note).toContainText(
    /^Showing invoices of every status \(New, Locked for Routing, Loaded, Returned, Balanced, Verified\) dated from \w{3} \d{1,2}, \d{4}: the last 90 days\./,
  );
  // The first page: as many rows as the sandbox has of them (up to 50), of several statuses, not New alone.
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(Math.min(50, recent.length));
  const statuses = new Set(await page.locator("table.data-table tbody tr td:nth-child(5)").allTextContents());
  expect([...statuses].some((s) => s !== "New")).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // The API's own default, one click away: New only, said so, and back.
  await note.getByRole("button", { name: "Show the API's default: New invoices only" }).click();
  await expect(page).toHaveURL(/Statuses=1(&|$)/);
  await expect(note).toHaveText("Showing the API's default: New invoices only. Show every status of the last 90 days");
  await expect(rows).toHaveCount(news.length);
  await note.getByRole("button", { name: "Show every status of the last 90 days" }).click();
  await expect(page).not.toHaveURL(/Statuses=/);
  await expect(rows).toHaveCount(Math.min(50, recent.length));
});
