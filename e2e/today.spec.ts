import { devices, expect, test } from "@playwright/test";
import { ACCOUNTS_SHOWN } from "@/lib/ui/today/match-accounts";
import { seriousViolations } from "./axe";
import { connectWithKey, issueKey } from "./journeys/keyboard";
import { signIn, tryDemo } from "./sign-in";

// A rep's Today. The demo staff person is linked to the sandbox's rep with the most active accounts, so
// "Try the demo" opens a full Today; a member with no link chooses a rep; another key type is told Today is not its.

interface Rep {
  UserID: number;
  Name: string;
  Customers: { CustomerID: number }[];
}

test("the demo staff person's Today: their rep's accounts, today's and tomorrow's deliveries with the cut-off, each card opening its customer", async ({
  page,
}) => {
  await tryDemo(page, "Try as an employee");
  const reps = ((await (await page.request.get("/api/v1/salesReps?PageSize=500")).json()) as { Data: Rep[] }).Data;
  // The rep with the most active accounts (the lowest UserID among equals).
  const busiest = [...reps].sort((a, b) => b.Customers.length - a.Customers.length || a.UserID - b.UserID)[0]!;

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Today", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.getByTestId("today-summary")).toHaveText(
    `${busiest.Name}: ${busiest.Customers.length} active accounts. All of them`,
    { timeout: 30_000 },
  );
  await expect(page.getByLabel("Sales rep")).toHaveValue(String(busiest.UserID));
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Today", exact: true }),
  ).toHaveAttribute("aria-current", "page");

  // Every section is there, each counted; a delivery card belongs to the rep.
  const mine = new Set(busiest.Customers.map((c) => c.CustomerID));
  for (const name of ["Deliveries today", "Deliveries tomorrow", "On hold", "Past due", "Orders stopped"])
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${name}`) })).toBeVisible();
  // Today's stops, each card: its licence, an address with directions (or none on record), a balance, a last order.
  const stop = page
    .getByRole("region", { name: /^Deliveries today/ })
    .getByRole("article")
    .first();
  if (await stop.count()) {
    await expect(stop).toContainText(/Licence|No licence on record/);
    await expect(stop).toContainText(/Balance \$|Nothing open\./);
    await expect(stop).toContainText(/Last order|No order in the last 90 days\./);
    const directions = stop.getByRole("link", { name: /^Directions to / });
    if (await directions.count())
      await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  }
  const tomorrow = page.getByRole("region", { name: /^Deliveries tomorrow/ });
  const cards = tomorrow.getByRole("article");
  const count = Number(
    (await page.getByRole("heading", { level: 2, name: /^Deliveries tomorrow/ }).innerText()).match(/\((\d+)\)/)![1],
  );
  // Folded to the first five, and every one after "Show all".
  await expect(cards).toHaveCount(Math.min(count, 5));
  if (count > 5) {
    await tomorrow.getByRole("button", { name: `Show all ${count} deliveries tomorrow` }).click();
    await expect(cards).toHaveCount(count);
  }
  if (count > 0) {
    for (const id of await cards.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute("data-customer")))))
      expect(mine.has(id), `customer ${id} is the rep's`).toBe(true);
    // The state's cut-off for tomorrow, on its clock: still open (with the time left) or passed.
    await expect(tomorrow.getByTestId("cut-off").first()).toHaveText(
      /^(Order by \w{3} \d{1,2}:\d{2} [AP]M PT for \w+'s delivery \(\w{3} \d{1,2}\) · .+ left|Too late for .+: the cut-off was .+\.)$/,
    );
    // Tomorrow's cards in a line: the balance and the last order (has it ordered in time?).
    const first = cards.first();
    await expect(first).toContainText(/Balance \$|Nothing open/);
    await expect(first).toContainText(/last order|no order in 90 days/);
    const name = (await first.getByRole("heading", { level: 3 }).innerText()).trim();
    await first.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name, { timeout: 30_000 });
  }
});

