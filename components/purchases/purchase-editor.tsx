"use client";

import { StaleNote } from "@/components/table/stale-note";
import type { Answered } from "@/lib/domain/stale";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { lazy, Suspense, useEffect, useId, useMemo, useRef } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import { todayIn } from "@/lib/format/days";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { type DraftHeader, type DraftLine, emptyLine, fromDraftLines } from "@/lib/domain/purchases/draft";
import { casesText, purchaseStatusWords } from "@/lib/domain/purchases/fields";
import type { FocusTarget } from "@/lib/ui/purchases/editor-state";
import type { SheetSource } from "@/lib/ui/purchases/sheet-review";
import { type Purchase, purchaseRequest } from "@/lib/domain/purchases/requests";
import { usePurchaseEditor } from "@/lib/ui/purchases/use-purchase-editor";
import { BUTTON, FIELD_ERROR } from "@/lib/ui/styles";
import { ActionBar } from "./action-bar";
import { EditorStatus, FailureNotice } from "./editor-notices";
import { HeaderFields } from "./header-fields";
import { focusLineField, type LineActions, LineGrid } from "./line-grid";
import { PastePanel, SheetReportNotice } from "./paste-panel";

/**
 * The review of a sheet's rows, loaded when a sheet is first read: the editor's page does not carry it. React's lazy,
 * not next/dynamic, whose own runtime would add some 1.5 kB to the page's first load (measured, issue 41).
 */
const SheetReviewPanel = lazy(() => import("./sheet-review").then((m) => ({ default: m.SheetReviewPanel })));

/**
 * The purchase-order editor: a new draft (`purchaseId` absent) or a saved one. A purchase that is no longer a draft
 * opens read-only, with a link to its page.
 */
export function PurchaseEditor({ purchaseId }: { purchaseId?: string }) {
  const query = useQuery({
    ...apiQueryOptions(browserApi, purchaseRequest(purchaseId ?? ""), STALE.working),
    enabled: purchaseId !== undefined,
  });
  if (purchaseId === undefined)
    return <DraftEditor initial={{ header: { deliveryDate: "", poNum: "" }, lines: [emptyLine()] }} />;
  if (query.error)
    return <RequestError error={query.error} onRetry={() => void query.refetch()} what="this purchase order" />;
  const purchase = query.data?.records[0];
  if (!purchase) return <p aria-busy="true">Loading purchase order {purchaseId}…</p>;
  if (purchase.status !== "InProgress") return <NotADraft purchase={purchase} id={purchaseId} />;
  const lines = Array.isArray(purchase.purchase_transactions)
    ? (purchase.purchase_transactions as {
        product_id: number;
        num_units: number;
        batch_code?: string | null;
        expiration_date?: string | null;
      }[])
    : [];
  return (
    <DraftEditor
      key={purchase.purchase_global_id ?? purchaseId}
      purchaseId={purchase.purchase_global_id ?? purchaseId}
      source={query.data}
      initial={{
        header: {
          // Not among the documented fields of a purchase: read when the service sends them.
          supplierId: typeof purchase.supplier_id === "number" ? purchase.supplier_id : undefined,
          vendorId: purchase.vendor_id ?? undefined,
          locationId: purchase.to_location_id ?? undefined,
          deliveryDate: typeof purchase.delivery_date === "string" ? purchase.delivery_date.slice(0, 10) : "",
          poNum: purchase.po_num ?? "",
        },
        lines: [...fromDraftLines(lines), emptyLine()],
      }}
    />
  );
}

function NotADraft({ purchase, id }: { purchase: Purchase; id: string }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold tracking-tight">Purchase order {purchase.po_num ?? id}</h1>
      <p
        role="note"
        className="rounded border border-sky-700 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50"
      >
        This purchase order was submitted (status {purchaseStatusWords(purchase.status)}): it can no longer be edited.{" "}
        <Link className="link" href={`/purchases/${encodeURIComponent(id)}`}>
          Open its page
        </Link>
        .
      </p>
    </div>
  );
}

const reviewKeys = new WeakMap<object, number>();
let reviewsRead = 0;
/** A review's key for React, one per sheet read (its rows, which the person's decisions leave as they are). */
function reviewKey(rows: object): number {
  let key = reviewKeys.get(rows);
  if (key === undefined) reviewKeys.set(rows, (key = ++reviewsRead));
  return key;
}

/** Focuses a field of the editor: a header field by its id (`po-{field}`), a line's field in the grid. */
function focusField(target: FocusTarget) {
  if ("header" in target) document.getElementById(`po-${target.header}`)?.focus();
  else focusLineField(target.key, target.column);
}

