"use client";

import { StaleNote } from "@/components/table/stale-note";
import type { TodayModel } from "@/lib/domain/today/today";
import type { TodayData } from "@/lib/domain/today/today-data";

interface TodayNotesProps {
  model: TodayModel;
  data?: TodayData;
}

/** What Today could not know, said once under it, and how old last-known answers are. */
export function TodayNotes({ model, data }: TodayNotesProps) {
  const lines = [
    data?.complete === false &&
      "Some of the rep's lists are longer than Today reads (5,000 rows a list): it shows what came first.",
    model.missing > 0 &&
      `${model.missing} of the rep's accounts were not returned by the key (no longer active, or out of its reach).`,
    model.unknownSchedules > 0 &&
      `${model.unknownSchedules} ${model.unknownSchedules === 1 ? "account's" : "accounts'"} delivery days are not shown to this key.`,
  ].filter(Boolean);
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {lines.map((line) => (
        <p key={String(line)}>{line}</p>
      ))}
      <StaleNote of={[data]} />
    </div>
  );
}
