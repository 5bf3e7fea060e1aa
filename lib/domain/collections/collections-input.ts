/**
 * What a collections snapshot is computed from: six lists of the Data API, each record read with the contract's
 * tolerant schema (sparse records, ids sent as text, decimals as numbers) and cut to the fields the snapshot uses, so
 * that a page of them can be kept while a walk goes on (`lib/server/collections/`) and the pure model reads the same
 * shape from a direct walk as from the kept pages.
 */
import type { ReadOf } from "@/lib/data-api/fields";
import { Customer } from "@/lib/data-api/records/customers";
import { User } from "@/lib/data-api/records/directory";
import { ARAging, Invoice } from "@/lib/data-api/records/invoices";
import { OpenInvoice, Payment, PaymentApplication } from "@/lib/data-api/records/payments";
import { BUCKETS, creditInvoicesOf } from "@/lib/domain/ar-aging/aging";

type Aging = ReadOf<typeof ARAging>;

/**
 * An AR aging row (one AR account and supplier): its amounts, its close date and the invoices behind it (id, number and
 * open balance: the AR aging page lists them from a kept snapshot).
 */
export type AgingEntry = Pick<
  Aging,
  | "ARAccountID"
  | "SupplierID"
  | "OpenCredit"
  | "CurrentDue"
  | "Due_1_30"
  | "Due_31_60"
  | "Due_61_90"
  | "Due_91"
  | "TotalBalanceOutstanding"
  | "CloseDate"
  | "CurrentInvoices"
  | "Invoices_1_30"
  | "Invoices_31_60"
  | "Invoices_61_90"
  | "Invoices_91"
  | "CreditInvoices"
>;
/** A customer as the list names it: its name, state, hold, status, collection agent and sales rep. */
export type CustomerEntry = Pick<
  ReadOf<typeof Customer>,
  | "CustomerID"
  | "CustomerName"
  | "State"
  | "OnHold"
  | "AccountStatus"
  | "CollectionAgentFullName"
  | "CollectionAgentEmail"
  | "SalesRepName"
>;
/** An open invoice, for the one fact an aging row lacks: which customer an AR account is. */
export type OpenInvoiceEntry = Pick<ReadOf<typeof OpenInvoice>, "ARAccountID" | "CustomerID">;
/** A payment: its account, amount, credit left to allocate and post date. */
export type PaymentEntry = Pick<ReadOf<typeof Payment>, "ARAccountID" | "Amount" | "AvailableBalance" | "PostDate">;
/** An invoice read by id, naming the customer of an account no open invoice names. */
export type InvoiceEntry = Pick<ReadOf<typeof Invoice>, "InvoiceID" | "CustomerID" | "CustomerName">;

/** A store's person (a Customer-role user): the name and address a rep writes to, and the stores they are of. */
export type UserEntry = Pick<ReadOf<typeof User>, "FullName" | "Email" | "CustomerIDs">;

/**
 * A confirmed payment application, for the payment-reliability score (`lib/domain/credit/score.ts`): which invoice it
 * paid, of which account, how much and when.
 */
export type ApplicationEntry = Pick<
  ReadOf<typeof PaymentApplication>,
  "ARAccountID" | "TargetInvoiceNum" | "Amount" | "Status" | "TimeApplied"
>;
/** A delivered invoice or credit of the score's window: its number, customer, due day, total and status. */
export type ScoredInvoiceEntry = Pick<
  ReadOf<typeof Invoice>,
  "InvoiceNum" | "CustomerID" | "DueDate" | "InvoiceTotal" | "Status"
>;

/** The lists, as kept. */
export interface CollectionsInput {
  aging: AgingEntry[];
  customers: CustomerEntry[];
  openInvoices: OpenInvoiceEntry[];
  payments: PaymentEntry[];
  users: UserEntry[];
  invoices: InvoiceEntry[];
  /** The score's: confirmed applications (migration 035); empty in a walk that did not read them. */
  applications?: ApplicationEntry[];
  /** The score's: invoices of the last year with statuses 3, 4, 5 and 7 (migration 035). */
  scored?: ScoredInvoiceEntry[];
}

export type ListName = keyof CollectionsInput;

/** A list's entries as kept (the score's lists are optional in the input, never in a page). */
export type EntryOf<L extends ListName> = NonNullable<CollectionsInput[L]>[number];

/** A bucket's invoices as kept: each that names an invoice, with its number and the open balance aged there. */
const refs = (list: Aging["CurrentInvoices"]) =>
  list?.flatMap((ref) =>
    ref?.InvoiceID == null
      ? []
      : [
          withoutUnset({
            InvoiceID: ref.InvoiceID,
            InvoiceNum: ref.InvoiceNum ?? undefined,
            OpenBalance: ref.OpenBalance ?? undefined,
          }),
        ],
  );

