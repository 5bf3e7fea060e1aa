"use client";

import { DraftsFailed, DraftsMade } from "./draft-outcomes";
import { useRef } from "react";
import { type DraftJob, progressText } from "@/lib/ui/purchases/draft-runner";
import { reviewedLines, splitOrders } from "@/lib/ui/purchases/sheet-rows";
import { useSheetDrafts } from "@/lib/ui/purchases/use-sheet-drafts";
import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { plural } from "@/lib/format/plural";

const TOUCH = "min-h-11 sm:min-h-0";

/** The sizes in words: "200, 200 and 50 lines". */
function sizesText(sizes: number[]): string {
  const words = sizes.map((n) => n.toLocaleString("en-US"));
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return `${list} ${sizes.length === 1 && sizes[0] === 1 ? "line" : "lines"}`;
}

/** A draft's size in words. */
const linesOf = (job: DraftJob) => plural(job.draft.body.purchase_transactions?.length ?? 0, "line");

export interface SheetDraftsProps {
  editor: PurchaseEditorModel;
  plan: { lines: number; numbers: string[]; sizes: number[] };
  /** The order's own lines, which go first. */
  own: number;
  /** Rows of the review still waiting for the person. */
  waiting: number;
  /** A run started: the review's rows are what it sends, and no longer change. */
  onDrafted: () => void;
  onClose: () => void;
}

/**
 * A new order's lines and a sheet's past the 200-line limit, as several drafts: the order's own lines first, then the
 * sheet's, 200 to a draft, numbered `<PO>-1` to `<PO>-K`, each with the order's header. Each is validated, then
 * created as a draft (never submitted) by the purchase-order runner, its progress said in a live region, each draft
 * linked as it is made, a failure named with its draft and tried again without making any draft twice.
 */
export function SheetDrafts({ editor, plan, own, waiting, onDrafted, onClose }: SheetDraftsProps) {
  const { state, dispatch } = editor;
  const drafts = useSheetDrafts(dispatch);
  const { jobs, running } = drafts;
  const problems = editor.saveProblems();
  const po = editor.header.poNum.trim();
  const numbers = po ? plan.numbers : plan.numbers.map((n) => `(PO number)${n}`);
  const first = numbers[0]!;
  const last = numbers.at(-1)!;
  const ready = waiting === 0 && problems.header.length === 0 && problems.lines.length === 0;
  const created = (jobs ?? []).filter((j) => j.state.phase === "created");
  const failed = (jobs ?? []).filter((j) => j.state.phase === "failed");
  const started = jobs !== undefined;

  // The button pressed goes (or waits) while the drafts are made: the focus follows their progress.
  const status = useRef<HTMLParagraphElement>(null);

  const start = () => {
    if (running || started) return;
    if (waiting > 0) return;
    // The editor marks what is missing on its fields and focuses the first.
    if (!editor.checkForSave()) return;
    onDrafted();
    status.current?.focus();
    void drafts.start(splitOrders(editor.bodyWith(reviewedLines(state.sheet!)), editor.lookups.requiresBatchCodes));
  };

  return (
    <div className="space-y-3">
      <div className="space-y-1 text-sm">
        <p className="font-semibold" data-testid="sheet-split">
          {plural(plan.lines, "line")} make {plan.numbers.length} purchase orders: {first} … {last} (
          {sizesText(plan.sizes)}).
        </p>
        <p>
          A purchase order takes 200 lines at most.{" "}
          {own > 0
            ? `This order's ${plural(own, "line")} ${own === 1 ? "goes" : "go"} first, into ${first}; the sheet's follow. `
            : ""}
          Each is validated, then saved as a draft with this order&apos;s supplier, vendor, warehouse and delivery date;
          nothing is submitted.
        </p>
      </div>

      {!started && (problems.header.length > 0 || problems.lines.length > 0 || waiting > 0) && (
        <div className="space-y-1 text-sm">
          <p className="font-semibold">Before they can be saved:</p>
          <ul className="list-inside list-disc" aria-label="What is missing">
            {waiting > 0 && (
              <li>
                Choose a product, fix or leave out{" "}
                {waiting === 1 ? "the row above" : `each of the ${waiting} rows above`}
              </li>
            )}
            {problems.header.map((p) => (
              <li key={p.field}>{p.message}</li>
            ))}
            {problems.lines.length > 0 && (
              <li>This order&apos;s lines: {plural(problems.lines.length, "problem")} (marked on the lines above)</li>
            )}
          </ul>
        </div>
      )}

      <p ref={status} tabIndex={-1} role="status" aria-label="Drafting progress" className="text-sm font-semibold">
        {jobs ? progressText(jobs) : ""}
      </p>

      <DraftsMade jobs={created} describe={linesOf} />

      {failed.length > 0 && (
        <div
          role="alert"
          className="space-y-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <DraftsFailed jobs={failed} describe={linesOf} doing="save" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${BUTTON} ${TOUCH} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
              aria-disabled={running}
              onClick={() => {
                if (running) return;
                status.current?.focus();
                void drafts.retry();
              }}
            >
              Try the failed ones again
            </button>
            <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={onClose}>
              Close
            </button>
          </div>
          <p>
            Closing leaves out the sheet&apos;s rows in the failed drafts
            {created.length > 0 ? "; the drafts made stay, linked above until you close" : ""}.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!started && (
          // aria-disabled, not disabled: a click says (and marks) what is missing.
          <button
            type="button"
            className={`${PRIMARY} ${TOUCH} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={!ready || running}
            onClick={start}
          >
            Validate and save {plan.numbers.length} drafts
          </button>
        )}
        {failed.length === 0 && !running && (
          <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={onClose}>
            {started ? "Close" : "Cancel"}
          </button>
        )}
      </div>
    </div>
  );
}
