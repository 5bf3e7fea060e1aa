import { describe, expect, it } from "vitest";
import { type AgingRecord, agingInvoiceIds, buildStatement, type StatementInput } from "./statement";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import { statementTables } from "./statement-tables";

const CLOSE = "2026-11-25T07:59:59.000Z"; // 23:59:59 on Nov 24 in Los Angeles

/** An aging row of account 50001 with every bucket empty but those given. */
function agingRow(supplierId: number, fields: Partial<AgingRecord>): AgingRecord {
  return {
    ARAccountID: 50001,
    SupplierID: supplierId,
    OpenCredit: "0",
    CurrentDue: "0",
    Due_1_30: "0",
    Due_31_60: "0",
    Due_61_90: "0",
    Due_91: "0",
    CloseDate: CLOSE,
    CurrentInvoices: [],
    Invoices_1_30: [],
    Invoices_31_60: [],
    Invoices_61_90: [],
    Invoices_91: [],
    CreditInvoices: [],
    ...fields,
  } as AgingRecord;
}

const base: StatementInput = {
  arAccountId: 50001,
  aging: [],
  openInvoices: [],
  invoices: [],
  payments: [],
  applications: [],
  customers: [
    {
      CustomerID: 20001,
      CustomerName: "Valley Cannabis - Oakland",
      LocationID: 1,
      State: "CA",
      Address: "6730 Washington St, Oakland, CA 94637",
      LicenseNum: "C10-1",
    },
  ],
  locations: [
    {
      LocationID: 1,
      Location: "Oakland DC",
      DBA: "Svc Distribution North",
      Address: "1450 Embarcadero",
      Address2: "Dock 3",
      City: "Oakland",
      State: "CA",
      PostalCode: "94606",
    },
  ],
  states: [{ StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" }],
};

/** Two suppliers' parts of one invoice (split to the micro-unit), a second invoice 1–30 days past due, and a credit. */
const twoSuppliers: StatementInput = {
  ...base,
  aging: [
    agingRow(101, {
      CurrentDue: "100.333333",
      Due_1_30: "50.000000",
      OpenCredit: "95.000000",
      TotalBalanceOutstanding: "55.333333",
      CurrentInvoices: [{ InvoiceID: 3, InvoiceNum: "INV-3", OpenBalance: "100.333333" }],
      Invoices_1_30: [{ InvoiceID: 2, InvoiceNum: "INV-2", OpenBalance: "50.000000" }],
      CreditInvoices: [{ InvoiceID: 9, InvoiceNum: "INV-9", OpenBalance: "-95.000000" }],
    }),
    agingRow(106, {
      CurrentDue: "20.666667",
      TotalBalanceOutstanding: "20.666667",
      CurrentInvoices: [{ InvoiceID: 3, InvoiceNum: "INV-3", OpenBalance: "20.666667" }],
    }),
  ],
  openInvoices: [
    {
      InvoiceID: 3,
      CustomerID: 20001,
      ARAccountID: 50001,
      InvoiceNum: "INV-3",
      PONum: "PO-7",
      InvoiceTotal: "121.000000",
      OpenBalance: "121.000000",
      Date: "2026-11-20T00:00:00.000Z",
      DueDate: "2026-12-04T00:00:00.000Z",
    },
    {
      InvoiceID: 2,
      CustomerID: 20001,
      ARAccountID: 50001,
      InvoiceNum: "INV-2",
      InvoiceTotal: "80.000000",
      OpenBalance: "50.000000",
      Date: "2026-10-20T00:00:00.000Z",
      DueDate: "2026-11-03T00:00:00.000Z",
    },
    {
      InvoiceID: 9,
      CustomerID: 20001,
      ARAccountID: 50001,
      InvoiceNum: "INV-9",
      InvoiceTotal: "-95.000000",
      OpenBalance: "-95.000000",
      Date: "2026-11-10T00:00:00.000Z",
      DueDate: "2026-11-24T00:00:00.000Z",
    },
  ],
};

describe("buildStatement", () => {
  it("sums the aging over the account's suppliers and merges an invoice's parts to its open balance, credits negative", () => {
    const s = buildStatement(twoSuppliers);
    expect(s.aging).toEqual({
      buckets: {
        current: "121.000000",
        "1-30": "50.000000",
        "31-60": "0.000000",
        "61-90": "0.000000",
        "91": "0.000000",
      },
      openCredit: "95.000000",
      total: "76.000000",
    });
    expect(s.invoices.map((i) => [i.invoiceNum, i.openBalance, i.aged, i.dueDate, i.total, i.poNum])).toEqual([
      ["INV-2", "50.000000", "1-30", "2026-11-03", "80.000000", undefined],
      ["INV-9", "-95.000000", "credit", "2026-11-24", "-95.000000", undefined],
      ["INV-3", "121.000000", "current", "2026-12-04", "121.000000", "PO-7"],
    ]);
    // The list adds up to the aging's balance outstanding, to the micro-unit.
    expect(s.invoicesTotal).toBe("76.000000");
    expect(s.notes).toEqual([]);
  });

  it("counts the invoices open at the close apart from the credits: a credit memo is no open invoice", () => {
    const title = (input: StatementInput) =>
      statementTables(buildStatement(input)).find((t) => t.id === "invoices")?.title;
    expect(title(twoSuppliers)).toBe("Open invoices at the close (2 invoices, 1 credit)");
    expect(title(base)).toBe("Open invoices at the close (0)");
  });

  it("shows each invoice's open disputes beside it and lists them at the end; a resolved one is neither", () => {
    const digest = (
      id: string,
      invoiceId: number,
      open: string,
      reasons: DisputeDigest["reasons"],
      status: DisputeDigest["status"] = "open",
    ) =>
      ({
        id,
        customerId: 20001,
        customerName: "Valley",
        invoiceId,
        invoiceNum: `INV-${invoiceId}`,
        status,
        reasons,
        amount: open,
        open,
        openedAt: "2026-11-23T18:00:00.000Z",
        acknowledgedAt: null,
        resolvedAt: status === "resolved" ? "2026-11-24T18:00:00.000Z" : null,
      }) satisfies DisputeDigest;
    const tables = statementTables(buildStatement(twoSuppliers), [
      digest("d1", 3, "90.00", ["short"]),
      digest("d2", 3, "12.50", ["damaged", "short"]),
      digest("d3", 2, "40.00", ["wrong-price"], "resolved"),
    ]);
    const invoices = tables.find((t) => t.id === "invoices")!;
    expect(invoices.columns.at(-1)?.header).toBe("Dispute");
    expect(invoices.rows.map((r) => [r[0]!.text, r.at(-1)!.text])).toEqual([
      ["INV-2", ""],
      ["INV-9", ""],
      ["INV-3", "In dispute: $102.50 (short, damaged)"],
    ]);
    const disputes = tables.at(-1)!;
    expect([disputes.id, disputes.title, disputes.total?.at(-1)?.text]).toEqual([
      "disputes",
      "Disputes not resolved (2)",
      "$102.50",
    ]);
    expect(disputes.rows.map((r) => r[3])).toEqual([
      { text: "Open", href: "/disputes/d1" },
      { text: "Open", href: "/disputes/d2" },
    ]);
    // None open: the statement as it was.
    expect(statementTables(buildStatement(twoSuppliers), [digest("d3", 2, "40.00", ["short"], "resolved")])).toEqual(
      statementTables(buildStatement(twoSuppliers)),
    );
  });

  it("is dated the close's day in the account's state (23:59 in Los Angeles is the 24th), and names the distributor by its warehouse", () => {
    const s = buildStatement(twoSuppliers);
    expect([s.timeZone, s.closedAt, s.asOf]).toEqual(["America/Los_Angeles", CLOSE, "2026-11-24"]);
    expect(s.distributor).toEqual({
      name: "Svc Distribution North",
      address: ["1450 Embarcadero", "Dock 3", "Oakland, CA 94606"],
    });
    expect(s.name).toBe("Valley Cannabis - Oakland");
  });

  it.each([
    ["a credit sent with a positive balance", { OpenBalance: "95.000000" }, [], "-95.000000"],
    [
      "an entry that names no invoice",
      "not an invoice",
      [
        "1 of the aging's credit entries could not be read (the API does not document their shape): the balance outstanding includes them, the list of invoices does not.",
      ],
      undefined,
    ],
  ] as const)("reads the aging's credit entries with care: %s", (_, entry, notes, balance) => {
    const credit = typeof entry === "string" ? entry : { InvoiceID: 9, InvoiceNum: "INV-9", ...entry };
    const s = buildStatement({
      ...base,
      aging: [
        agingRow(101, {
          OpenCredit: "95.000000",
          TotalBalanceOutstanding: "-95.000000",
          CreditInvoices: [credit] as AgingRecord["CreditInvoices"],
        }),
      ],
    });
    expect(s.notes).toEqual(notes);
    expect(s.invoices.find((i) => i.invoiceNum === "INV-9")?.openBalance).toBe(balance);
    expect(s.aging.total).toBe("-95.000000");
  });

  it("lists the credit left on payments, and the last 90 days' payments with a reversed one negative", () => {
    const payment = (n: number, amount: string, available: string, day: string) => ({
      PaymentID: n,
      ARAccountID: 50001,
      PaymentInvoiceNum: `PAY-${n}`,
      PaymentTypeID: -1,
      PaymentTypeName: "SupplierCredit",
      Amount: amount,
      AvailableBalance: available,
      PostDate: `${day}T00:00:00.000Z`,
    });
    const s = buildStatement({
      ...twoSuppliers,
      payments: [
        payment(1, "984.000000", "688.800000", "2026-11-22"),
        payment(2, "-250.000000", "0.000000", "2026-11-01"), // reversed
        payment(3, "100.000000", "0.000000", "2026-08-27"), // the window's first day (90 days to the 24th, both counted)
        payment(4, "100.000000", "12.000000", "2026-08-26"), // before the window, credit still left
        {
          PaymentID: 5,
          ARAccountID: 50002,
          PaymentInvoiceNum: "PAY-5",
          Amount: "1.00",
          AvailableBalance: "1.00",
          PostDate: "2026-11-20T00:00:00.000Z",
        }, // another account
      ],
    });
    expect(s.credits.map((p) => [p.paymentNum, p.available, p.type])).toEqual([
      ["PAY-1", "688.800000", "Supplier credit"],
      ["PAY-4", "12.000000", "Supplier credit"],
    ]);
    expect(s.creditTotal).toBe("700.800000");
    expect(s.payments.map((p) => [p.paymentNum, p.amount, p.reversed])).toEqual([
      ["PAY-1", "984.000000", false],
      ["PAY-2", "-250.000000", true],
      ["PAY-3", "100.000000", false],
    ]);
    expect(s.paymentsTotal).toBe("834.000000");
  });

  it("lists the last 90 days' allocations by the day asked, those made in the ERP by the day applied, linked to invoices it knows", () => {
    const s = buildStatement({
      ...twoSuppliers,
      applications: [
        {
          RequestID: 7,
          ARAccountID: 50001,
          PaymentInvoiceNum: "PAY-1",
          TargetInvoiceNum: "INV-2",
          Amount: "30.00",
          Status: "Pending",
          TimeRequested: "2026-11-25T06:00:00.000Z",
        },
        {
          RequestID: null,
          PaymentApplicationID: 9,
          ARAccountID: 50001,
          PaymentInvoiceNum: "PAY-3",
          TargetInvoiceNum: "INV-1",
          Amount: "100.00",
          Status: "Confirmed",
          TimeApplied: "2026-09-01T18:00:00.000Z",
        },
        {
          RequestID: 6,
          ARAccountID: 50001,
          PaymentInvoiceNum: "PAY-3",
          TargetInvoiceNum: "INV-0",
          Amount: "5.00",
          Status: "Rejected",
          TimeRequested: "2026-08-01T18:00:00.000Z",
        },
        {
          RequestID: 8,
          ARAccountID: 50001,
          PaymentInvoiceNum: "",
          TargetInvoiceNum: "INV-2",
          Amount: "1.00",
          Status: "Pending",
          TimeRequested: "2026-11-20T18:00:00.000Z",
        },
      ],
    });
    expect(s.applications).toEqual([
      {
        paymentNum: "PAY-1",
        targetNum: "INV-2",
        targetInvoiceId: 2,
        amount: "30.00",
        status: "Pending",
        requested: "2026-11-24",
        applied: undefined,
        direct: false,
      },
      {
        paymentNum: "PAY-3",
        targetNum: "INV-1",
        targetInvoiceId: undefined,
        amount: "100.00",
        status: "Confirmed",
        requested: "2026-09-01",
        applied: "2026-09-01",
        direct: true,
      },
    ]);
  });

  it("says what changed since the close: an invoice paid, one made since, and what is open now", () => {
    const s = buildStatement({
      ...twoSuppliers,
      openInvoices: [
        { ...twoSuppliers.openInvoices[0]!, OpenBalance: "21.000000" },
        twoSuppliers.openInvoices[2]!,
        { InvoiceID: 11, CustomerID: 20001, ARAccountID: 50001, InvoiceNum: "INV-11", OpenBalance: "300.000000" },
      ],
      invoices: [
        {
          InvoiceID: 2,
          InvoiceNum: "INV-2",
          Date: "2026-10-20T00:00:00.000Z",
          DueDate: "2026-11-03T00:00:00.000Z",
          InvoiceTotal: "80.000000",
        },
      ],
    });
    expect(s.sinceClose).toEqual({
      changes: [
        { invoiceId: 2, invoiceNum: "INV-2", atClose: "50.000000", now: "0" },
        { invoiceId: 3, invoiceNum: "INV-3", atClose: "121.000000", now: "21.000000" },
        { invoiceId: 11, invoiceNum: "INV-11", now: "300.000000" },
      ],
      openNow: "226.000000",
    });
    // INV-2 is paid now: its dates come from /invoices.
    expect(s.invoices.find((i) => i.invoiceNum === "INV-2")?.dueDate).toBe("2026-11-03");
  });

  it("lists the invoices the aging names, for the details of those no longer open", () => {
    expect(
      agingInvoiceIds(
        [...twoSuppliers.aging, agingRow(101, { ARAccountID: 50002, CurrentInvoices: [{ InvoiceID: 77 }] })],
        50001,
      ),
    ).toEqual([2, 3, 9]);
  });

  it("makes an empty account's statement: nothing open, nothing to add, no date without a close", () => {
    const s = buildStatement({ ...base, customers: [], locations: [], states: [] });
    expect(s).toMatchObject({
      invoices: [],
      invoicesTotal: "0.000000",
      credits: [],
      creditTotal: "0.000000",
      payments: [],
      applications: [],
      sinceClose: { changes: [], openNow: "0.000000" },
      aging: { total: "0.000000", openCredit: "0.000000" },
      name: undefined,
      distributor: undefined,
      asOf: undefined,
      timeZone: "UTC",
      notes: [],
    });
  });

  it("takes sparse records as they come: no dates, names, warehouse or zone; amounts left out count as zero", () => {
    const s = buildStatement({
      ...base,
      aging: [
        agingRow(101, {
          CloseDate: undefined,
          CurrentDue: undefined,
          TotalBalanceOutstanding: undefined,
          CurrentInvoices: [{ InvoiceID: 5, OpenBalance: "12.5" }],
          OpenCredit: undefined,
        }),
      ],
      openInvoices: [{ InvoiceID: 5, ARAccountID: 50001 }],
      customers: [{ CustomerID: 20001 }],
      locations: [],
      states: [{ StateAbbreviation: "CA", TimeZone: "Not/AZone" }],
      payments: [{ PaymentInvoiceNum: "PAY-1", Amount: null, AvailableBalance: undefined }],
    });
    expect(s.invoices).toEqual([
      {
        invoiceId: 5,
        invoiceNum: "Invoice 5",
        date: undefined,
        dueDate: undefined,
        poNum: undefined,
        total: undefined,
        openBalance: "12.500000",
        aged: "current",
      },
    ]);
    // The buckets less the credit, as the API defines the total, when the row does not give it.
    expect(s.aging.total).toBe("0.000000");
    expect(s.notes).toEqual([
      "The aging's invoices do not add up to its balance outstanding: the statement lists them as the API sent them.",
    ]);
    expect([s.name, s.distributor, s.timeZone, s.asOf]).toEqual([undefined, undefined, "UTC", undefined]);
    expect(s.credits).toEqual([]);
  });

  it("names an account of several stores (as its invoices name them) by the first two and a count; another account's stores are not its", () => {
    const customers = [20001, 20002, 20003, 20004, 20005].map((CustomerID) => ({
      CustomerID,
      CustomerName: `Store ${CustomerID}`,
    }));
    const invoiced = (ids: number[]) =>
      ids.map((CustomerID, i) => ({
        InvoiceID: i + 1,
        CustomerID,
        ARAccountID: 50001,
        InvoiceNum: `INV-${i + 1}`,
        OpenBalance: "1.00",
      }));
    expect(buildStatement({ ...base, customers, openInvoices: invoiced([20001, 20002, 20003, 20004]) }).name).toBe(
      "Store 20001, Store 20002 and 2 more",
    );
    // A store paid up since the close is named by the invoice the aging lists (read from /invoices).
    const paidUp = buildStatement({
      ...base,
      customers,
      openInvoices: invoiced([20002]),
      invoices: [{ InvoiceID: 9, CustomerID: 20001 }],
    });
    expect(paidUp.name).toBe("Store 20001 and Store 20002");
    expect(buildStatement({ ...base, customers }).customers).toEqual([]);
  });
});