/**
 * A record of a list as kept, or undefined when it names no account (an aging row, an open invoice, a payment) or no
 * customer or invoice, or is a person with no address or store: nothing could be told of it. Only the fields the snapshot uses are kept.
 *
 * @example
 * entryOf("payments", { ARAccountID: "50001", Amount: "12.5", Memo: "COD" }); // { ARAccountID: 50001, Amount: "12.5" }
 */
export function entryOf<L extends ListName>(list: L, record: unknown): EntryOf<L> | undefined {
  const entry = read(list, record);
  return entry as EntryOf<L> | undefined;
}

function read(list: ListName, record: unknown): EntryOf<ListName> | undefined {
  switch (list) {
    case "aging": {
      const parsed = ARAging.read.safeParse(record);
      if (!parsed.success || parsed.data.ARAccountID == null) return undefined;
      const r = parsed.data;
      const kept: AgingEntry = {
        ARAccountID: r.ARAccountID,
        SupplierID: r.SupplierID,
        CloseDate: r.CloseDate,
        OpenCredit: r.OpenCredit,
        TotalBalanceOutstanding: r.TotalBalanceOutstanding,
      };
      for (const bucket of BUCKETS) {
        kept[bucket.amount] = r[bucket.amount];
        kept[bucket.invoices] = refs(r[bucket.invoices]);
      }
      // The credits' item shape is not documented: those that name an invoice id are kept, shaped as the buckets' are.
      kept.CreditInvoices = creditInvoicesOf(r).invoices.flatMap((i) =>
        i.invoiceId === undefined
          ? []
          : [withoutUnset({ InvoiceID: i.invoiceId, InvoiceNum: i.invoiceNum, OpenBalance: i.openBalance })],
      );
      return withoutUnset(kept);
    }
    case "customers": {
      const parsed = Customer.read.safeParse(record);
      if (!parsed.success || parsed.data.CustomerID == null) return undefined;
      const {
        CustomerID,
        CustomerName,
        State,
        OnHold,
        AccountStatus,
        CollectionAgentFullName,
        CollectionAgentEmail,
        SalesRepName,
      } = parsed.data;
      return withoutUnset({
        CustomerID,
        CustomerName,
        State,
        OnHold,
        AccountStatus,
        CollectionAgentFullName,
        CollectionAgentEmail,
        SalesRepName,
      });
    }
    case "openInvoices": {
      const parsed = OpenInvoice.read.safeParse(record);
      if (!parsed.success || parsed.data.ARAccountID == null || parsed.data.CustomerID == null) return undefined;
      return { ARAccountID: parsed.data.ARAccountID, CustomerID: parsed.data.CustomerID };
    }
    case "payments": {
      const parsed = Payment.read.safeParse(record);
      if (!parsed.success || parsed.data.ARAccountID == null) return undefined;
      const { ARAccountID, Amount, AvailableBalance, PostDate } = parsed.data;
      return withoutUnset({ ARAccountID, Amount, AvailableBalance, PostDate });
    }
    case "users": {
      const parsed = User.read.safeParse(record);
      if (!parsed.success || !parsed.data.Email || !parsed.data.CustomerIDs?.length) return undefined;
      const { FullName, Email, CustomerIDs } = parsed.data;
      return withoutUnset({ FullName, Email, CustomerIDs });
    }
    case "invoices": {
      const parsed = Invoice.read.safeParse(record);
      if (!parsed.success || parsed.data.InvoiceID == null) return undefined;
      const { InvoiceID, CustomerID, CustomerName } = parsed.data;
      return withoutUnset({ InvoiceID, CustomerID, CustomerName });
    }
    case "applications": {
      const parsed = PaymentApplication.read.safeParse(record);
      if (!parsed.success || parsed.data.ARAccountID == null || !parsed.data.TargetInvoiceNum) return undefined;
      const { ARAccountID, TargetInvoiceNum, Amount, Status, TimeApplied } = parsed.data;
      return withoutUnset({ ARAccountID, TargetInvoiceNum, Amount, Status, TimeApplied });
    }
    case "scored": {
      const parsed = Invoice.read.safeParse(record);
      if (!parsed.success || !parsed.data.InvoiceNum || !parsed.data.DueDate) return undefined;
      const { InvoiceNum, CustomerID, DueDate, InvoiceTotal, Status } = parsed.data;
      return withoutUnset({ InvoiceNum, CustomerID, DueDate, InvoiceTotal, Status });
    }
  }
}

/** The entry without its absent fields (a sparse record stays sparse when kept as JSON). */
function withoutUnset<T extends object>(entry: T): T {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as T;
}
