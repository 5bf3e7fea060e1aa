/**
 * The collections list: one row per AR account of the AR aging, with who it is, what it owes by age, the
 * credit it holds and when it last paid. Pure and exact (money stays decimal strings, summed in micro-units): the sync
 * (`lib/server/collections/`) computes a key's rows with it from the lists it kept, and its tests from a direct walk.
 * What each figure means is written once, in `DEFINITIONS`, which the page shows.
 */
import { ACCOUNT_STATUS_LABELS, ACCOUNT_STATUSES } from "@/lib/data-api/values";
import { addDecimals, parseDecimal } from "@/lib/format/decimal";
import {
  accountInvoices,
  amountsOf,
  creditInvoicesOf,
  decimalOf,
  pastDue,
  sumAmounts,
} from "@/lib/domain/ar-aging/aging";
import { daysBetween } from "@/lib/domain/insights/definitions";
import type { AgingEntry, CollectionsInput, CustomerEntry } from "./collections-input";

/** The text the page shows under the list. */
export const DEFINITIONS = `One row per AR account of the AR aging, as of the aging's close (it is recalculated once a day, at the end of the day). An account's rows, one per supplier, are added up exactly.
Current, 1–30, 31–60, 61–90 and 91+ are the aging's buckets (CurrentDue, Due_1_30, Due_31_60, Due_61_90, Due_91): what is open, by days past due.
Over 30 is what is more than 30 days past due: 31–60, 61–90 and 91+ together. Over 60 is 61–90 and 91+; over 90 is 91+.
Open credit is the aging's OpenCredit (credits not aged). Unapplied payments is the credit left on the account's payments (the sum of their AvailableBalance), not yet allocated to an invoice. Total outstanding is the aging's TotalBalanceOutstanding: the buckets less the open credit.
Customer: the customers the account's open invoices name (an invoice read by id where none does), the lowest CustomerID first; "and 2 more" when the account holds several. On hold when any of them is; state, account status, collection agent and sales rep as their customer records say (the first customer that names an agent). The store's people are the active users of the API with the Customer role linked to any of the account's customers, with their emails.
Last payment is the post date of the account's latest payment with a positive amount (a reversed payment, with a negative amount, is none); days since counts calendar days from it to the aging's close (0 when it was posted on the day of the close or later).
The filters: any balance keeps every account of the aging; over 30, 60 or 90 days keeps those with something more than that many days past due; unapplied credit keeps those with credit left on their payments or open credit; the search matches any of an account's customers' names, or an AR account's or customer's id.
In dispute is what the account's stores have raised in disputes not yet resolved, less what the ERP has credited against them (Backroom's own records: the API shows only the credit). It is shown apart in the row and is its own column of the export. An account is not chased for it: the default order, the over 30, 60 and 90 sorts and the least-age filter rank by over 30, 60 and 90 net of it, each dispute's open amount taken off the bucket its invoice is aged in (at most what that invoice has open there); a disputed invoice the aging does not hold (paid, credited, or not aged yet) takes nothing off. The amounts shown stay the aging's.
Credit available is the account's credit limit, set by the distributor's staff in Backroom (the Data API has none), less its total outstanding and less what its stores' reorder lists sent in the last 90 days and not withdrawn still have open (not yet invoiced): the figures of the Credit list. An account with no limit says so. Over its limit means less than nothing is available: the row says by how much. The filter "over its limit" keeps those; the sort by credit available puts the least left first.`;

/** An account's figures the list ranks and filters by, net of its disputes, and what is in dispute in all. */
export interface Disputed {
  /** What the account's stores have in dispute, credited or not aged alike (cents). */
  disputed: string;
  over30: string;
  over60: string;
  over90: string;
}

/**
 * An account's credit as the credit feature figures it for the staff's credit list (`creditRows`): the limit its staff
 * set, the open part of its stores' reorder lists, and what is left (limit − total outstanding − open lists). Cents;
 * `limit` and `available` null when no limit is set.
 */
export interface RowCredit {
  limit: string | null;
  openLists: string;
  openListCount: number;
  /** Negative: over the limit. */
  available: string | null;
  /** The share of the limit in use, 4 decimals; null without a limit (or with a limit of 0). */
  used: number | null;
}

/** A person of a store, as a rep writes to them. */
export interface StorePerson {
  name: string;
  email: string;
}