test("on a phone, Today opens on its strip: each count its section's, tomorrow's cut-off, and at most four screens before Show all", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "Employee");
  await page.goto("/today");
  const strip = page.getByRole("navigation", { name: "Today at a glance" });
  await expect(strip).toBeVisible({ timeout: 30_000 });
  const counted = async (section: string) =>
    Number(
      (await page.getByRole("heading", { level: 2, name: new RegExp(`^${section} \\(`) }).innerText()).match(
        /\((\d+)\)/,
      )![1],
    );
  for (const [label, section] of [
    ["Today", "Deliveries today"],
    ["Tomorrow", "Deliveries tomorrow"],
    ["On hold", "On hold"],
  ] as const)
    await expect(strip.getByRole("link", { name: new RegExp(`^\\d+ ${label}$`) })).toHaveAttribute(
      "data-count",
      String(await counted(section)),
    );
  // Accounts over 60 days: those of the past-due section whose figures say "over 60" or "over 90" (the oldest bucket
  // first); the section shows its first five.
  const past = page.getByRole("region", { name: /^Past due/ });
  const items = past.getByRole("list", { name: "Accounts past due" }).locator(":scope > li");
  const pastCount = await counted("Past due");
  await expect(items).toHaveCount(Math.min(pastCount, 5));
  if (pastCount > 5) await past.getByRole("button", { name: `Show all ${pastCount} accounts past due` }).click();
  await expect(items).toHaveCount(pastCount);
  // Each account's aging row (a store's own account's row is its card's figures).
  await expect(items.getByTestId("aging-row")).toHaveCount(pastCount);
  const over60 = (await items.getByTestId("aging-row").allInnerTexts()).filter((t) => / over (60|90)/.test(t)).length;
  await expect(strip.getByRole("link", { name: /60\+ days$/ })).toHaveAttribute("data-count", String(over60));
  await page.reload();
  await expect(strip).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 2, name: /^Orders stopped/ })).toBeVisible({ timeout: 30_000 });
  // Tomorrow's cut-off, when tomorrow has deliveries: on a Saturday (the rep's zone) tomorrow is a Sunday, when the
  // sandbox's stores take none, and the strip says no cut-off.
  if ((await counted("Deliveries tomorrow")) > 0)
    await expect(page.getByTestId("strip-cut-off")).toHaveText(
      /^(Tomorrow's cut-off \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M \w+ · .+ left|Tomorrow's cut-off has passed \(.+\)\.)$/,
    );
  else await expect(page.getByTestId("strip-cut-off")).toHaveCount(0);
  // The strip on the first screen.
  const stripEnd = await strip.evaluate((nav) => nav.getBoundingClientRect().bottom + window.scrollY);
  expect(stripEnd).toBeLessThanOrEqual(844);
  const span = (name: RegExp) =>
    page.getByRole("region", { name }).evaluate((section) => {
      const box = section.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    });
  // The page's head and strip, then the day's sections (deliveries today and tomorrow, on hold, past due), within four
  // screens before any "Show all": they fold to five cards, today's stops say their address and licence, the others
  // are two lines (the demo rep's: 25,600 px unfolded, 3,307 folded). Where the key keeps a history, "Due to reorder"
  // and "Orders stopped" follow, folded the same way, below the fourth screen.
  const day = { from: (await span(/^Deliveries today/)).top, to: (await span(/^Past due/)).bottom };
  expect(stripEnd + day.to - day.from).toBeLessThanOrEqual(4 * 844);
  // Between the strip and them, what the rep does before the truck leaves: "Collect before the drop" when a delivery
  // of today or tomorrow has something to collect, then the reorder requests and disputes (the workspace's, which
  // other tests add to), each folded to its first five cards the same way.
  const collect = page.getByRole("region", { name: /^Collect before the drop/ });
  if ((await collect.count()) > 0)
    await expect(collect.getByRole("article")).toHaveCount(Math.min(await counted("Collect before the drop"), 5));
  expect(await seriousViolations(page)).toEqual([]);

  // The accounts not visited in 30 days: the strip's figure is the length of the list it opens (read again if another
  // test's visit came in between).
  await expect(async () => {
    await page.goto("/today");
    const notVisited = strip.getByRole("link", { name: /^\d+ No visit in 30 days$/ });
    const figure = await notVisited.getAttribute("data-count", { timeout: 30_000 });
    await notVisited.click();
    await expect(page).toHaveURL(/\/today\/accounts\?notVisited=30$/);
    await expect(page.getByLabel("Visits")).toHaveValue("30");
    await expect(page.getByTestId("accounts-count")).toHaveText(
      new RegExp(`^${figure} of \\d+ accounts not visited in 30 days\\.$`),
      { timeout: 30_000 },
    );
    // The first cards of the list, and how many of them it holds.
    await expect(page.getByRole("list", { name: "Accounts" }).locator(":scope > li")).toHaveCount(
      Math.min(Number(figure), ACCOUNTS_SHOWN),
    );
    if (Number(figure) > ACCOUNTS_SHOWN)
      await expect(page.getByTestId("accounts-shown")).toHaveText(`${ACCOUNTS_SHOWN} of ${figure} shown.`);
  }).toPass({ timeout: 120_000 });
  await context.close();
});

