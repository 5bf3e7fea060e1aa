"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { REASON_WORDS } from "@/lib/domain/disputes/dispute";
import type { DisputeView as Dispute } from "@/lib/domain/disputes/view";
import { formatDateTime, formatDay, formatMoney, formatQuantity } from "@/lib/format/display";
import { disputeQueryOptions } from "@/lib/ui/disputes/disputes-client";
import { DisputeActions } from "./dispute-actions";
import { DisputePhotos } from "./dispute-photos";
import { DisputeStatusBadge } from "./dispute-status";
import { DisputeThread } from "./dispute-thread";

interface DisputeViewProps {
  id: string;
}

/**
 * A dispute as its store, its rep and the distributor's staff see it (a brand, its own products' quality lines): the
 * store, the invoice, where it stands and its amounts (in dispute, credited, left); each line; the photos; the thread;
 * what the asker may do (`can`). Read again when the person comes back to it, and every 30 seconds while open.
 */
export function DisputeView({ id }: DisputeViewProps) {
  const timeZone = useTimeZone();
  const query = useQuery(disputeQueryOptions(id));
  if (!query.data) {
    if (isDataApiError(query.error) && query.error.status === 404) return <NoSuchDispute />;
    if (query.error)
      return <RequestError error={query.error} onRetry={() => void query.refetch()} what="the dispute" />;
    return <DisputeSkeleton />;
  }
  const dispute = query.data;
  return (
    <div className="space-y-6">
      <DisputeHeader dispute={dispute} timeZone={timeZone} />
      <DisputeActions dispute={dispute} />
      <DisputeLines dispute={dispute} />
      <DisputePhotos dispute={dispute} timeZone={timeZone} />
      <DisputeThread dispute={dispute} timeZone={timeZone} />
    </div>
  );
}

function DisputeHeader({ dispute, timeZone }: { dispute: Dispute; timeZone: string }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Dispute on invoice {dispute.invoiceNum}</h1>
        <DisputeStatusBadge status={dispute.status} />
      </div>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Store</dt>
        <dd>
          {dispute.side === "store" ? (
            dispute.customerName
          ) : (
            <Link href={`/customers/${dispute.customerId}`} className="link">
              {dispute.customerName}
            </Link>
          )}
        </dd>
        <dt className="font-medium">Invoice</dt>
        <dd>
          <Link href={`/invoices/${dispute.invoiceId}`} className="link">
            {dispute.invoiceNum}
          </Link>{" "}
          of {formatDay(dispute.invoiceDate)}
        </dd>
        <dt className="font-medium">Opened</dt>
        <dd>
          {formatDateTime(dispute.openedAt, timeZone)} by {dispute.openedBy}
        </dd>
        {dispute.acknowledgedAt && (
          <>
            <dt className="font-medium">Acknowledged</dt>
            <dd>{formatDateTime(dispute.acknowledgedAt, timeZone)}</dd>
          </>
        )}
        {dispute.resolution && (
          <>
            <dt className="font-medium">Resolved</dt>
            <dd>
              {formatDateTime(dispute.resolution.at, timeZone)}:{" "}
              {dispute.resolution.kind === "credit"
                ? `credited by ${dispute.resolution.credits.map((c) => `credit memo ${c.invoiceNum} (${formatMoney(c.amount)})`).join(", ")}`
                : `closed by ${dispute.resolution.by}: ${dispute.resolution.reason}`}
            </dd>
          </>
        )}
      </dl>
      <div className="flex max-w-3xl flex-wrap gap-3" aria-label="Amounts">
        <Figure label="In dispute" value={`${formatMoney(dispute.amount)} in dispute`} strong />
        <Figure label="Credited so far" value={formatMoney(dispute.credited)} />
        <Figure label="Still open" value={formatMoney(dispute.open)} />
      </div>
    </div>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-32 rounded border border-slate-300 px-3 py-2 dark:border-slate-600">
      <p className="text-xs text-slate-700 dark:text-slate-300">{label}</p>
      <p className={strong ? "text-lg font-bold" : "text-lg"}>{value}</p>
    </div>
  );
}

function DisputeLines({ dispute }: { dispute: Dispute }) {
  return (
    <section aria-labelledby="dispute-lines" className="space-y-2">
      <h2 id="dispute-lines" className="text-lg font-semibold">
        Lines
      </h2>
      {dispute.side === "brand" && <p className="text-sm">Your products&apos; lines only: damaged or not compliant.</p>}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label="Lines of the dispute">
        {dispute.lines.map((line) => (
          <li
            key={line.invoiceLineId}
            className="space-y-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-600"
          >
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-semibold">{line.productName}</span>
              <span className="font-semibold">{REASON_WORDS[line.reason]}</span>
            </p>
            <p>
              {formatQuantity(line.units)} of {formatQuantity(line.invoicedUnits)} units at{" "}
              {formatMoney(line.unitPrice)}
              {line.expectedPrice !== null && `, expected ${formatMoney(line.expectedPrice)}`}
              {line.batchCode && ` · batch ${line.batchCode}`}
            </p>
            <p>
              <span className="font-semibold">{formatMoney(line.amount)}</span> in dispute · credited{" "}
              {formatMoney(line.credited)}
            </p>
            {line.note && <p className="text-slate-700 dark:text-slate-300">“{line.note}”</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function NoSuchDispute() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">Dispute</h1>
      <p className="max-w-3xl">
        No such dispute here: it may be another workspace&apos;s, or this key is not its store&apos;s, its rep&apos;s or
        a brand with a product in it.
      </p>
      <p>
        <Link href="/disputes" className="link inline-flex min-h-11 items-center">
          Disputes
        </Link>
      </p>
    </div>
  );
}

/** The page's place while the dispute comes: its heading, amounts and lines, as tall as they will be. */
export function DisputeSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the dispute" className="space-y-4">
      <span className="skeleton block h-8 w-72" />
      <span className="skeleton block h-24 w-full max-w-3xl" />
      {[0, 1].map((i) => (
        <span key={i} className="skeleton block h-24 w-full" />
      ))}
    </div>
  );
}
