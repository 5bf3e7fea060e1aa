import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { enterInvoice } from "./operator";
import { DEMO_KEYS, origin, signIn } from "./sign-in";

// A reorder the buyer and the rep work on together, on two phones side by side. One browser is one demo visitor, so
// the rep's phone carries the buyer's visitor cookie: the retailer's list reaches that visitor's staff, as the party
// rule has it, and no other visitor's. The buyer sends ten products from the order guide; the rep sees the request on
// Today and acknowledges it with no signal (sent once when the signal is back); offers a substitute, which appears on
// the buyer's open page; the buyer accepts it; the rep marks it entered with the ERP's number, and the buyer can no
// longer withdraw it. Then, on a list of the chain's other store sent and entered through the API, the ERP invoices
// nine of the ten lines, and both pages read what was invoiced within one match of the lists (their page's read asks
// for it) and their next read; the invoice links back to the list.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: "block" as const };
/** The demo chain's second store. */
const OTHER_STORE = 20002;
const PARTLY = "Partly invoiced: 9 of 10 lines, 1 short";
/** A key of this test's run: a repeat (--repeat-each) sends a list of its own. */
const listKey = () => `${test.info().testId}-${test.info().repeatEachIndex}-${test.info().retry}`;

/** A buyer's phone and a rep's phone: two browsers of one demo visitor, the retailer in one, the staff in the other. */
async function twoPhones(browser: Browser): Promise<{ buyer: Page; rep: Page; repPhone: BrowserContext }> {
  const baseURL = test.info().project.use.baseURL;
  const buyerPhone = await browser.newContext({ ...PHONE, baseURL });
  await signIn(buyerPhone, "Customer");
  const visitor = (await buyerPhone.cookies()).find((c) => c.name === "backroom.demo_visitor");
  expect(visitor, "Try the demo gives the browser a visitor").toBeDefined();
  const repPhone = await browser.newContext({ ...PHONE, baseURL });
  await repPhone.addCookies([visitor!]);
  await signIn(repPhone, "Employee");
  return { buyer: await buyerPhone.newPage(), rep: await repPhone.newPage(), repPhone };
}

/** The buyer asks for one case of each of the first ten products the guide prices, and sends them to the rep. */
async function sendTenProducts(buyer: Page): Promise<string> {
  await buyer.goto("/order-guide");
  await buyer.getByRole("button", { name: "Clear all" }).click();
  await buyer.getByRole("link", { name: /^Show all \d+$/ }).click();
  const fields = buyer
    .getByRole("list", { name: "Products" })
    .getByRole("spinbutton", { name: /^Cases of .+ to ask for$/ });
  await expect(fields.nth(9)).toBeVisible();
  for (let i = 0; i < 10; i++) await fields.nth(i).fill("1");
  await buyer.getByRole("button", { name: "Review and send" }).click();
  await buyer.getByRole("button", { name: "Confirm and send" }).dblclick();
  await buyer.getByRole("link", { name: "See the list" }).click();
  await buyer.waitForURL(/\/order-guide\/lists\/[\w-]+$/);
  await expect(buyer.getByRole("heading", { level: 1 })).toContainText("Reorder request:");
  return new URL(buyer.url()).pathname.split("/").pop()!;
}

