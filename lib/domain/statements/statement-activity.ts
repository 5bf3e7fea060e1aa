import { addDays } from "@/lib/format/days";
import { compareDecimals } from "@/lib/format/decimal";
import { decimalOf } from "@/lib/domain/ar-aging/aging";
import { paymentTypeName } from "@/lib/domain/payments/payment-type";
import { byDayDesc, calendarDay, dayIn, text } from "./statement-fields";
import type {
  OpenInvoiceRecord,
  PaymentRecord,
  StatementApplication,
  StatementInput,
  StatementInvoice,
  StatementPayment,
} from "./statement-types";

/** Days back from the statement's date that its payments and allocations cover (the last 90 days). */
export const ACTIVITY_DAYS = 90;

/** Whether a record is of the account (one that names no account is taken as its). */
const ofAccount = (record: { ARAccountID?: number | null }, arAccountId: number) =>
  record.ARAccountID === undefined || record.ARAccountID === null || record.ARAccountID === arAccountId;

/** Whether a day is within the `ACTIVITY_DAYS` days up to the statement's date (none without a date). */
function activityWindow(asOf: string | undefined) {
  const from = asOf ? addDays(asOf, 1 - ACTIVITY_DAYS) : undefined;
  return (day: string | undefined) =>
    day !== undefined && from !== undefined && asOf !== undefined && day >= from && day <= asOf;
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

/**
 * The account's payments with credit still to apply, and those posted in the window, newest first.
 *
 * @example
 * const { credits, payments } = statementPayments(input, "2026-11-23");
 */
export function statementPayments(
  input: Pick<StatementInput, "arAccountId" | "payments">,
  asOf: string | undefined,
): { credits: StatementPayment[]; payments: StatementPayment[] } {
  const inWindow = activityWindow(asOf);
  const all = input.payments.filter((p) => ofAccount(p, input.arAccountId)).flatMap((p) => paymentOf(p) ?? []);
  const credits = all.filter((p) => compareDecimals(p.available, "0") > 0).sort(byDayDesc((p) => p.postDate));
  const payments = all.filter((p) => inWindow(p.postDate)).sort(byDayDesc((p) => p.postDate));
  return { credits, payments };
}

/**
 * The account's allocations in the window, by the day they were asked for (or applied, for those made in the ERP),
 * newest first, each linked to its target invoice when the statement knows it.
 *
 * @example
 * statementApplications(input, invoices, open, "2026-11-23", "America/Denver")[0]; // { paymentNum, targetNum, status, … }
 */
export function statementApplications(
  input: Pick<StatementInput, "arAccountId" | "applications">,
  invoices: readonly StatementInvoice[],
  open: readonly OpenInvoiceRecord[],
  asOf: string | undefined,
  timeZone: string,
): StatementApplication[] {
  const inWindow = activityWindow(asOf);
  const invoiceIds = new Map(
    invoices.flatMap((i) => (i.invoiceId !== undefined ? [[i.invoiceNum, i.invoiceId] as const] : [])),
  );
  for (const i of open) if (i.InvoiceNum && i.InvoiceID != null) invoiceIds.set(i.InvoiceNum, i.InvoiceID);
  return input.applications
    .filter((a) => ofAccount(a, input.arAccountId))
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
}
