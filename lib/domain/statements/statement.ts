/**
 * A statement of account (issue 31), pure: one AR account as the distributor's last end-of-day close left it, from
 * the Data API's own figures: the aging (`/arAging`: the buckets and their invoices, summed over the account's
 * suppliers), each invoice's details (`/payments/openInvoices`, else `/invoices`), the payments with credit still to
 * apply and those of the last 90 days (`/payments`), the allocations of the last 90 days (`/payments/applications`),
 * and what changed since the close (the open invoices now). The page and the PDF draw this one model, so their figures
 * are the same to the cent. Money stays in decimal strings, added exactly (`lib/format/decimal.ts`).
 */
import type { RecordOf } from "@/lib/data-api/client";
import { addDays, isZone, localDay } from "@/lib/format/days";
import { addDecimals, compareDecimals, subtractDecimal } from "@/lib/format/decimal";
import {
  amountsOf,
  BUCKETS,
  type BucketId,
  creditInvoicesOf,
  decimalOf,
  sumAmounts,
} from "@/lib/domain/ar-aging/aging";
import { paymentTypeName } from "@/lib/domain/payments/payment-type";

export type AgingRecord = RecordOf<"listArAging">;
export type OpenInvoiceRecord = RecordOf<"listOpenInvoices">;
export type InvoiceRecord = RecordOf<"listInvoices">;
export type PaymentRecord = RecordOf<"listPayments">;
export type ApplicationRecord = RecordOf<"listPaymentApplications">;
export type CustomerRecord = RecordOf<"listCustomers">;
export type LocationRecord = RecordOf<"listLocations">;
export type StateRecord = RecordOf<"listStates">;

/** Days back from the statement's date that its payments and allocations cover (the "last 90 days"). */
export const ACTIVITY_DAYS = 90;

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

/**
 * The customers of an AR account: those its open invoices name, and those of the invoices its aging lists that are
 * not open any more (`/invoices` names their customer). The API ties a customer to its AR account nowhere else.
 *
 * @example
 * accountCustomers({ arAccountId: 50001, openInvoices: [{ ARAccountID: 50001, CustomerID: 20001 }], invoices: [] }); // [20001]
 */
