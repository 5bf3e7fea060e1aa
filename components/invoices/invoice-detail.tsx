"use client";

import { StaleNote } from "@/components/table/stale-note";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { formatDateTime } from "@/lib/format/display";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { invoiceRequests } from "@/lib/ui/views/invoice-requests";
import { externalHref } from "@/lib/format/external-url";
import { revisionNotice } from "@/lib/domain/invoices/revision";
import { InvoiceCoas } from "./invoice-coas";
import { invoiceFacts, invoiceTotals } from "./invoice-facts";
import { InvoiceLines } from "./invoice-lines";
import { FactList } from "@/components/views/fact-list";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { joinScopeOf } from "@/lib/ui/views/use-joined-rows";
import { InvoiceBrandShare } from "./invoice-brand-share";
import { InvoiceReorders } from "./invoice-reorders";
import { InvoiceDisputes } from "@/components/disputes/invoice-disputes";

interface InvoiceDetailProps {
  invoiceId: number;
}

/** One invoice: header, totals, lines and certificates of analysis, with the PDF and a revision warning. */
export function InvoiceDetail({ invoiceId }: InvoiceDetailProps) {
  const timeZone = useTimeZone();
  const scope = useKeyScope();
  const [linesPage, setLinesPage] = useState(1);
  const r = invoiceRequests(invoiceId, linesPage);
  const invoice = useQuery(apiQueryOptions(browserApi, r.invoice, r.staleTime));
  const lines = useQuery({ ...apiQueryOptions(browserApi, r.lines, r.staleTime), placeholderData: keepPreviousData });
  const coas = useQuery(apiQueryOptions(browserApi, r.coas, r.staleTime));

  if (invoice.error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Invoice {invoiceId}</h1>
        <RequestError error={invoice.error} onRetry={() => void invoice.refetch()} what="this invoice" />
      </div>
    );
  }
  const inv = invoice.data?.records[0];
  if (!inv) return <p aria-busy="true">Loading invoice {invoiceId}…</p>;
  const coaByLine = new Map((coas.data?.records ?? []).map((c) => [c.InvoiceTransID, c.COA_URL]));
  const facts = invoiceFacts(inv, timeZone);
  const totals = invoiceTotals(inv);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Invoice {inv.InvoiceNum ?? invoiceId}</h1>
        <StaleNote of={[invoice.data, lines.data, coas.data]} />
        {externalHref(inv.PDFURL) && (
          <a className="link" href={externalHref(inv.PDFURL)} target="_blank" rel="noreferrer noopener">
            Open the PDF
          </a>
        )}
        <Link className="link text-sm" prefetch={false} href="/invoices">
          All invoices
        </Link>
      </div>
      <InvoiceReorders customerId={inv.CustomerID} invoiceNum={inv.InvoiceNum} />
      {inv.InvoiceNum && inv.CustomerID != null && inv.Date && inv.Status != null && (
        <InvoiceDisputes
          invoice={{
            InvoiceID: invoiceId,
            InvoiceNum: inv.InvoiceNum,
            CustomerID: inv.CustomerID,
            Date: inv.Date,
            Status: inv.Status,
          }}
          lines={lines.isPlaceholderData || linesPage !== 1 ? undefined : lines.data?.records}
        />
      )}
      {inv.RevisionStatus && (
        <p
          role="status"
          className="rounded border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {revisionNotice(
            inv.RevisionStatus,
            inv.RevisionUpdatedAt ? formatDateTime(inv.RevisionUpdatedAt, timeZone) : undefined,
          )}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="invoice-facts">
          <h2 id="invoice-facts" className="sr-only">
            Details
          </h2>
          <FactList facts={facts} />
        </section>
        <section aria-labelledby="invoice-totals" className="rounded border border-slate-300 p-3 dark:border-slate-700">
          <h2 id="invoice-totals" className="mb-2 font-semibold">
            Totals
          </h2>
          <FactList figures facts={totals} />
        </section>
      </div>
      {scope.keyType === "Supplier" && (
        <section aria-labelledby="invoice-brand-share" className="max-w-xl space-y-2">
          <h2 id="invoice-brand-share" className="font-semibold">
            This brand&apos;s share
          </h2>
          <InvoiceBrandShare
            invoice={inv}
            lines={lines.isPlaceholderData ? undefined : lines.data?.records}
            complete={linesPage === 1 && !lines.data?.paging?.hasNextPage}
            supplierIds={joinScopeOf(scope).supplierIds}
          />
        </section>
      )}

      <section aria-labelledby="invoice-lines" className="space-y-2">
        <h2 id="invoice-lines" className="text-lg font-semibold">
          Lines
        </h2>
        {lines.error ? (
          <RequestError error={lines.error} onRetry={() => void lines.refetch()} what="the lines of this invoice" />
        ) : (
          <InvoiceLines
            lines={lines.data?.records}
            busy={lines.isFetching}
            coaOf={(line) => line.COA_URL ?? coaByLine.get(line.InvoiceTransID ?? -1)}
          />
        )}
        {(linesPage > 1 || lines.data?.paging?.hasNextPage) && (
          <div className="flex gap-3 text-sm">
            <button
              type="button"
              className="pager-button"
              disabled={linesPage <= 1}
              onClick={() => setLinesPage((p) => p - 1)}
            >
              Previous 500 lines
            </button>
            <button
              type="button"
              className="pager-button"
              disabled={!lines.data?.paging?.hasNextPage}
              onClick={() => setLinesPage((p) => p + 1)}
            >
              Next 500 lines
            </button>
          </div>
        )}
      </section>

      {(coas.data?.records.length ?? 0) > 0 && <InvoiceCoas coas={coas.data!.records} />}
    </div>
  );
}
