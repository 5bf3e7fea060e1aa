import { describe, expect, it } from "vitest";
import type { CollectionRow } from "./collections";
import type { AgingEntry } from "./collections-input";
import { collectionsQuery, COLUMNS, listed } from "./collections-list";
import { netOfDisputes } from "./disputed";

const zero = "0.000000";
const row = (over: Partial<CollectionRow> = {}): CollectionRow => ({
  arAccountId: 50001,
  customerIds: [20001],
  customerNames: ["Valley"],
  name: "Valley",
  state: "CA",
  onHold: false,
  accountStatus: "Active",
  agentName: null,
  agentEmail: null,
  salesRep: null,
  people: null,
  suppliers: 1,
  current: zero,
  due1to30: zero,
  due31to60: zero,
  due61to90: zero,
  due91: zero,
  over30: zero,
  over60: zero,
  over90: zero,
  openCredit: zero,
  unapplied: zero,
  total: zero,
  lastPayment: null,
  daysSince: null,
  ...over,
});
const ref = (InvoiceID: number, OpenBalance: string) => ({ InvoiceID, InvoiceNum: `INV-${InvoiceID}`, OpenBalance });

// Account 50001 (store 20001): 7001 aged 91+ (300.00), 7002 aged 31–60 (500.00) on one supplier's row, 7003 91+
// (100.00) on another's.
const valley = row({
  due31to60: "500.000000",
  due91: "400.000000",
  over30: "900.000000",
  over60: "400.000000",
  over90: "400.000000",
});
const aging: AgingEntry[] = [
  { ARAccountID: 50001, SupplierID: 101, Invoices_91: [ref(7001, "300.00")], Invoices_31_60: [ref(7002, "500.00")] },
  { ARAccountID: 50001, SupplierID: 102, Invoices_91: [ref(7003, "100.00")] },
];

describe("netOfDisputes", () => {
  it.each([
    {
      name: "a dispute off its invoice's bucket",
      disputes: [{ customerId: 20001, invoiceId: 7002, open: "90.00" }],
      want: { disputed: "90.000000", over30: "810.000000", over60: "400.000000", over90: "400.000000" },
    },
    {
      name: "a 91+ invoice's dispute off over 90, 60 and 30 alike",
      disputes: [{ customerId: 20001, invoiceId: 7001, open: "412.50" }],
      // At most what 7001 has open there (300.00): the rest of the dispute takes nothing off another invoice.
      want: { disputed: "412.500000", over30: "600.000000", over60: "100.000000", over90: "100.000000" },
    },
    {
      name: "two disputes of one invoice added up",
      disputes: [
        { customerId: 20001, invoiceId: 7003, open: "40.00" },
        { customerId: 20001, invoiceId: 7003, open: "10.50" },
      ],
      want: { disputed: "50.500000", over30: "849.500000", over60: "349.500000", over90: "349.500000" },
    },
    {
      name: "an invoice not aged yet: in dispute, nothing off",
      disputes: [{ customerId: 20001, invoiceId: 7999, open: "73.50" }],
      want: { disputed: "73.500000", over30: "900.000000", over60: "400.000000", over90: "400.000000" },
    },
    {
      name: "a partial credit: only what is left in dispute",
      disputes: [{ customerId: 20001, invoiceId: 7002, open: "36.75" }],
      want: { disputed: "36.750000", over30: "863.250000", over60: "400.000000", over90: "400.000000" },
    },
  ])("$name", ({ disputes, want }) => {
    expect(netOfDisputes(valley, aging, disputes)).toEqual(want);
  });

  it.each([
    { name: "another account's store's dispute", disputes: [{ customerId: 20002, invoiceId: 7001, open: "50.00" }] },
    { name: "a dispute fully credited", disputes: [{ customerId: 20001, invoiceId: 7001, open: "0.00" }] },
    { name: "no dispute", disputes: [] },
  ])("nothing for $name", ({ disputes }) => {
    expect(netOfDisputes(valley, aging, disputes)).toBeUndefined();
  });
});

describe("the list net of disputes", () => {
  // Two accounts: A owes more over 90, but most of it is in dispute; B owes less, none disputed.
  const a = {
    ...row({
      arAccountId: 1,
      name: "A",
      due91: "500.000000",
      over30: "500.000000",
      over60: "500.000000",
      over90: "500.000000",
    }),
    disputed: { disputed: "450.000000", over30: "50.000000", over60: "50.000000", over90: "50.000000" },
  };
  const b = row({
    arAccountId: 2,
    name: "B",
    due91: "200.000000",
    over30: "200.000000",
    over60: "200.000000",
    over90: "200.000000",
  });
  const c = {
    ...row({ arAccountId: 3, name: "C", due31to60: "80.000000", over30: "80.000000" }),
    disputed: { disputed: "80.000000", over30: "0.000000", over60: "0.000000", over90: "0.000000" },
  };

  it("ranks by default by what is owed net of disputes", () => {
    expect(listed([a, b, c], collectionsQuery({})).map((r) => r.name)).toEqual(["B", "A", "C"]);
  });

  it("keeps by least age net of disputes: an account whose over 30 is all disputed is not over 30", () => {
    expect(listed([a, b, c], collectionsQuery({ age: "30" })).map((r) => r.name)).toEqual(["B", "A"]);
  });

  it("writes what is in dispute as a column of the export, the amounts shown as the aging's", () => {
    const column = (id: string) => COLUMNS.find((col) => col.id === id)!;
    expect(column("disputed").header).toBe("In dispute");
    expect([a, b].map((r) => [column("disputed").value(r), column("over90").value(r)])).toEqual([
      ["450.000000", "500.000000"],
      ["0.000000", "200.000000"],
    ]);
  });
});
