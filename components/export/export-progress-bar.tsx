"use client";

import type { ChildExportProgress } from "@/lib/export/run-child-export";
import type { ExportProgress } from "@/lib/export/run-export";
import { Countdown } from "./export-status";

interface ExportProgressBarProps {
  /** The bar's id, for its label. */
  id: string;
  bar: { label: string; max: number; value: number };
  progress: ExportProgress | ChildExportProgress;
  /** Moves with each pause for the rate limit, so that its countdown starts again. */
  waitId: number;
}

/** How far the export has come, and while it pauses for the rate limit, when it resumes. */
export function ExportProgressBar({ id, bar, progress, waitId }: ExportProgressBarProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium tabular-nums">
        {bar.label}
      </label>
      <progress
        id={id}
        max={bar.max}
        value={bar.value}
        className="mt-1 h-2 w-full accent-blue-800 dark:accent-sky-300"
      />
      {progress.waitingSeconds !== undefined && (
        <p className="mt-1 text-xs text-slate-700 tabular-nums dark:text-slate-300">
          Resumes in <Countdown key={waitId} seconds={progress.waitingSeconds} />.
        </p>
      )}
    </div>
  );
}
