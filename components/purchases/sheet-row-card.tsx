"use client";

import { useId, useState } from "react";
import type { CatalogProduct } from "@/lib/domain/purchases/draft";
import type { SheetRow } from "@/lib/domain/purchases/sheet-import";
import type { ReviewEvent, RowDecision } from "@/lib/ui/purchases/sheet-review";
import { type RowOutcome, rowOutcome } from "@/lib/ui/purchases/sheet-rows";
import { fieldClass } from "@/lib/ui/styles";
import { TOUCH } from "./sheet-review-format";
import { SheetRowProduct } from "./sheet-row-product";
import { SheetRowQuantity } from "./sheet-row-quantity";

const STATUS_WORDS: Record<RowOutcome["status"], string> = {
  ready: "Ready",
  needs: "Needs you",
  "left-out": "Left out",
};

interface SheetRowCardProps {
  row: SheetRow;
  decision: RowDecision;
  catalog: CatalogProduct[];
  disabled: boolean;
  onDecide: (event: ReviewEvent) => void;
}

/** One row the sheet could not settle: what it says, why, and the controls to settle it or leave it out. */
export function SheetRowCard({ row, decision, catalog, disabled, onDecide }: SheetRowCardProps) {
  const outcome = rowOutcome(row, decision);
  const ids = { title: useId(), search: useId(), quantity: useId(), kind: useId(), date: useId(), leave: useId() };
  const [query, setQuery] = useState("");
  const { line } = row;
  const leftOut = decision.leftOut === true;
  const reasons = [
    ...(row.match.status !== "matched" ? [row.match.reason] : []),
    ...(row.quantityProblem ? [row.quantityProblem] : []),
    ...(row.expirationProblem ? [row.expirationProblem] : []),
  ];
  const tone =
    outcome.status === "ready"
      ? "border-emerald-700 dark:border-emerald-400"
      : outcome.status === "left-out"
        ? "border-slate-400 border-dashed"
        : "border-amber-700 dark:border-amber-400";

  return (
    <li aria-labelledby={ids.title} className={`space-y-3 rounded border-2 p-3 text-sm ${tone}`} data-sheet-row={line}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h5 id={ids.title} className="font-semibold">
          Row {line}
        </h5>
        <span className="text-xs font-semibold uppercase tracking-wide">{STATUS_WORDS[outcome.status]}</span>
      </div>
      <code className="block rounded bg-slate-100 px-2 py-1 font-mono text-xs [overflow-wrap:anywhere] dark:bg-slate-800">
        {row.text || "(empty)"}
      </code>
      <ul className="list-inside list-disc">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>

      {!leftOut && (
        <SheetRowProduct
          row={row}
          decision={decision}
          catalog={catalog}
          disabled={disabled}
          onDecide={onDecide}
          searchId={ids.search}
          query={query}
          onQuery={setQuery}
        />
      )}

      {!leftOut && row.quantity === undefined && (
        <SheetRowQuantity line={line} decision={decision} disabled={disabled} onDecide={onDecide} ids={ids} />
      )}

      {!leftOut && row.expirationProblem && (
        <div>
          <label htmlFor={ids.date} className="block font-semibold">
            Expiration date, row {line}
          </label>
          <input
            id={ids.date}
            value={decision.expirationDate ?? row.expirationDate}
            disabled={disabled}
            placeholder="YYYY-MM-DD"
            aria-describedby={`${ids.date}-hint`}
            onChange={(e) => onDecide({ type: "expiration-typed", line, value: e.target.value })}
            className={fieldClass(
              outcome.status === "needs" && outcome.needs.includes("expiration"),
              `w-40 text-base sm:text-sm ${TOUCH}`,
            )}
          />
          <p id={`${ids.date}-hint`} className="text-xs text-slate-700 dark:text-slate-300">
            As YYYY-MM-DD, or empty for none.
          </p>
        </div>
      )}

      <label className={`inline-flex cursor-pointer items-center gap-2 font-semibold ${TOUCH}`}>
        <input
          type="checkbox"
          className="size-4"
          checked={leftOut}
          disabled={disabled}
          onChange={(e) => onDecide({ type: "left-out", line, leftOut: e.target.checked })}
        />
        Leave out row {line}
      </label>
    </li>
  );
}
