"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { formatDate, formatMoney } from "@/lib/format/display";
import { type PreviewJson, previewQueryOptions } from "@/lib/ui/accounting/accounting-client";
import { type ExportRequest, previewPath } from "@/lib/ui/accounting/export-request";
import { countsSentence } from "@/lib/ui/accounting/export-words";
import { DownloadLinks } from "./download-links";
import { PreviewTable } from "./preview-table";
import { plural } from "@/lib/format/plural";

/**
 * What the export would hold (`GET /api/accounting/preview`): its counts in a sentence, the invoices held back and
 * why, the records changed since an earlier export, the files to download, and the first rows as the file writes
 * them. While the next request's preview is on its way, the last one stays, marked as being brought up to date.
 * `current`: whether the request is the form's as it stands (not while the form has a problem).
 */
export function ExportPreview({
  request,
  current,
  mayMark,
}: {
  request: ExportRequest;
  current: boolean;
  mayMark: boolean;
}) {
  const timeZone = useTimeZone();
  const preview = useQuery({ ...previewQueryOptions(request), placeholderData: keepPreviousData });
  const shown = preview.data;
  const updating = preview.isFetching;
  if (preview.error && !preview.isFetching)
    return <RequestError error={preview.error} onRetry={() => void preview.refetch()} what="the export's preview" />;
  if (!shown)
    return (
      <div role="status" aria-busy="true" aria-label="Previewing the export" className="space-y-2">
        <span className="skeleton h-5 w-full max-w-xl" />
        <span className="skeleton h-32 w-full" />
      </div>
    );
  const { answer } = shown;
  const words = countsSentence(answer, timeZone);
  const stale = updating || !current || previewPath(shown.request) !== previewPath(request);
  return (
    <section aria-labelledby="preview-heading" aria-busy={updating} className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h3 id="preview-heading" className="text-base font-semibold">
          {answer.label}, {formatDate(answer.from)} to {formatDate(answer.to)}
        </h3>
        {stale && (
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {updating ? "Previewing the form as it is now…" : "Not the form as it is now: correct it to preview."}
          </span>
        )}
      </div>
      <p
        role="status"
        data-testid="export-counts"
        data-figure={answer.kind === "bills" ? "books-bills-total" : undefined}
        className={
          words.nothing
            ? "rounded border border-sky-700 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100"
            : "text-sm"
        }
      >
        {words.text}
      </p>
      {answer.gaps.length > 0 && <MappingGaps label={answer.label} gaps={answer.gaps} />}
      {answer.format === "xero-bank-statement" && <StatementNote />}
      {answer.sums && !words.nothing && <PaymentSums sums={answer.sums} />}
      {answer.held.length > 0 && <HeldBack held={answer.held} kind={answer.kind} />}
      {answer.changed.length > 0 && <Changed changed={answer.changed} timeZone={timeZone} />}
      {!words.nothing && answer.gaps.length === 0 && (
        <>
          <DownloadLinks
            request={shown.request}
            files={answer.files}
            kind={answer.kind}
            program={answer.program}
            mayMark={mayMark}
          />
          <PreviewTable table={answer.preview} format={answer.label} kind={answer.kind} />
        </>
      )}
    </section>
  );
}

/** What the file's program needs of the mapping and lacks: no file is offered until it is set. */
function MappingGaps({ label, gaps }: { label: string; gaps: { field: string; label: string; problem: string }[] }) {
  return (
    <div
      role="alert"
      className="rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        No {label} file until the mapping names {gaps.length === 1 ? "this" : "these"}:
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {gaps.map((g) => (
          <li key={g.field} data-testid="mapping-gap">
            {g.label}: {g.problem}.
          </li>
        ))}
      </ul>
      <p className="mt-1">
        <a href="#mapping" className="underline">
          Set them in the mapping below
        </a>
        , then preview again.
      </p>
    </div>
  );
}

/**
 * What the period holds and the file does not, each with why: an invoice held back (an update being applied is never
 * exported half-done); a payment's allocation waiting in the prepayment for such a bill, or a brand's credit, which
 * never passes through the bank.
 */
function HeldBack({
  held,
  kind,
}: {
  held: { number: string; customerName: string; reason: string }[];
  kind: "bills" | "payments";
}) {
  return (
    <div
      role="note"
      aria-label="Held back"
      className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        {kind === "bills"
          ? `${plural(held.length, "invoice")} held back, not in the file:`
          : "Not in the file as it is:"}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {held.map((h) => (
          <li key={h.number} data-testid="held-invoice" className="[overflow-wrap:anywhere]">
            <span className="font-semibold">{h.number}</span>
            {h.customerName ? ` (${h.customerName})` : ""}: {h.reason}.
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A payments file's figures, each the file's own sum: what left the bank (its payments, each one bank line), what
 * they and the allocations applied later paid to bills, and what stays in the prepayment. Brands' credits and money
 * returned only when the period has some.
 */
function PaymentSums({ sums }: { sums: NonNullable<PreviewJson["sums"]> }) {
  const figures: [string, string, string][] = [
    ["bank", "Bank: the payments", sums.bank],
    ...(Number(sums.credits) !== 0 ? [["credits", "Brands' credits", sums.credits] as [string, string, string]] : []),
    ["allocated", "Allocated to bills", sums.allocated],
    ["prepaid", "Prepaid, not yet applied", sums.prepaid],
    ...(Number(sums.returned) !== 0 ? [["returned", "Returned", sums.returned] as [string, string, string]] : []),
  ];
  return (
    <dl
      aria-label="The file's sums"
      data-figure="books-payment-sums"
      className="grid grid-cols-2 gap-2 text-sm sm:flex sm:flex-wrap sm:gap-6"
    >
      {figures.map(([key, label, value]) => (
        <div key={key} className="min-w-0">
          <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
          <dd data-testid={`sum-${key}`} className="font-semibold tabular-nums">
            {formatMoney(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Xero imports no payments: its bank statement, which its reconciliation matches with the bills imported. */
function StatementNote() {
  return (
    <p className="rounded border border-sky-700 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100">
      Xero imports no payments. This is a bank statement: one line per payment, on the day it left the bank, which
      Xero&apos;s bank reconciliation matches with the bills it pays. Import it into a bank account that has no bank
      feed; with a feed, the same lines come from the bank already, and Xero reconciles the payments from them.
    </p>
  );
}

/** The records exported before and changed since: the books hold the earlier one, to correct by hand. */
function Changed({
  changed,
  timeZone,
}: {
  changed: { number: string; exportedAt: string; fileName: string }[];
  timeZone: string;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        {changed.length === 1 ? "1 changed since its export" : `${changed.length} changed since their export`}: the
        books hold the earlier version
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {changed.map((c) => (
          <li key={`${c.number}-${c.fileName}`} className="[overflow-wrap:anywhere]">
            {c.number}: exported {formatDate(c.exportedAt, timeZone)} in {c.fileName}
          </li>
        ))}
      </ul>
    </details>
  );
}
