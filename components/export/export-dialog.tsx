"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ExportColumn } from "@/lib/format/csv";
import { type ExportPlan, type FetchPage, planExport } from "@/lib/export/plan";
import { type ExportProgress, RATE_LIMIT_RESERVE, requestsToFetch, runExport, waitsForReset } from "@/lib/export/run-export";
import { openCsvSink } from "@/lib/export/sink";
import { describeFailure, waitInWords } from "@/lib/ui/failure";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

export interface ExportCsvProps {
  /** The suggested file name, ending in .csv. */
  fileName: string;
  columns: ExportColumn[];
  /** Fetches one page of the (filtered) list being exported. */
  fetchPage: FetchPage;
  /** The button's text; "Export CSV" by default. */
  label?: string;
}

type Phase =
  | { step: "closed" }
  | { step: "planning" }
  | { step: "ready"; plan: ExportPlan }
  | { step: "running"; plan: ExportPlan; progress: ExportProgress; fileName: string; waitId: number }
  | { step: "done"; rows: number; fileName: string }
  | { step: "cancelled" }
  | { step: "failed"; error: unknown };

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/**
 * "Export CSV": the whole filtered list, every page, into one CSV file. A dialog first counts the pages and says what
 * the export costs in requests against the rate limit, then writes the file page by page (straight to disk where the
 * browser allows), pausing for the rate limit when it must, with progress and a way to cancel.
 */
export function ExportCsv({ fileName, columns, fetchPage, label = "Export CSV" }: ExportCsvProps) {
  const ids = { title: useId(), status: useId(), progress: useId() };
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** The button that has the focus in each step, so that it never falls out of the dialog as the content changes. */
  const primaryRef = useRef<HTMLButtonElement>(null);
  /** Aborts everything of the dialog's current opening: the counting, the export and its waits. */
  const controllerRef = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "closed" });

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
      if (controller.signal.aborted) return void (await sink.abort());
      let waitId = 0;
      const running = (progress: ExportProgress) => {
        if (progress.waitingSeconds !== undefined) waitId++;
        if (!controller.signal.aborted) setPhase({ step: "running", plan, progress, fileName: sink.fileName, waitId });
      };
      running({ page: 0, pages: plan.pages, rows: 0 });
      try {
        const result = await runExport({ fetchPage, plan, columns, write: (chunk) => sink.write(chunk), onProgress: running, signal: controller.signal });
        await sink.close();
        setPhase({ step: "done", rows: result.rows, fileName: sink.fileName });
      } catch (error) {
        await sink.abort();
        // Closing the dialog aborts too: then there is nothing left to show.
        if (dialogRef.current?.open) setPhase(isAbortError(error) ? { step: "cancelled" } : { step: "failed", error });
      }
    })();
  }

  const close = () => dialogRef.current?.close();

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
              Export to CSV
            </h2>

            {phase.step === "running" && (
              <div>
                <label htmlFor={ids.progress} className="block text-sm font-medium tabular-nums">
                  Page {count(phase.progress.page)} of {count(phase.progress.pages)} · {plural(phase.progress.rows, "row", "rows")}
                </label>
                <progress id={ids.progress} max={Math.max(1, phase.progress.pages)} value={phase.progress.page} className="mt-1 h-2 w-full accent-blue-800 dark:accent-sky-300" />
                {phase.progress.waitingSeconds !== undefined && (
                  <p className="mt-1 text-xs text-slate-700 tabular-nums dark:text-slate-300">
                    Resumes in <Countdown key={phase.waitId} seconds={phase.progress.waitingSeconds} />.
                  </p>
                )}
              </div>
            )}

            <div id={ids.status} role="status" aria-live="polite" className="space-y-2 text-sm">
              <StatusText phase={phase} />
            </div>

            <div className="flex flex-wrap justify-end gap-2">
              {phase.step === "planning" && (
                <button ref={primaryRef} type="button" onClick={close} className={BUTTON}>
                  Cancel
                </button>
              )}
              {phase.step === "ready" && (
                <>
                  <button type="button" onClick={close} className={BUTTON}>
                    Cancel
                  </button>
                  <button ref={primaryRef} type="button" onClick={() => start(phase.plan)} className={PRIMARY}>
                    Start export
                  </button>
                </>
              )}
              {phase.step === "running" && (
                <button ref={primaryRef} type="button" onClick={() => controllerRef.current?.abort()} className={BUTTON}>
                  Cancel export
                </button>
              )}
              {(phase.step === "done" || phase.step === "cancelled" || phase.step === "failed") && (
                <button ref={primaryRef} type="button" onClick={close} className={PRIMARY}>
                  Close
                </button>
              )}
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}

/** What the dialog says at each step; read out by screen readers as it changes. */
function StatusText({ phase }: { phase: Phase }) {
  switch (phase.step) {
    case "planning":
      return <p>Counting pages…</p>;
    case "ready":
      return <PlanSummary plan={phase.plan} />;
    case "running":
      return phase.progress.waitingSeconds !== undefined ? (
        <p>Waiting {waitInWords(phase.progress.waitingSeconds)} for the rate limit to reset</p>
      ) : (
        <p>Exporting to {phase.fileName}…</p>
      );
    case "done":
      return (
        <p className="rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
          Exported {plural(phase.rows, "row", "rows")} to {phase.fileName}
        </p>
      );
    case "cancelled":
      return <p>Export cancelled. No file was saved.</p>;
    case "failed": {
      // The words every page uses for the same failure (lib/ui/failure.ts); a 429's wait is not counted down here.
      const { message, requestId } = describeFailure(phase.error, { what: "the list", doing: "export" });
      return (
        <div className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
          <p>{message}</p>
          {requestId && (
            <p className="mt-1">
              Request id <code className="font-mono select-all">{requestId}</code>
            </p>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}

/** What the export will cost, in requests against the rate limit, before it starts. */
function PlanSummary({ plan }: { plan: ExportPlan }) {
  const requests = requestsToFetch(plan);
  const { remaining, reset } = plan.rateLimit;
  const resetsIn = reset === undefined ? "" : ` (in about ${waitInWords(Math.max(1, Math.round(reset / 60)) * 60)})`;
  return (
    <>
      <p>
        {plan.rows === 0
          ? "The list is empty: the file will hold only the column headers."
          : requests === 0
            ? `Every row is already fetched: this export takes no more requests (${plural(plan.rows, "row", "rows")}).`
            : `This export takes ${plural(requests, "request", "requests")} (${plural(plan.rows, "row", "rows")}, up to ${count(plan.pageSize)} per request).`}
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Counting the rows took {plural(plan.requestsUsed, "request", "requests")}; the pages it fetched are not fetched again.
      </p>
      {remaining !== undefined && <p>You have {plural(remaining, "request", "requests")} left this hour.</p>}
      {remaining !== undefined && requests > remaining ? (
        <p className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
          <strong>That is more than you have left.</strong> The export will pause until the rate limit resets{resetsIn}, and keeps{" "}
          {RATE_LIMIT_RESERVE} requests for the rest of the dashboard.
        </p>
      ) : (
        waitsForReset(plan.rateLimit, requests) && (
          <p className="text-slate-700 dark:text-slate-300">
            To keep {RATE_LIMIT_RESERVE} requests for the rest of the dashboard, the export will pause until the rate limit resets{resetsIn}.
          </p>
        )
      )}
    </>
  );
}

/** Seconds counting down to zero (the wait the export announced), not read out at every tick. */
function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return <>{waitInWords(left)}</>;
}
