/**
 * The books against the bank, in-process against the sandbox: the demo retailer's last 90 days of payments, each in
 * every payments file once, on its day, for its whole amount, naming only bills a bills file holds; and each program's
 * own "only what is new".
 */
import { parse } from "csv-parse/sync";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAPPING } from "@/lib/domain/accounting/mapping";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import {
  type AccountingDeps,
  getAccountingExport,
  getAccountingPreview,
  markAccountingExport,
  putAccountingMapping,
} from "./accounting-api";
import { createAccountingStore } from "./accounting-store";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
afterEach(async () => {
  await backend?.close();
});

/** The demo retailer's last 90 days on the sandbox's clock (2026-11-21), and the bills before them, a year a file. */
const FROM = "2026-08-24";
const TO = "2026-11-21";
const BILL_PERIODS = [
  ["2025-05-01", "2026-04-30"],
  ["2026-05-01", "2026-11-21"],
] as const;

const MAPPING = { ...DEFAULT_MAPPING, xeroDefaultAccount: "310", xeroTaxType: "Tax Exempt" };

async function setUp() {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  const deps: AccountingDeps = { ...backend, accounting: { store: createAccountingStore(backend.db) } };
  const person = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
  await deps.accounting.store.setMapping(person.workspaceId, MAPPING, person.userId);
  const get = async (path: string) => {
    const answer = await getAccountingExport(browserRequest("GET", path, { cookie: person.cookie }), deps);
    expect(answer.status, `${path}: ${answer.status}`).toBe(200);
    return answer;
  };
  const mark = (path: string, key: string) =>
    markAccountingExport(
      browserRequest("POST", path, { cookie: person.cookie, site: "same-origin", headers: { "Idempotency-Key": key } }),
      deps,
    );
  const preview = async (path: string) =>
    (await (await getAccountingPreview(browserRequest("GET", path, { cookie: person.cookie }), deps)).json()) as {
      counts: { period: number; new: number; unchanged: number; inFile: number };
      exportedBefore: { count: number; exportedAt: string[]; fileNames: string[] };
      held: { number: string; customerName: string; reason: string }[];
    };
  return { person, deps, get, mark, preview };
}

/** An amount as the API or a file writes it, to whole cents (half away from zero), in integers only. */
function cents(text: unknown): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text).trim());
  if (!match) throw new RangeError(`not an amount: ${String(text)}`);
  const micros = BigInt(match[2]!) * 1_000_000n + BigInt((match[3] ?? "").padEnd(6, "0").slice(0, 6));
  const rounded = (micros + 5_000n) / 10_000n;
  return match[1] ? -rounded : rounded;
}

/** A payment's day: its `PostDate`, the ERP's calendar day (midnight UTC). */
const dayOf = (postDate: unknown) => String(postDate).slice(0, 10);
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

function csvRows(text: string): Record<string, string>[] {
  const [header, ...rows] = parse(text, { record_delimiter: "\r\n" }) as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((column, i) => [column, row[i] ?? ""])));
}

/** An IIF's transactions: the TRNS line and its SPL lines, by the header's columns. */
function iifTransactions(text: string): { trns: Record<string, string>; spl: Record<string, string>[] }[] {
  const lines = text
    .trimEnd()
    .split("\r\n")
    .map((l) => l.split("\t"));
  const columns = new Map(lines.filter((l) => l[0]!.startsWith("!")).map((l) => [l[0]!.slice(1), l]));
  const read = (l: string[]) => Object.fromEntries(columns.get(l[0]!)!.map((c, i) => [c, l[i] ?? ""]));
  const out: { trns: Record<string, string>; spl: Record<string, string>[] }[] = [];
  for (const line of lines) {
    if (line[0] === "TRNS") out.push({ trns: read(line), spl: [] });
    else if (line[0] === "SPL") out.at(-1)!.spl.push(read(line));
  }
  return out;
}

