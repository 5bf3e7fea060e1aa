/**
 * The payments as the bank saw them (paymentsOf, paymentSums, applicationKey) and the three files that carry them
 * (QuickBooks Online's bill payments, QuickBooks Desktop's IIF, Xero's bank statement), each read back and reconciled in
 * integer cents: every payment once, on its day, its lines summing to its amount; each bill what its allocations paid,
 * after any sequence of files.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ApplicationRecord,
  applicationKey,
  type BillPayment,
  type Earlier,
  type PaymentRecord,
  type PaymentsOptions,
  paymentSums,
  paymentsOf,
} from "./bill-payments";
import { iifPayments, paymentsFile, qboPayments, xeroBankStatement } from "./formats";
import { type AccountingMapping, DEFAULT_MAPPING } from "./mapping";

// Inputs: the Data API's records, built small.

const MAPPING: AccountingMapping = {
  ...DEFAULT_MAPPING,
  vendorName: "Svc Distribution, Inc.",
  bankAccount: "1000 Checking",
  creditsAccount: "1400 Supplier Credits",
  prepaymentsAccount: "1300 Vendor Prepayments",
  payablesAccount: "2000 Accounts Payable",
};

const LA = "America/Los_Angeles";
const OCTOBER = { from: "2026-10-01", to: "2026-10-31", timeZone: LA };

/** A payment posted on a day of October (the ERP's calendar day: midnight UTC). */
function payment(id: number, amount: string, day = "2026-10-15", fields: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    PaymentID: id,
    PaymentInvoiceNum: `P-${id}`,
    ARAccountID: 50001,
    PaymentTypeID: -1,
    PaymentTypeName: "SupplierCredit",
    Memo: `Check #${id}`,
    Amount: amount,
    SupplierID: null,
    PostDate: `${day}T00:00:00.000Z`,
    ...fields,
  };
}

/** A confirmed allocation of payment P-`paymentId` to `target`, applied at 11:00 in Los Angeles on `day`. */
function applied(
  id: number,
  paymentId: number,
  target: string,
  amount: string,
  day = "2026-10-15",
  fields: Partial<ApplicationRecord> = {},
): ApplicationRecord {
  const at = `${day}T18:00:00.000Z`;
  return {
    PaymentApplicationID: id,
    RequestID: null,
    PaymentInvoiceNum: `P-${paymentId}`,
    TargetInvoiceNum: target,
    ARAccountID: 50001,
    Amount: amount,
    Status: "Confirmed",
    TimeApplied: at,
    TimeUpdated: at,
    ...fields,
  };
}

const EVERY_BILL = () => true;

function options(change: Partial<PaymentsOptions> = {}): PaymentsOptions {
  return { ...OCTOBER, inBooks: EVERY_BILL, newOnly: true, ...change };
}

/** A ledger of one program, as the store keeps it: each record's fingerprint, when and in which file. */
function ledger() {
  const rows = new Map<string, { fingerprint: string; exportedAt: string; fileName: string }>();
  const earlier: Earlier = (key) => rows.get(key);
  return {
    earlier,
    mark(payments: readonly BillPayment[], fileName: string, exportedAt = "2026-11-01T18:00:00.000Z") {
      for (const p of payments)
        for (const r of p.records) rows.set(r.key, { fingerprint: r.fingerprint, exportedAt, fileName });
    },
  };
}

// Reading the files back, with integer arithmetic only.

