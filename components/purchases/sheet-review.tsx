"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import type { ReviewEvent, SheetSource } from "@/lib/ui/purchases/sheet-review";
import { confirmedEvent, needsPerson, reviewCount, reviewPlan, summaryText } from "@/lib/ui/purchases/sheet-rows";
import { SheetDrafts } from "./sheet-drafts";
import { SheetReadyRows } from "./sheet-ready-rows";
import { SheetReviewActions } from "./sheet-review-actions";
import { SheetRowCard } from "./sheet-row-card";

export interface SheetReviewPanelProps {
  editor: PurchaseEditorModel;
  /** The review is over: its lines were added, or it was cancelled or closed. */
  onDone: (how: "added" | "closed", source: SheetSource) => void;
}

/**
 * The review of a spreadsheet's rows before anything is added: a summary, each row the sheet could
 * not settle with its row number, text and reason and a way to settle it (a product among the candidates or from the
 * catalog, the quantity or date typed again, or left out), the ready rows folded away, and then "Add N lines" (enabled
 * once every row is settled), or, past the 200-line limit, the drafts it makes. Cancel leaves the order untouched.
 * Loaded when a sheet is first read (React's lazy): the editor's page does not carry it.
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
  const close = () => {
    dispatch({ type: "review-cancelled" });
    onDone("closed", review.source);
  };
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
              <SheetRowCard
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

      {ready.length > 0 && <SheetReadyRows rows={ready} byId={byId} />}

      <SheetReviewActions
        plan={plan}
        count={count}
        used={used}
        onAdd={() => {
          const confirmed = confirmedEvent(review, editor.used.length);
          if (!confirmed) return;
          dispatch(confirmed);
          onDone("added", review.source);
        }}
        onCancel={close}
      />

      {plan.kind === "split" && (
        <SheetDrafts
          editor={editor}
          plan={plan}
          own={used}
          waiting={count.waiting}
          onDrafted={() => setFrozen({ plan, used })}
          onClose={close}
        />
      )}
    </section>
  );
}
