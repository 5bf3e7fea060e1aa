import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// Installable, and the pages without a connection: the web app manifest and its icons, and the service
// worker (lib/ui/offline/) in a real Chromium: it registers and controls the page, keeps the dashboard pages opened
// and those saved on request, shows the offline page for the others, and keeps nothing of the person after sign-out.
// The other specs run with service workers blocked (playwright.config.ts); these allow them.
test.use({ serviceWorkers: "allow" });

const PERSON = "Demo distributor staff";
const NOT_SAVED = "This page is not saved on this device";

/** Waits until the service worker is active and controls this page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", undefined, {
    timeout: 45_000,
  });
}

/** Everything Cache Storage holds: each cache's name and its entries' addresses and bodies. */
async function cacheContents(page: Page): Promise<{ name: string; entries: { url: string; body: string }[] }[]> {
  return page.evaluate(async () =>
    Promise.all(
      (await caches.keys()).map(async (name) => {
        const cache = await caches.open(name);
        const entries = await Promise.all(
          (await cache.keys()).map(async (request) => ({
            url: request.url,
            body: (await (await cache.match(request))?.text()) ?? "",
          })),
        );
        return { name, entries };
      }),
    ),
  );
}

/** The pages the worker keeps (its runtime cache of the person's pages), by path. */
async function keptPages(page: Page): Promise<string[]> {
  return (await cacheContents(page))
    .filter((c) => c.name === "backroom-pages")
    .flatMap((c) => c.entries.map((e) => new URL(e.url).pathname + new URL(e.url).search));
}

/** Asks the worker to keep `urls`, as saveForOffline (lib/ui/offline/save-for-offline.ts) does, and returns its answer. */
async function save(page: Page, urls: string[]): Promise<{ saved: string[]; failed: string[] }> {
  return page.evaluate(
    (asked) =>
      new Promise<{ saved: string[]; failed: string[] }>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ saved: string[]; failed: string[] }>) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage({ type: "backroom:save-pages", urls: asked }, [channel.port2]);
      }),
    urls,
  );
}

async function offline(context: BrowserContext, page: Page, path: string) {
  await context.setOffline(true);
  try {
    await page.goto(path);
  } finally {
    await context.setOffline(false);
  }
}

test("the manifest says how Backroom installs, and its icons are PNGs of the sizes it states", async ({
  page,
  request,
}) => {
  await page.goto("/sign-in");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")).toMatch(/^\/apple-icon\.png/);

  const answer = await request.get(manifestHref!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Backroom",
    short_name: "Backroom",
    start_url: "/today",
    scope: "/",
    display: "standalone",
    theme_color: "#0f172a",
    background_color: "#f8fafc",
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "192x192 maskable",
    "512x512 any",
    "512x512 maskable",
  ]);

  const icons = [...manifest.icons, { src: "/apple-icon.png", sizes: "180x180", type: "image/png" }];
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
    const png = await image.body();
    // A PNG's signature, then its IHDR chunk: width and height, 4 bytes each, from byte 16.
    expect(png.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

test("pages open without a connection once visited or saved, the others say so, and sign-out leaves nothing of the person", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "Employee");
  const customer = (
    (await (await page.request.get("/api/v1/customers?PageSize=1")).json()) as {
      Data: { CustomerID: number; CustomerName: string }[];
    }
  ).Data[0]!;

  // The worker registers on the first page and takes control of it once installed (the shell precached).
  await page.goto("/");
  await controlled(page);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { scope: r?.scope, script: r?.active?.scriptURL };
  });
  expect(registration).toEqual({
    scope: new URL("/", page.url()).href,
    script: new URL("/serwist/sw.js", page.url()).href,
  });

  // A dashboard page opened through the worker is kept, and opens again with no connection, from the device.
  await page.goto(`/customers/${customer.CustomerID}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(customer.CustomerName);
  await expect.poll(() => keptPages(page)).toContain(`/customers/${customer.CustomerID}`);
  await offline(context, page, `/customers/${customer.CustomerID}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(customer.CustomerName);
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);

  // A page never opened here says it was not saved, at its own address, and offers Today.
  await offline(context, page, "/delivery-days");
  await expect(page.getByRole("heading", { level: 1, name: NOT_SAVED })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/delivery-days");
  await expect(page.getByRole("link", { name: "Go to Today" })).toHaveAttribute("href", "/today");
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing of the API is kept, and neither is the sign-in page.
  const apiRead = await page.evaluate(async () => (await fetch("/api/v1/customers?PageSize=1")).status);
  expect(apiRead).toBe(200);
  expect(
    (await cacheContents(page))
      .flatMap((c) => c.entries.map((e) => new URL(e.url).pathname))
      .filter((p) => /^\/(api|sandbox|sign-in)/.test(p)),
  ).toEqual([]);

  // "Save for offline": the worker fetches each dashboard address once, marked, and keeps it; it refuses the others.
  const marked: string[] = [];
  context.on("request", (r) => {
    if (r.headers()["backroom-offline-save"] === "1") marked.push(new URL(r.url()).pathname);
  });
  const result = await save(page, [
    "/delivery-days",
    "/customers?Page=2",
    "/api/v1/customers",
    "/sign-in",
    "https://elsewhere.example/customers",
  ]);
  expect(result).toEqual({
    saved: ["/delivery-days", "/customers?Page=2"],
    failed: ["/api/v1/customers", "/sign-in", "https://elsewhere.example/customers"],
  });
  expect(marked.sort()).toEqual(["/customers", "/delivery-days"]);
  await offline(context, page, "/delivery-days");
  await expect(page.getByRole("heading", { level: 1, name: "Delivery days" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^\w+, \w{3} \d+: \d+ customers?$/ })).toBeVisible();
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await offline(context, page, "/customers?Page=2");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();

  // What the pages keep of their own: a database, and the tab's storage.
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open("offline-spec-data", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("records").put({ name }, "customer");
        // Left open, as a page's persister keeps its database: sign-out has to get it deleted all the same.
        opening.onsuccess = () => resolve();
        opening.onerror = () => reject(opening.error);
      }),
    customer.CustomerName,
  );
  await page.evaluate(() => {
    localStorage.setItem("offline-spec", "a value");
    sessionStorage.setItem("offline-spec", "a value");
  });
  const before = await cacheContents(page);
  expect(
    before.some((c) => c.entries.some((e) => e.body.includes(PERSON) && e.body.includes(customer.CustomerName))),
  ).toBe(true);

  // Sign-out: no cache holds the person's pages (the shell's precache stays, with nothing of theirs), no database is left.
  await page.goto("/");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
    .toEqual([]);
  const after = await cacheContents(page);
  expect(after.map((c) => c.name).filter((name) => !name.startsWith("serwist-precache"))).toEqual([]);
  for (const { name, entries } of after) {
    for (const { url, body } of entries) {
      expect(body.includes(PERSON) || body.includes(customer.CustomerName), `${name}: ${url}`).toBe(false);
    }
  }
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  // And the page that opened offline before now says it is not on this device.
  await offline(context, page, `/customers/${customer.CustomerID}`);
  await expect(page.getByRole("heading", { level: 1, name: NOT_SAVED })).toBeVisible();
});
