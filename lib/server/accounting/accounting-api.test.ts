import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDecimals } from "@/lib/format/decimal";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import {
  type AccountingDeps,
  getAccountingExport,
  getAccountingExports,
  getAccountingMapping,
  getAccountingPreview,
  markAccountingExport,
  putAccountingMapping,
} from "./accounting-api";
import { createAccountingStore } from "./accounting-store";
import type { AccountingTables } from "./tables";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
afterEach(async () => {
  await backend?.close();
});

/** October 2026: a month of the demo retailer's invoices (the sandbox's clock stands at 2026-11-21). */
const MONTH = "from=2026-10-01&to=2026-10-31";

async function setUp(keyType: "Customer" | "Employee" | "Supplier" = "Customer") {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  const deps: AccountingDeps = { ...backend, accounting: { store: createAccountingStore(backend.db) } };
  const person = await connectKey(backend, DEMO_KEYS[keyType], keyType);
  const get = (handler: typeof getAccountingExport, path: string, site: string | null = null) =>
    handler(browserRequest("GET", path, { cookie: person.cookie, site }), deps);
  /** A marked download, as the page asks for it (same origin) unless `site` says otherwise. */
  const mark = (
    path: string,
    idempotencyKey: string | null,
    { cookie = person.cookie, site = "same-origin", to = deps } = {},
  ) =>
    markAccountingExport(
      browserRequest("POST", path, {
        cookie,
        site,
        headers: idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey },
      }),
      to,
    );
  /** The workspace's marked exports, newest first. */
  const ledger = async () =>
    (
      (await (await get(getAccountingExports, "/api/accounting/exports")).json()) as {
        exports: { format: string; fileName: string; records: number; madeBy: string }[];
      }
    ).exports;
  return { person, deps, get, mark, ledger };
}

/** The error's code and its first field, of a refusal. */
const refusalOf = async (answer: Response) => {
  const { Error } = (await answer.json()) as { Error: { code: string; fieldErrors?: { field: string }[] } };
  return [answer.status, Error.code, Error.fieldErrors?.[0]?.field];
};

/** Amounts in whole cents, summed exactly. */
const cents = (text: string) => {
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return text.startsWith("-") ? -value : value;
};