describe("the demo retailer's 90 days: each payment once, on its day, for its whole amount", () => {
  it("in every payments file, every payment's rows sum to its Amount and carry its PostDate; none names a bill no bills file holds", async () => {
    const { get } = await setUp();
    const payments = (await sandbox.walk("/payments", DEMO_KEYS.Customer)).filter(
      (p) => dayOf(p.PostDate) >= FROM && dayOf(p.PostDate) <= TO,
    );
    expect(payments.length).toBeGreaterThan(3);
    // Money left unallocated in some (what the books lost when only allocations were exported).
    const confirmed = (await sandbox.walk("/payments/applications?Statuses=Confirmed", DEMO_KEYS.Customer)).filter(
      (a) => payments.some((p) => p.PaymentInvoiceNum === a.PaymentInvoiceNum),
    );
    const unallocated = payments.filter(
      (p) =>
        cents(p.Amount) !==
        confirmed.filter((a) => a.PaymentInvoiceNum === p.PaymentInvoiceNum).reduce((t, a) => t + cents(a.Amount), 0n),
    );
    expect(unallocated.length).toBeGreaterThan(0);

    // Every bill any bills file holds, per program.
    const billsOf = async (format: string, column: string) => {
      const numbers = new Set<string>();
      for (const [from, to] of BILL_PERIODS) {
        const text = await (await get(`/api/accounting/export?format=${format}&from=${from}&to=${to}`)).text();
        if (format === "iif") for (const t of iifTransactions(text)) numbers.add(t.trns.DOCNUM!);
        else for (const row of csvRows(text)) numbers.add(row[column]!);
      }
      return numbers;
    };
    const qboBills = new Set([
      ...(await billsOf("qbo-bills", "Bill No")),
      ...(await billsOf("qbo-vendor-credits", "Vendor Credit No")),
    ]);
    const iifBills = await billsOf("iif", "");

    const period = `from=${FROM}&to=${TO}`;
    const qbo = csvRows(await (await get(`/api/accounting/export?format=qbo-payments&${period}`)).text());
    const iif = iifTransactions(await (await get(`/api/accounting/export?format=iif-payments&${period}`)).text());
    const xero = csvRows(await (await get(`/api/accounting/export?format=xero-bank-statement&${period}`)).text());

    for (const payment of payments) {
      const number = String(payment.PaymentInvoiceNum);
      const amount = cents(payment.Amount);
      const day = dayOf(payment.PostDate);
      // QuickBooks Online: one bill payment, its rows consecutive, summing to the Amount, on the PostDate.
      const at = qbo.flatMap((row, i) => (row["Bill Payment No"] === number ? [i] : []));
      expect(at.length, number).toBeGreaterThan(0);
      expect(at.at(-1)! - at[0]!, `${number}'s rows are consecutive`).toBe(at.length - 1);
      const rows = at.map((i) => qbo[i]!);
      expect(
        rows.reduce((t, r) => t + cents(r["Line Amount"]), 0n),
        number,
      ).toBe(amount);
      for (const row of rows) {
        expect([row["Payment Date"], cents(row["Total Amount"])], number).toEqual([usDate(day), amount]);
        if (row["Bill No"]) expect(qboBills.has(row["Bill No"]), `${number} names ${row["Bill No"]}`).toBe(true);
      }
      // QuickBooks Desktop: one transaction out of the bank (or into it, returned), its splits summing to zero.
      const transactions = iif.filter((t) => t.trns.DOCNUM === number && t.trns.ACCNT !== MAPPING.prepaymentsAccount);
      expect(transactions, number).toHaveLength(1);
      const { trns, spl } = transactions[0]!;
      expect([trns.DATE, cents(trns.AMOUNT)], number).toEqual([usDate(day), -amount]);
      expect(
        spl.reduce((t, s) => t + cents(s.AMOUNT), 0n),
        number,
      ).toBe(amount);
      for (const s of spl)
        if (s.ACCNT === MAPPING.payablesAccount && s.DOCNUM !== number)
          expect(iifBills.has(s.DOCNUM!), `${number} names ${s.DOCNUM}`).toBe(true);
      // Xero: a brand's credit never passes through the bank; every other payment is one statement line.
      const lines = xero.filter((row) => row.Reference === number);
      if (payment.SupplierID != null) expect(lines, number).toEqual([]);
      else
        expect(
          lines.map((l) => [l["*Date"], cents(l["*Amount"]), l.Payee]),
          number,
        ).toEqual([[usDate(day), -amount, MAPPING.vendorName]]);
    }
    // Nothing else: one payment per API payment (applications of earlier prepayments come from the bank never).
    expect(new Set(qbo.map((r) => r["Bill Payment No"])).size).toBe(payments.length);
    expect(xero).toHaveLength(payments.filter((p) => p.SupplierID == null).length);
  });
});

