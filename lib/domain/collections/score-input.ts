/**
 * What the payment-reliability score (`lib/domain/credit/score.ts`, `reliability`) reads of an AR account, from the
 * lists a collections walk keeps (or a store's own key reads live): its confirmed applications, the invoices they or
 * its customers name, and its aging's buckets.
 */
import type { ScoreAging, ScoreApplication, ScoreInvoice } from "@/lib/domain/credit/score";
import type { ApplicationEntry, ScoredInvoiceEntry } from "./collections-input";

/** An account as the score's split needs it: its id, its customers and its aging's buckets (null: not known). */
export interface ScoredAccount {
  arAccountId: number;
  customerIds: readonly number[];
  aging: ScoreAging | null;
}

/** One account's part of the lists, as `reliability` takes it. */
export interface ScoreLists {
  invoices: ScoreInvoice[];
  applications: ScoreApplication[];
  aging: ScoreAging | null;
}

/**
 * The lists split by account. An application is its `ARAccountID`'s. An invoice is the account's whose applications
 * name it (`TargetInvoiceNum`; the first account that does, should two), else the account of its customer (the first
 * account listing the customer); an invoice of neither is no account's here (a customer the accounts do not hold).
 *
 * @example
 * scoreLists([{ arAccountId: 50001, customerIds: [20001], aging }], invoices, applications).get(50001);
 */
export function scoreLists(
  accounts: readonly ScoredAccount[],
  invoices: readonly ScoredInvoiceEntry[],
  applications: readonly ApplicationEntry[],
): Map<number, ScoreLists> {
  const lists = new Map<number, ScoreLists>(
    accounts.map((a) => [a.arAccountId, { invoices: [], applications: [], aging: a.aging }]),
  );
  const byNum = new Map<string, number>();
  for (const app of applications) {
    if (app.ARAccountID == null || !app.TargetInvoiceNum) continue;
    const num = app.TargetInvoiceNum.trim();
    if (!byNum.has(num)) byNum.set(num, app.ARAccountID);
    lists.get(app.ARAccountID)?.applications.push({
      targetInvoiceNum: num,
      amount: app.Amount ?? "0",
      status: app.Status ?? "",
      timeApplied: app.TimeApplied ?? null,
    });
  }
  const byCustomer = new Map<number, number>();
  for (const account of accounts)
    for (const id of account.customerIds) if (!byCustomer.has(id)) byCustomer.set(id, account.arAccountId);
  for (const invoice of invoices) {
    if (!invoice.InvoiceNum || !invoice.DueDate) continue;
    const num = invoice.InvoiceNum.trim();
    const account = byNum.get(num) ?? (invoice.CustomerID == null ? undefined : byCustomer.get(invoice.CustomerID));
    lists.get(account ?? -1)?.invoices.push({
      invoiceNum: num,
      dueDate: invoice.DueDate.slice(0, 10),
      total: invoice.InvoiceTotal ?? "0",
      status: invoice.Status ?? 0,
    });
  }
  return lists;
}
