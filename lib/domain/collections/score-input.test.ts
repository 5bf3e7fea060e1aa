import { describe, expect, it } from "vitest";
import type { ApplicationEntry, ScoredInvoiceEntry } from "./collections-input";
import { scoreLists } from "./score-input";

// How the score's lists are split by AR account: an application is its account's; an invoice the account's whose
// applications name it, else its customer's account; an invoice of neither is no account's.

const aging = { current: "0", due1to30: "0", due31to60: "0", due61to90: "0", due91: "0" };
const accounts = [
  { arAccountId: 1, customerIds: [10, 11], aging },
  { arAccountId: 2, customerIds: [20], aging: null },
];
const invoice = (num: string, customer: number): ScoredInvoiceEntry => ({
  InvoiceNum: num,
  CustomerID: customer,
  DueDate: "2026-01-15T00:00:00",
  InvoiceTotal: "100.000000",
  Status: 3,
});
const app = (account: number, num: string): ApplicationEntry => ({
  ARAccountID: account,
  TargetInvoiceNum: num,
  Amount: "100.000000",
  Status: "Confirmed",
  TimeApplied: "2026-01-20T10:00:00Z",
});

describe("scoreLists", () => {
  it.each([
    ["its customer's account, none naming it", [invoice("A", 11)], [], { 1: ["A"], 2: [] }],
    ["the account its applications name, over its customer's", [invoice("B", 10)], [app(2, "B")], { 1: [], 2: ["B"] }],
    ["the first account naming it, should two", [invoice("C", 20)], [app(1, "C"), app(2, "C")], { 1: ["C"], 2: [] }],
    ["no account's: a customer no account holds", [invoice("D", 99)], [], { 1: [], 2: [] }],
    ["its number trimmed, as applications name it", [invoice(" E ", 99)], [app(2, "E")], { 1: [], 2: ["E"] }],
  ])("puts an invoice in %s", (_, invoices, applications, expected) => {
    const lists = scoreLists(accounts, invoices, applications);
    expect(Object.fromEntries([...lists].map(([id, l]) => [id, l.invoices.map((i) => i.invoiceNum)]))).toEqual(
      expected,
    );
  });

  it("keeps each application with its own account, the invoice's due day as a day, and the aging as given", () => {
    const lists = scoreLists(accounts, [invoice("A", 10)], [app(1, "A"), app(2, "Z"), app(3, "A")]);
    expect(lists.get(1)).toEqual({
      invoices: [{ invoiceNum: "A", dueDate: "2026-01-15", total: "100.000000", status: 3 }],
      applications: [
        { targetInvoiceNum: "A", amount: "100.000000", status: "Confirmed", timeApplied: "2026-01-20T10:00:00Z" },
      ],
      aging,
    });
    expect(lists.get(2)!.applications.map((a) => a.targetInvoiceNum)).toEqual(["Z"]);
    expect(lists.get(2)!.aging).toBeNull();
    expect(lists.has(3)).toBe(false);
  });
});
