import { expect, type Page, test } from "@playwright/test";
import { ownWorkspace, signIn, tryDemo } from "../sign-in";
import { OPERATOR } from "../operator";

// What a person meets when things go wrong: the API answering 429 or 500 (the sandbox's faults) shows a clear message
// and recovers, the page's own code failing to download mid-visit does too, and an ended session sends them to sign in
// and back to where they were. (A write whose answer is
// lost, retried without a second purchase order, is in e2e/purchases.spec.ts.)
//
// The fault tests use the production sandbox: fault rules hold for a whole environment, and no other test uses that one.

/**
 * Connects to the production sandbox with a key issued for the test: its proxy cache is cold, so the page's requests
 * reach the API (and its faults) instead of a copy another test left.
 */
async function connectProduction(page: Page) {
  const issued = await page.request.post("/sandbox/production/operator/keys", {
    headers: OPERATOR,
    data: { type: "Employee", company: "Unhappy paths" },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  await ownWorkspace(page, ((await issued.json()) as { key: string }).key, { environment: "production" });
}

/** Removes fault rules (again at the end of `withFaults`: a rule already gone answers 404, which is fine). */
async function removeFaults(page: Page, ids: number[]) {
  for (const id of ids) await page.request.delete(`/sandbox/production/operator/faults/${id}`, { headers: OPERATOR });
}

/** Runs with fault rules of the test's own, added beside any other test's and removed after. */
async function withFaults(page: Page, rules: object[], run: (ids: number[]) => Promise<void>) {
  const ids: number[] = [];
  try {
    for (const rule of rules) {
      const added = await page.request.post("/sandbox/production/operator/faults", { headers: OPERATOR, data: rule });
      expect(added.status(), await added.text()).toBe(201);
      ids.push(((await added.json()) as { rule: { id: number } }).rule.id);
    }
    await run(ids);
  } finally {
    await removeFaults(page, ids);
  }
}

test.describe.configure({ mode: "serial" });

test("a 500 from the API says so, with its request id, and Retry recovers", async ({ page }) => {
  await connectProduction(page);
  // Four times: the server's first paint, then the browser's try and its two retries of a 5xx.
  await withFaults(page, [{ method: "GET", path: "/api/v1/payments/types*", kind: "error", count: 4 }], async () => {
    await page.goto("/directory/payment-types");
    const alert = page.getByRole("alert").filter({ hasText: "Could not load" });
    await expect(alert).toContainText("Unexpected server error", { timeout: 15_000 });
    await expect(alert).toContainText("Request id");
    await alert.getByRole("button", { name: /Retry|Try again/ }).click();
    await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  });
});

test("a 429 from the API counts down its wait, then Retry recovers", async ({ page }) => {
  await connectProduction(page);
  // The rule holds until the test takes it away (the key's window has passed), not for a count of requests: how many
  // reads the first paint makes before the browser shows the alert is the app's business, not this test's.
  await withFaults(
    page,
    [{ method: "GET", path: "/api/v1/payments/types*", kind: "rate-limit", retryAfter: 3 }],
    async (ids) => {
      await page.goto("/directory/payment-types");
      // A 429 is not retried by the page: it waits as the API says.
      const alert = page.getByRole("alert").filter({ hasText: "rate limit" });
      await expect(alert).toContainText("rate limit for this key is used up");
      const retry = alert.getByRole("button", { name: /Retry|Try again/ });
      await expect(retry).toBeDisabled();
      await removeFaults(page, ids);
      await expect(retry).toBeEnabled({ timeout: 10_000 });
      await retry.click();
      await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
    },
  );
});

test("an ended session sends the person to sign in, and back to the page they were on", async ({ page, context }) => {
  await tryDemo(page, "Try as a retailer");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The overview's own requests are over (its payments and requests on their way follow the first answers): one of
  // them meeting the ended session would rightly send the person to sign in from here, before the click.
  await page.waitForLoadState("networkidle");
  // The session ends (expired, or signed out elsewhere): its cookie is gone.
  await context.clearCookies();
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Customers", exact: true })
    .click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcustomers/);
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: "Try as a retailer" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
});

test("the connection drops as a page fetches the code its first request needs: it says so, and Try again recovers", async ({
  page,
}) => {
  await signIn(page, "Employee");
  await page.goto("/invoices");
  const count = page.getByTestId("list-count");
  await expect(count).toHaveText(/^Showing 1–50 of /);
  const before = await count.innerText();
  await page.waitForLoadState("networkidle");
  // The typed client loads with the page's first request of its own (here, the list of the API's default, which the
  // page reads whole): its download fails. The data's request is cut too: on a loaded machine the page may have
  // fetched the code already (a refetch of stale data), and then it is the data that does not come. Either way the
  // page says the same, and this no longer depends on which came first (it failed in one full parallel run in eight).
  const cut = ["**/_next/static/chunks/**", "**/api/v1/**"];
  for (const pattern of cut) await page.route(pattern, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Show the API's default: New invoices only" }).click();
  const unreachable = page
    .getByRole("alert")
    .filter({ hasText: "The Data API could not be reached. Check your connection and try again." });
  // A network failure is tried twice more before the page gives up (1 s, then 2 s later: components/shell/providers.tsx),
  // so the message comes about 3 s after the click, which on two busy cores passed the default 5 s wait (CI, 2026-11-22).
  await expect(unreachable).toBeVisible({ timeout: 15_000 });
  for (const pattern of cut) await page.unroute(pattern);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(unreachable).toHaveCount(0);
  await expect(count).toHaveText(/^Showing 1–\d+ of /);
  await expect(count).not.toHaveText(before);
  await expect(page).toHaveURL(/Statuses=1(&|$)/);
});