describe("GET /api/accounting/export", () => {
  it("gives the demo retailer's month as QuickBooks Online imports it, bills and vendor credits apart, totalling the API's invoices to the cent", async () => {
    const { get } = await setUp();
    const answer = await get(getAccountingExport, `/api/accounting/export?format=qbo-bills&${MONTH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="qbo-bills-2026-10-01-to-2026-10-31.csv"',
    );
    const text = await answer.text();
    const [header, ...rows] = text.trimEnd().split("\r\n");
    expect(header).toBe(
      "Bill No,Vendor,Bill Date,Due Date,Terms,Memo,Account,Product/Service,Line Description,Qty,Rate,Line Amount",
    );
    const credits = await get(getAccountingExport, `/api/accounting/export?format=qbo-vendor-credits&${MONTH}`);
    expect(credits.status).toBe(200);
    const creditsText = await credits.text();
    expect(creditsText.split("\r\n")[0]).toBe(
      "Vendor Credit No,Vendor,Credit Date,Memo,Account,Product/Service,Line Description,Qty,Rate,Line Amount",
    );
    // The API's invoices of October, every status: the bills hold those owed, the vendor credits those owed back.
    const invoices = (
      await sandbox.walk("/invoices?Statuses=1,2,3,4,5,7&StartDate=2026-10-01&EndDate=2026-10-31", DEMO_KEYS.Customer)
    ).filter((i) => i.RevisionStatus == null);
    expect(invoices.length).toBeGreaterThan(3);
    const owedBack = invoices.filter((i) => cents(Number(i.InvoiceTotal).toFixed(2)) < 0n);
    expect(Number(answer.headers.get("x-backroom-records"))).toBe(invoices.length - owedBack.length);
    expect(Number(credits.headers.get("x-backroom-records"))).toBe(owedBack.length);
    const total = addDecimals(...invoices.map((i) => String(i.InvoiceTotal)));
    const billed = cents(answer.headers.get("x-backroom-total")!);
    const credited = cents(credits.headers.get("x-backroom-total")!);
    expect(billed >= 0n).toBe(true);
    expect(billed + credited).toBe(cents(Number(total).toFixed(2)));
    for (const invoice of invoices)
      expect(owedBack.includes(invoice) ? creditsText : text).toContain(`${String(invoice.InvoiceNum)},Distributor,`);
    expect(rows.length).toBeGreaterThanOrEqual(invoices.length - owedBack.length);
    // QuickBooks' dates, month first.
    expect(rows[0]).toMatch(/^INV-\d+,Distributor,10\/\d\d\/2026,\d\d\/\d\d\/2026,/);
  });

  it("refuses Xero's files while the mapping lacks Xero's codes, naming each, and the preview names them too", async () => {
    const { get } = await setUp();
    const answer = await get(getAccountingExport, `/api/accounting/export?format=xero-bills&${MONTH}`);
    expect(answer.status).toBe(409);
    const body = (await answer.json()) as { Error: { code: string; detail: string; gaps: { field: string }[] } };
    expect(body.Error.code).toBe("MAPPING_INCOMPLETE");
    expect(body.Error.detail).toContain("Xero default account code (not set)");
    expect(body.Error.gaps.map((g) => g.field)).toEqual(["xeroDefaultAccount", "xeroTaxType"]);
    const preview = (await (
      await get(getAccountingPreview, `/api/accounting/preview?format=xero-bills&${MONTH}`)
    ).json()) as { gaps: { field: string }[]; files: unknown[]; preview: { rows: unknown[] } };
    expect(preview.gaps.map((g) => g.field)).toEqual(["xeroDefaultAccount", "xeroTaxType"]);
    expect([preview.files, preview.preview.rows]).toEqual([[], []]);
    // Xero's bank statement names no account: the account it is imported into is the bank's.
    expect((await get(getAccountingExport, `/api/accounting/export?format=xero-bank-statement&${MONTH}`)).status).toBe(
      200,
    );
    // Blocks that file only: QuickBooks' file of the same period is there.
    expect((await get(getAccountingExport, `/api/accounting/export?format=qbo-payments&${MONTH}`)).status).toBe(200);
  });

  it("writes an IIF whose every transaction sums to zero, and a return as a BILL REFUND", async () => {
    const { get } = await setUp();
    // November so far: two returns, and an invoice whose update is being applied.
    const answer = await get(getAccountingExport, `/api/accounting/export?format=iif&from=2026-11-01&to=2026-11-21`);
    expect(answer.status).toBe(200);
    const lines = (await answer.text())
      .trimEnd()
      .split("\r\n")
      .map((l) => l.split("\t"));
    expect(lines[0]![0]).toBe("!TRNS");
    let sum = 0n;
    let transactions = 0;
    const types = new Set<string>();
    for (const fields of lines.slice(3)) {
      if (fields[0] === "TRNS") {
        sum = cents(fields[6]!);
        types.add(fields[2]!);
      } else if (fields[0] === "SPL") sum += cents(fields[6]!);
      else if (fields[0] === "ENDTRNS") {
        expect(sum).toBe(0n);
        transactions++;
      }
    }
    expect(transactions).toBe(Number(answer.headers.get("x-backroom-records")));
    expect([...types].sort()).toEqual(["BILL", "BILL REFUND"]);
    const preview = (await (
      await get(getAccountingPreview, `/api/accounting/preview?format=iif&from=2026-11-01&to=2026-11-21`)
    ).json()) as { held: { number: string; reason: string }[]; preview: { header: string[]; rows: string[][] } };
    // Held back with a note, never half-updated; the preview's rows are the file's first.
    expect(preview.held).toEqual([
      expect.objectContaining({ number: "INV-101502", reason: expect.stringContaining("RevisionStatus Accepted") }),
    ]);
    expect(preview.preview.header[0]).toBe("!TRNS");
    expect(preview.preview.rows[0]).toEqual(lines[3]);
  });

  it("remembers a marked export (a POST): the program's next one with new=1 holds nothing of it, and says so; another program's holds it all", async () => {
    const { get, mark, ledger, deps, person } = await setUp();
    const plain = await get(getAccountingExport, `/api/accounting/export?format=iif&${MONTH}`);
    expect(plain.headers.get("x-backroom-marked")).toBe("0");
    const marked = await mark(`/api/accounting/export?format=iif&${MONTH}`, "iif-october");
    expect([marked.status, marked.headers.get("x-backroom-marked")]).toEqual([200, "1"]);
    // The file the GET gives, to the byte.
    expect(await marked.text()).toBe(await plain.text());
    const records = Number(marked.headers.get("x-backroom-records"));
    const again = await get(getAccountingExport, `/api/accounting/export?format=iif&${MONTH}&new=1`);
    expect([again.headers.get("x-backroom-records"), again.headers.get("x-backroom-left-out")]).toEqual([
      "0",
      String(records),
    ]);
    // QuickBooks Online's books are not QuickBooks Desktop's: its bills and vendor credits are all new to it.
    const online = await Promise.all(
      ["qbo-bills", "qbo-vendor-credits"].map((format) =>
        get(getAccountingExport, `/api/accounting/export?format=${format}&${MONTH}&new=1`),
      ),
    );
    expect(online.reduce((n, a) => n + Number(a.headers.get("x-backroom-records")), 0)).toBe(records);
    const preview = (await (
      await get(getAccountingPreview, `/api/accounting/preview?format=iif&${MONTH}&new=1`)
    ).json()) as {
      counts: { period: number; new: number; unchanged: number; inFile: number };
    };
    expect(preview.counts).toMatchObject({ period: records, new: 0, unchanged: records, inFile: 0 });
    // A bill changed since its export (its fingerprint differs) comes again, and is named.
    const one = await backend.db
      .withTables<AccountingTables>()
      .selectFrom("accounting_exported")
      .select("record_key")
      .executeTakeFirstOrThrow();
    await backend.db
      .withTables<AccountingTables>()
      .updateTable("accounting_exported")
      .set({ fingerprint: "older" })
      .where("record_key", "=", one.record_key)
      .execute();
    const changed = (await (
      await get(getAccountingPreview, `/api/accounting/preview?format=iif&${MONTH}&new=1`)
    ).json()) as {
      counts: { changed: number; inFile: number };
      changed: { number: string; fileName: string }[];
    };
    expect(changed.counts).toMatchObject({ changed: 1, inFile: 1 });
    expect(changed.changed[0]!.fileName).toBe("iif-2026-10-01-to-2026-10-31.iif");
    // In the ledger's list and the audit trail, with who made it.
    expect(await ledger()).toEqual([expect.objectContaining({ format: "iif", records, madeBy: person.userId })]);
    const trail = await deps.audit.list(
      { workspaceId: person.workspaceId, fingerprints: [] },
      { events: ["accounting-export"], limit: 10, offset: 0 },
    );
    expect(trail.entries.map((e) => e.reference.fileName)).toEqual(["iif-2026-10-01-to-2026-10-31.iif"]);
  });

  it("gives each payment of the period once, for its whole amount: the files' totals are the API's payments to the cent", async () => {
    const { get } = await setUp();
    const period = "from=2026-01-01&to=2026-10-31";
    const payments = (await sandbox.walk("/payments", DEMO_KEYS.Customer)).filter(
      (p) => String(p.PostDate) >= "2026-01-01" && String(p.PostDate) < "2026-11-01",
    );
    const paid = payments.reduce((t, p) => t + cents(Number(p.Amount).toFixed(2)), 0n);
    const bank = payments
      .filter((p) => p.SupplierID == null)
      .reduce((t, p) => t + cents(Number(p.Amount).toFixed(2)), 0n);
    for (const format of ["qbo-payments", "iif-payments"]) {
      const answer = await get(getAccountingExport, `/api/accounting/export?format=${format}&${period}`);
      expect([answer.status, cents(answer.headers.get("x-backroom-total")!)], format).toEqual([200, paid]);
    }
    const statement = await get(getAccountingExport, `/api/accounting/export?format=xero-bank-statement&${period}`);
    const lines = (await statement.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("*Date,*Amount,Payee,Description,Reference");
    expect(lines).toHaveLength(1 + payments.filter((p) => p.SupplierID == null).length);
    expect(cents(statement.headers.get("x-backroom-total")!)).toBe(bank);
  });

  it.each([
    ["a brand's key", "Supplier", `format=qbo-bills&${MONTH}`, 403, "NOT_FOR_THIS_KEY"],
    ["staff naming no store", "Employee", `format=qbo-bills&${MONTH}`, 400, "VALIDATION_FAILED"],
    ["a format it does not write", "Customer", `format=csv&${MONTH}`, 400, "VALIDATION_FAILED"],
    [
      "a period ending before it starts",
      "Customer",
      "format=iif&from=2026-10-31&to=2026-10-01",
      400,
      "VALIDATION_FAILED",
    ],
    ["a day that is no day", "Customer", "format=iif&from=2026-02-30&to=2026-03-01", 400, "VALIDATION_FAILED"],
    ["more than a year", "Customer", "format=iif&from=2025-01-01&to=2026-10-31", 400, "VALIDATION_FAILED"],
    ["a status that is none", "Customer", `format=iif&${MONTH}&statuses=1,6`, 400, "VALIDATION_FAILED"],
    ["a part the export has not", "Customer", `format=iif&${MONTH}&part=2`, 400, "VALIDATION_FAILED"],
    ["an unknown parameter", "Customer", `format=iif&${MONTH}&vendor=x`, 400, "VALIDATION_FAILED"],
  ] as const)("refuses %s", async (_, keyType, query, status, code) => {
    const { get } = await setUp(keyType);
    const answer = await get(getAccountingExport, `/api/accounting/export?${query}`);
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { Error: { code: string } }).Error.code).toBe(code);
  });

  it("gives one store's payments alike to its retailer and to the distributor's staff: the allocations toward its invoices", async () => {
    const { get, deps } = await setUp();
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const period = "format=qbo-payments&from=2026-01-01&to=2026-11-21&customer=20001";
    const own = await get(getAccountingExport, `/api/accounting/export?${period}`);
    const theirs = await getAccountingExport(
      browserRequest("GET", `/api/accounting/export?${period}`, { cookie: staff.cookie, site: null }),
      deps,
    );
    expect(own.status).toBe(200);
    expect(theirs.status).toBe(200);
    const text = await own.text();
    expect(await theirs.text()).toBe(text);
    // Every bill paid is one of the store's invoices.
    const numbers = new Set(
      (await sandbox.walk("/invoices?Statuses=1,2,3,4,5,7&CustomerIDs=20001", DEMO_KEYS.Customer)).map(
        (i) => i.InvoiceNum,
      ),
    );
    const rows = text.trimEnd().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    // Each bill paid is one of the store's invoices (the rest of a payment is prepaid: no bill).
    for (const row of rows) {
      const bill = row.split(",")[5];
      if (bill) expect(numbers.has(bill)).toBe(true);
    }
    // And fewer than the retailer's every store's.
    const all = await get(
      getAccountingExport,
      "/api/accounting/export?format=qbo-payments&from=2026-01-01&to=2026-11-21",
    );
    expect(Number(all.headers.get("x-backroom-records"))).toBeGreaterThan(
      Number(own.headers.get("x-backroom-records")),
    );
  });

  it("refuses a brand's key in one sentence, the export and the mapping alike", async () => {
    const { get } = await setUp("Supplier");
    const sentence = (what: string) => ({
      Error: {
        code: "NOT_FOR_THIS_KEY",
        detail: `${what}: for Customer or Employee keys only; this workspace's key is a Supplier key.`,
      },
    });
    const exported = await get(getAccountingExport, `/api/accounting/export?format=qbo-bills&${MONTH}`);
    expect([exported.status, await exported.json()]).toEqual([403, sentence("The export")]);
    const mapping = await get(getAccountingMapping, "/api/accounting/mapping");
    expect([mapping.status, await mapping.json()]).toEqual([403, sentence("The books' mapping")]);
  });

  it("lets a viewer download, but not mark: a mark changes what everyone's next export holds", async () => {
    const { person, deps, mark } = await setUp();
    const viewer = await joinAs(backend, person.workspaceId, "viewer");
    const path = `/api/accounting/export?format=iif&${MONTH}`;
    const ask = () => getAccountingExport(browserRequest("GET", path, { cookie: viewer.cookie }), deps);
    expect((await ask()).status).toBe(200);
    expect(await refusalOf(await mark(path, "viewer-mark", { cookie: viewer.cookie }))).toEqual([
      403,
      "FORBIDDEN_BY_ROLE",
      undefined,
    ]);
    expect(
      await backend.db.withTables<AccountingTables>().selectFrom("accounting_exports").selectAll().execute(),
    ).toEqual([]);
  });

  it("marks nothing on a GET: mark=1 is refused (400, naming mark and saying to POST), from the page or not", async () => {
    const { get, ledger } = await setUp();
    for (const site of ["same-origin", null, "cross-site"]) {
      const answer = await get(getAccountingExport, `/api/accounting/export?format=iif&${MONTH}&mark=1`, site);
      const body = (await answer.json()) as {
        Error: { code: string; detail: string; fieldErrors: { field: string; detail: string }[] };
      };
      expect([answer.status, body.Error.code, body.Error.fieldErrors.map((f) => f.field)], String(site)).toEqual([
        400,
        "VALIDATION_FAILED",
        ["mark"],
      ]);
      expect(body.Error.detail).toMatch(/^A GET marks nothing: POST the same address, with an Idempotency-Key/);
    }
    // mark=0 is no mark: the file, unmarked.
    const unmarked = await get(getAccountingExport, `/api/accounting/export?format=iif&${MONTH}&mark=0`);
    expect([unmarked.status, unmarked.headers.get("x-backroom-marked")]).toEqual([200, "0"]);
    expect(await ledger()).toEqual([]);
  });

  it("marks once per Idempotency-Key: a retry (its first answer lost) gets the same file, new=1 or not, and marks nothing more", async () => {
    const { get, mark, ledger, deps, person } = await setUp();
    const path = `/api/accounting/export?format=qbo-bills&${MONTH}&new=1`;
    const first = await mark(path, "october-bills");
    expect([first.status, first.headers.get("x-backroom-marked")]).toEqual([200, "1"]);
    const text = await first.text();
    const records = first.headers.get("x-backroom-records");
    expect(Number(records)).toBeGreaterThan(0);
    // Marked: "only what is new" holds nothing now...
    expect((await get(getAccountingExport, path)).headers.get("x-backroom-records")).toBe("0");
    // ...but the same key again answers what it marked, as it was.
    const again = await mark(path, "october-bills");
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
    for (const header of ["content-disposition", "x-backroom-records", "x-backroom-total", "x-backroom-parts"])
      expect(again.headers.get(header), header).toBe(first.headers.get(header));
    // Once in the ledger and once in the audit trail.
    expect(await ledger()).toEqual([expect.objectContaining({ format: "qbo-bills", records: Number(records) })]);
    const trail = await deps.audit.list(
      { workspaceId: person.workspaceId, fingerprints: [] },
      { events: ["accounting-export"], limit: 10, offset: 0 },
    );
    expect(trail.entries.map((e) => e.idempotencyKey)).toEqual(["october-bills"]);
    // The key asking for another export; no key; a cross-site POST: refused, nothing more marked.
    expect(await refusalOf(await mark(`/api/accounting/export?format=iif&${MONTH}`, "october-bills"))).toEqual([
      409,
      "IDEMPOTENCY_KEY_REUSED",
      undefined,
    ]);
    expect(await refusalOf(await mark(path, null))).toEqual([400, "VALIDATION_FAILED", "Idempotency-Key"]);
    expect((await mark(path, "from-elsewhere", { site: "cross-site" })).status).toBe(403);
    expect(await refusalOf(await mark(`${path}&mark=1`, "with-mark"))).toEqual([400, "VALIDATION_FAILED", "mark"]);
    expect(await ledger()).toHaveLength(1);
  });

  it("marks once for two presses with one key, even when both asked before either marked: both get the same file", async () => {
    const { mark, ledger, deps } = await setUp();
    const path = "/api/accounting/export?format=qbo-payments&from=2026-01-01&to=2026-10-31&new=1";
    const [a, b] = await Promise.all([mark(path, "payments-twice"), mark(path, "payments-twice")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const text = await a.text();
    expect(text.trimEnd().split("\r\n").length).toBeGreaterThan(1);
    expect(await b.text()).toBe(text);
    expect(b.headers.get("x-backroom-total")).toBe(a.headers.get("x-backroom-total"));
    // The second looks for the key's export before the first has marked it (a race lost): its mark finds it.
    const { store } = deps.accounting;
    const late = { ...deps, accounting: { store: { ...store, markedWith: async () => undefined } } };
    const c = await mark(path, "payments-twice", { to: late });
    expect([c.status, await c.text()]).toEqual([200, text]);
    expect(await ledger()).toHaveLength(1);
  });

  it("exports one store of the distributor's staff, and marks it from Backroom's pages only", async () => {
    const { get, mark, ledger } = await setUp("Employee");
    const path = `/api/accounting/export?format=qbo-bills&${MONTH}&customer=20001`;
    const answer = await get(getAccountingExport, path);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text.split("\r\n").length).toBeGreaterThan(2);
    expect((await mark(path, "staff-cross-site", { site: "cross-site" })).status).toBe(403);
    expect((await mark(path, "staff-same-site", { site: "same-site" })).status).toBe(403);
    expect(await ledger()).toEqual([]);
    const marked = await mark(path, "staff-page");
    expect([marked.status, await marked.text()]).toEqual([200, text]);
    expect(await ledger()).toHaveLength(1);
  });
});