test("Today is axe-clean, and its sections each say what they hold", async ({ page }) => {
  await signIn(page, "Employee");
  await page.goto("/today");
  await expect(page.getByTestId("today-summary")).toContainText("active accounts", { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test("the rep's accounts, all of them as cards, searched by name", async ({ page }) => {
  await signIn(page, "Employee");
  await page.goto("/today");
  await page.getByTestId("today-summary").getByRole("link", { name: "All of them" }).click();
  await expect(page).toHaveURL(/\/today\/accounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "My accounts" })).toBeVisible();
  const count = page.getByTestId("accounts-count");
  await expect(count).toContainText(/^\d+ active accounts of /, { timeout: 30_000 });
  const total = Number((await count.innerText()).match(/^(\d+)/)![1]);
  const cards = page.getByRole("list", { name: "Accounts" }).getByRole("article");
  // The first of them, then "Show more" (e2e/today-accounts.spec.ts follows it).
  await expect(cards).toHaveCount(Math.min(total, ACCOUNTS_SHOWN));
  const name = (
    await cards
      .nth(Math.floor(Math.min(total, ACCOUNTS_SHOWN) / 2))
      .getByRole("heading", { level: 3 })
      .innerText()
  ).trim();
  // Searched by the words of a name, in any case.
  await page.getByLabel("Name, address, licence or id").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(count).toContainText(new RegExp(`^\\d+ of ${total} accounts match`));
  await expect(cards.getByRole("heading", { level: 3, name, exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a staff member with no rep link chooses a rep, and is told how to be linked", async ({ page }) => {
  await connectWithKey(page, await issueKey(page, "Employee"));
  await page.goto("/today");
  await expect(page.getByTestId("today-unlinked")).toContainText("You are not linked to a sales rep");
  await expect(page.getByTestId("today-unlinked").getByRole("link", { name: "Members" })).toHaveAttribute(
    "href",
    "/settings/members",
  );
  const reps = ((await (await page.request.get("/api/v1/salesReps?PageSize=500")).json()) as { Data: Rep[] }).Data;
  const rep = reps.find((r) => r.Customers.length > 0)!;
  await page.getByLabel("Sales rep").selectOption(String(rep.UserID));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/today\\?rep=${rep.UserID}$`));
  await expect(page.getByTestId("today-summary")).toContainText(`${rep.Name}: ${rep.Customers.length} active`, {
    timeout: 30_000,
  });
});

test("a retailer's key has no Today: the page says so, and the sidebar has no entry", async ({ page }) => {
  await signIn(page, "Customer");
  await page.goto("/today");
  await expect(page.getByText("Today is the distributor's sales reps' day")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Today", exact: true }),
  ).toHaveCount(0);
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _iphone, ...iPhone13 } = devices["iPhone 13"];
  test.use(iPhone13);

  test("the demo staff person's phone opens on Today, which fits it and passes axe; Overview is a tap away", async ({
    page,
  }) => {
    await tryDemo(page, "Try as an employee");
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByTestId("today-summary")).toContainText("active accounts", { timeout: 30_000 });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A card's own links (its name, directions) are a finger's width tall; a link in its sentences is WCAG 2.5.5's
    // inline exception.
    const card = page.getByRole("article").first();
    const own = [
      card.getByRole("heading", { level: 3 }).getByRole("link"),
      card.getByRole("link", { name: /^Directions to / }),
    ];
    for (const link of own)
      if (await link.count()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);
    // From a dashboard page, Overview opens the overview.
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Overview", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });
});
