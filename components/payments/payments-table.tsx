"use client";

import { useState } from "react";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable } from "@/components/table/whole-table";
import { useTimeZone } from "@/components/shell/providers";
import { compareDecimals, parseDecimal } from "@/lib/format/decimal";
import { formatDateTime, formatDay, formatMoneyExact, MISSING } from "@/lib/format/display";
import { paymentTypeName } from "@/lib/domain/payments/payment-type";
import type { Payment } from "@/lib/ui/payments/requests";
import { creditAvailable } from "@/lib/domain/payments/credit";

/** Whether a payment still has credit to allocate. */
export function hasCredit(payment: Payment | undefined): boolean {
  const balance = payment?.AvailableBalance;
  return balance != null && parseDecimal(balance) !== undefined && compareDecimals(balance, "0") > 0;
}

/** A reversed payment: a negative amount (its credit is 0). */
function isReversed(payment: Payment): boolean {
  const amount = payment.Amount;
  return amount != null && parseDecimal(amount) !== undefined && compareDecimals(amount, "0") < 0;
}

/**
 * The AR account's payments: amount, the credit left on each (AvailableBalance: after confirmed applications and
 * pending requests), type, post date, memo. Payments with credit offer "Allocate" when the key may allocate.
 */
export function PaymentsTable({
  payments,
  loading,
  hasMore,
  selected,
  onAllocate,
  filtered = false,
}: {
  payments: Payment[] | undefined;
  loading: boolean;
  hasMore: boolean;
  selected: string | undefined;
  onAllocate?: (paymentNum: string) => void;
  /** Whether the page's filters narrow the list (an empty list then says so). */
  filtered?: boolean;
}) {
  const timeZone = useTimeZone();
  const [showAll, setShowAll] = useState(false);
  const cards = !useWholeTable();
  if (loading)
    return <span className="skeleton block h-24 w-full" role="status" aria-busy="true" aria-label="Loading payments" />;
  if (!payments?.length)
    return (
      <p className="text-sm">
        {filtered ? "No payments of this AR account match these filters." : "No payments for this AR account."}
      </p>
    );
  const sorted = [...payments].sort((a, b) => (b.PostDate ?? "").localeCompare(a.PostDate ?? ""));
  // What people come for: the payments with credit left. The others (spent or reversed) are one click away.
  const withCredit = sorted.filter(hasCredit);
  const hidden = showAll || withCredit.length === 0 ? 0 : sorted.length - withCredit.length;
  const rows = hidden ? withCredit : sorted;
  return (
    <>
      <p className="text-sm" data-figure="account-credit-left">
        Credit left on these payments:{" "}
        <strong className="tabular-nums" data-testid="account-credit-left">
          {hasMore ? "at least " : ""}
          {formatMoneyExact(creditAvailable(payments))}
        </strong>
      </p>
      <TableFrame label="Payments table">
        <table className={cards ? "data-table cards" : "data-table"}>
          <caption className="sr-only">Payments, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Type</th>
              <th scope="col">Posted</th>
              <th scope="col">Memo</th>
              <th scope="col" className="numeric">
                Amount
              </th>
              <th scope="col" className="numeric">
                Credit left
              </th>
              {onAllocate && (
                <th scope="col">
                  <span className="sr-only">Allocate</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const num = p.PaymentInvoiceNum;
              const current = num !== undefined && num === selected;
              return (
                <tr
                  key={p.PaymentID ?? num}
                  aria-current={current ? "true" : undefined}
                  className={current ? "bg-sky-50 dark:bg-sky-950" : undefined}
                >
                  <th scope="row" className="font-normal" {...cardCell()}>
                    {num ?? MISSING}
                    {isReversed(p) && (
                      <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-900 dark:bg-slate-700 dark:text-slate-50">
                        Reversed
                      </span>
                    )}
                  </th>
                  <td {...cardCell("Type")}>{paymentTypeName(p.PaymentTypeName, p.PaymentTypeID)}</td>
                  <td title={formatDateTime(p.PostDate, timeZone)} {...cardCell("Posted")}>
                    {formatDay(p.PostDate)}
                  </td>
                  <td className="max-w-xs truncate" title={p.Memo ?? undefined}>
                    {p.Memo || MISSING}
                  </td>
                  <td className="numeric" {...cardCell("Amount")}>
                    {formatMoneyExact(p.Amount)}
                  </td>
                  <td className="numeric font-semibold" {...cardCell("Credit left")}>
                    {formatMoneyExact(p.AvailableBalance)}
                  </td>
                  {onAllocate && (
                    <td {...cardCell(false)}>
                      {num && hasCredit(p) ? (
                        <button
                          type="button"
                          className="pager-button"
                          aria-pressed={current}
                          onClick={() => onAllocate(num)}
                        >
                          {current ? "Allocating" : "Allocate"}
                          <span className="sr-only"> payment {num}</span>
                        </button>
                      ) : (
                        <span className="text-xs text-slate-600 dark:text-slate-400">No credit left</span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      {(hidden > 0 || (showAll && withCredit.length > 0 && withCredit.length < sorted.length)) && (
        <button type="button" className="pager-button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? "Show only payments with credit left" : `Show the ${hidden} payments with no credit left`}
        </button>
      )}
      {hasMore && (
        <p className="text-sm">This account has more than 500 payments: the 500 the API listed first are shown.</p>
      )}
    </>
  );
}
