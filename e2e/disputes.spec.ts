import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { enterInvoice, OPERATOR } from "./operator";
import { signIn } from "./sign-in";

// At the receiving desk, on a phone: the store raises a short case of today's delivery in three taps, adds a photo
// (and a second with no signal, which waits on the phone and goes up when the signal is back); the distributor's staff
// (the same demo visitor's, as the party rule has it) find it on Disputes and acknowledge it; the ERP's credit memo
// for the case (the sandbox's operator) resolves it within one match of the store's credits, on both phones.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: "block" as const };
const STORE = 20001;
/** Sold to the demo store by the case, 12 units a case (Blue Agave Botanicals Wedding Cake Live Resin Cart 0.5g). */
const PRODUCT = 10472;
const UNITS = 24;

/** A store's phone and a rep's phone of one demo visitor. */
async function twoPhones(browser: Browser): Promise<{ store: Page; staff: Page }> {
  const baseURL = test.info().project.use.baseURL;
  const storePhone = await browser.newContext({ ...PHONE, baseURL });
  await signIn(storePhone, "Customer");
  const visitor = (await storePhone.cookies()).find((c) => c.name === "backroom.demo_visitor");
  expect(visitor, "Try the demo gives the browser a visitor").toBeDefined();
  const staffPhone = await browser.newContext({ ...PHONE, baseURL });
  await staffPhone.addCookies([visitor!]);
  await signIn(staffPhone, "Employee");
  return { store: await storePhone.newPage(), staff: await staffPhone.newPage() };
}

/** A small JPEG, drawn by the browser itself. */
async function jpeg(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#b45309";
    g.fillRect(0, 0, 64, 48);
    return canvas.toDataURL("image/jpeg", 0.8);
  });
  return Buffer.from(data.split(",")[1]!, "base64");
}

test("a short case raised in three taps at the back door reaches the staff, and the ERP's credit memo resolves it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { store, staff } = await twoPhones(browser);
  const { invoice, lines } = await enterInvoice(store.request, {
    customerId: STORE,
    lines: [{ productId: PRODUCT, units: UNITS }],
  });
  const line = lines.find((l) => l.ProductID === PRODUCT)!;
  const perCase = UNITS / Number(line.Cases);
  const caseAmount = ((perCase * Math.round(Number(line.UnitPrice) * 100)) / 100).toFixed(2);

  // Three taps on the invoice's page: "Report a problem", "Short" on its line, "Send" (one case, the default). The
  // invoice's own page, not Receiving: today's list may be the proxy's copy from before this invoice, for seconds.
  await store.goto(`/invoices/${invoice.InvoiceID}`);
  await store.getByRole("button", { name: "Report a problem" }).click();
  await store.getByRole("button", { name: `Short: ${line.ProductName}` }).click();
  await expect(store.getByTestId("dispute-total")).toHaveText(`$${caseAmount} in dispute`);
  await store.getByRole("button", { name: "Send" }).dblclick();
  await store.waitForURL(/\/disputes\/[\w-]+$/);
  const disputePath = new URL(store.url()).pathname;
  await expect(store.getByRole("heading", { level: 1 })).toHaveText(`Dispute on invoice ${invoice.InvoiceNum}`);
  await expect(store.getByLabel("Amounts")).toContainText(`$${caseAmount} in dispute`);
  await expect(store.getByRole("list", { name: "Lines of the dispute" }).getByRole("listitem")).toHaveCount(1);

  // A photo, then a second with no signal: it waits on the phone, and goes up when the signal is back.
  const photo = await jpeg(store);
  await store.getByLabel("Add photo").setInputFiles({ name: "short.jpg", mimeType: "image/jpeg", buffer: photo });
  const photos = store.getByRole("list", { name: "Photos of the dispute" }).getByRole("img");
  await expect(photos).toHaveCount(1);
  await store.context().setOffline(true);
  await store.getByLabel("Add photo").setInputFiles({ name: "pallet.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(store.getByRole("status")).toContainText("waiting to be sent when you are back online");
  await store.context().setOffline(false);
  await expect(photos).toHaveCount(2, { timeout: 15_000 });
  expect(await seriousViolations(store)).toEqual([]);

  // The staff's Disputes: the store's dispute, open; its page offers Acknowledge.
  await staff.goto("/disputes?status=open");
  const card = staff
    .getByRole("list", { name: "Disputes" })
    .getByRole("listitem")
    .filter({ hasText: invoice.InvoiceNum });
  await expect(card).toContainText(`$${caseAmount} in dispute`);
  expect(await seriousViolations(staff)).toEqual([]);
  await card.getByRole("link").click();
  await staff.getByRole("button", { name: "Acknowledge" }).dblclick();
  await expect(staff.locator('li[data-kind="acknowledged"]')).toHaveCount(1);
  await expect(staff.locator("[data-status]").first()).toHaveText("Acknowledged");

  // The ERP credits the case: within one match of the store's credits (a read asks for it), both pages say resolved.
  const credit = await staff.request.post("/sandbox/test/operator/credits", {
    headers: OPERATOR,
    data: {
      customerId: STORE,
      invoiceNum: invoice.InvoiceNum,
      lines: [{ productId: PRODUCT, units: perCase, amount: caseAmount }],
    },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  for (const phone of [staff, store]) {
    await expect(async () => {
      await phone.goto(disputePath);
      await expect(phone.locator("[data-status]").first()).toHaveText("Resolved", { timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect(phone.getByLabel("Amounts")).toContainText("$0.00");
  }
});

// A 10 MB photo over a phone's upload (20 Mbit/s, 150 ms): the bar moves, and the photo is kept. About 10 s of a
// worker.
test("a 10 MB photo uploads on a throttled phone with its progress shown", async ({ browser }) => {
  test.setTimeout(60_000);
  const { store } = await twoPhones(browser);
  const { invoice, lines } = await enterInvoice(store.request, {
    customerId: STORE,
    lines: [{ productId: PRODUCT, units: UNITS }],
  });
  await store.goto(`/invoices/${invoice.InvoiceID}`);
  await store.getByRole("button", { name: "Report a problem" }).click();
  await store.getByRole("button", { name: `Damaged: ${lines[0]!.ProductName}` }).click();
  await store.getByRole("button", { name: "Send" }).click();
  await store.waitForURL(/\/disputes\/[\w-]+$/);
  // A JPEG's first bytes, then noise: 10 MB exactly, the most a photo may weigh.
  const big = Buffer.alloc(10 * 1024 * 1024);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
  big.set([0xff, 0xd8, 0xff, 0xe0], 0);
  const cdp = await store.context().newCDPSession(store);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (20 * 1024 * 1024) / 8,
    uploadThroughput: (20 * 1024 * 1024) / 8,
  });
  await store.getByLabel("Add photo").setInputFiles({ name: "pallet.jpg", mimeType: "image/jpeg", buffer: big });
  const bar = store.getByRole("progressbar");
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute("value")), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(store.getByRole("list", { name: "Photos of the dispute" }).getByRole("img")).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(bar).toHaveCount(0);
});