describe("each program its own 'only what is new'", () => {
  it("after QuickBooks Online's bills and vendor credits are marked, Xero's and the IIF's of the same period hold the same bills", async () => {
    const { get, mark, preview } = await setUp();
    const period = "from=2026-10-01&to=2026-10-31";
    const numbers = async (answer: Response, column: string) =>
      csvRows(await answer.text())
        .map((r) => r[column]!)
        .filter((n, i, all) => all.indexOf(n) === i)
        .sort();
    const bills = await numbers(
      await mark(`/api/accounting/export?format=qbo-bills&${period}&new=1`, "qbo-b"),
      "Bill No",
    );
    const credits = await numbers(
      await mark(`/api/accounting/export?format=qbo-vendor-credits&${period}&new=1`, "qbo-c"),
      "Vendor Credit No",
    );
    expect(bills.length).toBeGreaterThan(3);
    const xero = await numbers(await get(`/api/accounting/export?format=xero-bills&${period}&new=1`), "*InvoiceNumber");
    expect(xero).toEqual([...bills, ...credits].sort());
    const iif = iifTransactions(await (await get(`/api/accounting/export?format=iif&${period}&new=1`)).text());
    expect(iif.map((t) => t.trns.DOCNUM).sort()).toEqual([...bills, ...credits].sort());
    // QuickBooks Online's own: nothing new, and a plain download leaves them out too, saying how many and when.
    expect((await preview(`/api/accounting/preview?format=qbo-bills&${period}&new=1`)).counts).toMatchObject({
      inFile: 0,
      unchanged: bills.length,
    });
    const plain = await get(`/api/accounting/export?format=qbo-bills&${period}`);
    expect([plain.headers.get("x-backroom-records"), plain.headers.get("x-backroom-left-out")]).toEqual([
      "0",
      String(bills.length),
    ]);
    const told = await preview(`/api/accounting/preview?format=qbo-bills&${period}`);
    expect(told.exportedBefore).toMatchObject({
      count: bills.length,
      fileNames: ["qbo-bills-2026-10-01-to-2026-10-31.csv"],
    });
    // Asked for again: every one.
    const again = await get(`/api/accounting/export?format=qbo-bills&${period}&new=0`);
    expect(again.headers.get("x-backroom-records")).toBe(String(bills.length));
  });
});

describe("names travel exactly", () => {
  it.each([
    ["a double quote in the vendor", { vendorName: '=@Home "Wholesale", Inc.' }, "vendorName", /double quote \(\"\)/],
    ["a tab in an account", { bankAccount: "Check\ting" }, "bankAccount", /a tab/],
    ["a vendor past QuickBooks Desktop's 41 characters", { vendorName: "V".repeat(42) }, "vendorName", /41/],
  ])("refuses %s when the mapping is saved, naming the field and why", async (_, change, field, words) => {
    const { person, deps } = await setUp();
    const body = { ...DEFAULT_MAPPING, ...change };
    const put = await putAccountingMapping(
      browserRequest("PUT", "/api/accounting/mapping", { cookie: person.cookie, json: body }),
      deps,
    );
    const answer = (await put.json()) as { Error: { code: string; fieldErrors: { field: string; detail: string }[] } };
    expect([put.status, answer.Error.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(answer.Error.fieldErrors.map((f) => f.field)).toEqual([field]);
    expect(answer.Error.fieldErrors[0]!.detail).toMatch(words);
  });
});

describe("a payment toward a bill no bills file holds", () => {
  it("keeps what it pays that bill in the prepayment, named in the preview, and no row names the bill", async () => {
    const { get, preview } = await setUp();
    // The demo retailer's invoice being updated (RevisionStatus set): held back from every bills file.
    const held = (
      await sandbox.walk("/invoices?Statuses=1,2,3,4,5,7&StartDate=2026-11-01&EndDate=2026-11-21", DEMO_KEYS.Customer)
    ).find((i) => i.RevisionStatus)!;
    const open = (await sandbox.walk("/payments/openInvoices", DEMO_KEYS.Customer)).find(
      (i) => i.InvoiceNum === held.InvoiceNum,
    )!;
    const payment = (await sandbox.walk("/payments", DEMO_KEYS.Customer)).find(
      (p) => p.SupplierID == null && Number(p.AvailableBalance) >= 1 && p.ARAccountID === open.ARAccountID,
    )!;
    const number = String(payment.PaymentInvoiceNum);
    const asked = await sandbox.call(
      "POST",
      `/v1/payments/applications?PaymentInvoiceNum=${number}&TargetInvoiceNum=${held.InvoiceNum}&ARAccountID=${open.ARAccountID}&Amount=1.00`,
      { as: "Customer" },
    );
    expect(asked.status).toBe(201);
    // Exported on the ERP's next run, confirmed on the one after.
    await sandbox.operator("POST", "/jobs/export");
    await sandbox.operator("POST", "/jobs/export");
    const day = dayOf(payment.PostDate);
    const period = `from=${day}&to=${TO}`;
    const rows = csvRows(await (await get(`/api/accounting/export?format=qbo-payments&${period}`)).text()).filter(
      (r) => r["Bill Payment No"] === number,
    );
    expect(rows.map((r) => r["Bill No"])).not.toContain(held.InvoiceNum);
    expect(rows.reduce((t, r) => t + cents(r["Line Amount"]), 0n)).toBe(cents(payment.Amount));
    expect(rows.find((r) => r.Type === "Prepayment")).toBeDefined();
    const told = await preview(`/api/accounting/preview?format=qbo-payments&${period}`);
    expect(told.held).toContainEqual({
      number: `${number} → ${held.InvoiceNum}`,
      customerName: "",
      reason: expect.stringMatching(
        new RegExp(`^${held.InvoiceNum} is in no QuickBooks Online bills file yet \\(an update is being applied`),
      ),
    });
  });
});
