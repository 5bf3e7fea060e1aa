"use client";

import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable } from "@/components/table/whole-table";
import type { RecordOf } from "@/lib/data-api/client";
import { formatDateTime, formatMoneyExact, MISSING } from "@/lib/format/display";
import { type NameLookup, requestedBy } from "@/lib/ui/payments/requested-by";
import { RequestedByCell } from "./requested-by-cell";

const STATUS_STYLE: Record<string, string> = {
  Pending: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  Exported: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
  Confirmed: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50",
  Rejected: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
};

interface ApplicationsTableProps {
  rows: RecordOf<"listPaymentApplications">[];
  fetching: boolean;
  /** Who in the workspace sent each request from Backroom. */
  sent: NameLookup<string | null>;
  /** The ERP users' names, for the requests Backroom did not send. */
  erpUsers: NameLookup<string>;
  timeZone: string;
}

/** The applications shown, newest first, each with its status and when each step happened. */
export function ApplicationsTable({ rows, fetching, sent, erpUsers, timeZone }: ApplicationsTableProps) {
  const cards = !useWholeTable();
  return (
    <TableFrame label="Payment applications table">
      <table className={cards ? "data-table cards" : "data-table"} aria-busy={fetching}>
        <caption className="sr-only">Payment applications, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Payment</th>
            <th scope="col">Invoice</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Requested by</th>
            <th scope="col">Requested</th>
            <th scope="col">Exported</th>
            <th scope="col">Applied</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, index) => (
            <tr key={r.RequestID != null ? `r${r.RequestID}` : `a${r.PaymentApplicationID ?? index}`}>
              <th scope="row" className="font-normal" {...cardCell()}>
                {r.RequestID != null ? r.RequestID : <span title="Allocated directly in the ERP">In the ERP</span>}
              </th>
              <td {...cardCell("Payment")}>{r.PaymentInvoiceNum ?? MISSING}</td>
              <td {...cardCell("Invoice")}>{r.TargetInvoiceNum ?? MISSING}</td>
              <td className="numeric" {...cardCell("Amount")}>
                {formatMoneyExact(r.Amount)}
              </td>
              <td {...cardCell("Status")}>
                {r.Status ? (
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.Status] ?? ""}`}>
                    {r.Status}
                  </span>
                ) : (
                  MISSING
                )}
              </td>
              <td>
                <RequestedByCell who={requestedBy(r, sent, erpUsers)} />
              </td>
              <td {...cardCell("Requested")}>{formatDateTime(r.TimeRequested, timeZone)}</td>
              <td>{formatDateTime(r.TimeExported, timeZone)}</td>
              <td>
                {formatDateTime(r.TimeApplied, timeZone)}
                {r.AppliedBy ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">by {r.AppliedBy}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
