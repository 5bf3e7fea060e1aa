import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// Visit notes: the demo retailer writes a note on one of its stores' pages, sees it with its author and time, makes one
// note of a double click, finds it in the CSV and on the Activity page, and deletes it. The demo workspace is shared
// by every test (and every visitor), so this test's note is told by its own words, and deleted again.

/** The first store of the active key (a Customer key's scope, as `GET /api/session` gives it). */
async function ownStore(page: Page): Promise<number> {
  const session = (await (await page.request.get("/api/session")).json()) as {
    activeKeyId: string;
    keys: { id: string; scope: { customers?: { id: number }[] } }[];
  };
  const id = session.keys.find((k) => k.id === session.activeKeyId)?.scope.customers?.[0]?.id;
  expect(id).toBeDefined();
  return id!;
}

/** How many of the customer's notes say exactly this, as the API answers. */
async function notesSaying(page: Page, customerId: number, text: string): Promise<number> {
  const body = (await (await page.request.get(`/api/notes?customerId=${customerId}`)).json()) as {
    notes: { text: string }[];
  };
  return body.notes.filter((n) => n.text === text).length;
}

test("the demo retailer writes a visit note, a double click makes one, it shows with author and time, and its author deletes it", async ({
  page,
}) => {
  await signIn(page, "Customer");
  const customerId = await ownStore(page);
  const words = `Visit ${Date.now().toString(36)}: wants the spring menu, call Tuesday`;
  await page.goto(`/customers/${customerId}`);
  const section = page.getByRole("region", { name: "Visit notes" });
  await expect(section).toBeVisible();

  // Write it, and save it with a double click: every POST carries one Idempotency-Key, and one note is made.
  const keys: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/notes" && request.method() === "POST")
      keys.push(request.headers()["idempotency-key"] ?? "");
  });
  const field = section.getByLabel("New note");
  await field.fill(words);
  await expect(section.getByText(`${words.length} / 2,000 characters`)).toBeVisible();
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/notes" && r.request().method() === "POST",
  );
  await section.getByRole("button", { name: "Save note" }).dblclick();
  expect((await saved).status()).toBe(201);
  await expect(section.getByRole("status").filter({ hasText: "Note saved." })).toBeVisible();
  await expect(field).toHaveValue("");

  const item = section.getByRole("listitem").filter({ hasText: words });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Demo retailer");
  await expect(item).toContainText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?(AM|PM)/);
  const at = Date.parse((await item.locator("time").getAttribute("datetime"))!);
  expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(await notesSaying(page, customerId, words)).toBe(1);
  // The second click, however late it came, was not taken for an empty note.
  await expect(section.getByRole("status")).toHaveText("Note saved.");
  await expect(section.getByText("Write the note: it is empty.")).toHaveCount(0);
  // After a reload too: it was made once, on the server.
  await page.reload();
  await expect(section.getByRole("listitem").filter({ hasText: words })).toHaveCount(1);

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("customer-notes-desk.png"), fullPage: true });

  // The customer's notes as CSV: the note is in it.
  const href = await section.getByRole("link", { name: "Export notes (CSV)" }).getAttribute("href");
  expect(href).toBe(`/api/notes?customerId=${customerId}&format=csv`);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-disposition"]).toMatch(
    new RegExp(`^attachment; filename="visit-notes-customer-${customerId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(await csv.text()).toContain(words);

  // The Activity page shows it added, by its Idempotency-Key, with the customer and without its words.
  await page.goto("/activity?event=note-added");
  const row = page
    .getByRole("table", { name: /Activity of this workspace/ })
    .locator("tbody tr")
    .filter({ hasText: keys[0]! });
  await expect(row).toContainText("Visit note added");
  await expect(row).toContainText(`Customer ${customerId}`);
  await expect(page.getByText(words)).toHaveCount(0);

  // Its author deletes it, asked first.
  await page.goto(`/customers/${customerId}`);
  const mine = section.getByRole("listitem").filter({ hasText: words });
  await mine.getByRole("button", { name: /^Delete/ }).click();
  await expect(mine.getByRole("group", { name: "Delete this note? It is gone for everyone." })).toBeVisible();
  await mine.getByRole("button", { name: "Delete note" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Note deleted." })).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: words })).toHaveCount(0);
  expect(await notesSaying(page, customerId, words)).toBe(0);
});

test("on a phone, the visit notes' controls are 44 px tall and the section fits the width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Customer");
  const customerId = await ownStore(page);
  await page.goto(`/customers/${customerId}`);
  const section = page.getByRole("region", { name: "Visit notes" });
  await section.scrollIntoViewIfNeeded();
  // The form's code has come (its stand-in's textarea is disabled).
  await expect(section.getByLabel("New note")).toBeEnabled();
  for (const control of [
    section.getByRole("button", { name: "Save note" }),
    section.getByRole("link", { name: "Export notes (CSV)" }),
  ]) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const width = await section.evaluate((el) => el.getBoundingClientRect().right);
  expect(width).toBeLessThanOrEqual(390);
  await section.screenshot({ path: test.info().outputPath("customer-notes-phone.png") });
});
