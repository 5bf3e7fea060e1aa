/**
 * The retailer's payments as bill payments in its books, pure: from the confirmed allocations
 * (`/payments/applications?Statuses=Confirmed`), each applied to its bill by the invoice's number. The allocations of
 * one payment applied on one day are one bill payment; one toward a credit (a Returned invoice: a negative amount,
 * as the ERP nets credits in a cash receipt) is the vendor credit applied in it, so the bill payment's total is what
 * left the bank. A brand's credit (a payment with a `SupplierID`) pays from the mapping's credits account, not the
 * bank. Pending, exported and rejected allocations are not in the books yet: only confirmed ones are.
 */
import type { RecordOf } from "@/lib/data-api/client";
import { paymentTypeName } from "@/lib/domain/payments/payment-type";
import { localDay } from "@/lib/format/days";
import type { AccountingMapping } from "./mapping";
import { centsOf, microsOf } from "./money";

export type PaymentRecord = RecordOf<"listPayments">;
export type ApplicationRecord = RecordOf<"listPaymentApplications">;

export interface PaymentsInput {
  payments: readonly PaymentRecord[];
  applications: readonly ApplicationRecord[];
}

export interface PaymentsOptions {
  /** Inclusive, YYYY-MM-DD: the day the allocation was applied, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /** Only these AR accounts' (a chosen store's); all the key reads when absent. */
  arAccountIds?: readonly number[];
}

/** One allocation in a bill payment. */
export interface PaidBill {
  /** The bill's (or the credit's) number: the invoice's. */
  billNumber: string;
  /** Positive toward a bill; negative: a credit applied. */
  amountCents: bigint;
  /** What the ledger remembers it by. */
  key: string;
}

export interface BillPayment {
  /** The payment's number (`PaymentInvoiceNum`). */
  reference: string;
  paymentId?: number;
  arAccountId?: number;
  day: string;
  /** QuickBooks: the bank account, or the credits account for a brand's credit (Xero's files take the mapping's codes). */
  account: string;
  brandCredit: boolean;
  /** The payment's type and memo, as the API names them. */
  memo: string;
  applications: PaidBill[];
  /** Net: what left the bank (or the credits account). */
  totalCents: bigint;
}

/**
 * The bill payments of the allocations confirmed within the period, in day and number order.
 *
 * @example
 * billPaymentsOf(input, mapping, { from: "2026-10-01", to: "2026-10-31", timeZone: "America/Los_Angeles" });
 */
export function billPaymentsOf(
  input: PaymentsInput,
  mapping: AccountingMapping,
  options: PaymentsOptions,
): BillPayment[] {
  const payments = new Map(
    input.payments.flatMap((p) => (p.PaymentInvoiceNum ? [[p.PaymentInvoiceNum.trim(), p] as const] : [])),
  );
  const accounts = options.arAccountIds ? new Set(options.arAccountIds) : undefined;
  const groups = new Map<string, BillPayment>();
  for (const application of input.applications) {
    if (application.Status !== "Confirmed") continue;
    const reference = application.PaymentInvoiceNum?.trim();
    const billNumber = application.TargetInvoiceNum?.trim();
    const amount = microsOf(application.Amount);
    const applied = application.TimeApplied ?? application.TimeUpdated;
    if (!reference || !billNumber || amount === undefined || !applied) continue;
    if (accounts && (application.ARAccountID == null || !accounts.has(application.ARAccountID))) continue;
    // An allocation's time is an instant, never the ERP's calendar date: read on the zone's clock even at exactly
    // midnight UTC (invoiceDay would take 00:00:00Z as a calendar date, a day later than the statement reads it).
    const at = new Date(applied);
    const day = Number.isNaN(at.getTime()) ? undefined : localDay(at, options.timeZone);
    if (day === undefined || day < options.from || day > options.to) continue;
    const payment = payments.get(reference);
    // A payment's number is the ERP's own (PAY-…), one payment's whatever its account: the file names it by it.
    const groupKey = `${reference}@${day}`;
    let group = groups.get(groupKey);
    if (group === undefined) {
      const brandCredit = payment?.SupplierID != null;
      const type = payment ? paymentTypeName(payment.PaymentTypeName, payment.PaymentTypeID) : undefined;
      group = {
        reference,
        paymentId: payment?.PaymentID ?? undefined,
        arAccountId: application.ARAccountID ?? undefined,
        day,
        account: brandCredit ? mapping.creditsAccount : mapping.bankAccount,
        brandCredit,
        memo: [type, payment?.Memo?.trim()].filter(Boolean).join(" · "),
        applications: [],
        totalCents: 0n,
      };
      groups.set(groupKey, group);
    }
    const cents = centsOf(amount);
    group.applications.push({ billNumber, amountCents: cents, key: applicationKey(application) });
    group.totalCents += cents;
  }
  const list = [...groups.values()];
  for (const group of list) group.applications.sort((a, b) => compareNumbers(a.billNumber, b.billNumber));
  return list.sort((a, b) => a.day.localeCompare(b.day) || compareNumbers(a.reference, b.reference));
}

/**
 * What the ledger remembers an allocation by: the ERP's id once confirmed, else the request's, else its numbers and
 * time (an allocation applied directly in the ERP carries no request).
 *
 * @example
 * applicationKey({ PaymentApplicationID: 900123 }); // "900123"
 */
export function applicationKey(application: ApplicationRecord): string {
  if (application.PaymentApplicationID != null) return String(application.PaymentApplicationID);
  if (application.RequestID != null) return `request:${application.RequestID}`;
  return `${application.PaymentInvoiceNum}>${application.TargetInvoiceNum}@${application.TimeApplied ?? ""}`;
}

function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/**
 * A bill payment's allocations as Xero takes them: a credit note is allocated to the bills it paid (in number order,
 * each up to what the payment gave it), and the rest of each bill is paid from the account. Credit left over (more
 * credit than bills in one payment: a refund) is a negative payment of its credit note.
 *
 * @example
 * allocateCredits(payment); // [{ billNumber: "INV-1", fromAccountCents: 9000n, credits: [{ creditNumber: "INV-0", cents: 1000n }] }]
 */
export function allocateCredits(
  payment: BillPayment,
): { billNumber: string; fromAccountCents: bigint; credits: { creditNumber: string; cents: bigint }[] }[] {
  const credits = payment.applications
    .filter((a) => a.amountCents < 0n)
    .map((a) => ({ creditNumber: a.billNumber, left: -a.amountCents }));
  const out: { billNumber: string; fromAccountCents: bigint; credits: { creditNumber: string; cents: bigint }[] }[] =
    [];
  for (const bill of payment.applications.filter((a) => a.amountCents > 0n)) {
    let owed = bill.amountCents;
    const used: { creditNumber: string; cents: bigint }[] = [];
    for (const credit of credits) {
      if (owed === 0n) break;
      if (credit.left === 0n) continue;
      const cents = credit.left < owed ? credit.left : owed;
      credit.left -= cents;
      owed -= cents;
      used.push({ creditNumber: credit.creditNumber, cents });
    }
    out.push({ billNumber: bill.billNumber, fromAccountCents: owed, credits: used });
  }
  for (const credit of credits)
    if (credit.left > 0n) out.push({ billNumber: credit.creditNumber, fromAccountCents: -credit.left, credits: [] });
  return out;
}
