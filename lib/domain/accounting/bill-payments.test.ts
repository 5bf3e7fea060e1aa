/**
 * The bill payments (billPaymentsOf, allocateCredits, applicationKey) and the two files that carry them (QuickBooks
 * Online's bill payments, Xero's payments), each read back with csv-parse and reconciled in integer cents: every
 * payment's rows sum to its total, the file's total is the confirmed allocations' of the period.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDecimal } from "@/lib/format/decimal";
import {
  allocateCredits,
  type ApplicationRecord,
  applicationKey,
  type BillPayment,
  billPaymentsOf,
  type PaymentRecord,
  type PaymentsOptions,
} from "./bill-payments";
import { paymentsFile, qboPayments, xeroPayments } from "./formats";
import { type AccountingMapping, DEFAULT_MAPPING } from "./mapping";

// Inputs: the Data API's records, built small.

const MAPPING: AccountingMapping = {
  ...DEFAULT_MAPPING,
  vendorName: "Svc Distribution, Inc.",
  bankAccount: "1000 Checking",
  creditsAccount: "1400 Supplier Credits",
  xeroBankAccount: "1000",
  xeroCreditsAccount: "1400",
};

const LA = "America/Los_Angeles";
const OCTOBER: PaymentsOptions = { from: "2026-10-01", to: "2026-10-31", timeZone: LA };
/** 11:00 in Los Angeles on October 15. */
const OCT_15 = "2026-10-15T18:00:00.000Z";

function payment(id: number, fields: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    PaymentID: id,
    PaymentInvoiceNum: `P-${id}`,
    ARAccountID: 50001,
    PaymentTypeID: 20,
    PaymentTypeName: "Check/ACH",
    Memo: "",
    Amount: "0",
    SupplierID: null,
    ...fields,
  };
}

/** A confirmed allocation of payment P-`paymentId` to `target`, applied at 11:00 on October 15 in Los Angeles. */
function applied(
  id: number,
  paymentId: number,
  target: string,
  amount: string,
  fields: Partial<ApplicationRecord> = {},
): ApplicationRecord {
  return {
    PaymentApplicationID: id,
    RequestID: null,
    PaymentInvoiceNum: `P-${paymentId}`,
    TargetInvoiceNum: target,
    ARAccountID: 50001,
    Amount: amount,
    Status: "Confirmed",
    TimeApplied: OCT_15,
    TimeUpdated: OCT_15,
    ...fields,
  };
}

// Reading the files back, with integer arithmetic only.

function micros(text: string): bigint {
  const value = parseDecimal(text);
  if (value === undefined) throw new RangeError(`not a decimal: ${text}`);
  return value;
}

/** An amount as the files write it, to the cent exactly ("-1234.50"), to whole cents; anything else fails. */
function cents(text: string | undefined): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? "");
  if (!match) throw new RangeError(`not an amount to the cent: ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

/** An API decimal (up to 6 decimals) to the cent, half away from zero. */
function apiCents(text: string): bigint {
  const value = micros(text);
  const magnitude = value < 0n ? -value : value;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return value < 0n ? -rounded : rounded;
}

const QBO_COLUMNS = [
  "Bill Payment No",
  "Vendor",
  "Payment Date",
  "Payment Account",
  "Memo",
  "Bill No",
  "Type",
  "Line Amount",
  "Total Amount",
];
const XERO_COLUMNS = ["*InvoiceNumber", "CreditNoteNumber", "*Date", "*Amount", "AccountCode", "Reference"];

function rowsOf(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return parse(text, { record_delimiter: "\r\n" });
}

function readCsv(text: string, columns: readonly string[]): Record<string, string>[] {
  const rows = rowsOf(text);
  expect(rows[0]).toEqual(columns);
  return rows.slice(1).map((row) => {
    expect(row).toHaveLength(columns.length);
    return Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ""]));
  });
}

/** QuickBooks Online's bill payments: each payment's lines sum to its total; its total, by number and date. */
function qboTotals(text: string): Map<string, bigint> {
  const lines = new Map<string, bigint>();
  const totals = new Map<string, bigint>();
  for (const row of readCsv(text, QBO_COLUMNS)) {
    // QuickBooks' dates are month first, always.
    const [month, day, year] = (row["Payment Date"] ?? "").split("/");
    const key = `${row["Bill Payment No"]}@${year}-${month}-${day}`;
    const total = cents(row["Total Amount"]);
    expect(totals.get(key) ?? total, `${key}'s total`).toBe(total);
    totals.set(key, total);
    const amount = cents(row["Line Amount"]);
    expect(row.Type).toBe(amount < 0n ? "Vendor Credit" : "Bill");
    lines.set(key, (lines.get(key) ?? 0n) + amount);
  }
  expect(lines).toEqual(totals);
  return totals;
}

