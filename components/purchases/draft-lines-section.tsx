"use client";

import { lazy, Suspense } from "react";
import { RequestError } from "@/components/table/request-error";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import { casesText } from "@/lib/domain/purchases/fields";
import type { SheetSource } from "@/lib/ui/purchases/sheet-review";
import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import { BUTTON, FIELD_ERROR } from "@/lib/ui/styles";
import { type LineActions, LineGrid } from "./line-grid";
import { PastePanel, SheetReportNotice } from "./paste-panel";
import { pluralNoun } from "@/lib/format/plural";

/**
 * The review of a sheet's rows, loaded when a sheet is first read: the editor's page does not carry it. React's lazy,
 * not next/dynamic, whose own runtime would add some 1.5 kB to the page's first load (measured).
 */
const SheetReviewPanel = lazy(() => import("./sheet-review").then((m) => ({ default: m.SheetReviewPanel })));

const reviewKeys = new WeakMap<object, number>();
let reviewsRead = 0;
/** A review's key for React, one per sheet read (its rows, which the person's decisions leave as they are). */
function reviewKey(rows: object): number {
  let key = reviewKeys.get(rows);
  if (key === undefined) reviewKeys.set(rows, (key = ++reviewsRead));
  return key;
}

interface DraftLinesSectionProps {
  editor: PurchaseEditorModel;
  ids: { total: string; sheetReport: string; sheetTools: string };
  /** Stable: the grid's rows are memoized on them. */
  actions: LineActions;
  /** Reads a sheet's rows into a review. */
  readSheet: (text: string, source: SheetSource) => Promise<void>;
  /** The sheet's review is over. */
  onSheetDone: (how: "added" | "closed", source: SheetSource) => void;
}

/** The draft's lines: their count and cases, the catalog's state, the grid, the sheet tools and a sheet's review. */
export function DraftLinesSection({ editor, ids, actions, readSheet, onSheetDone }: DraftLinesSectionProps) {
  const { state, dispatch, disabled, used, cases, messages } = editor;
  const { catalog, products } = editor.lookups;
  return (
    <section aria-labelledby="po-lines" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="po-lines" className="text-lg font-semibold">
          Lines
        </h2>
        <p id={ids.total} className="text-sm tabular-nums" data-testid="po-totals">
          <strong>{used.length}</strong> of {MAX_LINE_ITEMS} lines · <strong>{casesText(cases)}</strong>{" "}
          {pluralNoun(casesText(cases), "case")}
        </p>
      </div>
      {catalog.error && (
        <RequestError error={catalog.error} onRetry={() => void catalog.refetch()} what="the supplier's catalog" />
      )}
      {catalog.data && !catalog.data.complete && (
        <p className="text-sm">
          The catalog has more than 2,000 products: the first 2,000 are offered; any other product can be entered by its
          id.
        </p>
      )}
      {messages.list.map((m) => (
        <p key={m} className={FIELD_ERROR} role="alert">
          {m}
        </p>
      ))}
      {state.sheetReport && (
        <SheetReportNotice
          id={ids.sheetReport}
          report={state.sheetReport}
          onDismiss={() => dispatch({ type: "sheet-report-dismissed" })}
        />
      )}
      <LineGrid
        lines={state.lines}
        catalog={products}
        messages={messages.lines}
        requiresBatchCodes={editor.lookups.requiresBatchCodes}
        disabled={disabled}
        actions={actions}
        onPasteRows={(text, at) => void readSheet(text, { kind: "line", at })}
      />
      <div id={ids.sheetTools} className="flex flex-wrap items-start gap-2">
        <button
          type="button"
          className={`${BUTTON} min-h-11 sm:min-h-0`}
          disabled={disabled || used.length >= MAX_LINE_ITEMS}
          onClick={() => dispatch({ type: "line-added" })}
        >
          Add a line
        </button>
        <PastePanel
          disabled={disabled || !products || state.sheet !== undefined}
          onRead={(text, source) => void readSheet(text, source)}
        />
      </div>
      {state.sheet && (
        <Suspense
          fallback={
            <p aria-busy="true" className="text-sm">
              Reading the sheet…
            </p>
          }
        >
          <SheetReviewPanel
            // A new sheet is a new review: nothing of the last one's (its drafts' progress) carries over.
            key={reviewKey(state.sheet.rows)}
            editor={editor}
            onDone={onSheetDone}
          />
        </Suspense>
      )}
    </section>
  );
}
