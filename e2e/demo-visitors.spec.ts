import { expect, type Page, test } from "@playwright/test";
import { tryDemo } from "./sign-in";

// Two visitors of the shared demo side by side, each in a browser of their own, both signed in as the same demo
// people: neither sees the other's sign-in or session on Activity, their books mapping or their menu links.

/** The sessions the Activity page's rows name ("session 3fa1…"), as a set. */
async function sessionsOnActivity(page: Page): Promise<Set<string>> {
  await page.goto("/activity");
  const table = page.getByRole("table", { name: /Activity of this workspace/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const texts = await table.locator("tbody tr").allInnerTexts();
  return new Set(texts.flatMap((text) => text.match(/session \S+/g) ?? []));
}

test("two demo visitors side by side see nothing of each other's: sessions, books mapping, menu links", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = `${testInfo.workerIndex}-${testInfo.repeatEachIndex}-${Date.now().toString(36)}`;
  const [one, two] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [first, second] = await Promise.all([one.newPage(), two.newPage()]);

    // As the demo retailer: one visitor names the vendor in the books' mapping; the other's mapping is as it was.
    await tryDemo(first, "Try as a retailer");
    await tryDemo(second, "Try as a retailer");
    await first.goto("/accounting");
    const mine = first.getByRole("form", { name: "The mapping" });
    await mine.getByLabel("Vendor name").fill(`Vendor of ${tag}`);
    await mine.getByRole("button", { name: "Save the mapping" }).click();
    await expect(mine.getByRole("status")).toContainText(`Vendor of ${tag}`);
    await second.goto("/accounting");
    const theirs = second.getByRole("form", { name: "The mapping" }).getByLabel("Vendor name");
    await expect(theirs).not.toHaveValue("");
    await expect(theirs).not.toHaveValue(`Vendor of ${tag}`);
    await first.reload();
    await expect(first.getByRole("form", { name: "The mapping" }).getByLabel("Vendor name")).toHaveValue(
      `Vendor of ${tag}`,
    );

    // Activity: each sees their own session's entries, never the other's.
    const [mySessions, theirSessions] = [await sessionsOnActivity(first), await sessionsOnActivity(second)];
    expect(mySessions.size).toBe(1);
    expect(theirSessions.size).toBe(1);
    expect([...mySessions][0]).not.toBe([...theirSessions][0]);

    // As the demo brand (the same browsers, the same visitors): one makes a menu link, the other lists none of it.
    await tryDemo(first, "Try as a brand");
    await tryDemo(second, "Try as a brand");
    await first.goto("/menus");
    await expect(first.getByText("In the demo, the links you make are yours alone")).toBeVisible();
    const name = `Menu of ${tag}`;
    await first.getByLabel("Name").fill(name);
    await first.getByLabel(/Contact email/).fill("sales@brand.example");
    await first.getByRole("button", { name: "Make link" }).click();
    const address = first.getByLabel("The menu's address");
    await expect(address).toHaveValue(/\/menu\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    await expect(first.getByRole("listitem").filter({ hasText: name })).toBeVisible();
    await second.goto("/menus");
    await expect(second.getByRole("heading", { level: 1, name: "Shared menus" })).toBeVisible();
    await expect(second.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

    // The link's page, opened with no cookie at all, says it is a demo's.
    const stranger = await browser.newContext();
    try {
      const menu = await stranger.newPage();
      expect((await menu.goto(url))?.status()).toBe(200);
      await expect(menu.getByRole("note")).toHaveText(/A demo of Backroom/);
    } finally {
      await stranger.close();
    }
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});