/**
 * Xero's payments: what left each account (rows with an account), by payment and date; and per payment, what each
 * bill received (from the account or a credit note) and what each credit note gave (to bills, or back as a negative
 * payment), by number.
 */
function xeroTotals(text: string): { fromAccount: Map<string, bigint>; applied: Map<string, bigint> } {
  const fromAccount = new Map<string, bigint>();
  const appliedTo = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, key: string, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value);
  for (const row of readCsv(text, XERO_COLUMNS)) {
    const key = `${row.Reference}@${row["*Date"]}`;
    const amount = cents(row["*Amount"]);
    const credit = row.CreditNoteNumber ?? "";
    // A row is paid from an account or from a credit note, never both, never neither.
    expect(Boolean(row.AccountCode) !== Boolean(credit)).toBe(true);
    if (row.AccountCode) add(fromAccount, key, amount);
    add(appliedTo, `${key}>${row["*InvoiceNumber"]}`, amount);
    if (credit) {
      // A credit note applied: positive, and it leaves the credit.
      expect(amount > 0n).toBe(true);
      add(appliedTo, `${key}>${credit}`, -amount);
    }
  }
  return { fromAccount, applied: appliedTo };
}

/** What the books must hold: each (payment, day)'s total, and each allocation's amount, from the bill payments. */
function expectReconciled(payments: readonly BillPayment[], dateOf: (day: string) => string = (day) => day) {
  const mapping = { ...MAPPING, dateFormat: "YYYY-MM-DD" as const };
  const totals = new Map(payments.map((p) => [`${p.reference}@${dateOf(p.day)}`, p.totalCents]));
  const applied = new Map<string, bigint>();
  for (const p of payments) {
    expect(p.applications.reduce((sum, a) => sum + a.amountCents, 0n)).toBe(p.totalCents);
    for (const a of p.applications) {
      const key = `${p.reference}@${dateOf(p.day)}>${a.billNumber}`;
      if (a.amountCents !== 0n) applied.set(key, (applied.get(key) ?? 0n) + a.amountCents);
    }
  }
  expect(qboTotals(qboPayments(payments, mapping))).toEqual(totals);
  const xero = xeroTotals(xeroPayments(payments, mapping));
  expect(xero.fromAccount).toEqual(new Map([...totals].filter(([, total]) => total !== 0n)));
  expect(new Map([...xero.applied].filter(([, value]) => value !== 0n))).toEqual(applied);
}

// The bill payments.

