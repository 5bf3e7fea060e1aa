"use client";

import { useEffect, useRef } from "react";
import { flagWords, type ListReview } from "@/lib/domain/order-guide/review";
import { formatMoney } from "@/lib/format/display";
import { BUTTON } from "@/lib/ui/styles";
import { plural } from "@/lib/format/plural";
import { type CreditBefore, listOverCredit } from "@/lib/ui/credit/list-warning";

interface ListReviewPanelProps {
  review: ListReview & { ok: true };
  /** The store's credit before this list: the panel warns when the list asks for more than is available. */
  credit?: CreditBefore;
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/**
 * A reorder list before it is sent: each line's cases, case price and total, the lines that deserve a second look
 * flagged in words, the list's cases and total, a warning with the amounts when it asks for more than the store's
 * credit available; "Confirm and send" or back to the fields. It takes the focus when it
 * opens, so that a keyboard or a screen reader meets the total first.
 */
export function ListReviewPanel({ review, pending, onConfirm, onEdit, credit }: ListReviewPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const overCredit = listOverCredit(review.total, credit);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="list-review-title" className="space-y-2 rounded border-2 border-sky-700 p-3">
      <h3 id="list-review-title" ref={heading} tabIndex={-1} className="font-semibold">
        Check the list: {plural(review.lines.length, "product")}, {plural(review.totalCases, "case")}, total{" "}
        {formatMoney(review.total)}
      </h3>
      {review.flagged > 0 && (
        <p role="alert" className="text-sm font-semibold text-amber-900 dark:text-amber-200">
          {plural(review.flagged, "line")} {review.flagged === 1 ? "asks" : "ask"} for more than usual or than the
          warehouse shows: check {review.flagged === 1 ? "it" : "them"} before sending.
        </p>
      )}
      <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
        {review.lines.map((line) => (
          <li key={line.productId} className="flex flex-wrap justify-between gap-x-3 py-1">
            <span className="min-w-0 break-words">
              {line.name}: {plural(line.cases, "case")} × {formatMoney(line.casePrice)}
              {line.flags.length > 0 && (
                <strong className="block text-amber-900 dark:text-amber-200" data-testid="review-flag">
                  Check: {line.flags.map((f) => flagWords(f, line)).join("; ")}
                </strong>
              )}
            </span>
            <span className="tabular-nums">{formatMoney(line.total)}</span>
          </li>
        ))}
      </ul>
      {overCredit && (
        // Beside the send, with the amounts: a warning, not a refusal (the rep decides; docs/dashboard.md).
        <p
          role="alert"
          className="rounded border-2 border-red-700 p-2 text-sm font-semibold text-red-800 dark:border-red-300 dark:text-red-300"
          data-testid="list-over-credit"
        >
          {overCredit}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          className="min-h-11 rounded bg-slate-900 px-4 font-semibold text-white disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900"
        >
          {pending ? "Sending…" : "Confirm and send"}
        </button>
        <button type="button" disabled={pending} className={`${BUTTON} min-h-11`} onClick={onEdit}>
          Edit the list
        </button>
      </div>
    </section>
  );
}
