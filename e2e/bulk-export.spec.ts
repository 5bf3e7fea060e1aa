import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn } from "./sign-in";

// Bulk exports of a list's children through the export dialog: the lines and the certificates of the filtered
// invoices (a retailer's and an employee's), the posted lines of a brand's purchases. Each file is checked against
// the API, read through the proxy as a client would: rows of the filtered parents only, and all of them.

test.beforeEach(async ({ page }) => {
  // The save picker needs a person; without it the export downloads the file.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
});

/** The rows of a CSV file as objects by header (RFC 4180: quoted fields, doubled quotes, CRLF; the BOM dropped). */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      record.push(field);
      field = "";
    } else if (!quoted && c === "\r" && body[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}

/** Every row of a v1 list through the proxy, 500 a page. */
async function walkV1<T>(page: Page, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(`${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${n}`);
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { Data: T[]; HasNextPage: boolean };
    rows.push(...body.Data);
    if (!body.HasNextPage || body.Data.length === 0) return rows;
  }
}

/** Every row of a v2 list through the proxy, 500 a page. */
async function walkV2<T>(page: Page, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(`${path}${path.includes("?") ? "&" : "?"}page_size=500&page=${n}`);
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { data: T[]; has_next_page: boolean };
    rows.push(...body.data);
    if (!body.has_next_page || body.data.length === 0) return rows;
  }
}