export function accountCustomers(input: Pick<StatementInput, "arAccountId" | "openInvoices" | "invoices">): number[] {
  const ids = new Set<number>();
  for (const i of input.openInvoices)
    if (i.CustomerID != null && (i.ARAccountID == null || i.ARAccountID === input.arAccountId)) ids.add(i.CustomerID);
  for (const i of input.invoices) if (i.CustomerID != null) ids.add(i.CustomerID);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The invoices an account's aging lists (ids), for the details of those no longer open.
 *
 * @example
 * agingInvoiceIds(rows, 50001); // [327820, 328139, ...]
 */
export function agingInvoiceIds(aging: readonly AgingRecord[], arAccountId: number): number[] {
  const ids = new Set<number>();
  for (const row of aging) {
    if (row.ARAccountID !== arAccountId) continue;
    for (const bucket of BUCKETS)
      for (const ref of (row[bucket.invoices] ?? []) as { InvoiceID?: number | null }[])
        if (ref.InvoiceID != null) ids.add(ref.InvoiceID);
    for (const ref of creditInvoicesOf(row).invoices) if (ref.invoiceId !== undefined) ids.add(ref.invoiceId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The aging's buckets, in order, as the statement prints them. */
export const AGING_BUCKETS: readonly { id: BucketId; label: string }[] = BUCKETS.map(({ id, label }) => ({
  id,
  label,
}));

/** The buckets' labels as the statement prints them, credit last. */
export const AGED_LABELS: Record<Aged, string> = {
  ...(Object.fromEntries(BUCKETS.map((b) => [b.id, b.label])) as Record<BucketId, string>),
  credit: "Credit",
};

/** What the statement is, in the words it prints. */
export const STATEMENT_DEFINITIONS = [
  "An open-item statement: what the distributor's last end-of-day close left open on the account, as the Data API's aging has it. The API gives no opening balance, nor what was invoiced and paid before these items, so none is shown.",
  "Open balances are the aging's, summed over the suppliers of each invoice; a credit (a return) counts negative. Their sum is the balance outstanding.",
  `Credit on payments is what payments have left to apply after confirmed allocations and pending requests. Payments and allocations are those of the ${ACTIVITY_DAYS} days up to the statement's date; a reversed payment has a negative amount.`,
] as const;

const calendarDay = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
const text = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === "" ? undefined : value;

/** A timestamp's day in a zone (undefined when it is not one). */
function dayIn(value: string | null | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : localDay(at, timeZone);
}

/** "A", "A and B", "A, B and 3 more". */
function namesOf(names: string[]): string | undefined {
  if (names.length <= 2) return names.join(" and ") || undefined;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

function paymentOf(p: PaymentRecord): StatementPayment | undefined {
  const paymentNum = text(p.PaymentInvoiceNum);
  if (!paymentNum) return undefined;
  const amount = decimalOf(p.Amount);
  return {
    paymentId: p.PaymentID ?? undefined,
    paymentNum,
    postDate: calendarDay(p.PostDate),
    type: paymentTypeName(p.PaymentTypeName, p.PaymentTypeID),
    memo: text(p.Memo),
    amount,
    available: decimalOf(p.AvailableBalance),
    reversed: compareDecimals(amount, "0") < 0,
  };
}

const byDayDesc =
  <T>(day: (x: T) => string | undefined) =>
  (a: T, b: T) =>
    (day(b) ?? "").localeCompare(day(a) ?? "");

/**
 * The statement of one AR account from what the API answered.
 *
 * @example
 * const statement = buildStatement({ arAccountId: 50001, aging, openInvoices, invoices: [], payments, applications, customers, locations, states });
 * statement.invoicesTotal === statement.aging.total; // true when the aging lists every invoice behind its totals
 */
export function buildStatement(input: StatementInput): Statement {
  const rows = input.aging.filter((r) => r.ARAccountID === input.arAccountId);
  const open = input.openInvoices.filter(
    (i) => i.ARAccountID === undefined || i.ARAccountID === null || i.ARAccountID === input.arAccountId,
  );
  const notes: string[] = [];

  // Who: the customers of the account, as its invoices name them (an AR account's record names none), their
  // warehouse and its state's zone.
  const customerIds = accountCustomers(input);
  const known = new Map(input.customers.flatMap((c) => (c.CustomerID != null ? [[c.CustomerID, c] as const] : [])));
  const customers = customerIds.map((customerId) => {
    const c = known.get(customerId);
    return {
      customerId,
      name: text(c?.CustomerName),
      address: text(c?.Address),
      licenseNum: text(c?.LicenseNum),
      state: text(c?.State),
    };
  });
  const first = customerIds.map((id) => known.get(id)).find((c) => c !== undefined);
  const location =
    first?.LocationID != null ? input.locations.find((l) => l.LocationID === first.LocationID) : undefined;
  const distributorName = text(location?.DBA) ?? text(location?.Location);
  const distributor =
    location && distributorName
      ? {
          name: distributorName,
          address: [
            text(location.Address),
            text(location.Address2),
            text(location.Address3),
            [text(location.City), [text(location.State), text(location.PostalCode)].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", "),
          ].filter((line): line is string => Boolean(line)),
        }
      : undefined;
  const zone = text(input.states.find((s) => s.StateAbbreviation === first?.State)?.TimeZone);
  const timeZone = zone && isZone(zone) ? zone : "UTC";

  // The close: the latest CloseDate of the account's rows (they are recalculated together).
  const closedAt = rows
    .map((r) => r.CloseDate)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const asOf = dayIn(closedAt, timeZone);

  // The aging, summed over the suppliers; its invoices merged across them.
  const summed = sumAmounts(rows.map(amountsOf));
  const merged = new Map<string, { invoiceId?: number; invoiceNum: string; parts: string[]; aged: Aged }>();
  const add = (ref: { invoiceId?: number; invoiceNum?: string; openBalance: string }, aged: Aged) => {
    const invoiceNum = ref.invoiceNum ?? (ref.invoiceId !== undefined ? `Invoice ${ref.invoiceId}` : undefined);
    if (!invoiceNum) return;
    const key = ref.invoiceId !== undefined ? `id:${ref.invoiceId}` : `num:${invoiceNum}`;
    const entry = merged.get(key) ?? { invoiceId: ref.invoiceId, invoiceNum, parts: [], aged };
    entry.parts.push(ref.openBalance);
    merged.set(key, entry);
  };
  let unread = 0;
  for (const row of rows) {
    for (const bucket of BUCKETS) {
      for (const ref of (row[bucket.invoices] ?? []) as {
        InvoiceID?: number | null;
        InvoiceNum?: string | null;
        OpenBalance?: string | null;
      }[]) {
        add(
          {
            invoiceId: ref.InvoiceID ?? undefined,
            invoiceNum: text(ref.InvoiceNum),
            openBalance: decimalOf(ref.OpenBalance),
          },
          bucket.id,
        );
      }
    }
    const credits = creditInvoicesOf(row);
    unread += credits.unread;
    // A credit's balance may be sent positive (the documentation does not show its shape): it counts negative.
    for (const ref of credits.invoices)
      add(
        {
          ...ref,
          openBalance:
            compareDecimals(ref.openBalance, "0") > 0 ? subtractDecimal("0", ref.openBalance) : ref.openBalance,
        },
        "credit",
      );
  }
  if (unread > 0)
    notes.push(
      `${unread} of the aging's credit entries could not be read (the API does not document their shape): the balance outstanding includes them, the list of invoices does not.`,
    );

  const openById = new Map(open.flatMap((i) => (i.InvoiceID != null ? [[i.InvoiceID, i] as const] : [])));
  const detailsById = new Map(input.invoices.flatMap((i) => (i.InvoiceID != null ? [[i.InvoiceID, i] as const] : [])));
  const invoices: StatementInvoice[] = [...merged.values()].map((entry) => {
    const detail =
      entry.invoiceId !== undefined ? (openById.get(entry.invoiceId) ?? detailsById.get(entry.invoiceId)) : undefined;
    return {
      invoiceId: entry.invoiceId,
      invoiceNum: entry.invoiceNum,
      date: calendarDay(detail?.Date),
      dueDate: calendarDay(detail?.DueDate),
      poNum: text(detail?.PONum),
      total: detail?.InvoiceTotal != null ? decimalOf(detail.InvoiceTotal) : undefined,
      openBalance: addDecimals(...entry.parts),
      aged: entry.aged,
    };
  });
  invoices.sort(
    (a, b) =>
      (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") ||
      a.invoiceNum.localeCompare(b.invoiceNum, "en", { numeric: true }),
  );
  const invoicesTotal = addDecimals(...invoices.map((i) => i.openBalance));
  const aging = { buckets: summed.buckets, openCredit: summed.openCredit, total: summed.total };
  if (unread === 0 && compareDecimals(invoicesTotal, aging.total) !== 0) {
    notes.push(
      "The aging's invoices do not add up to its balance outstanding: the statement lists them as the API sent them.",
    );
  }

  // Payments: credit still to apply; those posted in the window.
  const from = asOf ? addDays(asOf, 1 - ACTIVITY_DAYS) : undefined;
  const inWindow = (day: string | undefined) =>
    day !== undefined && from !== undefined && asOf !== undefined && day >= from && day <= asOf;
  const all = input.payments
    .filter((p) => p.ARAccountID === undefined || p.ARAccountID === null || p.ARAccountID === input.arAccountId)
    .flatMap((p) => paymentOf(p) ?? []);
  const credits = all.filter((p) => compareDecimals(p.available, "0") > 0).sort(byDayDesc((p) => p.postDate));
  const payments = all.filter((p) => inWindow(p.postDate)).sort(byDayDesc((p) => p.postDate));

  // Allocations in the window, by the day they were asked for (or applied, for those made in the ERP).
  const invoiceIds = new Map(
    invoices.flatMap((i) => (i.invoiceId !== undefined ? [[i.invoiceNum, i.invoiceId] as const] : [])),
  );
  for (const i of open) if (i.InvoiceNum && i.InvoiceID != null) invoiceIds.set(i.InvoiceNum, i.InvoiceID);
  const applications = input.applications
    .filter((a) => a.ARAccountID === undefined || a.ARAccountID === null || a.ARAccountID === input.arAccountId)
    .flatMap((a): StatementApplication[] => {
      const paymentNum = text(a.PaymentInvoiceNum);
      const targetNum = text(a.TargetInvoiceNum);
      if (!paymentNum || !targetNum) return [];
      return [
        {
          paymentNum,
          targetNum,
          targetInvoiceId: invoiceIds.get(targetNum),
          amount: decimalOf(a.Amount),
          status: text(a.Status) ?? "Unknown",
          requested: dayIn(a.TimeRequested, timeZone) ?? dayIn(a.TimeApplied, timeZone),
          applied: dayIn(a.TimeApplied, timeZone),
          direct: a.RequestID === null || a.RequestID === undefined,
        },
      ];
    })
    .filter((a) => inWindow(a.requested))
    .sort(byDayDesc((a) => a.requested));

  // Since the close: every invoice whose open balance now is not the close's, and those made since.
  const changes: StatementChange[] = [];
  const atClose = new Map(
    invoices.map((i) => [i.invoiceId !== undefined ? `id:${i.invoiceId}` : `num:${i.invoiceNum}`, i]),
  );
  for (const i of invoices) {
    const now = i.invoiceId !== undefined ? openById.get(i.invoiceId) : undefined;
    const balance = now ? decimalOf(now.OpenBalance) : "0";
    if (compareDecimals(balance, i.openBalance) !== 0)
      changes.push({ invoiceId: i.invoiceId, invoiceNum: i.invoiceNum, atClose: i.openBalance, now: balance });
  }
  for (const i of open) {
    if (i.InvoiceID == null || atClose.has(`id:${i.InvoiceID}`)) continue;
    changes.push({
      invoiceId: i.InvoiceID,
      invoiceNum: text(i.InvoiceNum) ?? `Invoice ${i.InvoiceID}`,
      now: decimalOf(i.OpenBalance),
    });
  }
  changes.sort((a, b) => a.invoiceNum.localeCompare(b.invoiceNum, "en", { numeric: true }));

  const names = customers.flatMap((c) => (c.name ? [c.name] : []));
  return {
    arAccountId: input.arAccountId,
    name: namesOf(names),
    customers,
    distributor,
    timeZone,
    closedAt,
    asOf,
    aging,
    invoices,
    invoicesTotal,
    credits,
    creditTotal: addDecimals(...credits.map((p) => p.available)),
    payments,
    paymentsTotal: addDecimals(...payments.map((p) => p.amount)),
    applications,
    sinceClose: { changes, openNow: addDecimals(...open.map((i) => decimalOf(i.OpenBalance))) },
    notes,
  };
}