/** An amount as the files write it, to the cent exactly ("-1234.50"), to whole cents; anything else fails. */
function cents(text: string | null | undefined): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? "");
  if (!match) throw new RangeError(`not an amount to the cent: ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

function csvRows(text: string): Record<string, string>[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...rows] = parse(text, { record_delimiter: "\r\n" }) as string[][];
  return rows.map((row) => {
    expect(row).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((column, i) => [column, row[i]!]));
  });
}

function iifTransactions(text: string): { trns: string[]; spl: string[][] }[] {
  const out: { trns: string[]; spl: string[][] }[] = [];
  for (const line of text
    .trimEnd()
    .split("\r\n")
    .map((l) => l.split("\t"))) {
    if (line[0] === "TRNS") out.push({ trns: line, spl: [] });
    else if (line[0] === "SPL") out.at(-1)!.spl.push(line);
  }
  return out;
}

/**
 * What a set of files puts in the books, by account: each account's movement (QuickBooks Online's and the IIF's must
 * agree), what each bill was paid, and each payment's bank line. Every QuickBooks Online bill payment's rows are
 * consecutive and sum to its total; every IIF transaction sums to zero.
 */
function books(files: readonly (readonly BillPayment[])[], mapping = MAPPING) {
  const qbo = {
    accounts: new Map<string, bigint>(),
    bills: new Map<string, bigint>(),
    bank: new Map<string, bigint>(),
  };
  const iif = { accounts: new Map<string, bigint>(), bills: new Map<string, bigint>() };
  const add = (map: Map<string, bigint>, key: string, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value);
  for (const payments of files) {
    const rows = csvRows(qboPayments(payments, mapping));
    const seen: string[] = [];
    for (const [i, row] of rows.entries()) {
      const number = row["Bill Payment No"]!;
      if (rows[i - 1]?.["Bill Payment No"] !== number) {
        expect(seen, `${number}'s rows are consecutive`).not.toContain(number);
        seen.push(number);
        const lines = rows.filter((r) => r["Bill Payment No"] === number);
        expect(lines.reduce((t, r) => t + cents(r["Line Amount"]), 0n)).toBe(cents(row["Total Amount"]));
        add(qbo.accounts, row["Payment Account"]!, -cents(row["Total Amount"]));
        if (row["Payment Account"] === mapping.bankAccount)
          add(qbo.bank, `${number}@${row["Payment Date"]}`, cents(row["Total Amount"]));
      }
      add(qbo.accounts, row.Account!, cents(row["Line Amount"]));
      if (row["Bill No"]) add(qbo.bills, row["Bill No"], cents(row["Line Amount"]));
    }
    for (const { trns, spl } of iifTransactions(iifPayments(payments, mapping))) {
      expect(spl.reduce((t, s) => t + cents(s[6]), cents(trns[6]))).toBe(0n);
      add(iif.accounts, trns[4]!, cents(trns[6]));
      for (const s of spl) {
        add(iif.accounts, s[4]!, cents(s[6]));
        if (s[4] === mapping.payablesAccount && s[7] !== trns[7]) add(iif.bills, s[7]!, cents(s[6]));
      }
    }
  }
  // Both QuickBooks' files move every account alike.
  expect(iif.accounts).toEqual(qbo.accounts);
  expect(iif.bills).toEqual(qbo.bills);
  return qbo;
}

// The payments.

