"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type CatalogProduct, productDetails } from "@/lib/domain/purchases/draft";
import type { SheetRow } from "@/lib/domain/purchases/sheet-import";
import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import type { ReviewEvent, RowDecision, SheetSource } from "@/lib/ui/purchases/sheet-review";
import {
  confirmedEvent,
  needsPerson,
  type RowOutcome,
  reviewCount,
  reviewPlan,
  rowOutcome,
  searchCatalog,
  summaryText,
  typedQuantity,
} from "@/lib/ui/purchases/sheet-rows";
import { BUTTON, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { SheetDrafts } from "./sheet-drafts";

const TOUCH = "min-h-11 sm:min-h-0";
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export interface SheetReviewPanelProps {
  editor: PurchaseEditorModel;
  /** The review is over: its lines were added, or it was cancelled or closed. */
  onDone: (how: "added" | "closed", source: SheetSource) => void;
}

/**
 * The review of a spreadsheet's rows before anything is added (issue 41, item 5): a summary, each row the sheet could
 * not settle with its row number, text and reason and a way to settle it (a product among the candidates or from the
 * catalog, the quantity or date typed again, or left out), the ready rows folded away, and then "Add N lines" (enabled
 * once every row is settled), or, past the 200-line limit, the drafts it makes. Cancel leaves the order untouched.
 * Loaded when a sheet is first read (next/dynamic): the editor's page does not carry it.
 */
export function SheetReviewPanel({ editor, onDone }: SheetReviewPanelProps) {
  const { state, dispatch } = editor;
  const review = state.sheet!;
  const catalog = useMemo(() => editor.lookups.products ?? [], [editor.lookups.products]);
  const byId = useMemo(() => new Map(catalog.map((p) => [p.productId, p])), [catalog]);
  const count = reviewCount(review);
  // Once its drafts are being made, the plan holds: the order's own lines leave the editor with the first draft.
  const [frozen, setFrozen] = useState<{ plan: ReturnType<typeof reviewPlan>; used: number }>();
  const used = frozen?.used ?? editor.used.length;
  const plan =
    frozen?.plan ?? reviewPlan(count.ready, { used, saved: state.globalId !== undefined, poNum: editor.header.poNum });
  const listed = review.rows.filter(needsPerson);
  const ready = review.rows.filter((r) => !needsPerson(r));
  const ids = { heading: useId(), summary: useId(), waiting: useId() };
  const heading = useRef<HTMLHeadingElement>(null);

  // The review takes the focus when it opens: the person reads it next.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, []);

  const decide = (event: ReviewEvent) => dispatch({ type: "review", event });
  const title =
    review.source.kind === "upload"
      ? `Check the rows of ${review.source.fileName}`
      : review.source.kind === "line"
        ? "Check the rows pasted into a line"
        : "Check the pasted rows";

  return (
    <section
      aria-labelledby={ids.heading}
      aria-describedby={ids.summary}
      className="w-full space-y-4 rounded-lg border-2 border-sky-800 p-3 sm:p-4 dark:border-sky-300"
    >
      <div className="space-y-1">
        <h3 id={ids.heading} ref={heading} tabIndex={-1} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {title}
        </h3>
        <p id={ids.summary} className="text-sm font-semibold" data-testid="sheet-summary">
          {summaryText(count)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Nothing is added to the order until you confirm below.
        </p>
      </div>

      {listed.length > 0 && (
        <section aria-labelledby={ids.waiting} className="space-y-2">
          <h4 id={ids.waiting} className="font-semibold">
            {listed.length === 1 ? "The row that needs you" : `The ${listed.length} rows that need you`}
          </h4>
          <ul className="grid gap-3 lg:grid-cols-2">
            {listed.map((row) => (
              <RowCard
                key={row.line}
                row={row}
                decision={review.decisions[row.line] ?? {}}
                catalog={catalog}
                disabled={review.drafting === true || frozen !== undefined}
                onDecide={decide}
              />
            ))}
          </ul>
        </section>
      )}

      {ready.length > 0 && (
        <details className="rounded border border-slate-300 dark:border-slate-700">
          <summary className={`cursor-pointer px-3 py-2 text-sm font-semibold ${TOUCH} flex items-center`}>
            {plural(ready.length, "row")} ready as read
          </summary>
          <ol className="max-h-96 space-y-1 overflow-y-auto border-t border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
            {ready.map((row) => (
              <li key={row.line} className="[overflow-wrap:anywhere]">
                <span className="font-semibold tabular-nums">Row {row.line}</span>: {readyWords(rowOutcome(row), byId)}
              </li>
            ))}
          </ol>
        </details>
      )}

      {plan.kind === "add" && (
        <div className="space-y-2">
          {count.waiting > 0 && (
            <p className="text-sm">
              Choose a product, fix or leave out{" "}
              {count.waiting === 1 ? "the row above" : `each of the ${count.waiting} rows above`} to add the others.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${PRIMARY} ${TOUCH}`}
              disabled={count.waiting > 0 || count.ready === 0}
              onClick={() => {
                const confirmed = confirmedEvent(review, editor.used.length);
                if (!confirmed) return;
                dispatch(confirmed);
                onDone("added", review.source);
              }}
            >
              Add {plural(count.ready, "line")}
            </button>
            <button
              type="button"
              className={`${BUTTON} ${TOUCH}`}
              onClick={() => {
                dispatch({ type: "review-cancelled" });
                onDone("closed", review.source);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}

      {plan.kind === "too-many" && (
        <div className="space-y-2">
          <p role="note" className="text-sm">
            This draft has {plural(used, "line")}: {plan.room === 0 ? "no more fit" : `${plan.room} more fit`} in a
            purchase order (200 lines at most), and the sheet has {plural(count.ready, "line")} ready. A saved draft
            keeps its own number and lines: leave rows out, or start a new purchase order for the sheet, which splits it
            into several drafts.
          </p>
          <button
            type="button"
            className={`${BUTTON} ${TOUCH}`}
            onClick={() => {
              dispatch({ type: "review-cancelled" });
              onDone("closed", review.source);
            }}
          >
            Cancel
          </button>
        </div>
      )}

      {plan.kind === "split" && (
        <SheetDrafts
          editor={editor}
          plan={plan}
          own={used}
          waiting={count.waiting}
          onDrafted={() => setFrozen({ plan, used })}
          onClose={() => {
            dispatch({ type: "review-cancelled" });
            onDone("closed", review.source);
          }}
        />
      )}
    </section>
  );
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

/** A product as a choice: its name and id, then its number, case size, package, state and status. */
function ProductChoice({ product }: { product: CatalogProduct }) {
  const number = product.supplierProductNumber?.trim();
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      <span className="font-semibold">{product.name}</span> · #{product.productId}
      <span className="block text-xs text-slate-700 dark:text-slate-300">
        {[number ? `number ${number}` : "no number", productDetails(product)].filter(Boolean).join(" · ")}
      </span>
    </span>
  );
}

const STATUS_WORDS: Record<RowOutcome["status"], string> = {
  ready: "Ready",
  needs: "Needs you",
  "left-out": "Left out",
};

/** One row the sheet could not settle: what it says, why, and the controls to settle it or leave it out. */
function RowCard({
  row,
  decision,
  catalog,
  disabled,
  onDecide,
}: {
  row: SheetRow;
  decision: RowDecision;
  catalog: CatalogProduct[];
  disabled: boolean;
  onDecide: (event: ReviewEvent) => void;
}) {
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
  const candidates =
    row.match.status === "ambiguous"
      ? row.match.candidates
      : row.match.status === "unmatched"
        ? withChosen(searchCatalog(query, catalog), decision.productId, catalog)
        : [];
  const typed =
    decision.quantity !== undefined ? typedQuantity(decision.quantity, decision.kind ?? "cases") : undefined;
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

      {!leftOut && row.match.status === "unmatched" && (
        <div className="space-y-1">
          <label htmlFor={ids.search} className="block font-semibold">
            Find the product for row {line}
          </label>
          <input
            id={ids.search}
            type="search"
            value={query}
            disabled={disabled}
            placeholder="Name, product number or id"
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            className={fieldClass(false, `w-full max-w-md text-base sm:text-sm ${TOUCH}`)}
          />
          {query.trim() !== "" && candidates.length === 0 && <p>No product of this catalog matches.</p>}
        </div>
      )}
      {!leftOut && candidates.length > 0 && (
        <fieldset className="space-y-1" disabled={disabled}>
          <legend className="mb-1 font-semibold">
            {row.match.status === "ambiguous" ? `Which product is row ${line}?` : `Products found for row ${line}`}
          </legend>
          {candidates.map((product) => (
            <label
              key={product.productId}
              className={`flex cursor-pointer items-start gap-2 rounded px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800 ${TOUCH}`}
            >
              <input
                type="radio"
                name={`sheet-row-${line}`}
                className="mt-1 size-4 shrink-0"
                checked={decision.productId === product.productId}
                onChange={() => onDecide({ type: "product-chosen", line, productId: product.productId })}
              />
              <ProductChoice product={product} />
            </label>
          ))}
        </fieldset>
      )}

      {!leftOut && row.quantity === undefined && (
        <div className="flex flex-wrap items-start gap-2">
          <div>
            <label htmlFor={ids.quantity} className="block font-semibold">
              Quantity, row {line}
            </label>
            <input
              id={ids.quantity}
              inputMode="decimal"
              value={decision.quantity ?? ""}
              disabled={disabled}
              aria-invalid={typed !== undefined && "problem" in typed}
              aria-describedby={typed && "problem" in typed ? `${ids.quantity}-problem` : undefined}
              onChange={(e) =>
                onDecide({ type: "quantity-typed", line, quantity: e.target.value, kind: decision.kind ?? "cases" })
              }
              className={fieldClass(typed !== undefined && "problem" in typed, `w-28 text-base sm:text-sm ${TOUCH}`)}
            />
            {typed && "problem" in typed && (
              <p id={`${ids.quantity}-problem`} className={FIELD_ERROR}>
                {typed.problem}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={ids.kind} className="block font-semibold">
              Counted in
            </label>
            <select
              id={ids.kind}
              value={decision.kind ?? "cases"}
              disabled={disabled}
              onChange={(e) =>
                onDecide({
                  type: "quantity-typed",
                  line,
                  quantity: decision.quantity ?? "",
                  kind: e.target.value === "units" ? "units" : "cases",
                })
              }
              className={fieldClass(false, `text-base sm:text-sm ${TOUCH}`)}
            >
              <option value="cases">cases</option>
              <option value="units">units</option>
            </select>
          </div>
        </div>
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

/** The search's finds, with the product chosen kept among them (a new search does not unchoose it). */
function withChosen(found: CatalogProduct[], chosen: number | undefined, catalog: CatalogProduct[]): CatalogProduct[] {
  if (chosen === undefined || found.some((p) => p.productId === chosen)) return found;
  const product = catalog.find((p) => p.productId === chosen);
  return product ? [product, ...found] : found;
}
