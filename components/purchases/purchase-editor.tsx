"use client";

import type { Answered } from "@/lib/domain/stale";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { todayIn } from "@/lib/format/days";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { type DraftHeader, type DraftLine, emptyLine, fromDraftLines } from "@/lib/domain/purchases/draft";
import { purchaseStatusWords } from "@/lib/domain/purchases/fields";
import type { FocusTarget } from "@/lib/ui/purchases/editor-state";
import type { SheetSource } from "@/lib/ui/purchases/sheet-review";
import { type Purchase, purchaseRequest } from "@/lib/domain/purchases/requests";
import { usePurchaseEditor } from "@/lib/ui/purchases/use-purchase-editor";
import { ActionBar } from "./action-bar";
import { DraftLinesSection } from "./draft-lines-section";
import { DraftTitle } from "./draft-title";
import { EditorStatus, FailureNotice } from "./editor-notices";
import { HeaderFields } from "./header-fields";
import { focusLineField, type LineActions } from "./line-grid";

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

/** Focuses a field of the editor: a header field by its id (`po-{field}`), a line's field in the grid. */
function focusField(target: FocusTarget) {
  if ("header" in target) document.getElementById(`po-${target.header}`)?.focus();
  else focusLineField(target.key, target.column);
}

interface DraftEditorProps {
  purchaseId?: string;
  initial: { header: DraftHeader; lines: DraftLine[] };
  /** The saved draft's read: its note when it was a last-known answer (saving would replace what changed since). */
  source?: Answered;
}

/**
 * A draft being edited: the header fields, the line grid and the action bar with its notices, around
 * `usePurchaseEditor` (the state, its phase and the requests).
 */
function DraftEditor({ purchaseId, initial, source }: DraftEditorProps) {
  const editor = usePurchaseEditor({ purchaseId, initial, today: todayIn(useTimeZone()), focusField });
  const { state, dispatch, header, used } = editor;
  const { products } = editor.lookups;
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
      <DraftTitle titleId={ids.title} globalId={globalId} poNum={header.poNum} source={source} />

      <HeaderFields editor={editor} />

      <DraftLinesSection
        editor={editor}
        ids={ids}
        actions={actions}
        readSheet={readSheet}
        onSheetDone={(how, source) => {
          focusAfterSheet.current = { how, source };
        }}
      />

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
