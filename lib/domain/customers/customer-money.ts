/**
 * What a store owes, in one place for its page (online and from the device's kept week): each AR account that holds
 * it, with the account's figures as the collections list computes them (`collectionRows`: the aging's buckets added
 * exactly, over 30 / 60 / 90 days, open credit, unapplied payments, last payment) and its open invoices, oldest due
 * first. Pure: the page reads the lists, this draws the facts.
 */
import type { ReadOf } from "@/lib/data-api/fields";
import { byDueDate } from "@/lib/domain/payments/open-invoice-order";
import type { OpenInvoice } from "@/lib/data-api/records/payments";
import { type CollectionRow, collectionRows } from "@/lib/domain/collections/collections";
import type { AgingEntry, CustomerEntry, PaymentEntry } from "@/lib/domain/collections/collections-input";

/** An open invoice as the store's page lists it. */
export type OpenInvoiceLine = Pick<
  ReadOf<typeof OpenInvoice>,
  "InvoiceID" | "InvoiceNum" | "CustomerID" | "ARAccountID" | "Date" | "DueDate" | "OpenBalance"
>;

/** One AR account of the store's. */
export interface AccountMoney {
  figures: CollectionRow;
  /** Its open invoices (every store's of the account), oldest due first; undefined when they were not read. */
  openInvoices?: OpenInvoiceLine[];
  /** The other stores whose invoices the account holds: the figures are the account's, not the store's alone. */
  sharedWith: number;
  /** Whether the payments were read: without them the last payment and the unapplied credit are not known. */
  paymentsRead: boolean;
}

export interface CustomerMoneyInput {
  customer: CustomerEntry;
  /** The aging rows of the store (`/arAging?CustomerIDs=`): one per AR account and supplier. */
  aging: readonly AgingEntry[];
  /** The open invoices of those AR accounts (`/payments/openInvoices?ARAccountIDs=`); undefined when not read. */
  openInvoices?: readonly OpenInvoiceLine[];
  /** Their payments (`/payments?ARAccountIDs=`); undefined when not read (the last payment is then not known). */
  payments?: readonly PaymentEntry[];
}

/**
 * The store's AR accounts with their figures and open invoices, by AR account.
 *
 * @example
 * customerMoney({ customer, aging, openInvoices, payments })[0].figures.total; // "3264.560000"
 */
export function customerMoney(input: CustomerMoneyInput): AccountMoney[] {
  const id = input.customer.CustomerID;
  const rows = collectionRows({
    aging: [...input.aging],
    customers: [input.customer],
    // The store names its own accounts: the aging was asked for by its id.
    openInvoices: [
      ...new Map(input.aging.map((r) => [r.ARAccountID, { ARAccountID: r.ARAccountID, CustomerID: id }])).values(),
      ...(input.openInvoices ?? []),
    ],
    payments: [...(input.payments ?? [])],
    // The store's people are the page's own list (`CustomerPeople`), not the figures'.
    users: [],
    invoices: [],
  });
  return rows.map((figures) => {
    const open =
      input.openInvoices && byDueDate(input.openInvoices.filter((i) => i.ARAccountID === figures.arAccountId));
    const stores = new Set([id, ...(open ?? []).map((i) => i.CustomerID)].filter((c) => c != null));
    return {
      figures,
      openInvoices: open,
      sharedWith: stores.size - 1,
      paymentsRead: input.payments !== undefined,
    };
  });
}