describe("billPaymentsOf", () => {
  it("a payment split over several bills: one bill payment, its bills in number order, its total theirs", () => {
    const payments = billPaymentsOf(
      {
        payments: [payment(1, { Memo: " Check 4411 ", Amount: "175.75" })],
        applications: [
          applied(9003, 1, "INV-3", "25.250000"),
          applied(9001, 1, "INV-10", "50.5"),
          applied(9002, 1, "INV-1", "100.00"),
        ],
      },
      MAPPING,
      OCTOBER,
    );
    expect(payments).toEqual([
      {
        reference: "P-1",
        paymentId: 1,
        arAccountId: 50001,
        day: "2026-10-15",
        account: "1000 Checking",
        brandCredit: false,
        memo: "Check/ACH · Check 4411",
        applications: [
          { billNumber: "INV-1", amountCents: 10_000n, key: "9002" },
          { billNumber: "INV-3", amountCents: 2_525n, key: "9003" },
          { billNumber: "INV-10", amountCents: 5_050n, key: "9001" },
        ],
        totalCents: 17_575n,
      },
    ]);
    expectReconciled(payments);
  });

  it("a payment netting a credit: the credit applied is negative, the total what left the bank", () => {
    const payments = billPaymentsOf(
      { payments: [payment(2)], applications: [applied(1, 2, "INV-5", "-20.00"), applied(2, 2, "INV-4", "120.00")] },
      MAPPING,
      OCTOBER,
    );
    expect(payments.map((p) => [p.applications.map((a) => [a.billNumber, a.amountCents]), p.totalCents])).toEqual([
      [
        [
          ["INV-4", 12_000n],
          ["INV-5", -2_000n],
        ],
        10_000n,
      ],
    ]);
    expectReconciled(payments);
  });

  it("a brand's credit (a payment with a supplier) pays from the credits account, not the bank", () => {
    const payments = billPaymentsOf(
      {
        payments: [payment(3, { SupplierID: 106, PaymentTypeID: -1, PaymentTypeName: "SupplierCredit" })],
        applications: [applied(1, 3, "INV-6", "40.00")],
      },
      MAPPING,
      OCTOBER,
    );
    expect(payments[0]).toMatchObject({ account: "1400 Supplier Credits", brandCredit: true, memo: "Supplier credit" });
    const [qbo] = readCsv(qboPayments(payments, MAPPING), QBO_COLUMNS);
    expect(qbo?.["Payment Account"]).toBe("1400 Supplier Credits");
    const [xero] = readCsv(xeroPayments(payments, MAPPING), XERO_COLUMNS);
    expect(xero?.AccountCode).toBe("1400");
  });

  it("a payment the payments' list does not hold: from the bank, no memo", () => {
    const payments = billPaymentsOf({ payments: [], applications: [applied(1, 8, "INV-1", "10")] }, MAPPING, OCTOBER);
    expect(payments[0]).toMatchObject({ reference: "P-8", paymentId: undefined, account: "1000 Checking", memo: "" });
  });

  it("takes only confirmed allocations", () => {
    const applications = (["Pending", "Exported", "Rejected", "Confirmed"] as const).map((Status, i) =>
      applied(i + 1, 1, `INV-${i + 1}`, "10", { Status }),
    );
    const payments = billPaymentsOf({ payments: [payment(1)], applications }, MAPPING, OCTOBER);
    expect(payments.flatMap((p) => p.applications.map((a) => a.billNumber))).toEqual(["INV-4"]);
  });

  it("leaves out an allocation without its numbers, amount or time", () => {
    const applications = [
      applied(1, 1, "INV-1", "10", { PaymentInvoiceNum: " " }),
      applied(2, 1, "", "10"),
      applied(3, 1, "INV-3", "ten"),
      applied(4, 1, "INV-4", "10", { TimeApplied: null, TimeUpdated: undefined }),
      applied(5, 1, "INV-5", "10", { TimeApplied: "not a time" }),
      applied(6, 1, "INV-6", "10"),
    ];
    const payments = billPaymentsOf({ payments: [payment(1)], applications }, MAPPING, OCTOBER);
    expect(payments.flatMap((p) => p.applications.map((a) => a.billNumber))).toEqual(["INV-6"]);
  });

  it("one payment applied on two days: two bill payments, in day order", () => {
    const payments = billPaymentsOf(
      {
        payments: [payment(1)],
        applications: [
          applied(1, 1, "INV-2", "30", { TimeApplied: "2026-10-20T18:00:00.000Z" }),
          applied(2, 1, "INV-1", "20"),
        ],
      },
      MAPPING,
      OCTOBER,
    );
    expect(payments.map((p) => [p.reference, p.day, p.totalCents])).toEqual([
      ["P-1", "2026-10-15", 2_000n],
      ["P-1", "2026-10-20", 3_000n],
    ]);
    expectReconciled(payments);
  });

  it("orders bill payments by day, then number as a person reads it", () => {
    const payments = billPaymentsOf(
      {
        payments: [],
        applications: [
          applied(1, 10, "INV-1", "1"),
          applied(2, 9, "INV-2", "1"),
          applied(3, 11, "INV-3", "1", { TimeApplied: "2026-10-02T18:00:00.000Z" }),
        ],
      },
      MAPPING,
      OCTOBER,
    );
    expect(payments.map((p) => p.reference)).toEqual(["P-11", "P-9", "P-10"]);
  });

  it("rounds each allocation to the cent, half away from zero", () => {
    const payments = billPaymentsOf(
      {
        payments: [],
        applications: [
          applied(1, 1, "INV-1", "33.333333"),
          applied(2, 1, "INV-2", "0.005"),
          applied(3, 1, "CR-1", "-0.005"),
        ],
      },
      MAPPING,
      OCTOBER,
    );
    expect(payments[0]?.applications.map((a) => a.amountCents)).toEqual([-1n, 3_333n, 1n]);
  });

  it("keeps only the AR accounts chosen", () => {
    const applications = [applied(1, 1, "INV-1", "10"), applied(2, 2, "INV-2", "20", { ARAccountID: 50002 })];
    const input = { payments: [], applications };
    const chosen = (ids?: number[]) =>
      billPaymentsOf(input, MAPPING, { ...OCTOBER, arAccountIds: ids }).map((p) => p.reference);
    expect(chosen()).toEqual(["P-1", "P-2"]);
    expect(chosen([50002])).toEqual(["P-2"]);
    expect(chosen([])).toEqual([]);
    expect(
      billPaymentsOf({ payments: [], applications: [applied(3, 3, "INV-3", "1", { ARAccountID: null })] }, MAPPING, {
        ...OCTOBER,
        arAccountIds: [50001],
      }),
    ).toEqual([]);
  });

  describe("the period: the day the allocation was applied, on the zone's clock", () => {
    it.each([
      ["23:59:59 on Sep 30 in Los Angeles", "2026-10-01T06:59:59.000Z", null],
      ["00:00 on Oct 1 in Los Angeles", "2026-10-01T07:00:00.000Z", "2026-10-01"],
      ["23:59:59 on Oct 31 in Los Angeles", "2026-11-01T06:59:59.000Z", "2026-10-31"],
      ["00:00 on Nov 1 in Los Angeles (still daylight time)", "2026-11-01T07:00:00.000Z", null],
      // An allocation's time is an instant, not the ERP's calendar date: midnight UTC is 17:00 the day before there.
      ["17:00 on Oct 31 in Los Angeles, midnight UTC", "2026-11-01T00:00:00.000Z", "2026-10-31"],
      ["17:00 on Sep 30 in Los Angeles, midnight UTC", "2026-10-01T00:00:00.000Z", null],
    ])("%s", (_, time, day) => {
      const payments = billPaymentsOf(
        { payments: [], applications: [applied(1, 1, "INV-1", "10", { TimeApplied: time })] },
        MAPPING,
        OCTOBER,
      );
      expect(payments.map((p) => p.day)).toEqual(day ? [day] : []);
    });

    it("reads the time it was last updated when it has no time applied", () => {
      const payments = billPaymentsOf(
        {
          payments: [],
          applications: [applied(1, 1, "INV-1", "10", { TimeApplied: null, TimeUpdated: "2026-10-09T03:00:00.000Z" })],
        },
        MAPPING,
        OCTOBER,
      );
      expect(payments.map((p) => p.day)).toEqual(["2026-10-08"]);
    });

    it("in another zone, another day", () => {
      const input = {
        payments: [],
        applications: [applied(1, 1, "INV-1", "10", { TimeApplied: "2026-11-01T04:30:00Z" })],
      };
      expect(billPaymentsOf(input, MAPPING, { ...OCTOBER, timeZone: "America/New_York" })).toEqual([]);
      expect(billPaymentsOf(input, MAPPING, OCTOBER).map((p) => p.day)).toEqual(["2026-10-31"]);
    });
  });
});