/** One AR account of the collections list. Money is a decimal string with 6 decimals; null where nothing is known. */
export interface CollectionRow {
  arAccountId: number;
  /** The account's customers, lowest id first, and their names in the same order. */
  customerIds: number[];
  customerNames: string[];
  /** "Acme", "Acme and 2 more", or "AR account 50001" when no customer is known. */
  name: string;
  state: string | null;
  onHold: boolean;
  accountStatus: string | null;
  agentName: string | null;
  agentEmail: string | null;
  salesRep: string | null;
  /**
   * The people of the account's stores (the API's active Customer-role users linked to any of its customers), by
   * name; null in a snapshot made before a walk read them.
   */
  people: StorePerson[] | null;
  /** How many aging rows (suppliers) the account's figures add up. */
  suppliers: number;
  current: string;
  due1to30: string;
  due31to60: string;
  due61to90: string;
  due91: string;
  over30: string;
  over60: string;
  over90: string;
  openCredit: string;
  unapplied: string;
  total: string;
  /** YYYY-MM-DD. */
  lastPayment: string | null;
  daysSince: number | null;
  /**
   * What the account's stores have in dispute and its over 30, 60 and 90 net of it (`netOfDisputes`), which the list
   * ranks and filters by; absent when nothing is (or the disputes were not read).
   */
  disputed?: Disputed;
  /**
   * The account's limit and what is left of it (`withCredit`): absent when the credit could not be read (the list then
   * says so rather than "no limit").
   */
  credit?: RowCredit;
}

const day = (text: string | null | undefined) =>
  text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;

/**
 * The day the aging closed: the newest CloseDate of its rows, as a calendar day (YYYY-MM-DD); undefined when no row
 * says.
 *
 * @example
 * agingCloseDay([{ ARAccountID: 1, CloseDate: "2026-11-21T23:59:59Z" }]); // "2026-11-21"
 */
export function agingCloseDay(aging: readonly AgingEntry[]): string | undefined {
  let newest: string | undefined;
  for (const row of aging) {
    const d = day(row.CloseDate);
    if (d && (!newest || d > newest)) newest = d;
  }
  return newest;
}

/**
 * The invoices to read by id (`/invoices?InvoiceIDs=`) to name the customers of the accounts no open invoice names:
 * each such account's lowest invoice in its aging buckets, else among its credits, as InvoiceID → ARAccountID.
 *
 * @example
 * invoicesToName(aging, openInvoices); // Map { 301479 => 50007 }
 */
export function invoicesToName(
  aging: readonly AgingEntry[],
  openInvoices: CollectionsInput["openInvoices"],
): Map<number, number> {
  const named = new Set(openInvoices.map((i) => i.ARAccountID));
  const unnamed = aging.filter((row) => !named.has(row.ARAccountID));
  const picked = accountInvoices(unnamed);
  const found = new Set(picked.values());
  // An account with no invoice in any bucket (only credit): its lowest credit invoice.
  const lowestCredit = new Map<number, number>();
  for (const row of unnamed) {
    const account = row.ARAccountID!;
    if (found.has(account)) continue;
    for (const { invoiceId } of creditInvoicesOf(row).invoices) {
      const known = lowestCredit.get(account);
      if (invoiceId !== undefined && (known === undefined || invoiceId < known)) lowestCredit.set(account, invoiceId);
    }
  }
  for (const [account, invoice] of lowestCredit) picked.set(invoice, account);
  return picked;
}

/** The account's customers, lowest id first: from its open invoices, else from the invoices read by id. */
function customersOfAccounts(input: CollectionsInput): Map<number, Set<number>> {
  const byAccount = new Map<number, Set<number>>();
  const add = (account: number, customer: number) =>
    byAccount.set(account, (byAccount.get(account) ?? new Set()).add(customer));
  for (const invoice of input.openInvoices) add(invoice.ARAccountID!, invoice.CustomerID!);
  const picked = invoicesToName(input.aging, input.openInvoices);
  for (const invoice of input.invoices) {
    const account = picked.get(invoice.InvoiceID!);
    if (account !== undefined && invoice.CustomerID != null && !byAccount.has(account))
      add(account, invoice.CustomerID);
  }
  return byAccount;
}

const distinct = <T>(values: (T | null | undefined)[]) => [
  ...new Set(values.filter((v): v is T => v !== null && v !== undefined && v !== "")),
];

/** Each customer's people (its Customer-role users), by CustomerID. */
function peopleByCustomer(users: CollectionsInput["users"]): Map<number, StorePerson[]> {
  const byCustomer = new Map<number, StorePerson[]>();
  for (const user of users) {
    const person = { name: user.FullName?.trim() || user.Email!, email: user.Email! };
    for (const id of user.CustomerIDs ?? []) byCustomer.set(id, [...(byCustomer.get(id) ?? []), person]);
  }
  return byCustomer;
}

