"use client";

import Link from "next/link";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { DUE_SOON_DAYS } from "@/lib/domain/invoices/open-items";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { FIGURE_PARAM, wholeList } from "@/lib/domain/views/whole-list";
import { formatDay, formatMoneyExact } from "@/lib/format/display";
import { deliveryDaysText } from "@/lib/domain/delivery/cutoff";
import { apiDeliveryDates } from "@/lib/domain/delivery/schedule";
import {
  accountsOfOpenInvoices,
  OVERVIEW_STALE,
  overviewCustomers,
  openInvoicesHref,
  overviewOpenInvoices,
  overviewPayments,
  overviewPending,
} from "@/lib/ui/overview/requests";
import { creditAvailable, pendingAllocations } from "@/lib/domain/payments/credit";
import { may } from "@/lib/session/roles";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { Card, Figure } from "./card";
import { useApi, useWalk } from "./use-api";

// A retailer's overview, one component per card: each streams in with its own data.

export function DueSoonCard() {
  const today = todayIn(useTimeZone());
  const open = useWalk(overviewOpenInvoices, OVERVIEW_STALE.working);
  const walked = open.data ?? { records: [], complete: true };
  // Each figure is the count and total of the list it opens (`wholeList` of the same walk and figure): what is owed
  // alone, a credit (a negative open balance, a return's) is neither overdue nor due (`open-items.ts`).
  const of = (figure: "past-due" | "due-soon") =>
    wholeList(LIST_VIEWS.openInvoices, { [FIGURE_PARAM]: figure }, walked, today);
  const overdue = of("past-due");
  const soon = of("due-soon");
  const atLeast = walked.complete ? "" : "at least ";
  return (
    <Card card="dueSoon" href="/invoices/open" query={open}>
      <p className="text-sm" data-testid="overdue-now">
        Overdue now:{" "}
        <Link
          data-figure="open-past-due-count"
          className="link font-bold"
          href={openInvoicesHref("past-due") as never}
          data-testid="overdue-count"
        >
          {atLeast}
          {overdue.count}
        </Link>{" "}
        open {overdue.count === 1 ? "invoice" : "invoices"} past {overdue.count === 1 ? "its" : "their"} due date (
        <Link
          data-figure="open-past-due-total"
          className="link"
          href={openInvoicesHref("past-due") as never}
          data-testid="overdue-total"
        >
          {formatMoneyExact(overdue.totals.OpenBalance)}
        </Link>{" "}
        open);{" "}
        <Link
          data-figure="open-due-soon-count"
          className="link font-bold"
          href={openInvoicesHref("due-soon") as never}
          data-testid="due-soon-count"
        >
          {atLeast}
          {soon.count}
        </Link>{" "}
        due in the next {DUE_SOON_DAYS} days.
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        From your open invoices now, by due date; the balance beside it is the aging&apos;s at the last close.
      </p>
      {soon.count > 0 && (
        <ul className="space-y-1 text-sm">
          {soon.rows.slice(0, 5).map((i) => (
            <li key={i.InvoiceID ?? i.InvoiceNum} className="flex justify-between gap-2">
              <span>
                {i.InvoiceID != null ? (
                  <Link className="link" href={`/invoices/${i.InvoiceID}`}>
                    {i.InvoiceNum ?? i.InvoiceID}
                  </Link>
                ) : (
                  i.InvoiceNum
                )}{" "}
                due {formatDay(i.DueDate)}
              </span>
              <span className="tabular-nums">{formatMoneyExact(i.OpenBalance)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function PaymentsCard() {
  const open = useWalk(overviewOpenInvoices, OVERVIEW_STALE.working);
  const accounts = accountsOfOpenInvoices(open.data?.records ?? []);
  const payments = useWalk(overviewPayments(accounts), OVERVIEW_STALE.working, accounts.length > 0);
  const pending = useWalk(overviewPending(accounts), OVERVIEW_STALE.working, accounts.length > 0);
  const credit = creditAvailable(payments.data?.records ?? []);
  const waiting = pendingAllocations(pending.data?.records ?? []);
  // Each list is read whole up to the walks' bound: past it, the figures are of what was read, and say so.
  const creditAtLeast = payments.data?.complete === false;
  const pendingAtLeast = pending.data?.complete === false ? "at least " : "";
  const mayAllocate = may(useKeyScope().role, { payments: ["allocate"] });
  // Without open invoices there is no account to ask about (and nothing is pending): the card says so with zeros.
  const asked = accounts.length > 0;
  const state = {
    error: open.error ?? payments.error ?? pending.error,
    isPending: open.isPending || (asked && (payments.isPending || pending.isPending)),
    refetch: () => [open, payments, pending].forEach((q) => void q.refetch()),
  };
  return (
    <Card card="payments" query={state} also={[open.data, payments.data, pending.data]} readOnly={!mayAllocate}>
      <Figure
        label="Credit available on payments"
        value={formatMoneyExact(credit)}
        testId="credit-available"
        figure="credit-available"
        counts={creditAtLeast ? "At least this: more payments than the overview reads" : undefined}
      />
      <p className="text-sm" data-figure="allocation-requests-pending">
        <strong data-testid="pending-requests">
          {pendingAtLeast}
          {waiting.count}
        </strong>{" "}
        allocation {waiting.count === 1 ? "request" : "requests"} on the way to the ERP
        {waiting.count ? ` (${pendingAtLeast}${formatMoneyExact(waiting.amount)})` : ""}.
      </p>
    </Card>
  );
}

export function NextDeliveriesCard() {
  // Today on the viewer's clock: the card reads no state, so it knows no store's own zone.
  const today = todayIn(useTimeZone());
  const customers = useApi(overviewCustomers, OVERVIEW_STALE.directory);
  return (
    <Card card="nextDeliveries" query={customers}>
      <ul className="space-y-1 text-sm">
        {(customers.data?.records ?? [])
          .filter((c) => c.AccountStatus !== "OutOfBus")
          .slice(0, 5)
          .map((c) => {
            // The listed dates from today on (a passed one is no next delivery), else the weekdays.
            const dates = apiDeliveryDates(c, today);
            return (
              <li key={c.CustomerID}>
                <strong>
                  {c.CustomerID != null ? (
                    <Link className="link" href={`/customers/${c.CustomerID}`}>
                      {c.CustomerName ?? c.CustomerID}
                    </Link>
                  ) : (
                    c.CustomerName
                  )}
                </strong>
                :{" "}
                {dates.length
                  ? dates
                      .slice(0, 3)
                      .map((d) => formatDay(d))
                      .join(" · ")
                  : deliveryDaysText(c.DeliveryDays, "long")}
              </li>
            );
          })}
      </ul>
    </Card>
  );
}
