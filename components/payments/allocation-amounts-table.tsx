"use client";

import type { FieldErrors, UseFormReturn } from "react-hook-form";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { formatDay, formatMoneyExact } from "@/lib/format/display";
import { type AllocationValues, notPayable, type OpenInvoiceRef } from "@/lib/ui/payments/allocation";
import type { OpenInvoice } from "@/lib/ui/payments/requests";
import { AllocationAmountField } from "./allocation-amount-field";
import { InvoiceLink, Overdue } from "./open-invoices-table";

interface AllocationAmountsTableProps {
  rows: OpenInvoice[];
  /** Each row's figures as last read, in the rows' order: its open balance and what is already requested toward it. */
  refs: OpenInvoiceRef[];
  form: UseFormReturn<AllocationValues>;
  errors: FieldErrors<AllocationValues>;
  /** The prefix of each line's hint id. */
  hintPrefix: string;
  today: string;
  /** "Fill" on a row: all its invoice can take, or the rest of the credit, exactly. */
  onFill: (index: number) => void;
}

/**
 * The open invoices, oldest due first, each with the amount to allocate to it (or why none is asked for) and a "Fill"
 * that types what it can take. Balances are shown exactly, a sub-cent digit included: the figure that clears it.
 */
export function AllocationAmountsTable({
  rows,
  refs,
  form,
  errors,
  hintPrefix,
  today,
  onFill,
}: AllocationAmountsTableProps) {
  return (
    <TableFrame label="Amounts to allocate">
      {/* On a phone a card per invoice, every column in it (`cardCell`). */}
      <table className="data-table cards">
        <caption className="sr-only">
          Open invoices of the AR account, oldest due first, with the amount to allocate to each
        </caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Due</th>
            <th scope="col">Overdue</th>
            <th scope="col" className="numeric">
              Open balance
            </th>
            <th scope="col">Amount to allocate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((invoice, index) => {
            const error = errors.lines?.[index]?.amount?.message;
            const ref = refs[index];
            const asked = ref?.outstanding;
            const hintId = `${hintPrefix}-line-${index}`;
            const why = notPayable(ref?.openBalance, asked);
            return (
              <tr key={invoice.InvoiceNum}>
                <th scope="row" className="font-normal" {...cardCell()}>
                  <InvoiceLink invoice={invoice} />
                </th>
                <td {...cardCell("Due")}>{formatDay(invoice.DueDate)}</td>
                <td {...cardCell("Overdue")}>
                  <Overdue invoice={invoice} today={today} />
                </td>
                <td className="numeric" {...cardCell("Open balance")}>
                  {formatMoneyExact(ref?.openBalance)}
                  {asked && (
                    <span className="block text-xs text-slate-700 dark:text-slate-300">
                      {formatMoneyExact(asked)} already requested
                    </span>
                  )}
                </td>
                <td {...cardCell("Amount to allocate", { wide: true })}>
                  {why && !error ? (
                    // A credit, a paid invoice or one already requested in full takes nothing: no amount is asked for it
                    // (the API, or the proxy, would refuse it).
                    <p className="max-w-xs text-sm text-slate-700 dark:text-slate-300">{why}</p>
                  ) : (
                    <AllocationAmountField
                      field={form.register(`lines.${index}.amount`)}
                      invoiceNum={invoice.InvoiceNum!}
                      hintId={hintId}
                      error={error}
                      onFill={why ? undefined : () => onFill(index)}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
