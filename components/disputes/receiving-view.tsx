"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { addDays, todayIn } from "@/lib/format/days";
import { formatDay, formatMoney, formatQuantity } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { browserApi } from "@/lib/ui/browser-api";
import { PRIMARY } from "@/lib/ui/styles";
import { invoiceRequests } from "@/lib/ui/views/invoice-requests";
import { InvoiceDisputes } from "./invoice-disputes";

/** Every status but Returned (4: a credit, nothing delivered): the API alone lists New only. */
const DELIVERED_STATUSES = "1,2,3,5,7";

/**
 * Today's and yesterday's deliveries of the key's stores, at the back door: their invoices dated today or yesterday
 * (on the person's clock; the invoice's Date is the day it goes out), newest first, each with its lines and "Report a
 * problem" in place, and the disputes already raised on it.
 */
export function ReceivingView() {
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const yesterday = addDays(today, -1);
  const invoices = useQuery(
    apiQueryOptions(
      browserApi,
      {
        operation: "listInvoices",
        query: { Statuses: DELIVERED_STATUSES, StartDate: yesterday, EndDate: today, PageSize: "500" },
      },
      STALE.working,
    ),
  );
  if (invoices.error)
    return <RequestError error={invoices.error} onRetry={() => void invoices.refetch()} what="today's deliveries" />;
  if (!invoices.data)
    return (
      <div role="status" aria-busy="true" aria-label="Loading today's deliveries" className="space-y-3">
        {[0, 1].map((i) => (
          <span key={i} className="skeleton block h-28 w-full" />
        ))}
      </div>
    );
  const rows = invoices.data.records
    .filter((i) => [today, yesterday].includes(String(i.Date ?? "").slice(0, 10)))
    .sort((a, b) => String(b.Date).localeCompare(String(a.Date)) || (b.InvoiceID ?? 0) - (a.InvoiceID ?? 0));
  if (!rows.length)
    return (
      <p data-testid="receiving-loaded">
        No delivery dated {formatDay(today)} or {formatDay(yesterday)}.{" "}
        <Link href="/invoices" className="link">
          Every invoice
        </Link>
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="receiving-loaded">
        {plural(rows.length, "delivery", "deliveries")} dated {formatDay(yesterday)} or {formatDay(today)}.
      </p>
      <ul className="space-y-4" aria-label="Deliveries">
        {rows.map((inv) => (
          <Delivery key={inv.InvoiceID} invoice={inv} today={today} />
        ))}
      </ul>
    </div>
  );
}

interface DeliveryProps {
  invoice: {
    InvoiceID?: number | null;
    InvoiceNum?: string | null;
    CustomerID?: number | null;
    CustomerName?: string | null;
    Date?: string | null;
    Status?: number | null;
    InvoiceTotal?: string | null;
    TotalCases?: string | null;
  };
  today: string;
}

/** One delivery: its store, invoice and total; its lines read when it is opened, then "Report a problem". */
function Delivery({ invoice, today }: DeliveryProps) {
  const [open, setOpen] = useState(false);
  const id = invoice.InvoiceID ?? 0;
  const r = invoiceRequests(id);
  const lines = useQuery({ ...apiQueryOptions(browserApi, r.lines, r.staleTime), enabled: open });
  const day = String(invoice.Date ?? "").slice(0, 10);
  return (
    <li
      className="space-y-3 rounded border border-slate-300 p-3 dark:border-slate-600"
      data-invoice={invoice.InvoiceNum}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="font-semibold">
          <Link href={`/invoices/${id}`} className="link">
            Invoice {invoice.InvoiceNum}
          </Link>{" "}
          · {invoice.CustomerName}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {day === today ? "Today" : "Yesterday"} · {formatQuantity(invoice.TotalCases ?? "0")} cases ·{" "}
          {formatMoney(invoice.InvoiceTotal)}
        </p>
      </div>
      {invoice.InvoiceNum && invoice.CustomerID != null && invoice.Date && invoice.Status != null && (
        <>
          {open && lines.error && (
            <RequestError error={lines.error} onRetry={() => void lines.refetch()} what="the delivery's lines" />
          )}
          {open && !lines.data && !lines.error && (
            <span role="status" aria-label="Loading the lines" className="skeleton block h-20 w-full" />
          )}
          <InvoiceDisputes
            invoice={{
              InvoiceID: id,
              InvoiceNum: invoice.InvoiceNum,
              CustomerID: invoice.CustomerID,
              Date: invoice.Date,
              Status: invoice.Status,
            }}
            lines={open ? lines.data?.records : undefined}
            startOpen
          />
          {!open && (
            <button
              type="button"
              className={`${PRIMARY} min-h-11`}
              onClick={() => setOpen(true)}
              aria-label={`Report a problem with invoice ${invoice.InvoiceNum}`}
            >
              Report a problem
            </button>
          )}
        </>
      )}
    </li>
  );
}
