"use client";

import { useEffect, useId, useRef } from "react";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { creditsMatch, invoiceCount, type Listed } from "@/lib/domain/ar-aging/aging";
import { BUTTON } from "@/lib/ui/styles";
import { BucketInvoicesTable, type PanelContent } from "./bucket-invoices-table";

export type { PanelContent } from "./bucket-invoices-table";

interface BucketPanelProps {
  content: PanelContent | undefined;
  onClose: () => void;
}

/** What the amount is, in words: "is current (not yet due)", "is 31–60 days past due", "is open credit". */
function amountIs(bucket: Listed): string {
  if (bucket.id === "current") return "is current (not yet due)";
  if (bucket.id === "credit") return "is open credit";
  return `is ${bucket.label} past due`;
}

/**
 * The invoices behind one bucket (or the open credit), in a modal dialog: each invoice number links to its invoice,
 * with the open balance aged in the bucket (a credit's as the API sends it) and the exact sum. Opening focuses the close button; Escape, the close button or a click on the
 * backdrop close it, and `onClose` gives the focus back to whatever opened it.
 */
export function BucketPanel({ content, onClose }: BucketPanelProps) {
  const ids = { title: useId(), summary: useId() };
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (content && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!content && dialog.open) {
      dialog.close();
    }
  }, [content]);

  const sum = content ? addDecimals(...content.invoices.map((i) => i.openBalance)) : "0";
  const unread = content?.unread ?? 0;
  // Credit invoices may carry their balances negative while the open credit is positive: either sign accounts for it.
  const matches =
    content?.bucket.id === "credit"
      ? creditsMatch(
          content.invoices.map((i) => i.openBalance),
          content.amount,
        )
      : compareDecimals(sum, content?.amount ?? "0") === 0;
  const listName = content?.bucket.id === "credit" ? "Credit invoices" : `Invoices in ${content?.bucket.label ?? ""}`;
  const differs = content !== undefined && content.invoices.length > 0 && unread === 0 && !matches;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={ids.title}
      aria-describedby={ids.summary}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself (its content fills the box): close, as Escape does.
      onClick={(event) => event.target === event.currentTarget && dialogRef.current?.close()}
      className={`m-auto max-h-[min(40rem,calc(100vh-2rem))] overflow-y-auto ${content?.rowsOf ? "w-[min(60rem,calc(100vw-2rem))]" : "w-[min(36rem,calc(100vw-2rem))]"} rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50`}
    >
      {content && (
        <div className="space-y-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={ids.title} className="text-lg font-semibold">
              {content.bucket.label}: {content.owner}
            </h2>
            <button ref={closeRef} type="button" onClick={() => dialogRef.current?.close()} className={BUTTON}>
              Close
            </button>
          </div>
          <p id={ids.summary} className="text-sm">
            {formatMoney(content.amount)} {amountIs(content.bucket)}
            {content.invoices.length > 0
              ? `, from ${invoiceCount(content.invoices.length)}.`
              : content.unlisted
                ? `, from ${invoiceCount(content.unlisted)}.`
                : "."}
          </p>
          {content.unlisted !== undefined && (
            <p className="text-sm">
              Too many to list here. Each row&apos;s amount in the table lists its own invoices; sort the table by this
              column to see the rows that hold most of it.
            </p>
          )}
          {unread > 0 && (
            <p className="text-sm">
              The API lists {unread === 1 ? "1 more entry" : `${unread} more entries`} here that{" "}
              {unread === 1 ? "names" : "name"} no invoice: the documentation does not describe what credit invoices
              hold, so {unread === 1 ? "it is" : "they are"} not shown.
            </p>
          )}
          {content.invoices.length === 0 ? (
            unread === 0 &&
            content.unlisted === undefined && (
              <p className="text-sm">
                The API lists no invoices for {content.bucket.id === "credit" ? "this credit" : "this bucket"}.
              </p>
            )
          ) : (
            <BucketInvoicesTable content={content} listName={listName} sum={sum} />
          )}
          {differs && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              The listed invoices sum to {formatMoney(sum)}; the report shows {formatMoney(content.amount)} for this
              bucket.
            </p>
          )}
        </div>
      )}
    </dialog>
  );
}
