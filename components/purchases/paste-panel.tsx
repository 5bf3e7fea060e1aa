"use client";

import { useId, useState } from "react";
import type { PasteReport } from "@/lib/ui/purchases/editor-state";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

/**
 * "Paste from a spreadsheet": a box for rows copied from a sheet (product number or id, cases, units, batch code,
 * expiration; tabs or commas between cells), added as lines at the end. Pasting straight into a line's field does
 * the same at that line.
 */
export function PastePanel({ disabled, onPaste }: { disabled: boolean; onPaste: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const ids = { box: useId(), hint: useId() };
  if (!open) {
    return (
      <button type="button" className={BUTTON} disabled={disabled} onClick={() => setOpen(true)}>
        Paste from a spreadsheet
      </button>
    );
  }
  return (
    <div className="w-full space-y-2 rounded border border-slate-300 p-3 dark:border-slate-700">
      <label htmlFor={ids.box} className="block text-sm font-semibold">
        Rows to add
      </label>
      <p id={ids.hint} className="text-xs text-slate-700 dark:text-slate-300">
        One line per row, cells in this order: product number (or product id), cases, units, batch code, expiration date
        (YYYY-MM-DD). Fill cases or units, not both. A header row is skipped.
      </p>
      <textarea
        id={ids.box}
        autoFocus
        rows={6}
        value={text}
        aria-describedby={ids.hint}
        onChange={(e) => setText(e.target.value)}
        className="w-full rounded border border-slate-400 bg-white p-2 font-mono text-xs dark:bg-slate-900"
      />
      <div className="flex gap-2">
        <button
          type="button"
          className={PRIMARY}
          disabled={disabled || text.trim() === ""}
          onClick={() => {
            onPaste(text);
            setText("");
            setOpen(false);
          }}
        >
          Add these lines
        </button>
        <button type="button" className={BUTTON} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The outcome of the last paste, with a row-by-row list of what did not become a line. */
export function PasteOutcome({ report, onDismiss }: { report: PasteReport; onDismiss: () => void }) {
  const problems = report.errors.length + report.refused;
  return (
    <div
      role={problems ? "alert" : "status"}
      className={`space-y-2 rounded border p-3 text-sm ${problems ? "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50" : "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50"}`}
    >
      <p className="font-semibold">
        Pasted: {report.added} {report.added === 1 ? "line" : "lines"} added
        {report.errors.length
          ? `, ${report.errors.length} ${report.errors.length === 1 ? "row" : "rows"} not understood`
          : ""}
        {report.refused
          ? `, ${report.refused} ${report.refused === 1 ? "row" : "rows"} past the 200-line limit left out`
          : ""}
        .
      </p>
      {report.errors.length > 0 && (
        <ul className="list-inside list-disc" aria-label="Rows not added">
          {report.errors.map((e) => (
            <li key={e.row}>
              Row {e.row} (<code className="font-mono text-xs">{e.text.replace(/\t/g, " ⇥ ")}</code>): {e.message}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={BUTTON} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
