import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { tryDemo } from "./sign-in";

// A brand's live menu to share: the demo brand makes a link on Shared menus, the link opens with no cookie
// at all (its products, no price, no "$", axe clean), the brand revokes it, and the link then answers 404. The demo
// workspace is shared by every run: each run's link has a name of its own and is revoked before the test ends.

test("a brand makes a menu link, a stranger opens it without signing in, and once revoked it answers 404", async ({
  page,
  browser,
}, testInfo) => {
  const name = `Buyers ${testInfo.repeatEachIndex}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  await tryDemo(page, "Try as a brand");
  await page.goto("/menus");
  await expect(page.getByRole("heading", { level: 1, name: "Shared menus" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  // The states and categories are the brand's own, to tick (its first snapshot is taken when the page opens).
  await page.locator("summary", { hasText: "States and categories" }).click();
  const states = page.getByRole("group", { name: /^States/ }).getByRole("checkbox");
  await expect(states.first()).toBeVisible();
  await states.first().check();
  const state = await states.first().getAttribute("value");
  await page.getByLabel(/Contact email/).fill("sales@brand.example");
  await page.getByRole("button", { name: "Make link" }).click();
  const address = page.getByLabel("The menu's address");
  await expect(address).toHaveValue(/\/menu\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();

  // A stranger: a fresh context, no cookie.
  const stranger = await browser.newContext();
  try {
    const menu = await stranger.newPage();
    const opened = await menu.goto(url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // The address holds the link's token: no page it links to learns it.
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(menu.getByRole("heading", { level: 2, name: /^Products \(\d+\)$/ })).toBeVisible();
    // Only the state ticked: every product ships to it alone.
    const shown = await menu
      .locator("dt", { hasText: /^Ships to$/ })
      .locator("xpath=following-sibling::dd[1]")
      .allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([state]));
    await expect(menu.getByRole("link", { name: /Ask about this product/ }).first()).toHaveAttribute(
      "href",
      /^mailto:sales@brand\.example\?subject=/,
    );
    expect(await menu.locator("body").innerText()).not.toMatch(/\$|price/i);
    expect(await seriousViolations(menu)).toEqual([]);

    // Revoked on the dashboard: the same link answers 404 at once.
    const card = page.getByRole("listitem").filter({ hasText: name });
    await card.getByRole("button", { name: `Revoke ${name}` }).click();
    await card.getByRole("button", { name: `Yes, revoke ${name}` }).click();
    await expect(page.getByText(`"${name}" is revoked`)).toBeVisible();
    const gone = await menu.goto(url);
    expect(gone?.headers()["referrer-policy"]).toBe("no-referrer");
    expect(gone?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test("on a phone, the public menu lists each product once with the states it ships to, and its search narrows it", async ({
  page,
  browser,
}, testInfo) => {
  const name = `Phone ${testInfo.repeatEachIndex}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  await tryDemo(page, "Try as a brand");
  // A link to every state and category, made as the Shared menus page makes it.
  const made = await page.request.post("/api/menus", {
    data: {
      name,
      states: [],
      categories: [],
      expiresAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      contactEmail: "sales@brand.example",
    },
    headers: { Origin: new URL(page.url()).origin, "Idempotency-Key": `phone-${name}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url, id } = (await made.json()) as { url: string; id: string };

  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const menu = await stranger.newPage();
    expect((await menu.goto(url))?.status()).toBe(200);
    // A link made in the shared demo says so, at the top.
    await expect(menu.getByRole("note")).toContainText("A demo of Backroom on sandbox data");
    const cards = menu.locator("li.card");
    const names = await cards.getByRole("heading", { level: 4 }).allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    // Each product once: the demo brand lists each of its products once per state it sells in.
    expect(names.length).toBe(new Set(names).size);
    await expect(menu.getByRole("heading", { level: 2, name: `Products (${names.length})` })).toBeVisible();
    const shipsTo = await menu
      .locator("dt", { hasText: /^Ships to$/ })
      .locator("xpath=following-sibling::dd[1]")
      .allInnerTexts();
    expect(shipsTo).toHaveLength(names.length);
    expect(shipsTo.some((states) => /^[A-Z]{2}(, [A-Z]{2})+$/.test(states))).toBe(true);
    // A category's jump leads to its heading.
    const jump = menu.getByRole("navigation", { name: "Categories" }).getByRole("link").first();
    const category = (await jump.innerText()).replace(/ \(\d+\)$/, "");
    await jump.click();
    await expect(menu.getByRole("heading", { level: 3, name: category, exact: true })).toBeInViewport();
    expect(await seriousViolations(menu)).toEqual([]);

    // The search narrows the menu to the products whose words it names, and says how many of how many.
    // The rarest word of a product's name among the products' names.
    const target = names[Math.floor(names.length / 2)]!;
    const among = (w: string) => names.filter((n) => n.toLowerCase().includes(w.toLowerCase())).length;
    const word = target
      .split(/\s+/)
      .filter((w) => /^[A-Za-z]{3,}$/.test(w))
      .sort((a, b) => among(a) - among(b))[0]!;
    const search = menu.getByRole("search", { name: "Search the menu" });
    await search.getByRole("searchbox").fill(word);
    await search.getByRole("button", { name: "Search" }).click();
    // The results' heading in view: the form goes to the page's own address, at its products.
    await expect(menu).toHaveURL(new RegExp(`\\?q=${word}#products$`));
    await expect(menu.locator("#products")).toBeInViewport();
    const found = await cards.getByRole("heading", { level: 4 }).allInnerTexts();
    expect(found).toContain(target);
    expect(found.length).toBeLessThan(names.length);
    await expect(menu.getByRole("heading", { level: 2 }).filter({ hasText: /products match/ })).toHaveText(
      `${found.length} of ${names.length} products match “${word}”`,
    );
    await menu.getByRole("link", { name: "Show the whole menu" }).click();
    await expect(cards).toHaveCount(names.length);
    expect(await seriousViolations(menu)).toEqual([]);
  } finally {
    await stranger.close();
    await page.request.delete(`/api/menus/${id}`, { headers: { Origin: new URL(page.url()).origin } });
  }
});