/**
 * A draft being edited: the header fields, the line grid and the action bar with its notices, around
 * `usePurchaseEditor` (the state, its phase and the requests).
 */
function DraftEditor({
  purchaseId,
  initial,
  source,
}: {
  purchaseId?: string;
  initial: {
    header: DraftHeader;
    lines: DraftLine[];
  } /** The saved draft's read: its note when it was a last-known answer (saving would replace what changed since). */;
  source?: Answered;
}) {
  const editor = usePurchaseEditor({ purchaseId, initial, today: todayIn(useTimeZone()), focusField });
  const { state, dispatch, header, disabled, used, cases, messages } = editor;
  const { catalog, products } = editor.lookups;
  const { globalId } = state;
  const ids = { title: useId(), status: useId(), total: useId(), sheetReport: useId(), sheetTools: useId() };
  // Stable: the grid's rows are memoized on them.
  const actions: LineActions = useMemo(
    () => ({
      change: (key, changes) => dispatch({ type: "line-changed", key, changes }),
      addAfter: (key) => dispatch({ type: "line-added-after", key }),
      duplicate: (key) => dispatch({ type: "line-duplicated", key }),
      remove: (key) => dispatch({ type: "line-removed", key }),
    }),
    [dispatch],
  );
  // A sheet's rows are read by the module the review loads with (sheet-rows.ts), not by the editor's first load.
  const readSheet = async (text: string, source: SheetSource) => {
    const { sheetEvent } = await import("@/lib/ui/purchases/sheet-rows");
    dispatch(sheetEvent(text, source, products, used.length));
  };
  // After a sheet's review: the focus goes to what it added, or back to where it was opened.
  const focusAfterSheet = useRef<{ how: "added" | "closed"; source: SheetSource }>(undefined);
  useEffect(() => {
    if (!focusAfterSheet.current || state.sheet) return;
    const { how, source } = focusAfterSheet.current;
    focusAfterSheet.current = undefined;
    if (how === "added" && state.sheetReport) return document.getElementById(ids.sheetReport)?.focus();
    if (source.kind === "line") return focusLineField(source.at, "product");
    document
      .getElementById(ids.sheetTools)
      ?.querySelector<HTMLElement>(`[data-sheet-opener="${source.kind}"]`)
      ?.focus();
  }, [state.sheet, state.sheetReport, ids.sheetReport, ids.sheetTools]);

  return (
    <div className="space-y-5">
      <div>
        <h1 id={ids.title} className="text-2xl font-bold tracking-tight">
          {globalId ? `Draft purchase order ${header.poNum.trim() || ""}` : "New purchase order"}
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {globalId ? (
            <>
              Saved through the API as a draft (status In progress).{" "}
              <Link className="link" href={`/purchases/${encodeURIComponent(globalId)}`}>
                Its page
              </Link>
              . Saved lines read back in units: the API keeps a draft&apos;s quantities in units.
            </>
          ) : (
            "Nothing is sent until you save or submit. Validate checks the order with the API without creating anything."
          )}
        </p>
        <StaleNote of={[source]} />
      </div>

      <HeaderFields editor={editor} />

      <section aria-labelledby="po-lines" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="po-lines" className="text-lg font-semibold">
            Lines
          </h2>
          <p id={ids.total} className="text-sm tabular-nums" data-testid="po-totals">
            <strong>{used.length}</strong> of {MAX_LINE_ITEMS} lines · <strong>{casesText(cases)}</strong> cases
          </p>
        </div>
        {catalog.error && (
          <RequestError error={catalog.error} onRetry={() => void catalog.refetch()} what="the supplier's catalog" />
        )}
        {catalog.data && !catalog.data.complete && (
          <p className="text-sm">
            The catalog has more than 2,000 products: the first 2,000 are offered; any other product can be entered by
            its id.
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
              onDone={(how, source) => {
                focusAfterSheet.current = { how, source };
              }}
            />
          </Suspense>
        )}
      </section>

      <section
        aria-label="Check, save and submit"
        className="sticky bottom-0 z-10 -mx-1 space-y-3 border-t border-slate-300 bg-[var(--page-bg)] px-1 py-3 dark:border-slate-700"
      >
        <EditorStatus id={ids.status} state={state} busy={editor.busy} dirty={editor.dirty} />
        <FailureNotice state={state} locked={editor.locked} onRetry={editor.retry} />
        <ActionBar editor={editor} />
      </section>
    </div>
  );
}
