import type { ExportColumn } from "@/lib/format/csv";
import type { ExportPlan, FetchPage } from "@/lib/export/plan";
import {
  CHILD_BATCH_SIZE,
  type ChildExportProgress,
  type FetchChildPage,
  runChildExport,
} from "@/lib/export/run-child-export";
import { type ExportJoin, type ExportOrder, type ExportProgress, runExport } from "@/lib/export/run-export";
import type { CsvSink } from "@/lib/export/sink";
import type { ChildWords, Phase } from "./export-status";

/** How a child export reads and writes its rows, and its words. */
export interface ChildExportSetup extends ChildWords {
  /** The id a row of the list gives the child operation; undefined when it has none (the row is skipped). */
  parentId: (row: Record<string, unknown>) => string | undefined;
  /** The parent id a child row names. */
  childParentId: (row: Record<string, unknown>) => string | undefined;
  /** The list's identifying columns, written first on every row. */
  parentColumns: ExportColumn[];
  fetchChildPage: FetchChildPage;
}

interface RunCsvExportOptions {
  plan: ExportPlan;
  sink: CsvSink;
  controller: AbortController;
  columns: ExportColumn[];
  fetchPage: FetchPage;
  child: ChildExportSetup | undefined;
  /** Columns joined from other operations (the list's own export only). */
  joins?: readonly ExportJoin[];
  order?: ExportOrder;
  setPhase: (phase: Phase) => void;
  /** Whether the dialog is still open: closing it aborts too, and then there is nothing left to show. */
  isOpen: () => boolean;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/**
 * Writes the export into the sink page by page (or the list's rows, then their children's), telling each step's
 * progress; the sink is closed once done, and dropped when the export fails or is cancelled.
 */
export async function runCsvExport(options: RunCsvExportOptions): Promise<void> {
  const { plan, sink, controller, columns, fetchPage, child, joins, order, setPhase, isOpen } = options;
  if (controller.signal.aborted) return void (await sink.abort());
  let waitId = 0;
  const running = (progress: ExportProgress | ChildExportProgress) => {
    if (progress.waitingSeconds !== undefined) waitId++;
    if (!controller.signal.aborted) setPhase({ step: "running", plan, progress, fileName: sink.fileName, waitId });
  };
  const write = (chunk: string) => sink.write(chunk);
  const { signal } = controller;
  running(
    child
      ? {
          phase: "parents",
          page: 0,
          pages: plan.pages,
          parents: 0,
          batchesDone: 0,
          batches: Math.ceil(plan.rows / CHILD_BATCH_SIZE),
          rows: 0,
        }
      : { page: 0, pages: plan.pages, rows: 0 },
  );
  try {
    if (child) {
      const { parentId, childParentId, parentColumns, fetchChildPage } = child;
      const result = await runChildExport({
        fetchParentPage: fetchPage,
        plan,
        parentId,
        childParentId,
        parentColumns,
        fetchChildPage,
        columns,
        write,
        onProgress: running,
        signal,
      });
      await sink.close();
      setPhase({
        step: "done",
        rows: result.rows,
        fileName: sink.fileName,
        parents: result.parents,
        skipped: result.skipped,
      });
    } else {
      const result = await runExport({ fetchPage, plan, columns, joins, order, write, onProgress: running, signal });
      await sink.close();
      setPhase({ step: "done", rows: result.rows, fileName: sink.fileName });
    }
  } catch (error) {
    await sink.abort();
    if (isOpen()) setPhase(isAbortError(error) ? { step: "cancelled" } : { step: "failed", error });
  }
}