describe("the mapping", () => {
  it("starts at the defaults, is set by the owner, and names the files' vendor and accounts from then on", async () => {
    const { get, person, deps } = await setUp();
    const first = (await (await get(getAccountingMapping, "/api/accounting/mapping")).json()) as {
      mapping: { vendorName: string };
      updatedAt: string | null;
      mayChange: boolean;
      productTypes: string[];
    };
    expect(first).toMatchObject({ mapping: { vendorName: "Distributor" }, updatedAt: null, mayChange: true });
    expect(first.productTypes.length).toBeGreaterThan(0);
    const body = {
      vendorName: "Green Valley, Distribution",
      defaultAccount: "5000 Purchases",
      accounts: Object.fromEntries(first.productTypes.map((type, i) => [type, `50${10 + i} ${type}`])),
      bankAccount: "1000 Checking",
      creditsAccount: "1200 Brand credits",
      payablesAccount: "Accounts Payable",
      prepaymentsAccount: "1300 Vendor Prepayments",
      xeroDefaultAccount: "630",
      xeroAccounts: Object.fromEntries(first.productTypes.map((type, i) => [type, `6${40 + i}`])),
      xeroTaxType: "Tax Exempt",
      dateFormat: "DD/MM/YYYY",
    };
    const put = await putAccountingMapping(
      browserRequest("PUT", "/api/accounting/mapping", { cookie: person.cookie, json: body }),
      deps,
    );
    expect(put.status).toBe(200);
    const file = await (await get(getAccountingExport, `/api/accounting/export?format=qbo-bills&${MONTH}`)).text();
    // The vendor's name quoted as CSV quotes it; QuickBooks' dates month first whatever the mapping says.
    expect(file).toContain('"Green Valley, Distribution",');
    expect(file).toMatch(/,10\/\d\d\/2026,/);
    // Each line to its product type's account: none left to the default.
    expect(file).toMatch(/,50\d\d [^,"]+,,/);
    expect(file).not.toContain("5000 Purchases");
    // Xero's file: its codes, the mapping's tax rate, days first.
    const xero = await (await get(getAccountingExport, `/api/accounting/export?format=xero-bills&${MONTH}`)).text();
    const [, ...xeroRows] = xero.trimEnd().split("\r\n");
    expect(xeroRows.length).toBeGreaterThan(0);
    for (const row of xeroRows) expect(row).toMatch(/,\d\d\/10\/2026,\d\d\/\d\d\/2026,.*,6\d\d,Tax Exempt,/);
    const trail = await deps.audit.list(
      { workspaceId: person.workspaceId, fingerprints: [] },
      { events: ["accounting-mapping-changed"], limit: 10, offset: 0 },
    );
    expect(trail.entries).toHaveLength(1);
  });

  it.each([
    ["an empty vendor", { vendorName: "" }],
    ["a tab in an account", { bankAccount: "Check\ting" }],
    ["a date format no tool reads", { dateFormat: "YYYY/MM/DD" }],
    ["an unknown field", { currency: "USD" }],
    ["the one tax code of old, now Xero's tax rate", { taxCode: "Tax Exempt" }],
    ["a QuickBooks name as a Xero code", { xeroDefaultAccount: "Inventory Asset" }],
    ["a Xero code past 10 characters", { xeroDefaultAccount: "12345678901" }],
    ["the Xero bank code of old (Xero imports no payments)", { xeroBankAccount: "090" }],
    ["a product type's Xero code that is none", { xeroAccounts: { Flower: "Flower stock" } }],
    ["a tax rate Xero does not name so", { xeroTaxType: "NONE" }],
  ])("refuses %s", async (_, change) => {
    const { person, deps } = await setUp();
    const body = {
      vendorName: "Distributor",
      defaultAccount: "Inventory Asset",
      accounts: {},
      bankAccount: "Checking",
      creditsAccount: "Supplier Credits",
      payablesAccount: "Accounts Payable",
      prepaymentsAccount: "Vendor Prepayments",
      xeroDefaultAccount: "",
      xeroAccounts: {},
      xeroTaxType: "",
      dateFormat: "MM/DD/YYYY",
      ...change,
    };
    const put = await putAccountingMapping(
      browserRequest("PUT", "/api/accounting/mapping", { cookie: person.cookie, json: body }),
      deps,
    );
    expect(put.status).toBe(400);
    expect(((await put.json()) as { Error: { code: string } }).Error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 413 to a mapping past 64 kB, and 400 to one that is not JSON", async () => {
    const { person, deps } = await setUp();
    const send = (json: unknown) =>
      putAccountingMapping(browserRequest("PUT", "/api/accounting/mapping", { cookie: person.cookie, json }), deps);
    const large = await send({ vendorName: "x".repeat(64 * 1024) });
    expect([large.status, ((await large.json()) as { Error: { code: string } }).Error.code]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
    ]);
    const notJson = await send("vendorName=Distributor");
    expect([notJson.status, ((await notJson.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
  });
});