describe("paymentsOf: each payment once, on its day, for its whole amount", () => {
  it.each([
    {
      name: "a payment allocated over three days: one payment on its day, its three bills, whatever the days",
      payments: [payment(7917, "9693.95", "2026-10-01")],
      applications: [
        applied(1, 7917, "INV-1", "6430.44", "2026-10-01"),
        applied(2, 7917, "INV-2", "849.76", "2026-10-02"),
        applied(3, 7917, "INV-3", "2413.75", "2026-10-03"),
      ],
      lines: [
        ["bill", "INV-1", 643_044n],
        ["bill", "INV-2", 84_976n],
        ["bill", "INV-3", 241_375n],
      ],
    },
    {
      name: "a payment half allocated: the rest to the prepayment",
      payments: [payment(2, "1000.00")],
      applications: [applied(1, 2, "INV-9", "400.00")],
      lines: [
        ["bill", "INV-9", 40_000n],
        ["prepayment", undefined, 60_000n],
      ],
    },
    {
      name: "a payment nothing allocated yet: all of it prepaid",
      payments: [payment(3, "1360.00")],
      applications: [],
      lines: [["prepayment", undefined, 136_000n]],
    },
    {
      name: "a payment netting a credit: the credit negative, the total what left the bank",
      payments: [payment(4, "100.00")],
      applications: [applied(1, 4, "INV-5", "-20.00"), applied(2, 4, "INV-4", "120.00")],
      lines: [
        ["bill", "INV-4", 12_000n],
        ["credit", "INV-5", -2_000n],
      ],
    },
    {
      name: "a reversed payment (a returned check): the money come back, a line of its own",
      payments: [payment(5, "-1250.00", "2026-10-15", { Memo: "Reversed: returned check (NSF)" })],
      applications: [],
      lines: [["returned", undefined, -125_000n]],
    },
    {
      name: "a payment to a bill no bills file holds: its allocation waits in the prepayment",
      payments: [payment(6, "500.00")],
      applications: [applied(1, 6, "INV-HELD", "278.70"), applied(2, 6, "INV-7", "221.30")],
      inBooks: (n: string) => n !== "INV-HELD",
      lines: [
        ["bill", "INV-7", 22_130n],
        ["prepayment", undefined, 27_870n],
      ],
      waiting: [{ reference: "P-6", billNumber: "INV-HELD", amountCents: 27_870n }],
    },
    {
      name: "a brand's credit: from the credits account, its rest prepaid",
      payments: [payment(8, "100.00", "2026-10-15", { SupplierID: 106, PaymentTypeName: "SupplierCredit" })],
      applications: [applied(1, 8, "INV-8", "40.00")],
      lines: [
        ["bill", "INV-8", 4_000n],
        ["prepayment", undefined, 6_000n],
      ],
    },
  ])("$name", ({ payments, applications, inBooks, lines, waiting }) => {
    const made = paymentsOf({ payments, applications }, options(inBooks ? { inBooks } : {}));
    expect(made.payments).toHaveLength(1);
    const [one] = made.payments;
    const api = payments[0]!;
    expect(one).toMatchObject({
      kind: "payment",
      reference: api.PaymentInvoiceNum,
      day: api.PostDate!.slice(0, 10),
      totalCents: cents(Number(api.Amount).toFixed(2)),
      brandCredit: api.SupplierID != null,
    });
    expect(one!.lines.map((l) => [l.kind, l.billNumber, l.amountCents])).toEqual(lines);
    expect(one!.lines.reduce((t, l) => t + l.amountCents, 0n)).toBe(one!.totalCents);
    expect(made.waiting).toEqual(waiting ?? []);
    // Read back: the bank (or the credits account) holds the payment once, on its day; each bill what it was paid.
    const held = books([made.payments]);
    const account = api.SupplierID != null ? MAPPING.creditsAccount : MAPPING.bankAccount;
    expect(held.accounts.get(account)).toBe(-one!.totalCents);
    for (const line of one!.lines) if (line.billNumber) expect(held.bills.get(line.billNumber)).toBe(line.amountCents);
  });

  it("writes a reversed payment as each program records money returned: a deposit, a line of money in", () => {
    const made = paymentsOf({ payments: [payment(5, "-1250.00")], applications: [] }, options());
    expect(csvRows(qboPayments(made.payments, MAPPING))).toEqual([
      expect.objectContaining({
        Type: "Returned payment",
        Account: MAPPING.payablesAccount,
        "Line Amount": "-1250.00",
      }),
    ]);
    const [deposit] = iifTransactions(iifPayments(made.payments, MAPPING));
    expect(deposit!.trns.slice(2, 7)).toEqual([
      "DEPOSIT",
      "10/15/2026",
      "1000 Checking",
      MAPPING.vendorName,
      "1250.00",
    ]);
    expect(deposit!.spl.map((s) => [s[4], s[6]])).toEqual([[MAPPING.payablesAccount, "-1250.00"]]);
    expect(csvRows(xeroBankStatement(made.payments, MAPPING))[0]?.["*Amount"]).toBe("1250.00");
  });

  it("keeps a brand's credit out of a bank statement: it never passed through the bank", () => {
    const input = {
      payments: [payment(8, "100.00", "2026-10-15", { SupplierID: 106 }), payment(9, "50.00")],
      applications: [],
    };
    const made = paymentsOf(input, options({ bankOnly: true }));
    expect(made.payments.map((p) => p.reference)).toEqual(["P-9"]);
    expect(made.notInBank).toEqual([{ reference: "P-8", amountCents: 10_000n }]);
    expect(csvRows(xeroBankStatement(made.payments, MAPPING))).toEqual([
      {
        "*Date": "10/15/2026",
        "*Amount": "-50.00",
        Payee: MAPPING.vendorName,
        Description: "Check #9: prepaid 50.00",
        Reference: "P-9",
      },
    ]);
  });

  it("two exports of one payment, before and after a later allocation: the payment once, the later allocation applied from its prepayment on its day", () => {
    const books1 = ledger();
    const first = paymentsOf(
      { payments: [payment(1, "1000.00")], applications: [applied(1, 1, "INV-1", "300.00")] },
      options({ earlier: books1.earlier }),
    );
    books1.mark(first.payments, "october-1.csv");
    // Confirmed on November 3, after the payment went into the books.
    const input = {
      payments: [payment(1, "1000.00")],
      applications: [applied(1, 1, "INV-1", "300.00"), applied(2, 1, "INV-2", "450.00", "2026-11-03")],
    };
    const november = { from: "2026-11-01", to: "2026-11-30", timeZone: LA };
    const second = paymentsOf(input, options({ ...november, earlier: books1.earlier }));
    expect(second.payments.map((p) => [p.kind, p.reference, p.day, p.totalCents])).toEqual([
      ["applied", "P-1", "2026-11-03", 45_000n],
    ]);
    expect(csvRows(qboPayments(second.payments, MAPPING))).toEqual([
      expect.objectContaining({
        "Bill Payment No": "P-1-20261103",
        "Payment Date": "11/03/2026",
        "Payment Account": MAPPING.prepaymentsAccount,
        "Bill No": "INV-2",
        "Line Amount": "450.00",
      }),
    ]);
    books1.mark(second.payments, "november-1.csv");
    // October again, only what is new: the payment is in the books as it is; said when.
    const again = paymentsOf(input, options({ earlier: books1.earlier }));
    expect([again.payments, again.states, again.before]).toEqual([
      [],
      ["unchanged"],
      [{ exportedAt: "2026-11-01T18:00:00.000Z", fileName: "october-1.csv" }],
    ]);
    // The books: the bank once, each bill what its allocations paid, the prepayment what is left.
    const held = books([first.payments, second.payments]);
    expect(held.bank).toEqual(new Map([["P-1@10/15/2026", 100_000n]]));
    expect(held.bills).toEqual(
      new Map([
        ["INV-1", 30_000n],
        ["INV-2", 45_000n],
      ]),
    );
    expect(held.accounts.get(MAPPING.prepaymentsAccount)).toBe(25_000n);
    expect(paymentSums([...first.payments, ...second.payments])).toEqual({
      bankCents: 100_000n,
      creditsCents: 0n,
      allocatedCents: 75_000n,
      prepaidCents: 25_000n,
      returnedCents: 0n,
    });
  });

  it("a held bill's allocation is applied in the first file after the bill is in the books, on its own day", () => {
    const books1 = ledger();
    const input = { payments: [payment(6, "500.00")], applications: [applied(1, 6, "INV-HELD", "278.70")] };
    const first = paymentsOf(input, options({ earlier: books1.earlier, inBooks: (n) => n !== "INV-HELD" }));
    expect(first.payments[0]!.lines.map((l) => l.kind)).toEqual(["prepayment"]);
    books1.mark(first.payments, "october.csv");
    // Still held in November: still waiting.
    const november = { from: "2026-11-01", to: "2026-11-30", timeZone: LA };
    const still = paymentsOf(
      input,
      options({ ...november, earlier: books1.earlier, inBooks: (n) => n !== "INV-HELD" }),
    );
    expect([still.payments, still.waiting.map((w) => w.billNumber)]).toEqual([[], ["INV-HELD"]]);
    // Exported since: applied from the prepayment, dated the allocation's day.
    const now = paymentsOf(input, options({ ...november, earlier: books1.earlier }));
    expect(now.payments.map((p) => [p.kind, p.day, p.lines.map((l) => l.billNumber)])).toEqual([
      ["applied", "2026-10-15", ["INV-HELD"]],
    ]);
    const held = books([first.payments, now.payments]);
    expect(held.bills.get("INV-HELD")).toBe(27_870n);
    expect(held.accounts.get(MAPPING.prepaymentsAccount)).toBe(50_000n - 27_870n);
  });

  it("writes a payment whose allocations a file of the earlier shape held whole again, named as changed", () => {
    const books1 = ledger();
    // The earlier files held an allocation (its key), never the payment itself.
    books1.mark(
      [
        {
          ...paymentsOf(
            { payments: [payment(1, "100.00")], applications: [applied(1, 1, "INV-1", "60.00")] },
            options(),
          ).payments[0]!,
          records: [{ key: "1", fingerprint: "6000" }],
        },
      ],
      "qbo-payments-2026-10-01-to-2026-10-31.csv",
    );
    const made = paymentsOf(
      { payments: [payment(1, "100.00")], applications: [applied(1, 1, "INV-1", "60.00")] },
      options({ earlier: books1.earlier }),
    );
    expect(made.states).toEqual(["changed"]);
    expect(made.changed).toEqual([
      { number: "P-1", exportedAt: "2026-11-01T18:00:00.000Z", fileName: "qbo-payments-2026-10-01-to-2026-10-31.csv" },
    ]);
    expect(made.payments[0]!.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["bill", 6_000n],
      ["prepayment", 4_000n],
    ]);
  });

  it("asked again (not only what is new): the period's payments whole, with what is applied later left where it went", () => {
    const books1 = ledger();
    const input = {
      payments: [payment(1, "1000.00")],
      applications: [applied(1, 1, "INV-1", "300.00"), applied(2, 1, "INV-2", "450.00", "2026-11-03")],
    };
    books1.mark(paymentsOf({ ...input, applications: input.applications.slice(0, 1) }, options()).payments, "oct.csv");
    books1.mark(
      paymentsOf(input, options({ from: "2026-11-01", to: "2026-11-30", earlier: books1.earlier })).payments,
      "nov.csv",
    );
    const october = paymentsOf(input, options({ newOnly: false, earlier: books1.earlier }));
    expect(october.payments.map((p) => p.lines.map((l) => [l.kind, l.amountCents]))).toEqual([
      [
        ["bill", 30_000n],
        ["prepayment", 70_000n],
      ],
    ]);
    const november = paymentsOf(
      input,
      options({ from: "2026-11-01", to: "2026-11-30", newOnly: false, earlier: books1.earlier }),
    );
    expect(november.payments.map((p) => [p.kind, p.day, p.totalCents])).toEqual([["applied", "2026-11-03", 45_000n]]);
  });

  it("takes only confirmed allocations, of the AR accounts chosen, and the payments posted in the period", () => {
    const payments = [
      payment(1, "10.00", "2026-09-30"),
      payment(2, "10.00", "2026-10-01"),
      payment(3, "10.00", "2026-10-31", { ARAccountID: 50002 }),
      payment(4, "10.00", "2026-11-01"),
    ];
    const applications = (["Pending", "Exported", "Rejected", "Confirmed"] as const).map((Status, i) =>
      applied(i + 1, 2, `INV-${i + 1}`, "1.00", "2026-10-01", { Status }),
    );
    const all = paymentsOf({ payments, applications }, options());
    expect(all.payments.map((p) => [p.reference, p.lines.map((l) => l.billNumber ?? l.kind)])).toEqual([
      ["P-2", ["INV-4", "prepayment"]],
      ["P-3", ["prepayment"]],
    ]);
    expect(
      paymentsOf({ payments, applications }, options({ arAccountIds: [50002] })).payments.map((p) => p.reference),
    ).toEqual(["P-3"]);
  });

  it("names a receipt by its memo (the generic type is every receipt's), a brand's credit by its type too", () => {
    const made = paymentsOf(
      {
        payments: [
          payment(1, "1.00", "2026-10-15", { Memo: " Check 4411 " }),
          payment(2, "1.00", "2026-10-15", { SupplierID: 106, Memo: "Brand credit" }),
          payment(3, "1.00", "2026-10-15", { PaymentTypeID: 20, PaymentTypeName: "Check/ACH", Memo: "" }),
        ],
        applications: [],
      },
      options(),
    );
    expect(made.payments.map((p) => p.memo)).toEqual(["Check 4411", "Supplier credit · Brand credit", "Check/ACH"]);
  });

  it("rounds each amount to the cent, half away from zero, the rest taking what the lines do not", () => {
    const made = paymentsOf(
      {
        payments: [payment(1, "33.345")],
        applications: [applied(1, 1, "INV-1", "33.333333"), applied(2, 1, "INV-2", "0.005")],
      },
      options(),
    );
    expect(made.payments[0]!.lines.map((l) => l.amountCents)).toEqual([3_333n, 1n, 1n]);
    expect(made.payments[0]!.totalCents).toBe(3_335n);
  });
});

