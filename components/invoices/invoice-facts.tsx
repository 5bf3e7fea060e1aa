import Link from "next/link";
import { RecordLink } from "@/components/table/record-link";
import type { RecordOf } from "@/lib/data-api/client";
import { INVOICE_STATUSES } from "@/lib/data-api/values";
import { formatDateTime, formatDay, formatMoney, formatQuantity, MISSING } from "@/lib/format/display";

type Invoice = RecordOf<"getInvoice">;

/** An invoice's details, as the facts of its page: who it is for, its status, dates, people and notes. */
export function invoiceFacts(inv: Invoice, timeZone: string): [string, React.ReactNode][] {
  const status =
    inv.Status == null
      ? MISSING
      : (INVOICE_STATUSES[inv.Status as keyof typeof INVOICE_STATUSES] ?? String(inv.Status));
  return [
    [
      "Customer",
      inv.CustomerID != null ? (
        <Link className="link" prefetch={false} href={`/customers/${inv.CustomerID}` as never}>
          {inv.CustomerName ?? inv.CustomerID}
        </Link>
      ) : (
        (inv.CustomerName ?? MISSING)
      ),
    ],
    ["Status", status],
    ["Invoice date", formatDay(inv.Date)],
    ["Due", formatDay(inv.DueDate)],
    ["PO number", inv.PONum ?? MISSING],
    ["PO date", formatDay(inv.PODate)],
    [
      "Submitted by",
      inv.SubmittedByUserName || inv.SubmittedByUserID != null ? (
        <RecordLink kind="UserIDs" id={inv.SubmittedByUserID}>
          {inv.SubmittedByUserName ?? `User ${inv.SubmittedByUserID}`}
        </RecordLink>
      ) : (
        MISSING
      ),
    ],
    [
      "Built by",
      inv.BuiltByUserName || inv.BuiltByUserID != null ? (
        <RecordLink kind="UserIDs" id={inv.BuiltByUserID}>
          {inv.BuiltByUserName ?? `User ${inv.BuiltByUserID}`}
        </RecordLink>
      ) : (
        MISSING
      ),
    ],
    ["Last updated", formatDateTime(inv.InvoiceLastUpdated, timeZone)],
    ["Memo", inv.Memo ?? MISSING],
    ["AR note", inv.ARNote ?? MISSING],
  ];
}

/** An invoice's totals: prices, what is still open, cases and units. */
export function invoiceTotals(inv: Invoice): [string, string][] {
  return [
    ["Full price", formatMoney(inv.TotalFullPrice)],
    ["Discount", formatMoney(inv.TotalDiscount)],
    ["Extended price", formatMoney(inv.TotalExtPrice)],
    ["Invoice total", formatMoney(inv.InvoiceTotal)],
    ["Open debit", formatMoney(inv.OpenDebit)],
    ["Open credit", formatMoney(inv.OpenCredit)],
    ["Open balance", formatMoney(inv.OpenBalance)],
    ["Cases", formatQuantity(inv.TotalCases)],
    ["Units", formatQuantity(inv.TotalNumUnits)],
  ];
}