test("a buyer's list reaches the rep's Today, is acknowledged offline, substituted, accepted and entered, each phone seeing the other's change", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { buyer, rep, repPhone } = await twoPhones(browser);
  const listId = await sendTenProducts(buyer);
  const lines = buyer.getByRole("list", { name: "Lines of the list" }).getByRole("listitem");
  await expect(lines).toHaveCount(10);
  await expect(buyer.getByText("Sent, not acknowledged")).toBeVisible();

  // The rep's Today: the request, its totals and the store's next cut-off counting down.
  await rep.goto("/today");
  const card = rep.locator(`article[data-list="${listId}"]`);
  await expect(card).toContainText("10 lines · 10 cases");
  await expect(card).toContainText("Sent, not acknowledged");
  await expect(card.getByTestId("reorder-cut-off")).toContainText(/(Order by .+ left|No order cut-off known)/);

  // No signal: the acknowledgment waits on the phone, and is sent once when the signal is back.
  await repPhone.setOffline(true);
  await card.getByRole("button", { name: "Acknowledge" }).dblclick();
  await expect(card.getByRole("status")).toContainText("waiting to be sent when you are back online");
  await repPhone.setOffline(false);
  await expect(card).toContainText("Acknowledged", { timeout: 30_000 });
  await expect(card.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);

  // The rep's page of the list: one acknowledgment; a substitute offered for the first line, closest first.
  await card.getByRole("link", { name: "Valley Cannabis - Oakland" }).click();
  await expect(rep.locator('li[data-kind="acknowledged"]')).toHaveCount(1);
  const first = rep.getByRole("list", { name: "Lines of the list" }).getByRole("listitem").first();
  const firstName = (await first.getByRole("heading").textContent())!;
  await first.getByRole("button", { name: `Offer a substitute for ${firstName}` }).click();
  const offered = rep
    .getByRole("group", { name: `Substitutes for ${firstName}` })
    .getByRole("button")
    .first();
  await expect(offered).toBeVisible();
  const substitute = (await offered.locator("span").first().textContent())!;
  await offered.click();
  await rep.getByLabel("A note to the store").fill("The first one is out this week: here is the closest.");
  await rep.getByRole("button", { name: "Save changes" }).dblclick();
  await expect(rep.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(first).toContainText(`Substitute: ${substitute}, offered, waiting for the store's answer`);
  expect(await seriousViolations(rep)).toEqual([]);

  // The buyer's page, open all along, reads the list again when the buyer looks at the phone again (the page shown:
  // its next 30 s read would do too), and the buyer accepts it.
  await buyer.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  const accept = buyer.getByRole("button", { name: `Accept ${substitute} instead of ${firstName}` });
  await expect(accept).toBeVisible({ timeout: 10_000 });
  await expect(buyer.locator('li[data-kind="substitute"]')).toContainText(`${substitute} offered instead`);
  expect(await seriousViolations(buyer)).toEqual([]);
  await accept.dblclick();
  await expect(lines.first()).toContainText(`Substitute: ${substitute}, accepted by the store`);
  await expect(buyer.locator('li[data-kind="accepted"]')).toHaveCount(1);

  // The rep enters it with the ERP's number; the buyer can no longer withdraw it, and is told why.
  await rep.getByLabel("ERP order or invoice number (optional)").fill("SO-4471");
  await rep.getByRole("button", { name: "Entered in the ERP" }).dblclick();
  await expect(rep.getByRole("definition").filter({ hasText: "as SO-4471" })).toBeVisible();
  await expect(rep.getByText(`accepted by the store`)).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText("Entered in the ERP", { exact: true })).toBeVisible();
  await expect(buyer.getByTestId("no-withdraw")).toContainText("can no longer be withdrawn");
  await expect(buyer.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  // Each side's changes in the order they were made (the matcher's lines aside: the store may have been invoiced today).
  expect(
    (
      await buyer.locator("li[data-kind]").evaluateAll((items) => items.map((li) => li.getAttribute("data-kind")))
    ).filter((kind) => kind !== "invoiced"),
  ).toEqual(["sent", "acknowledged", "substitute", "accepted", "entered"]);
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
test("the ERP invoices nine of ten lines: both phones read it within one sync, and the invoice links back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { buyer, rep } = await twoPhones(browser);
  const day = new Date().toISOString().slice(0, 10);
  // The chain's other store, and products no other run of this test asks for (the first test's list is the first
  // store's; the matcher gives an invoice's cases to a store's older lists first): 20 of the guide's a repeat, of which
  // the warehouse holds 10 cases or more (so the ERP fills every case asked) and the store was not invoiced today (a
  // list counts the invoices from its day on).
  const sandbox = async <T>(path: string) =>
    (
      (await (
        await buyer.request.get(`/sandbox/test/api/v1${path}`, { headers: { "x-api-key": DEMO_KEYS.Customer } })
      ).json()) as { Data: T[] }
    ).Data;
  const today = await sandbox<{ InvoiceID: number }>(
    `/invoices?CustomerIDs=${OTHER_STORE}&StartDate=${day}&Statuses=1,2,3,5,7&PageSize=500`,
  );
  const invoicedToday = new Set(
    today.length
      ? (
          await sandbox<{ ProductID: number }>(
            `/invoiceTransactions?InvoiceIDs=${today.map((i) => i.InvoiceID).join(",")}&PageSize=500`,
          )
        ).map((l) => l.ProductID)
      : [],
  );
  const guide = (await (await buyer.request.get(`/api/order-guide?customer=${OTHER_STORE}`)).json()) as {
    rows: { productId: number; casePrice: string | null; unitsPerCase: number | null; bucket: string | null }[];
  };
  const run = test.info().repeatEachIndex;
  const asked = guide.rows
    .filter((r) => r.casePrice !== null && ["50+ Cases", "< 50 Cases", "< 25 Cases"].includes(r.bucket ?? ""))
    .slice(20 * run, 20 * run + 20)
    .filter((r) => !invoicedToday.has(r.productId))
    .slice(0, 10)
    .map((r, i) => ({ productId: r.productId, cases: 1 + (i % 3), unitsPerCase: r.unitsPerCase ?? 1 }));
  expect(asked).toHaveLength(10);
  const sent = await buyer.request.post("/api/order-guide/lists", {
    data: { customer: OTHER_STORE, day, lines: asked.map(({ productId, cases }) => ({ productId, cases })) },
    headers: { Origin: origin(), "Idempotency-Key": `send-${listKey()}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const listId = ((await sent.json()) as { list: { id: string } }).list.id;
  const entered = await rep.request.post(`/api/order-guide/lists/${listId}/entered`, {
    data: { erpRef: "SO-4472" },
    headers: { Origin: origin(), "Idempotency-Key": `enter-${listId}` },
  });
  expect(entered.status(), await entered.text()).toBe(200);

  await buyer.goto(`/order-guide/lists/${listId}`);
  await rep.goto(`/order-guide/lists/${listId}`);
  await expect(buyer.getByTestId("match-words")).toHaveText("Waiting for the invoice");
  const { invoice } = await enterInvoice(buyer.request, {
    customerId: OTHER_STORE,
    lines: asked.slice(0, 9).map((l) => ({ productId: l.productId, units: l.cases * l.unitsPerCase })),
  });
  // A list's page read asks for its match (its last older than ORDER_LIST_MATCH_ON_VIEW_SECONDS, 2 s in these tests),
  // and a read after shows it: each phone pulls to refresh until it does, as a person would.
  for (const phone of [buyer, rep])
    await expect(async () => {
      await phone.reload();
      await expect(phone.getByTestId("match-words")).toHaveText(PARTLY, { timeout: 3_000 });
    }).toPass({ timeout: 45_000 });
  await buyer.getByRole("link", { name: `Invoice ${invoice.InvoiceNum}` }).click();
  await expect(
    buyer.getByRole("link", { name: /^From reorder request \(sent .+ by Demo retailer\)$/ }),
  ).toHaveAttribute("href", `/order-guide/lists/${listId}`);
});