describe("applicationKey", () => {
  it.each([
    ["the ERP's id once confirmed", { PaymentApplicationID: 900123, RequestID: 55 }, "900123"],
    ["else the request's", { PaymentApplicationID: null, RequestID: 55 }, "request:55"],
    [
      "else its numbers and time",
      { PaymentInvoiceNum: "P-1", TargetInvoiceNum: "INV-2", TimeApplied: "2026-10-15T18:00:00.000Z" },
      "P-1>INV-2@2026-10-15T18:00:00.000Z",
    ],
  ] satisfies [string, ApplicationRecord, string][])("%s", (_, application, key) => {
    expect(applicationKey(application)).toBe(key);
  });
});

describe("the files' columns", () => {
  const made = paymentsOf(
    {
      payments: [
        payment(1, "150.50", "2026-10-15", { Memo: 'Check 4411, "October"' }),
        payment(2, "40.00", "2026-10-20", { SupplierID: 106 }),
      ],
      applications: [
        applied(1, 1, "INV-1", "100.00"),
        applied(2, 1, "INV-5", "-20.00"),
        applied(3, 2, "INV-3", "40.00", "2026-10-21"),
      ],
    },
    options(),
  );

  it("QuickBooks Online: a payment's rows consecutive under its number, the rest to the prepayment", () => {
    const one = ["P-1", MAPPING.vendorName, "10/15/2026", "1000 Checking", 'Check 4411, "October"'];
    const two = ["P-2", MAPPING.vendorName, "10/20/2026", "1400 Supplier Credits", "Supplier credit · Check #2"];
    expect(parse(qboPayments(made.payments, MAPPING), { record_delimiter: "\r\n" })).toEqual([
      [
        "Bill Payment No",
        "Vendor",
        "Payment Date",
        "Payment Account",
        "Memo",
        "Bill No",
        "Type",
        "Account",
        "Line Amount",
        "Total Amount",
      ],
      [...one, "INV-1", "Bill", "2000 Accounts Payable", "100.00", "150.50"],
      [...one, "INV-5", "Vendor Credit", "2000 Accounts Payable", "-20.00", "150.50"],
      [...one, "", "Prepayment", "1300 Vendor Prepayments", "70.50", "150.50"],
      [...two, "INV-3", "Bill", "2000 Accounts Payable", "40.00", "40.00"],
    ]);
  });

  it("QuickBooks Desktop: a BILLPMT out of the bank, its splits on accounts payable and the prepayment, names as they are", () => {
    const mapping = { ...MAPPING, vendorName: "Valley · Wholesale × 2" };
    const text = iifPayments(made.payments, mapping);
    expect(
      text
        .split("\r\n")
        .slice(0, 8)
        .map((l) => l.split("\t")),
    ).toEqual([
      ["!TRNS", "TRNSID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"],
      ["!SPL", "SPLID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"],
      ["!ENDTRNS"],
      [
        "TRNS",
        "",
        "BILLPMT",
        "10/15/2026",
        "1000 Checking",
        "Valley · Wholesale × 2",
        "-150.50",
        "P-1",
        "Check 4411, 'October'",
      ],
      [
        "SPL",
        "",
        "BILLPMT",
        "10/15/2026",
        "2000 Accounts Payable",
        "Valley · Wholesale × 2",
        "100.00",
        "INV-1",
        "Bill INV-1",
      ],
      [
        "SPL",
        "",
        "BILLPMT",
        "10/15/2026",
        "2000 Accounts Payable",
        "Valley · Wholesale × 2",
        "-20.00",
        "INV-5",
        "Vendor credit INV-5",
      ],
      [
        "SPL",
        "",
        "BILLPMT",
        "10/15/2026",
        "1300 Vendor Prepayments",
        "Valley · Wholesale × 2",
        "70.50",
        "P-1",
        "Prepayment: not yet applied to a bill",
      ],
      ["ENDTRNS"],
    ]);
  });

  it.each([
    ["MM/DD/YYYY", "10/15/2026"],
    ["DD/MM/YYYY", "15/10/2026"],
    ["YYYY-MM-DD", "2026-10-15"],
  ] as const)("Xero: a statement line per bank payment, money out negative, dated %s", (dateFormat, date) => {
    expect(csvRows(xeroBankStatement(made.payments, { ...MAPPING, dateFormat }))).toEqual([
      {
        "*Date": date,
        "*Amount": "-150.50",
        Payee: MAPPING.vendorName,
        Description: 'Check 4411, "October": INV-1 100.00; credit INV-5 -20.00; prepaid 70.50',
        Reference: "P-1",
      },
    ]);
  });

  it("paymentsFile writes each payments format, and refuses a bills format", () => {
    expect(paymentsFile("qbo-payments", made.payments, MAPPING)).toBe(qboPayments(made.payments, MAPPING));
    expect(paymentsFile("iif-payments", made.payments, MAPPING)).toBe(iifPayments(made.payments, MAPPING));
    expect(paymentsFile("xero-bank-statement", made.payments, MAPPING)).toBe(xeroBankStatement(made.payments, MAPPING));
    for (const format of ["qbo-bills", "xero-bills", "iif"] as const)
      expect(() => paymentsFile(format, made.payments, MAPPING)).toThrow(RangeError);
  });
});

