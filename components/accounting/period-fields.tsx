"use client";

import { useId } from "react";
import type { DraftProblems } from "@/lib/ui/accounting/export-request";
import { choiceOf, PERIOD_CHOICES, type Period } from "@/lib/ui/accounting/periods";
import { FIELD_ERROR, fieldClass } from "@/lib/ui/styles";

/**
 * The export's period: two days (both inclusive) and the quick choices beside them (last month, this month so far,
 * the last 7 days), the one the period is pressed. Which day counts: an invoice's calendar day, a payment's day posted
 * (`PostDate`: the day it left the bank).
 */
export function PeriodFields({
  period,
  today,
  onChange,
  problems,
  kind,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
  problems: DraftProblems;
  kind: "bills" | "payments";
}) {
  const id = useId();
  const chosen = choiceOf(period, today);
  const field = (end: "from" | "to", label: string) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${end}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${end}`}
        type="date"
        required
        value={period[end]}
        max={end === "to" ? undefined : today}
        onChange={(e) => onChange({ ...period, [end]: e.target.value })}
        aria-invalid={problems[end] ? true : undefined}
        aria-describedby={problems[end] ? `${id}-${end}-error` : undefined}
        className={fieldClass(Boolean(problems[end]), "mt-1 w-full")}
      />
      {problems[end] && (
        <p id={`${id}-${end}-error`} className={FIELD_ERROR}>
          {problems[end]}
        </p>
      )}
    </div>
  );
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        Period{" "}
        <span className="font-normal text-slate-700 dark:text-slate-300">
          ({kind === "bills" ? "by the invoice's day" : "by the day the payment was posted"})
        </span>
      </legend>
      <div className="mt-1 flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-3 sm:max-w-sm sm:flex-none">
          {field("from", "From")}
          {field("to", "To")}
        </div>
        <div role="group" aria-label="Quick periods" className="flex flex-wrap gap-2 sm:mt-6">
          {PERIOD_CHOICES.map((choice) => (
            <button
              key={choice.id}
              type="button"
              aria-pressed={chosen === choice.id}
              onClick={() => onChange(choice.of(today))}
              className="rounded-full border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 aria-pressed:border-sky-800 aria-pressed:bg-sky-50 aria-pressed:font-semibold dark:border-slate-500 dark:hover:bg-slate-800 dark:aria-pressed:border-sky-300 dark:aria-pressed:bg-sky-950"
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
