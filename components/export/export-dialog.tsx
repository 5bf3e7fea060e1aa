"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ExportColumn } from "@/lib/format/csv";
import { type ExportPlan, type FetchPage, planExport } from "@/lib/export/plan";
import type { ExportJoin, ExportOrder } from "@/lib/export/run-export";
import { openCsvSink } from "@/lib/export/sink";
import { BUTTON } from "@/lib/ui/styles";
import { ExportActions } from "./export-actions";
import { ExportProgressBar } from "./export-progress-bar";
import { type Phase, progressOf, StatusText } from "./export-status";
import { type ColumnsChoice, ExportColumnsChoice } from "./export-columns-choice";
import { type ChildExportSetup, runCsvExport } from "./run-csv-export";

export type { ChildExportSetup } from "./run-csv-export";

/** The first choice of a list's export. */
const SCREEN: ColumnsChoice = {
  shown: "As on screen",
  shownHelp: "The columns shown, in their order; dates as YYYY-MM-DD, amounts with two decimals.",
};

export interface ExportCsvProps {
  /** The suggested file name, ending in .csv. */
  fileName: string;
  /** The columns as on screen (formatted for a spreadsheet: `exportColumns`). */
  columns: ExportColumn[];
  /** Every API field exactly as sent: offered beside `columns` as the dialog's "All API fields". */
  rawColumns?: ExportColumn[];
  /** The words of the first choice (default: as on screen). */
  choice?: ColumnsChoice;
  /** Fetches one page of the (filtered) list being exported. */
  fetchPage: FetchPage;
  /** The button's text; "Export CSV" by default. */
  label?: string;
  /**
   * A child export ("Export lines"): `fetchPage` is then the list's, walked for its rows' ids, and `columns` the
   * child's; the child rows are read with the ids in batches (`runChildExport`).
   */
  child?: ChildExportSetup;
  /**
   * Columns joined from other operations, read page by page (the list's own export: a brand's share of each invoice);
   * not read for "All API fields", which holds none of them.
   */
  joins?: readonly ExportJoin[];
  /** The list's own order (invoices newest first), as the page shows it. */
  order?: ExportOrder;
}

/**
 * "Export CSV": the whole filtered list, every page, into one CSV file. A dialog first counts the pages and says what
 * the export costs in requests against the rate limit, then writes the file page by page (straight to disk where the
 * browser allows), pausing for the rate limit when it must, with progress and a way to cancel. With `child`, the
 * same dialog exports the rows that belong to the list's rows ("Export lines"): the list first, then its children.
 * With `rawColumns`, the person chooses the columns: as on screen, or every API field as sent.
 */
export function ExportCsv({
  fileName,
  columns,
  rawColumns,
  choice = SCREEN,
  fetchPage,
  label = "Export CSV",
  child,
  joins,
  order,
}: ExportCsvProps) {
  const ids = { title: useId(), status: useId(), progress: useId() };
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** The button that has the focus in each step, so that it never falls out of the dialog as the content changes. */
  const primaryRef = useRef<HTMLButtonElement>(null);
  /** Aborts everything of the dialog's current opening: the counting, the export and its waits. */
  const controllerRef = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "closed" });
  const [raw, setRaw] = useState(false);
  const allFields = raw && rawColumns !== undefined;

  useEffect(() => () => controllerRef.current?.abort(), []);
  useEffect(() => {
    if (phase.step !== "closed") primaryRef.current?.focus();
  }, [phase.step]);

  function open() {
    const controller = new AbortController();
    controllerRef.current?.abort();
    controllerRef.current = controller;
    setPhase({ step: "planning" });
    dialogRef.current?.showModal();
    planExport(fetchPage, { signal: controller.signal }).then(
      (plan) => !controller.signal.aborted && setPhase({ step: "ready", plan }),
      (error: unknown) => !controller.signal.aborted && setPhase({ step: "failed", error }),
    );
  }

  /** The dialog closed (a button, or Escape): stop whatever runs and give the focus back to the button. */
  function onClose() {
    controllerRef.current?.abort();
    setPhase({ step: "closed" });
    triggerRef.current?.focus();
  }

  function start(plan: ExportPlan) {
    // First, synchronously: the save dialog may only open during the click.
    const opening = openCsvSink(fileName);
    const controller = controllerRef.current;
    if (!controller) return;
    void (async () => {
      const sink = await opening;
      if (!sink) return; // the person cancelled the save dialog: still ready to start
      await runCsvExport({
        plan,
        sink,
        controller,
        columns: allFields ? rawColumns : columns,
        fetchPage,
        child,
        joins: allFields ? undefined : joins,
        order,
        setPhase,
        isOpen: () => dialogRef.current?.open === true,
      });
    })();
  }

  const close = () => dialogRef.current?.close();
  const bar = phase.step === "running" ? progressOf(phase.progress, child) : undefined;

  return (
    <>
      <button ref={triggerRef} type="button" aria-haspopup="dialog" onClick={open} className={BUTTON}>
        {label}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={ids.title}
        aria-describedby={ids.status}
        onClose={onClose}
        className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50"
      >
        {phase.step !== "closed" && (
          <div className="space-y-4 p-6">
            <h2 id={ids.title} className="text-lg font-semibold">
              {child ? `${label} to CSV` : "Export to CSV"}
            </h2>

            {phase.step === "running" && bar && (
              <ExportProgressBar id={ids.progress} bar={bar} progress={phase.progress} waitId={phase.waitId} />
            )}

            <div id={ids.status} role="status" aria-live="polite" className="space-y-2 text-sm">
              <StatusText phase={phase} child={child} joins={allFields ? undefined : joins} />
            </div>

            {phase.step === "ready" && rawColumns && (
              <ExportColumnsChoice choice={choice} raw={raw} onChange={setRaw} />
            )}

            <ExportActions
              phase={phase}
              primaryRef={primaryRef}
              onClose={close}
              onStart={start}
              onCancel={() => controllerRef.current?.abort()}
            />
          </div>
        )}
      </dialog>
    </>
  );
}
