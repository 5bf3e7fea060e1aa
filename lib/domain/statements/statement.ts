/**
 * A statement of account, pure: one AR account as the distributor's last end-of-day close left it, from
 * the Data API's own figures: the aging (`/arAging`: the buckets and their invoices, summed over the account's
 * suppliers), each invoice's details (`/payments/openInvoices`, else `/invoices`), the payments with credit still to
 * apply and those of the last 90 days (`/payments`), the allocations of the last 90 days (`/payments/applications`),
 * and what changed since the close (the open invoices now). The page and the PDF draw this one model, so their figures
 * are the same to the cent. Money stays in decimal strings, added exactly (`lib/format/decimal.ts`).
 */
import { addDecimals } from "@/lib/format/decimal";
import { BUCKETS, type BucketId, creditInvoicesOf, decimalOf } from "@/lib/domain/ar-aging/aging";
import { ACTIVITY_DAYS, statementApplications, statementPayments } from "./statement-activity";
import { dayIn, namesOf } from "./statement-fields";
import { agedInvoices, sinceCloseChanges } from "./statement-invoices";
import { statementParties } from "./statement-parties";
import type { Aged, AgingRecord, Statement, StatementInput } from "./statement-types";

export type { Aged, AgingRecord, Statement, StatementInput } from "./statement-types";
export { ACTIVITY_DAYS } from "./statement-activity";
export { accountCustomers } from "./statement-parties";

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
  const openById = new Map(open.flatMap((i) => (i.InvoiceID != null ? [[i.InvoiceID, i] as const] : [])));
  const notes: string[] = [];
  const { customers, distributor, timeZone } = statementParties(input);
  // The close: the latest CloseDate of the account's rows (they are recalculated together).
  const closedAt = rows
    .map((r) => r.CloseDate)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const asOf = dayIn(closedAt, timeZone);
  const { aging, invoices, invoicesTotal } = agedInvoices(rows, openById, input.invoices, notes);
  const { credits, payments } = statementPayments(input, asOf);
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
    applications: statementApplications(input, invoices, open, asOf, timeZone),
    sinceClose: {
      changes: sinceCloseChanges(invoices, open, openById),
      openNow: addDecimals(...open.map((i) => decimalOf(i.OpenBalance))),
    },
    notes,
  };
}