// Property: any payments, allocations confirmed over time, bills held and released, files made week after week and
// marked: the books hold each payment once, on its day, and each bill what its allocations paid.

const BILLS = ["INV-1", "INV-2", "INV-3", "INV-10", "INV-11"];

const randomPayment = fc.record({
  /** A reversed payment now and then (negative: money returned, with no allocations, as the ERP makes them). */
  amount: fc.oneof(fc.bigInt({ min: 1n, max: 500_000n }), fc.bigInt({ min: -50_000n, max: -1n })),
  /** Days after September 28. */
  day: fc.integer({ min: 0, max: 40 }),
  brand: fc.boolean(),
});
const randomAllocation = fc.record({
  payment: fc.nat(),
  bill: fc.constantFrom(...BILLS),
  credit: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  amount: fc.bigInt({ min: 1n, max: 200_000n }),
  /** Days after its payment's. */
  after: fc.integer({ min: 0, max: 20 }),
  status: fc.constantFrom("Confirmed", "Confirmed", "Confirmed", "Pending", "Rejected"),
});

const dayAfter = (days: number) =>
  new Date(Date.parse("2026-09-28T00:00:00Z") + days * 86_400_000).toISOString().slice(0, 10);
const decimal = (c: bigint) =>
  `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;

describe("any payments, files made week after week: the books reconcile with the bank", () => {
  it("holds each payment once on its day, each bill what its allocations paid, the prepayment the rest", () => {
    fc.assert(
      fc.property(
        fc.array(randomPayment, { minLength: 1, maxLength: 6 }),
        fc.array(randomAllocation, { maxLength: 12 }),
        fc.integer({ min: 0, max: 70 }),
        (randoms, allocations, releasedAfter) => {
          const payments = randoms.map((r, i) =>
            payment(i + 1, decimal(r.amount), dayAfter(r.day), r.brand ? { SupplierID: 106 } : {}),
          );
          const positive = payments.flatMap((p, i) => (cents(p.Amount) > 0n ? [i] : []));
          const applications = allocations.flatMap((a, i) => {
            if (positive.length === 0) return [];
            const of = positive[a.payment % positive.length]!;
            const target = a.credit ? `CR-${a.bill}` : a.bill;
            return [
              applied(
                i + 1,
                of + 1,
                target,
                decimal(a.credit ? -a.amount : a.amount),
                dayAfter(randoms[of]!.day + a.after),
                {
                  Status: a.status,
                },
              ),
            ];
          });
          // INV-11 is held back until `releasedAfter` days after September 28.
          const program = ledger();
          const files: BillPayment[][] = [];
          for (let week = 0; week < 10; week++) {
            const to = dayAfter(week * 7 + 6);
            const known = applications.filter((a) => a.TimeApplied!.slice(0, 10) <= to);
            const made = paymentsOf(
              { payments, applications: known },
              {
                from: dayAfter(week * 7),
                to,
                timeZone: LA,
                newOnly: true,
                earlier: program.earlier,
                inBooks: (n) => n !== "INV-11" || to >= dayAfter(releasedAfter),
              },
            );
            files.push(made.payments);
            program.mark(made.payments, `week-${week}.csv`);
          }
          const held = books(files);
          // The bank: each payment from it once, on its day, for its amount.
          expect(held.bank).toEqual(
            new Map(
              payments
                .filter((p) => p.SupplierID == null)
                .map((p) => [
                  `${p.PaymentInvoiceNum}@${p.PostDate!.slice(5, 7)}/${p.PostDate!.slice(8, 10)}/2026`,
                  cents(p.Amount),
                ]),
            ),
          );
          // Each bill: what its confirmed allocations paid (a held one once it was released).
          const paid = new Map<string, bigint>();
          for (const a of applications)
            if (a.Status === "Confirmed" && (a.TargetInvoiceNum !== "INV-11" || releasedAfter <= 69))
              paid.set(a.TargetInvoiceNum!, (paid.get(a.TargetInvoiceNum!) ?? 0n) + cents(a.Amount));
          expect(new Map([...held.bills].filter(([, v]) => v !== 0n))).toEqual(
            new Map([...paid].filter(([, v]) => v !== 0n)),
          );
          // The prepayment: every payment's amount, less what was applied and what came back.
          const amounts = payments.reduce((t, p) => t + cents(p.Amount), 0n);
          const returned = payments.reduce((t, p) => (cents(p.Amount) < 0n ? t + cents(p.Amount) : t), 0n);
          const allocated = [...paid.values()].reduce((t, v) => t + v, 0n);
          expect(held.accounts.get(MAPPING.prepaymentsAccount) ?? 0n).toBe(amounts - returned - allocated);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