/** The people of several stores, each address once, by name. */
function peopleOf(ids: number[], byCustomer: Map<number, StorePerson[]>): StorePerson[] {
  const byEmail = new Map<string, StorePerson>();
  for (const id of ids)
    for (const person of byCustomer.get(id) ?? [])
      byEmail.set(person.email.toLowerCase(), byEmail.get(person.email.toLowerCase()) ?? person);
  return [...byEmail.values()].sort((a, b) => a.name.localeCompare(b.name, "en-US") || a.email.localeCompare(b.email));
}

/** The account's payments: the credit left on them, and the day of the latest positive one. */
function paymentsByAccount(
  payments: CollectionsInput["payments"],
): Map<number, { unapplied: string[]; last?: string }> {
  const byAccount = new Map<number, { unapplied: string[]; last?: string }>();
  for (const payment of payments) {
    const account = payment.ARAccountID!;
    let entry = byAccount.get(account);
    if (!entry) byAccount.set(account, (entry = { unapplied: [] }));
    entry.unapplied.push(decimalOf(payment.AvailableBalance));
    const posted = day(payment.PostDate);
    if (posted && (parseDecimal(decimalOf(payment.Amount)) ?? 0n) > 0n && (!entry.last || posted > entry.last))
      entry.last = posted;
  }
  return byAccount;
}

/**
 * The collections list's rows, one per AR account of the aging, in the aging's order (by AR account).
 *
 * @example
 * const rows = collectionRows({ aging, customers, openInvoices, payments, users, invoices: [] });
 * rows.find((r) => r.arAccountId === 50001)?.over90; // "1200.000000"
 */
export function collectionRows(input: CollectionsInput): CollectionRow[] {
  const close = agingCloseDay(input.aging);
  const customers = new Map<number, CustomerEntry>(input.customers.map((c) => [c.CustomerID!, c]));
  const invoiceNames = new Map(
    input.invoices.flatMap((i) =>
      i.CustomerID != null && i.CustomerName ? [[i.CustomerID, i.CustomerName] as const] : [],
    ),
  );
  const customersOf = customersOfAccounts(input);
  const payments = paymentsByAccount(input.payments);
  const people = peopleByCustomer(input.users);
  const agingOf = new Map<number, AgingEntry[]>();
  for (const row of input.aging) agingOf.set(row.ARAccountID!, [...(agingOf.get(row.ARAccountID!) ?? []), row]);
  return [...agingOf].map(([account, rows]) => {
    const amounts = sumAmounts(rows.map(amountsOf));
    const b = amounts.buckets;
    const ids = [...(customersOf.get(account) ?? [])].sort((x, y) => x - y);
    const records = ids.map((id) => customers.get(id));
    const names = ids.map((id, i) => records[i]?.CustomerName || invoiceNames.get(id) || `Customer ${id}`);
    const agent = records.find((c) => c?.CollectionAgentFullName || c?.CollectionAgentEmail);
    const paid = payments.get(account);
    const statuses = distinct(records.map((c) => c?.AccountStatus));
    return {
      arAccountId: account,
      customerIds: ids,
      customerNames: names,
      name:
        names.length === 0
          ? `AR account ${account}`
          : names.length === 1
            ? names[0]!
            : `${names[0]} and ${names.length - 1} more`,
      state:
        distinct(records.map((c) => c?.State))
          .sort()
          .join(", ") || null,
      onHold: records.some((c) => c?.OnHold === true),
      accountStatus:
        [
          ...ACCOUNT_STATUSES.filter((s) => statuses.includes(s)).map((s) => ACCOUNT_STATUS_LABELS[s]),
          ...statuses.filter((s) => !(ACCOUNT_STATUSES as readonly string[]).includes(s)),
        ].join(", ") || null,
      agentName: agent?.CollectionAgentFullName || null,
      agentEmail: agent?.CollectionAgentEmail || null,
      salesRep: records.find((c) => c?.SalesRepName)?.SalesRepName ?? null,
      people: peopleOf(ids, people),
      suppliers: rows.length,
      current: b.current,
      due1to30: b["1-30"],
      due31to60: b["31-60"],
      due61to90: b["61-90"],
      due91: b["91"],
      ...pastDue(b),
      openCredit: amounts.openCredit,
      unapplied: addDecimals(...(paid?.unapplied ?? [])),
      total: amounts.total,
      lastPayment: paid?.last ?? null,
      daysSince: paid?.last && close ? Math.max(0, daysBetween(paid.last, close)) : null,
    };
  });
}
