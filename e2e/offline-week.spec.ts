import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// A rep's week on the device (issue 38): the demo staff person (linked to the sandbox's busiest rep) saves their week
// from Today; without a signal, Today, their accounts and a customer's page open from the device and say so; signing
// out leaves no customer's name in Cache Storage or IndexedDB. A real service worker (the other specs block them).
test.use({ serviceWorkers: "allow" });

/** Waits until the service worker is active and controls this page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", undefined, { timeout: 45_000 });
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

test("a rep saves the week on Today, and without a signal Today, the accounts and a customer's page open from the device", async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, "Employee");
  await page.goto("/today");
  await controlled(page);
  const summary = page.getByTestId("today-summary");
  await expect(summary).toContainText("active accounts", { timeout: 30_000 });
  const accounts = Number((await summary.innerText()).match(/(\d+) active accounts/)![1]);

  await page.getByRole("button", { name: "Save for offline" }).click();
  await expect(page.getByTestId("offline-saved")).toContainText(`Kept on this device: ${accounts} accounts as of`, { timeout: 60_000 });

  // A card of tomorrow's deliveries, or any: its customer, opened later from the device.
  const card = page.getByRole("article").first();
  const customerId = Number(await card.getAttribute("data-customer"));
  const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-line")).toContainText(/^Offline · as of /, { timeout: 30_000 });
  await expect(summary).toContainText(`${accounts} active accounts`, { timeout: 30_000 });
  await expect(page.getByRole("article", { name })).not.toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/today/accounts");
  await expect(page.getByTestId("offline-line")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("accounts-count")).toContainText(`${accounts} active accounts`, { timeout: 30_000 });

  await page.goto(`/customers/${customerId}`);
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("offline-line")).toContainText(/^Offline · as of /);
  await expect(page.getByRole("heading", { level: 2, name: "Customer record" })).toBeVisible();

  // Back online, signing out leaves nothing of the customers on the device.
  await context.setOffline(false);
  await page.goto("/today");
  await expect(summary).toContainText("active accounts", { timeout: 30_000 });
  expect(await deviceText(page)).toContain(name);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect.poll(async () => (await deviceText(page)).includes(name), { timeout: 15_000 }).toBe(false);
});
