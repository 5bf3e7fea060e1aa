"use client";

import type { CatalogProduct } from "@/lib/domain/purchases/draft";
import type { SheetRow } from "@/lib/domain/purchases/sheet-import";
import { type RowOutcome, rowOutcome } from "@/lib/ui/purchases/sheet-rows";
import { plural, TOUCH } from "./sheet-review-format";

interface SheetReadyRowsProps {
  rows: SheetRow[];
  byId: Map<number, CatalogProduct>;
}

/** A ready row in words: its product and quantity (and batch and date when it has them). */
function readyWords(outcome: RowOutcome, byId: Map<number, CatalogProduct>): string {
  if (outcome.status !== "ready") return "";
  const product = byId.get(outcome.productId);
  return [
    `${product?.name ?? `Product ${outcome.productId}`} · #${outcome.productId}`,
    `${outcome.quantity} ${outcome.quantity === "1" ? outcome.kind.slice(0, -1) : outcome.kind}`,
    ...(outcome.batchCode ? [`batch ${outcome.batchCode}`] : []),
    ...(outcome.expirationDate ? [`expires ${outcome.expirationDate}`] : []),
  ].join(" · ");
}

/** The rows ready as read, folded away: each by its row number and what it adds. */
export function SheetReadyRows({ rows, byId }: SheetReadyRowsProps) {
  return (
    <details className="rounded border border-slate-300 dark:border-slate-700">
      <summary className={`cursor-pointer px-3 py-2 text-sm font-semibold ${TOUCH} flex items-center`}>
        {plural(rows.length, "row")} ready as read
      </summary>
      <ol className="max-h-96 space-y-1 overflow-y-auto border-t border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
        {rows.map((row) => (
          <li key={row.line} className="[overflow-wrap:anywhere]">
            <span className="font-semibold tabular-nums">Row {row.line}</span>: {readyWords(rowOutcome(row), byId)}
          </li>
        ))}
      </ol>
    </details>
  );
}
