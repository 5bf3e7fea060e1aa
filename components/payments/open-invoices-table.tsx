"use client";

import Link from "next/link";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable } from "@/components/table/whole-table";
import { useTimeZone } from "@/components/shell/providers";
import { formatDay, formatMoneyExact, MISSING } from "@/lib/format/display";
import { daysOverdue } from "@/lib/domain/payments/open-invoice-order";
import { byDueDate } from "@/lib/domain/payments/open-invoice-order";
import type { OpenInvoice } from "@/lib/ui/payments/requests";
import { todayIn } from "@/lib/format/days";
import { plural } from "@/lib/format/plural";
import { isCredit, openItems, owed } from "@/lib/domain/invoices/open-items";

/** An invoice number linked to its invoice. */
export function InvoiceLink({ invoice }: { invoice: OpenInvoice }) {
  if (invoice.InvoiceID == null) return <>{invoice.InvoiceNum ?? MISSING}</>;
  return (
    <Link className="link" prefetch={false} href={`/invoices/${invoice.InvoiceID}`}>
      {invoice.InvoiceNum ?? String(invoice.InvoiceID)}
    </Link>
  );
}

/** Days past due, as a person reads it; a credit (a negative open balance) is never late. */
export function Overdue({ invoice, today }: { invoice: OpenInvoice; today: string }) {
  if (isCredit(invoice)) return <>Credit: never due</>;
  const dueDate = invoice.DueDate ?? undefined;
  const days = daysOverdue(dueDate, today);
  if (!dueDate) return <>{MISSING}</>;
  return days > 0 ? (
    <span className="font-semibold text-red-800 dark:text-red-300">{plural(days, "day")}</span>
  ) : (
    <>Not yet due</>
  );
}

/**
 * The AR account's open invoices: total, open balance, due date and days overdue, oldest due first; and apart, its
 * credits (credit memos and returns: a negative open balance, owed to the store, never late and nothing to allocate to:
 * `openItems`).
 */
export function OpenInvoicesTable({
  invoices,
  loading,
  hasMore,
  filtered = false,
}: {
  invoices: OpenInvoice[] | undefined;
  loading: boolean;
  hasMore: boolean;
  filtered?: boolean;
}) {
  const today = todayIn(useTimeZone());
  const cards = !useWholeTable();
  if (loading)
    return (
      <span className="skeleton block h-24 w-full" role="status" aria-busy="true" aria-label="Loading open invoices" />
    );
  const { debts, credits } = openItems(invoices ?? []);
  const due = owed(debts);
  return (
    <>
      {debts.length > 0 && (
        <p className="text-sm" data-figure="account-owed">
          Owed on {hasMore ? "at least " : ""}
          {plural(due.count, "open invoice")}:{" "}
          <strong className="tabular-nums" data-testid="account-owed">
            {hasMore ? "at least " : ""}
            {formatMoneyExact(due.amount)}
          </strong>
        </p>
      )}
      {debts.length === 0 ? (
        <p className="text-sm">
          {filtered ? "No open invoices of the suppliers chosen." : "No open invoices: this AR account owes nothing."}
        </p>
      ) : (
        <TableFrame label="Open invoices table">
          <table className={cards ? "data-table cards" : "data-table"}>
            <caption className="sr-only">Open invoices, oldest due first</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">PO</th>
                <th scope="col">Invoice date</th>
                <th scope="col">Due</th>
                <th scope="col">Overdue</th>
                <th scope="col" className="numeric">
                  Total
                </th>
                <th scope="col" className="numeric">
                  Open balance
                </th>
              </tr>
            </thead>
            <tbody>
              {byDueDate(debts).map((i) => (
                <tr key={i.InvoiceID ?? i.InvoiceNum}>
                  <th scope="row" className="font-normal" {...cardCell()}>
                    <InvoiceLink invoice={i} />
                  </th>
                  <td>{i.PONum || MISSING}</td>
                  <td>{formatDay(i.Date)}</td>
                  <td {...cardCell("Due")}>{formatDay(i.DueDate)}</td>
                  <td {...cardCell("Overdue")}>
                    <Overdue invoice={i} today={today} />
                  </td>
                  <td className="numeric" {...cardCell("Total")}>
                    {formatMoneyExact(i.InvoiceTotal)}
                  </td>
                  <td className="numeric font-semibold" {...cardCell("Open balance")}>
                    {formatMoneyExact(i.OpenBalance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {credits.length > 0 && <CreditsTable credits={credits} cards={cards} />}
      {hasMore && (
        <p className="text-sm">This account has more than 500 open invoices: the 500 the API listed first are shown.</p>
      )}
    </>
  );
}

/** The account's credits (credit memos and returns), newest first: what the store is owed, never late. */
function CreditsTable({ credits, cards }: { credits: OpenInvoice[]; cards: boolean }) {
  const newest = [...credits].sort((a, b) => String(b.Date ?? "").localeCompare(String(a.Date ?? "")));
  return (
    <>
      <h3 className="mt-2 text-sm font-semibold">
        {plural(credits.length, "credit")} (credit memos and returns: owed to the store, never late)
      </h3>
      <TableFrame label="Credits table">
        <table className={cards ? "data-table cards" : "data-table"}>
          <caption className="sr-only">Credits, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Credit</th>
              <th scope="col">PO</th>
              <th scope="col">Date</th>
              <th scope="col" className="numeric">
                Open credit
              </th>
            </tr>
          </thead>
          <tbody>
            {newest.map((i) => (
              <tr key={i.InvoiceID ?? i.InvoiceNum}>
                <th scope="row" className="font-normal" {...cardCell()}>
                  <InvoiceLink invoice={i} />
                </th>
                <td>{i.PONum || MISSING}</td>
                <td {...cardCell("Date")}>{formatDay(i.Date)}</td>
                <td className="numeric font-semibold" {...cardCell("Open credit")}>
                  {formatMoneyExact(i.OpenBalance)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}
