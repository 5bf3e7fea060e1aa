"use client";

import { useId } from "react";

/** The choice of an export's columns: as on screen (formatted), or every API field as the API sent it. */
export interface ColumnsChoice {
  /** The first choice's name: "As on screen" for a list, "Formatted" for a child export (no screen of its own). */
  shown: string;
  /** What the first choice writes, in a line. */
  shownHelp: string;
}

interface ExportColumnsChoiceProps {
  choice: ColumnsChoice;
  raw: boolean;
  onChange: (raw: boolean) => void;
}

/** Two radio buttons above "Start export": the file as the screen reads, or every field exactly as the API sent it. */
export function ExportColumnsChoice({ choice, raw, onChange }: ExportColumnsChoiceProps) {
  const name = useId();
  const option = (value: boolean, label: string, help: string) => (
    <label className="flex min-h-11 items-start gap-2 py-1">
      <input
        type="radio"
        name={name}
        checked={raw === value}
        onChange={() => onChange(value)}
        className="mt-1 h-4 w-4 shrink-0"
      />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-xs text-slate-700 dark:text-slate-300">{help}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-semibold">Columns</legend>
      {option(false, choice.shown, choice.shownHelp)}
      {option(
        true,
        "All API fields",
        "Every field of the records, exactly as the API sent them (amounts with six decimals, timestamps in UTC).",
      )}
    </fieldset>
  );
}
