import { describe, expect, it } from "vitest";
import { type CollectionsInput, entryOf } from "./collections-input";
import { agingCloseDay, type CollectionRow, collectionRows, invoicesToName } from "./collections";

const CLOSE = "2026-11-21T23:59:59.000Z";
const aging = (account: number, supplier: number, amounts: Record<string, string> = {}, invoices: number[] = []) => ({
  ARAccountID: account,
  SupplierID: supplier,
  CloseDate: CLOSE,
  CurrentDue: "0.000000",
  Due_1_30: "0.000000",
  Due_31_60: "0.000000",
  Due_61_90: "0.000000",
  Due_91: "0.000000",
  OpenCredit: "0.000000",
  ...amounts,
  CurrentInvoices: invoices.map((id) => ({ InvoiceID: id, InvoiceNum: `INV-${id}`, OpenBalance: "1.00" })),
});
const input = (parts: Partial<CollectionsInput>): CollectionsInput => ({
  aging: [],
  customers: [],
  openInvoices: [],
  payments: [],
  users: [],
  invoices: [],
  ...parts,
});
const one = (parts: Partial<CollectionsInput>): CollectionRow => {
  const rows = collectionRows(input(parts));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe("collectionRows", () => {
  const cases: [string, Partial<CollectionsInput>, Partial<CollectionRow>][] = [
    [
      "sums an account's rows across suppliers exactly, and its over-30, -60 and -90 from the buckets",
      {
        aging: [
          aging(50001, 101, {
            CurrentDue: "100.10",
            Due_1_30: "0.000001",
            Due_31_60: "465.755546",
            Due_61_90: "10",
            Due_91: "0.1",
            OpenCredit: "59.5",
            TotalBalanceOutstanding: "516.455547",
          }),
          aging(50001, 102, {
            CurrentDue: "0.2",
            Due_31_60: "1589.477099",
            Due_91: "0.2",
            OpenCredit: "81",
            TotalBalanceOutstanding: "1508.877099",
          }),
        ],
        openInvoices: [{ ARAccountID: 50001, CustomerID: 20001 }],
        customers: [
          {
            CustomerID: 20001,
            CustomerName: "Cloud Station - Sacramento",
            State: "CA",
            OnHold: false,
            AccountStatus: "Active",
            SalesRepName: "Marcus Brown",
          },
        ],
      },
      {
        arAccountId: 50001,
        name: "Cloud Station - Sacramento",
        customerIds: [20001],
        suppliers: 2,
        current: "100.300000",
        due1to30: "0.000001",
        due31to60: "2055.232645",
        due61to90: "10.000000",
        due91: "0.300000",
        over30: "2065.532645",
        over60: "10.300000",
        over90: "0.300000",
        openCredit: "140.500000",
        total: "2025.332646",
        state: "CA",
        onHold: false,
        accountStatus: "Active",
        salesRep: "Marcus Brown",
        agentName: null,
      },
    ],
    [
      "an account with only credit: zero buckets, its open credit, a total below zero, named by its credit invoice",
      {
        aging: [
          {
            ...aging(50007, 101, { OpenCredit: "25.50", TotalBalanceOutstanding: "-25.50" }),
            CreditInvoices: [{ InvoiceID: 301479 }, { InvoiceID: 301400 }, "unreadable"],
          },
        ],
        invoices: [{ InvoiceID: 301400, CustomerID: 20007, CustomerName: "Green Door" }],
      },
      {
        name: "Green Door",
        customerIds: [20007],
        over30: "0.000000",
        openCredit: "25.500000",
        total: "-25.500000",
        state: null,
        accountStatus: null,
      },
    ],
    [
      "sparse records: missing amounts count 0, a total missing is the buckets less the credit, a customer without fields",
      {
        aging: [{ ARAccountID: 50002, SupplierID: 101, Due_91: "12.5", OpenCredit: "2" }],
        openInvoices: [{ ARAccountID: 50002, CustomerID: 20002 }],
        customers: [{ CustomerID: 20002 }],
      },
      {
        name: "Customer 20002",
        current: "0.000000",
        over90: "12.500000",
        total: "10.500000",
        onHold: false,
        state: null,
        agentName: null,
        agentEmail: null,
        salesRep: null,
        lastPayment: null,
        daysSince: null,
      },
    ],
    [
      "a reversed payment (negative Amount, AvailableBalance 0) is no last payment; the credit left on payments adds up",
      {
        aging: [aging(50003, 101, { Due_1_30: "40" })],
        payments: [
          { ARAccountID: 50003, Amount: "100.00", AvailableBalance: "12.345678", PostDate: "2026-10-01T00:00:00.000Z" },
          { ARAccountID: 50003, Amount: "-100.00", AvailableBalance: "0.000000", PostDate: "2026-11-15T00:00:00.000Z" },
          { ARAccountID: 50003, Amount: "5", AvailableBalance: "0.000002", PostDate: "2026-09-30T00:00:00.000Z" },
          { ARAccountID: 50099, Amount: "9", AvailableBalance: "9", PostDate: "2026-11-20T00:00:00.000Z" },
        ],
      },
      { lastPayment: "2026-10-01", daysSince: 51, unapplied: "12.345680" },
    ],
    [
      "an account no open invoice or invoice names: by its id, with its figures",
      { aging: [aging(50004, 101, { Due_61_90: "7" }, [301001])] },
      {
        name: "AR account 50004",
        customerIds: [],
        customerNames: [],
        over60: "7.000000",
        over30: "7.000000",
        over90: "0.000000",
      },
    ],
    [
      "a chain's account holding several customers: named first + more, on hold when any is, agent of the first naming one",
      {
        aging: [aging(50005, 101, { CurrentDue: "1" })],
        openInvoices: [
          { ARAccountID: 50005, CustomerID: 20012 },
          { ARAccountID: 50005, CustomerID: 20010 },
          { ARAccountID: 50005, CustomerID: 20011 },
          { ARAccountID: 50005, CustomerID: 20010 },
        ],
        customers: [
          { CustomerID: 20010, CustomerName: "Leaf - Fresno", State: "CA", OnHold: false, AccountStatus: "Active" },
          {
            CustomerID: 20011,
            CustomerName: "Leaf - Reno",
            State: "NV",
            OnHold: true,
            AccountStatus: "OutOfBus",
            CollectionAgentFullName: "Dana Cole",
            CollectionAgentEmail: "dana@example.test",
          },
          {
            CustomerID: 20012,
            CustomerName: "Leaf - Bend",
            State: "CA",
            OnHold: false,
            AccountStatus: "Active",
            CollectionAgentFullName: "Lee Park",
          },
        ],
      },
      {
        name: "Leaf - Fresno and 2 more",
        customerIds: [20010, 20011, 20012],
        customerNames: ["Leaf - Fresno", "Leaf - Reno", "Leaf - Bend"],
        state: "CA, NV",
        onHold: true,
        accountStatus: "Active, Out of Business",
        agentName: "Dana Cole",
        agentEmail: "dana@example.test",
      },
    ],
    [
      "a payment posted after the aging's close: 0 days since",
      {
        aging: [aging(50006, 101, { CurrentDue: "1" })],
        payments: [{ ARAccountID: 50006, Amount: "1", AvailableBalance: "0", PostDate: "2026-11-22T00:00:00.000Z" }],
      },
      { lastPayment: "2026-11-22", daysSince: 0, unapplied: "0.000000" },
    ],
    [
      "names the people of every store of the account once, by name, a person without a name by their address",
      {
        aging: [aging(50007, 101, { Due_91: "1" })],
        openInvoices: [
          { ARAccountID: 50007, CustomerID: 20010 },
          { ARAccountID: 50007, CustomerID: 20011 },
        ],
        users: [
          { FullName: "Zoe Park", Email: "zoe@leaf.example", CustomerIDs: [20011] },
          { FullName: "Ana Ruiz", Email: "ana@leaf.example", CustomerIDs: [20010, 20011] },
          { FullName: " ", Email: "buyer@leaf.example", CustomerIDs: [20010] },
          { FullName: "Someone Else", Email: "else@other.example", CustomerIDs: [20099] },
        ],
      },
      {
        people: [
          { name: "Ana Ruiz", email: "ana@leaf.example" },
          { name: "buyer@leaf.example", email: "buyer@leaf.example" },
          { name: "Zoe Park", email: "zoe@leaf.example" },
        ],
      },
    ],
    [
      "a store no person is linked to has none",
      { aging: [aging(50008, 101)], openInvoices: [{ ARAccountID: 50008, CustomerID: 20012 }] },
      { people: [] },
    ],
  ];
  it.each(cases)("%s", (_name, parts, expected) => {
    expect(one(parts)).toMatchObject(expected);
  });

  it("lists every account of the aging once, in its order, and none of payments alone", () => {
    const rows = collectionRows(
      input({
        aging: [aging(50001, 101), aging(50002, 101), aging(50001, 102)],
        payments: [{ ARAccountID: 50003, Amount: "1", AvailableBalance: "1" }],
      }),
    );
    expect(rows.map((r) => [r.arAccountId, r.suppliers])).toEqual([
      [50001, 2],
      [50002, 1],
    ]);
  });
});

describe("invoicesToName and agingCloseDay", () => {
  it("asks for the lowest bucket invoice of each account no open invoice names, else its lowest credit", () => {
    const rows = [
      aging(1, 101, {}, [9, 7]),
      aging(1, 102, {}, [5]),
      aging(2, 101, {}, [3]),
      { ...aging(3, 101), CreditInvoices: [{ InvoiceID: 8 }, { InvoiceID: 4 }] },
      aging(4, 101),
    ];
    expect(invoicesToName(rows, [{ ARAccountID: 2, CustomerID: 20 }])).toEqual(
      new Map([
        [5, 1],
        [4, 3],
      ]),
    );
  });

  it("is the newest close day of the rows", () => {
    expect(
      agingCloseDay([{ ...aging(1, 1), CloseDate: "2026-11-20T23:59:59Z" }, aging(2, 1), { ARAccountID: 3 }]),
    ).toBe("2026-11-21");
    expect(agingCloseDay([{ ARAccountID: 3 }])).toBeUndefined();
  });
});

describe("entryOf", () => {
  it.each([
    [
      "aging",
      {
        ARAccountID: "50001",
        SupplierID: 101,
        Due_91: 12.5,
        CurrentInvoices: [{ InvoiceID: 7, InvoiceNum: "INV-7", OpenBalance: "1" }],
        CreditInvoices: ["?", { InvoiceID: 9 }],
        Extra: true,
      },
      {
        ARAccountID: 50001,
        SupplierID: 101,
        Due_91: "12.5",
        CurrentInvoices: [{ InvoiceID: 7, InvoiceNum: "INV-7", OpenBalance: "1" }],
        CreditInvoices: [{ InvoiceID: 9, OpenBalance: "0" }],
      },
    ],
    ["aging", { SupplierID: 101, Due_91: "1" }, undefined],
    [
      "payments",
      { ARAccountID: 50001, Amount: "12.5", Memo: "COD", PaymentID: 1 },
      { ARAccountID: 50001, Amount: "12.5" },
    ],
    ["openInvoices", { ARAccountID: 50001, InvoiceID: 3 }, undefined],
    [
      "customers",
      { CustomerID: 20001, CustomerName: "A", CollectionAgentFullName: null, LicenseNum: "LIC-99999-FAKE" },
      { CustomerID: 20001, CustomerName: "A", CollectionAgentFullName: null },
    ],
    [
      "users",
      { UserID: 9, FullName: "Ana Ruiz", Email: "ana@leaf.example", CustomerIDs: ["20010"], Role: "Customer" },
      { FullName: "Ana Ruiz", Email: "ana@leaf.example", CustomerIDs: [20010] },
    ],
    ["users", { UserID: 9, FullName: "No Store", Email: "x@y.example", CustomerIDs: null }, undefined],
    ["users", { UserID: 9, FullName: "No Address", CustomerIDs: [20010] }, undefined],
    [
      "invoices",
      { InvoiceID: 3, CustomerID: 20001, CustomerName: "A", PDFURL: "https://erp.example/secret" },
      { InvoiceID: 3, CustomerID: 20001, CustomerName: "A" },
    ],
  ] as const)("keeps of a %s record only what the snapshot uses", (list, record, expected) => {
    const entry = entryOf(list, record) as Record<string, unknown> | undefined;
    if (expected === undefined) return void expect(entry).toBeUndefined();
    expect(entry).toMatchObject(expected);
    expect(Object.keys(entry!).sort()).toEqual(Object.keys(expected).sort());
  });
});