describe("allocateCredits: a bill payment as Xero takes it", () => {
  function billPayment(applications: [string, bigint][]): BillPayment {
    return {
      reference: "P-1",
      day: "2026-10-15",
      account: "1000 Checking",
      brandCredit: false,
      memo: "",
      applications: applications.map(([billNumber, amountCents]) => ({ billNumber, amountCents, key: billNumber })),
      totalCents: applications.reduce((sum, [, amount]) => sum + amount, 0n),
    };
  }

  it.each([
    [
      "no credit: each bill from the account",
      [
        ["INV-1", 10_000n],
        ["INV-2", 500n],
      ],
      [
        ["INV-1", 10_000n, []],
        ["INV-2", 500n, []],
      ],
    ],
    [
      "a credit within one bill",
      [
        ["INV-4", 12_000n],
        ["INV-5", -2_000n],
      ],
      [["INV-4", 10_000n, [["INV-5", 2_000n]]]],
    ],
    [
      "a credit over two bills, in their order",
      [
        ["INV-1", 1_000n],
        ["INV-2", 5_000n],
        ["CR-9", -3_000n],
      ],
      [
        ["INV-1", 0n, [["CR-9", 1_000n]]],
        ["INV-2", 3_000n, [["CR-9", 2_000n]]],
      ],
    ],
    [
      "two credits on one bill",
      [
        ["INV-1", 10_000n],
        ["CR-1", -3_000n],
        ["CR-2", -5_000n],
      ],
      [
        [
          "INV-1",
          2_000n,
          [
            ["CR-1", 3_000n],
            ["CR-2", 5_000n],
          ],
        ],
      ],
    ],
    [
      "more credit than bills: the rest a negative payment of the credit (a refund)",
      [
        ["INV-6", 1_000n],
        ["INV-7", -3_000n],
      ],
      [
        ["INV-6", 0n, [["INV-7", 1_000n]]],
        ["INV-7", -2_000n, []],
      ],
    ],
    ["a credit alone", [["INV-7", -3_000n]], [["INV-7", -3_000n, []]]],
    ["a zero allocation: nothing", [["INV-8", 0n]], []],
  ] satisfies [string, [string, bigint][], [string, bigint, [string, bigint][]][]][])(
    "%s",
    (_, applications, expected) => {
      const payment = billPayment(applications);
      const allocated = allocateCredits(payment);
      expect(
        allocated.map((a) => [a.billNumber, a.fromAccountCents, a.credits.map((c) => [c.creditNumber, c.cents])]),
      ).toEqual(expected);
      // What leaves the account is the bill payment's total.
      expect(allocated.reduce((sum, a) => sum + a.fromAccountCents, 0n)).toBe(payment.totalCents);
    },
  );
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

// The files.

describe("the files' columns", () => {
  const payments = billPaymentsOf(
    {
      payments: [
        payment(1, { Memo: 'Check 4411, "October"' }),
        payment(2, { SupplierID: 106, PaymentTypeName: "SupplierCredit" }),
      ],
      applications: [
        applied(1, 1, "INV-1", "100.00"),
        applied(2, 1, "INV-2", "50.50"),
        applied(3, 1, "INV-5", "-20.00"),
        applied(4, 2, "INV-3", "40.00", { TimeApplied: "2026-10-20T18:00:00.000Z" }),
      ],
    },
    MAPPING,
    OCTOBER,
  );

  it("QuickBooks Online: a row per bill paid (a credit applied negative), the payment's number, total and account", () => {
    const one = ["P-1", "Svc Distribution, Inc.", "10/15/2026", "1000 Checking", 'Check/ACH · Check 4411, "October"'];
    const two = ["P-2", "Svc Distribution, Inc.", "10/20/2026", "1400 Supplier Credits", "Supplier credit"];
    expect(rowsOf(qboPayments(payments, MAPPING))).toEqual([
      QBO_COLUMNS,
      [...one, "INV-1", "Bill", "100.00", "130.50"],
      [...one, "INV-2", "Bill", "50.50", "130.50"],
      [...one, "INV-5", "Vendor Credit", "-20.00", "130.50"],
      [...two, "INV-3", "Bill", "40.00", "40.00"],
    ]);
  });

  it("Xero: a row per bill and what paid it, the account or a credit note", () => {
    expect(rowsOf(xeroPayments(payments, MAPPING))).toEqual([
      XERO_COLUMNS,
      ["INV-1", "INV-5", "10/15/2026", "20.00", "", "P-1"],
      ["INV-1", "", "10/15/2026", "80.00", "1000", "P-1"],
      ["INV-2", "", "10/15/2026", "50.50", "1000", "P-1"],
      ["INV-3", "", "10/20/2026", "40.00", "1400", "P-2"],
    ]);
  });

  it.each([
    ["DD/MM/YYYY", "15/10/2026"],
    ["YYYY-MM-DD", "2026-10-15"],
  ] as const)("dates in %s in Xero's file; QuickBooks' month first always", (dateFormat, date) => {
    const mapping = { ...MAPPING, dateFormat };
    expect(readCsv(qboPayments(payments, mapping), QBO_COLUMNS)[0]?.["Payment Date"]).toBe("10/15/2026");
    expect(readCsv(xeroPayments(payments, mapping), XERO_COLUMNS)[0]?.["*Date"]).toBe(date);
  });

  it("each reconciles", () => {
    expectReconciled(payments);
  });

  it("paymentsFile writes each payments format, and refuses a bills format", () => {
    expect(paymentsFile("qbo-payments", payments, MAPPING)).toBe(qboPayments(payments, MAPPING));
    expect(paymentsFile("xero-payments", payments, MAPPING)).toBe(xeroPayments(payments, MAPPING));
    for (const format of ["qbo-bills", "xero-bills", "iif"] as const)
      expect(() => paymentsFile(format, payments, MAPPING)).toThrow(RangeError);
  });

  it("no payments: the header alone", () => {
    expect(rowsOf(qboPayments([], MAPPING))).toEqual([QBO_COLUMNS]);
    expect(rowsOf(xeroPayments([], MAPPING))).toEqual([XERO_COLUMNS]);
  });
});

// Property: any allocations, both files reconcile to the cent.

const BILLS = ["INV-1", "INV-2", "INV-3", "INV-10", "INV-11"];
const CREDITS = ["CR-1", "CR-2", "CR-3"];

const randomApplication = fc.record({
  payment: fc.integer({ min: 1, max: 5 }),
  credit: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  bill: fc.constantFrom(...BILLS),
  creditNote: fc.constantFrom(...CREDITS),
  /** To the cent, or 6 decimals. */
  amount: fc.oneof(
    fc.bigInt({ min: 0n, max: 500_000n }).map((c) => c * 10_000n),
    fc.bigInt({ min: 0n, max: 5_000_000_000n }),
  ),
  status: fc.constantFrom("Confirmed", "Confirmed", "Confirmed", "Pending", "Exported", "Rejected"),
  /** Seconds from 00:00 UTC on September 29 to past November 2. */
  second: fc.integer({ min: 0, max: 35 * 86_400 }),
  account: fc.constantFrom(50001, 50002),
});

const dayInLosAngeles = new Intl.DateTimeFormat("en-CA", {
  timeZone: LA,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

describe("any allocations: both files reconcile to the cent", () => {
  it("holds for random payments over bills and credits, of 6-decimal amounts, in and out of the period", () => {
    const start = Date.parse("2026-09-29T00:00:00.000Z");
    fc.assert(
      fc.property(
        fc.array(randomApplication, { minLength: 1, maxLength: 20 }),
        fc.option(fc.constantFrom<number[]>([50001], [50002], [50001, 50002]), { nil: undefined }),
        fc.constantFrom(...(["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const)),
        (randoms, arAccountIds, dateFormat) => {
          const applications = randoms.map((r, index) =>
            applied(
              index + 1,
              r.payment,
              r.credit ? r.creditNote : r.bill,
              (r.credit ? "-" : "") + decimalOf(r.amount),
              {
                Status: r.status,
                TimeApplied: new Date(start + r.second * 1000).toISOString(),
                ARAccountID: r.account,
              },
            ),
          );
          const payments = billPaymentsOf(
            { payments: [payment(1), payment(2, { SupplierID: 106 })], applications },
            { ...MAPPING, dateFormat },
            { ...OCTOBER, arAccountIds },
          );
          // The test's own reading of what the books must hold: the confirmed allocations of the period and accounts.
          const expected = new Map<string, bigint>();
          for (const a of applications) {
            const day = dayInLosAngeles.format(new Date(a.TimeApplied ?? ""));
            if (a.Status !== "Confirmed" || day < OCTOBER.from || day > OCTOBER.to) continue;
            if (arAccountIds && !arAccountIds.includes(a.ARAccountID ?? 0)) continue;
            const key = `${a.PaymentInvoiceNum}@${day}`;
            expected.set(key, (expected.get(key) ?? 0n) + apiCents(a.Amount ?? ""));
          }
          expect(new Map(payments.map((p) => [`${p.reference}@${p.day}`, p.totalCents]))).toEqual(expected);
          expectReconciled(payments);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function decimalOf(value: bigint): string {
  const text = value.toString().padStart(7, "0");
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
}
