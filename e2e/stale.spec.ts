import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { ownWorkspace } from "./sign-in";
import { OPERATOR } from "./operator";

// When the key's hourly budget is spent, the pages a person had open show what they showed: the proxy answers with its
// last-known copies (stale-if-error), each region drawn from one says how old it is and when the budget returns, and
// the header's meter says so too. The budget is spent for this test's own key only (a fault rule for that key), so
// every other test's requests run as usual.

const PAGES = [
  { path: "/", rows: "main section" },
  { path: "/inventory", rows: "table.data-table tbody tr" },
  { path: "/purchases", rows: "table.data-table tbody tr" },
];

/** A person whose workspace holds a key of the demo brand issued for this test: its own cache and budget. */
async function connectIssued(page: Page): Promise<string> {
  const issued = await page.request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { type: "Supplier", company: "Stale answers", supplierIds: [101] },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { key } = (await issued.json()) as { key: string };
  await ownWorkspace(page, key);
  return key;
}

/** The page's rows as text, once nothing is loading, without the stale note's words. */
async function rowsOf(page: Page, selector: string): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // Ids are named by lookups the browser makes after the rows: wait for them too.
  await page.waitForLoadState("networkidle");
  await expect(page.locator(selector).first()).toBeVisible();
  const lines = (text: string) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("Shown as of"));
  const read = async () => (await page.locator(selector).allInnerTexts()).map((text) => lines(text).join("\n"));
  // On two busy cores a lookup can start after the network was idle: the rows are read until two readings agree.
  let shown = await read();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(1_000);
    await page.waitForLoadState("networkidle");
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(shown)) return now;
    shown = now;
  }
  return shown;
}

test("with the key's budget spent, each page shows what it showed, how old it is and when the budget returns", async ({
  page,
}) => {
  // Each page read twice, each reading settled (rowsOf), and 16 s waited out: more than the default minute on two cores.
  test.setTimeout(150_000);
  const key = await connectIssued(page);
  const before = new Map<string, string[]>();
  for (const { path, rows } of PAGES) {
    await page.goto(path);
    before.set(path, await rowsOf(page, rows));
    await expect(page.locator("[data-stale-note]")).toHaveCount(0);
  }

  // Past the proxy's freshness of working lists (15 s): a page loaded now asks the API again. Nothing else moves the
  // proxy's clock, so the test waits it out.
  await page.waitForTimeout(16_000);
  // The key's hour is spent: every API request of this key is answered 429 until the budget returns in 30 minutes.
  const added = await page.request.post("/sandbox/test/operator/faults", {
    headers: OPERATOR,
    data: { path: "/api/*", kind: "rate-limit", retryAfter: 1800, key },
  });
  expect(added.status(), await added.text()).toBe(201);
  const ruleId = ((await added.json()) as { rule: { id: number } }).rule.id;
  try {
    for (const { path, rows } of PAGES) {
      await page.goto(path);
      expect(await rowsOf(page, rows), path).toEqual(before.get(path));
      const note = page.locator("[data-stale-note]").first();
      await expect(note).toContainText(
        /^Shown as of \d{1,2}:\d{2} [AP]M · the API's hourly limit is spent until \d{1,2}:\d{2} [AP]M$/,
      );
      await expect(page.locator("[data-budget]")).toContainText(/Spent · back at \d{1,2}:\d{2} [AP]M/);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The requests were made, and refused: the request log shows the last-known copies for what they are.
    const log = (await (await page.request.get("/api/session/requests?limit=200")).json()) as {
      requests: { source: string }[];
    };
    expect(log.requests.filter((r) => r.source === "stale").length).toBeGreaterThan(0);
  } finally {
    await page.request.delete(`/sandbox/test/operator/faults/${ruleId}`, { headers: OPERATOR });
  }
});
