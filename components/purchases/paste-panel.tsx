"use client";

import { useId, useState } from "react";
import type { SheetReport } from "@/lib/ui/purchases/editor-state";
import type { SheetSource } from "@/lib/ui/purchases/sheet-review";
import { BUTTON, FIELD_ERROR, PRIMARY } from "@/lib/ui/styles";

/** A file bigger than this is no purchase order (2,000 rows of a sheet are some 100 kB). */
const MAX_FILE_BYTES = 5_000_000;

const TOUCH = "min-h-11 sm:min-h-0";

export interface PastePanelProps {
  disabled: boolean;
  /** The sheet's text and where it came from: the editor reads it and opens the review. */
  onRead: (text: string, source: SheetSource) => void;
}

/**
 * "Paste from a spreadsheet" (a box for rows copied from a sheet) and "Upload CSV" (a file read in the browser). Both
 * go to the review, which lists what the rows become and asks about the rows it could not place; nothing is added
 * before the person confirms there. Pasting straight into a line's field does the same at that line.
 */
export function PastePanel({ disabled, onRead }: PastePanelProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [fileProblem, setFileProblem] = useState<string>();
  const ids = { box: useId(), hint: useId(), file: useId(), fileProblem: useId() };

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file chosen again (after Cancel) is a change too.
    input.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(`${file.name} is ${(file.size / 1_000_000).toFixed(1)} MB: that is no purchase order's sheet.`);
      return;
    }
    try {
      const read = await file.text();
      setFileProblem(undefined);
      setOpen(false);
      onRead(read, { kind: "upload", fileName: file.name });
    } catch {
      setFileProblem(`${file.name} could not be read.`);
    }
  };

  return (
    <div className="w-full space-y-2 sm:w-auto">
      <div className="flex flex-wrap gap-2">
        {!open && (
          <button
            type="button"
            className={`${BUTTON} ${TOUCH}`}
            disabled={disabled}
            aria-describedby={ids.hint}
            data-sheet-opener="paste"
            onClick={() => setOpen(true)}
          >
            Paste from a spreadsheet
          </button>
        )}
        {/* A real file input, named by its label (which looks like the buttons beside it). */}
        <label
          htmlFor={ids.file}
          className={`${BUTTON} ${TOUCH} inline-flex cursor-pointer items-center focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-700 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60`}
        >
          Upload CSV
          <input
            id={ids.file}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            className="sr-only"
            disabled={disabled}
            data-sheet-opener="upload"
            aria-describedby={`${ids.hint}${fileProblem ? ` ${ids.fileProblem}` : ""}`}
            onChange={(e) => void upload(e.currentTarget)}
          />
        </label>
      </div>
      <p id={ids.hint} className="max-w-prose text-xs text-slate-700 dark:text-slate-300">
        Rows of a sheet: the product by its id, supplier product number or exact name, and cases or units (by the
        column&apos;s header, or &quot;12 cs&quot;, &quot;48 u&quot;), then batch code and expiration. You check them
        before they are added.
      </p>
      {fileProblem && (
        <p id={ids.fileProblem} className={FIELD_ERROR} role="alert">
          {fileProblem}
        </p>
      )}
      {open && (
        <div className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-700">
          <label htmlFor={ids.box} className="block text-sm font-semibold">
            Rows to add
          </label>
          <textarea
            id={ids.box}
            autoFocus
            rows={6}
            value={text}
            aria-describedby={ids.hint}
            onChange={(e) => setText(e.target.value)}
            className="w-full rounded border border-slate-400 bg-white p-2 font-mono text-xs dark:bg-slate-900"
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${PRIMARY} ${TOUCH}`}
              disabled={disabled || text.trim() === ""}
              onClick={() => {
                onRead(text, { kind: "paste" });
                setText("");
                setOpen(false);
              }}
            >
              Check these rows
            </button>
            <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** What the last sheet added, or why it could not be read: a status (or an alert), focusable, with Dismiss. */
export function SheetReportNotice({
  id,
  report,
  onDismiss,
}: {
  id: string;
  report: SheetReport;
  onDismiss: () => void;
}) {
  const ok = report.tone === "ok";
  return (
    <div
      id={id}
      tabIndex={-1}
      role={ok ? "status" : "alert"}
      className={`flex flex-wrap items-center justify-between gap-2 rounded border p-3 text-sm ${ok ? "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50" : "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"}`}
    >
      <p className="font-semibold">{report.text}</p>
      <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
