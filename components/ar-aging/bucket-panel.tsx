"use client";

import Link from "next/link";
import { useEffect, useId, useRef } from "react";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { formatMoney, MISSING } from "@/lib/format/display";
import { type Bucket, type BucketInvoice, invoiceCount } from "@/lib/ui/ar-aging/aging";
import { TableFrame } from "@/components/table/table-frame";
import { BUTTON } from "@/lib/ui/styles";

/** What the panel shows: one bucket of one line (a row, or all rows), with its invoices. */
export interface PanelContent {
  /** Whose bucket: "Acme Retail, Supplier 7", or "All AR accounts". */
  owner: string;
  bucket: Bucket;
  /** The bucket's amount as the report shows it. */
  amount: string;
  invoices: BucketInvoice[];
  /** The total's panel: each invoice's AR account and supplier, by name. */
  rowsOf?: (invoice: BucketInvoice) => { account: string; supplier: string };
}


/**
 * The invoices behind one bucket, in a modal dialog: each invoice number links to its invoice, with the open balance
 * aged in the bucket and the exact sum. Opening focuses the close button; Escape, the close button or a click on the
 * backdrop close it, and `onClose` gives the focus back to whatever opened it.
 */
export function BucketPanel({ content, onClose }: { content: PanelContent | undefined; onClose: () => void }) {
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
  const differs = content !== undefined && content.invoices.length > 0 && compareDecimals(sum, content.amount) !== 0;

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
            {formatMoney(content.amount)} {content.bucket.id === "current" ? "is current (not yet due)" : `is ${content.bucket.label} past due`}
            {content.invoices.length > 0 ? `, from ${invoiceCount(content.invoices.length)}.` : "."}
          </p>
          {content.invoices.length === 0 ? (
            <p className="text-sm">The API lists no invoices for this bucket.</p>
          ) : (
            <TableFrame label={`Invoices in ${content.bucket.label}`}>
              <table className="data-table">
                <caption className="sr-only">
                  Invoices in {content.bucket.label}, {content.owner}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Invoice</th>
                    {content.rowsOf && (
                      <>
                        <th scope="col">AR account</th>
                        <th scope="col">Supplier</th>
                      </>
                    )}
                    <th scope="col" className="numeric">
                      Open balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {content.invoices.map((invoice, index) => {
                    const label = invoice.invoiceNum ?? (invoice.invoiceId !== undefined ? String(invoice.invoiceId) : MISSING);
                    const owner = content.rowsOf?.(invoice);
                    return (
                      <tr key={`${invoice.invoiceId ?? invoice.invoiceNum}:${invoice.arAccountId}:${invoice.supplierId}:${index}`}>
                        <td>
                          {invoice.invoiceId !== undefined ? (
                            <Link className="link" prefetch={false} href={`/invoices/${invoice.invoiceId}` as never}>
                              {label}
                            </Link>
                          ) : (
                            label
                          )}
                        </td>
                        {owner && (
                          <>
                            <td>{owner.account}</td>
                            <td>{owner.supplier}</td>
                          </>
                        )}
                        <td className="numeric">{formatMoney(invoice.openBalance)}</td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={content.rowsOf ? 3 : 1}>
                      Total
                    </th>
                    <td className="numeric font-semibold">{formatMoney(sum)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableFrame>
          )}
          {differs && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              The listed invoices sum to {formatMoney(sum)}; the report shows {formatMoney(content.amount)} for this bucket.
            </p>
          )}
        </div>
      )}
    </dialog>
  );
}