/** Opens a child export's dialog, checks it with axe, starts it and returns the dialog and the downloaded file's rows. */
async function exportFrom(
  page: Page,
  button: string,
  what: RegExp,
): Promise<{ dialog: Locator; rows: Record<string, string>[]; fileName: string }> {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `${button} to CSV` });
  await expect(dialog).toContainText(what);
  await expect(dialog.getByRole("button", { name: "Start export" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Start export" }).click();
  const file = await download;
  await expect(dialog).toContainText(/Exported [\d,]+ /);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  return { dialog, rows: parseCsv(await readFile((await file.path())!, "utf8")), fileName: file.suggestedFilename() };
}

interface Invoice {
  InvoiceID: number;
  InvoiceNum: string;
  TotalNumUnits: string;
}

const INVOICE_KEYS = [
  // The retailer's Balanced and Verified invoices: more than 100 at the seed's scale, so two batches.
  { keyType: "Customer", who: "a retailer", statuses: "5,7" },
  // Every Loaded invoice: a couple of hundred, three batches of lines, some of them more than a page.
  { keyType: "Employee", who: "an employee", statuses: "3" },
] as const;

for (const key of INVOICE_KEYS) {
  test(`${key.who} exports the lines and the certificates of the filtered invoices, and only theirs`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, key.keyType);
    const invoices = await walkV1<Invoice>(page, `/api/v1/invoices?Statuses=${key.statuses}`);
    expect(invoices.length).toBeGreaterThan(0);
    const byId = new Map(invoices.map((i) => [String(i.InvoiceID), i]));

    await page.goto(`/invoices?Statuses=${key.statuses}`);
    await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();

    // The lines: each of a filtered invoice, beside its number; every unit of every invoice (its TotalNumUnits).
    const lines = await exportFrom(
      page,
      "Export lines",
      new RegExp(`${invoices.length.toLocaleString("en-US")} invoices? match(es)? the filters`),
    );
    expect(lines.fileName).toMatch(/^invoice-lines-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(lines.dialog).toContainText(
      `Exported ${lines.rows.length.toLocaleString("en-US")} lines of ${invoices.length.toLocaleString("en-US")} invoices`,
    );
    expect(lines.rows.length).toBeGreaterThan(invoices.length);
    const units = new Map<string, number>();
    for (const row of lines.rows) {
      const invoice = byId.get(row["Invoice ID"]!);
      expect(
        invoice,
        `line ${row["Invoice trans ID"]} of invoice ${row["Invoice ID"]}, not a filtered one`,
      ).toBeDefined();
      expect(row.Invoice).toBe(invoice!.InvoiceNum);
      units.set(row["Invoice ID"]!, (units.get(row["Invoice ID"]!) ?? 0) + Number(row.Units));
    }
    for (const invoice of invoices)
      expect(units.get(String(invoice.InvoiceID)) ?? 0, `units of ${invoice.InvoiceNum}`).toBe(
        Number(invoice.TotalNumUnits),
      );
    expect(lines.rows.some((r) => Object.values(r).includes("undefined"))).toBe(false);
    await lines.dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("button", { name: "Export lines", exact: true })).toBeFocused();

    // The certificates: each of a filtered invoice's line, with its document.
    const certificates = await exportFrom(page, "Export certificates", /invoices? match(es)? the filters/);
    expect(certificates.fileName).toMatch(/^invoice-certificates-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(certificates.dialog).toContainText(
      `Exported ${certificates.rows.length.toLocaleString("en-US")} certificates of ${invoices.length.toLocaleString("en-US")} invoices`,
    );
    expect(certificates.rows.length).toBeGreaterThan(0);
    const lineIds = new Set(lines.rows.map((r) => r["Invoice trans ID"]));
    for (const row of certificates.rows) {
      expect(byId.get(row["Invoice ID"]!)?.InvoiceNum).toBe(row.Invoice);
      expect(lineIds.has(row["Invoice trans ID"])).toBe(true);
      expect(row["COA URL"]).toMatch(/^https?:\/\//);
    }
    // Every line that has a certificate, and no other.
    expect(certificates.rows.length).toBe(lines.rows.filter((r) => r["COA URL"] !== "").length);
  });
}

test("a brand exports the posted lines of its purchases; drafts, without an ERP id, are skipped", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Supplier");
  // Other tests submit and import purchase orders meanwhile: the purchases read before the export must all be in it.
  const before = await walkV2<{ purchase_id: number | null }>(page, "/api/v2/purchases?include_transactions=false");
  const posted = before.filter((p) => p.purchase_id != null).map((p) => String(p.purchase_id));
  expect(posted.length).toBeGreaterThan(0);
  expect(before.length).toBeGreaterThan(posted.length); // the seed's drafts

  await page.goto("/purchases");
  await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  const lines = await exportFrom(page, "Export lines", /purchases match the filters/);
  expect(lines.fileName).toMatch(/^purchase-lines-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(lines.dialog).toContainText(/purchases? had no ERP id and (was|were) skipped\./);
  await expect(lines.dialog).toContainText(`Exported ${lines.rows.length.toLocaleString("en-US")} lines of`);

  // The API's lines of the purchases listed before, counted per purchase, against the file's.
  const expected = await walkV2<{ purchase_id: number; purchase_trans_id: number }>(
    page,
    `/api/v2/purchaseTrans?purchase_ids=${posted.join(",")}`,
  );
  expect(expected.length).toBeGreaterThan(0);
  const countBy = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());
  const inFile = countBy(lines.rows.map((r) => r["Purchase ID"]!));
  for (const [id, n] of countBy(expected.map((l) => String(l.purchase_id))))
    expect(inFile.get(id), `lines of purchase ${id}`).toBe(n);
  // And nothing of a purchase the brand does not have.
  const after = new Set(
    (await walkV2<{ purchase_id: number | null }>(page, "/api/v2/purchases?include_transactions=false")).map((p) =>
      String(p.purchase_id),
    ),
  );
  expect([...inFile.keys()].filter((id) => !after.has(id))).toEqual([]);
  expect(lines.rows.every((r) => r["PO no."] !== "")).toBe(true);
});

test("the child exports are offered on their lists only, to the keys that may call them", async ({ page }) => {
  await signIn(page, "Customer");
  await page.goto("/invoices");
  await expect(page.getByRole("button", { name: "Export lines", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export certificates", exact: true })).toBeVisible();
  await page.goto("/customers");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Export (lines|certificates)$/ })).toHaveCount(0);
  // Customer keys may not read purchase lines (nor purchases).
  await page.goto("/purchases");
  await expect(page.getByRole("heading", { level: 1, name: "Purchases" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export lines", exact: true })).toHaveCount(0);
});
