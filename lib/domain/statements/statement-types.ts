import type { RecordOf } from "@/lib/data-api/client";
import type { BucketId } from "@/lib/domain/ar-aging/aging";

/** The records a statement is read from, and the statement of account they make (`statement.ts`). */

export type AgingRecord = RecordOf<"listArAging">;
export type OpenInvoiceRecord = RecordOf<"listOpenInvoices">;
export type InvoiceRecord = RecordOf<"listInvoices">;
export type PaymentRecord = RecordOf<"listPayments">;
export type ApplicationRecord = RecordOf<"listPaymentApplications">;
export type CustomerRecord = RecordOf<"listCustomers">;
export type LocationRecord = RecordOf<"listLocations">;
export type StateRecord = RecordOf<"listStates">;

/** What a statement is made of: the API's answers about one AR account, as read. */
export interface StatementInput {
  arAccountId: number;
  /** The account's `/arAging` rows (one per supplier); rows of other accounts are ignored. */
  aging: readonly AgingRecord[];
  /** The account's open invoices now (`/payments/openInvoices?ARAccountIDs=`). */
  openInvoices: readonly OpenInvoiceRecord[];
  /** Invoices the aging names that are not open any more (`/invoices?InvoiceIDs=`), for their dates and totals. */
  invoices: readonly InvoiceRecord[];
  payments: readonly PaymentRecord[];
  applications: readonly ApplicationRecord[];
  /** The account's customers (`/customers?CustomerIDs=`): its name, address and warehouse. */
  customers: readonly CustomerRecord[];
  /** The warehouses (`/locations`): the one serving the account names the distributor (its DBA) and the remit address. */
  locations: readonly LocationRecord[];
  /** The states (`/states`): the account's zone, in which the close's day is read. */
  states: readonly StateRecord[];
}

/** The aging bucket an invoice's open balance is in, or "credit" (a negative balance, not aged). */
export type Aged = BucketId | "credit";

/** One invoice of the statement: its open balance at the close, summed over the account's suppliers. */
export interface StatementInvoice {
  invoiceId?: number;
  invoiceNum: string;
  /** Calendar days (YYYY-MM-DD), when the API gave them. */
  date?: string;
  dueDate?: string;
  poNum?: string;
  /** The whole invoice's total, as the API gives it. */
  total?: string;
  /** At the close (negative: a credit). */
  openBalance: string;
  aged: Aged;
}

/** A payment of the statement. */
export interface StatementPayment {
  paymentId?: number;
  paymentNum: string;
  /** Calendar day. */
  postDate?: string;
  type: string;
  memo?: string;
  amount: string;
  /** What is left of it to apply (0 for a reversed payment). */
  available: string;
  /** A reversed payment: its amount is negative. */
  reversed: boolean;
}

/** An allocation of a payment to an invoice (a request made through the API, or one made in the ERP). */
export interface StatementApplication {
  paymentNum: string;
  targetNum: string;
  /** The target invoice's id when the statement knows it (to link to its page). */
  targetInvoiceId?: number;
  amount: string;
  status: string;
  /** The day it was asked for, and the day the ERP applied it, in the account's zone. */
  requested?: string;
  applied?: string;
  /** Made in the ERP (no request through the API). */
  direct: boolean;
}

/** An invoice whose open balance is not what the close left: paid or credited since, or invoiced since. */
export interface StatementChange {
  invoiceId?: number;
  invoiceNum: string;
  /** At the close; undefined for an invoice made since. */
  atClose?: string;
  /** Now (0 when no longer open). */
  now: string;
}

export interface Statement {
  arAccountId: number;
  /** The account's name: its customer's, or its customers' ("A, B and 1 more"); undefined when none is known. */
  name?: string;
  customers: { customerId: number; name?: string; address?: string; licenseNum?: string; state?: string }[];
  /** The distributor as the account's warehouse names it (DBA) and its address; undefined when not known. */
  distributor?: { name: string; address: string[] };
  /** The time zone the statement's days are read in: the account's state's, else UTC. */
  timeZone: string;
  /** The aging's close (ISO, as the API sent it) and its calendar day in `timeZone`: the statement's date. */
  closedAt?: string;
  asOf?: string;
  /** The account's aging at the close: the buckets, the open credit and the total outstanding, summed exactly. */
  aging: { buckets: Record<BucketId, string>; openCredit: string; total: string };
  /** Every invoice the aging lists, credits included, oldest due first; their open balances sum to `aging.total`. */
  invoices: StatementInvoice[];
  invoicesTotal: string;
  /** Payments with credit still to apply, and its sum. */
  credits: StatementPayment[];
  creditTotal: string;
  /** Payments posted in the last `ACTIVITY_DAYS` days to the statement's date, newest first, and their sum. */
  payments: StatementPayment[];
  paymentsTotal: string;
  /** Allocations asked for (or made in the ERP) in the last `ACTIVITY_DAYS` days, newest first. */
  applications: StatementApplication[];
  /** Since the close: invoices paid, credited or made since, and what is open now. */
  sinceClose: { changes: StatementChange[]; openNow: string };
  /** What the reader is to know: facts the API does not give, entries it gave that could not be read. */
  notes: string[];
}
