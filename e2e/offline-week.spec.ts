import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// A rep's week on the device: the demo staff person (linked to the sandbox's busiest rep) saves their week
// from Today; without a signal, Today, their accounts and a customer's page open from the device and say so; signing
// out leaves no customer's name in Cache Storage or IndexedDB. A real service worker (the other specs block them).
test.use({ serviceWorkers: "allow" });

/** Waits until the service worker is active and controls this page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", undefined, {
    timeout: 45_000,
  });
}

/** Every text the device keeps for this origin: Cache Storage's bodies and IndexedDB's values. */
async function deviceText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push((await (await cache.match(request))?.text()) ?? "");
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        texts.push(JSON.stringify(values));
      }
      db.close();
    }
    return texts.join("\n");
  });
}

test("a rep saves the week on Today; without a signal Today, the accounts, the day's route and a customer's page open from the device, and a note written there arrives once the signal is back", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signIn(page, "Employee");
  await page.goto("/today");
  await controlled(page);
  const summary = page.getByTestId("today-summary");
  await expect(summary).toContainText("active accounts", { timeout: 30_000 });
  const accounts = Number((await summary.innerText()).match(/(\d+) active accounts/)![1]);

  await page.getByRole("button", { name: "Save for offline" }).click();
  await expect(page.getByTestId("offline-saved")).toContainText(`Kept on this device: ${accounts} accounts as of`, {
    timeout: 60_000,
  });

  // The kept Today is drawn whole: its cards are in the HTML as it is read, with no streamed boundary waiting to be
  // revealed (React reveals those in batches, up to 300 ms after the first paint).
  const kept = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        if (new URL(request.url).pathname === "/today") return (await (await caches.match(request))?.text()) ?? "";
    }
    return "";
  });
  expect(kept).toContain('data-testid="today-summary"');
  expect(kept).not.toMatch(/<template id="B:\d+">/);

  // An account's card (tomorrow's deliveries, or any; not a "Collect before the drop" card, which comes first when a
  // delivery of today or tomorrow has something to collect): its customer, opened later from the device.
  const card = page.locator("article[data-customer]").first();
  const customerId = Number(await card.getAttribute("data-customer"));
  const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();

  // Its page opened online first: the worker keeps that copy too, which reads its figures from the API.
  await page.goto(`/customers/${customerId}`);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.goto("/today");
  await expect(summary).toContainText(`${accounts} active accounts`, { timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-line")).toContainText(/^Offline · as of /, { timeout: 30_000 });
  await expect(summary).toContainText(`${accounts} active accounts`, { timeout: 30_000 });
  await expect(page.getByRole("article", { name })).not.toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/today/accounts");
  await expect(page.getByTestId("offline-line")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("accounts-count")).toContainText(`${accounts} active accounts`, { timeout: 30_000 });
  // Its "Show more" and its search need no signal: the next cards, then an account found by its name.
  const listed = page.getByRole("list", { name: "Accounts" }).getByRole("article");
  const first = await listed.count();
  await page.getByRole("button", { name: /^Show \d+ more accounts$/ }).click();
  await expect(listed).toHaveCount(Math.min(accounts, 2 * first));
  const far = (await listed.nth(first).getByRole("heading", { level: 3 }).innerText()).trim();
  await page.getByLabel("Name, address, licence or id").fill(far);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("accounts-count")).toContainText(`of ${accounts} accounts match`);
  await expect(listed.getByRole("heading", { level: 3, name: far, exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("offline-line")).toBeVisible();
  // Reloaded without a signal (or come Back to), the searched address opens from the page kept with the week, searched.
  await page.reload();
  await expect(page.getByTestId("offline-line")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("accounts-count")).toContainText(`of ${accounts} accounts match`, { timeout: 30_000 });
  await expect(page.getByLabel("Name, address, licence or id")).toHaveValue(far);

  // The day's route, kept with the week: its stops in order, from the device.
  await page.goto("/today/plan");
  await expect(page.getByTestId("offline-line")).toContainText(/^Offline · as of /, { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Stops in driving order" }).locator(":scope > li").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in Maps" })).toBeVisible();

  // The worker puts the account's summary kept with the week into the page's HTML: its balance is there as the page is
  // read, before the scripts draw the account (and in their place once they have, the same).
  await page.addInitScript(() => {
    const seen = window as unknown as { keptBalance?: string };
    new MutationObserver(() => {
      const balance = document.querySelector('[data-kept-summary] [data-testid="balance"]');
      if (balance && seen.keptBalance === undefined) seen.keptBalance = balance.textContent ?? "";
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`/customers/${customerId}`);
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Customer record" })).toBeVisible();
  await expect(page.locator("[data-kept-summary]")).toHaveCount(0);
  const keptBalance = await page.evaluate(() => (window as unknown as { keptBalance?: string }).keptBalance);
  expect(keptBalance).toMatch(/^(Open balance \$|Nothing open)/);
  expect(keptBalance).toBe(await page.getByTestId("balance").first().textContent());
  // Drawn from the week, not the copy kept online: the balance is there, no "could not be reached".
  await expect(page.getByTestId("offline-line")).toContainText(/^Offline · as of /);
  await expect(page.getByRole("heading", { level: 2, name: "Customer record" })).toBeVisible();
  await expect(page.getByTestId("balance")).toBeVisible();
  await expect(page.getByText("could not be reached")).toHaveCount(0);

  // A note written without a signal (a double tap on Save): kept on the device, and sent once the signal is back.
  const text = `Visited offline ${Date.now().toString(36)}: wants the spring menu`;
  const form = page.getByRole("form", { name: "Write a visit note" });
  await form.getByRole("textbox").fill(text);
  await form.getByRole("button", { name: "Save note" }).dblclick();
  await expect(page.getByText("Saved on this device: it is sent when you are back online.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Notes waiting to be sent" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Notes waiting to be sent" })).toContainText(text);

  // Back online: the note reaches Backroom once, and leaves the device's outbox.
  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/notes?customerId=${customerId}`)).json()) as {
            notes: { text: string }[];
          }
        ).notes.filter((n) => n.text === text).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(page.getByRole("list", { name: "Notes waiting to be sent" })).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(1_000);
  expect(
    (
      (await (await page.request.get(`/api/notes?customerId=${customerId}`)).json()) as { notes: { text: string }[] }
    ).notes.filter((n) => n.text === text),
  ).toHaveLength(1);

  // Signing out leaves nothing of the customers on the device.
  await page.goto("/today");
  await expect(summary).toContainText("active accounts", { timeout: 30_000 });
  expect(await deviceText(page)).toContain(name);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect.poll(async () => (await deviceText(page)).includes(name), { timeout: 15_000 }).toBe(false);
});
