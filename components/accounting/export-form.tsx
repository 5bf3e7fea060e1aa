"use client";

import { useId } from "react";
import { type ExportFormat, PROGRAMS } from "@/lib/domain/accounting/format-names";
import {
  type DraftProblems,
  type ExportDraft,
  FORMAT_CHOICES,
  formatChoice,
  STATUS_CHOICES,
} from "@/lib/ui/accounting/export-request";
import { FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { PeriodFields } from "./period-fields";

/**
 * The store an export covers: a retailer's key (Customer) exports all its stores in one file or one of them; the
 * distributor's staff (Employee) name one store by its CustomerID (found with the search above the form).
 */
export type StoreChoice = { kind: "all"; stores: { id: number; name: string }[] } | { kind: "one"; initial?: number };

/** Phone first: every control at least 44 px tall under 640 px (WCAG 2.5.5), as on a desk it need not be. */
export const TOUCH =
  "[&_button]:min-h-11 [&_input:not([type=checkbox])]:min-h-11 [&_select]:min-h-11 sm:[&_button]:min-h-0 sm:[&_input:not([type=checkbox])]:min-h-0 sm:[&_select]:min-h-0";

interface ExportFormProps {
  draft: ExportDraft;
  onChange: (draft: ExportDraft) => void;
  /** Asks for the preview: false when the form is not whole (its problems are then on their fields). */
  onPreview: () => boolean;
  problems: DraftProblems;
  today: string;
  store: StoreChoice;
  /** A preview was asked: every change previews again. */
  previewed: boolean;
}

/**
 * The export's form: the format (by tool), the period (two days, or a quick choice), the invoice statuses
 * (bills only), the store, and "only what is new". "Preview" (or Enter) asks what the file would hold; once asked,
 * every change asks again.
 */
export function ExportForm({ draft, onChange, onPreview, problems, today, store, previewed }: ExportFormProps) {
  const id = useId();
  const bills = formatChoice(draft.format).kind === "bills";
  const error = (field: keyof DraftProblems) =>
    problems[field] && (
      <p id={`${id}-${field}-error`} className={FIELD_ERROR}>
        {problems[field]}
      </p>
    );
  const described = (field: keyof DraftProblems, hint?: string) =>
    [hint, problems[field] && `${id}-${field}-error`].filter(Boolean).join(" ") || undefined;

  return (
    <form
      aria-label="Export to the books"
      noValidate
      className={`space-y-4 ${TOUCH}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (onPreview()) return;
        // The first field with a problem takes the focus, its message read with it (once React has marked it).
        const form = event.currentTarget;
        setTimeout(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus(), 0);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-format`} className="block text-sm font-semibold">
            Format
          </label>
          <select
            id={`${id}-format`}
            value={draft.format}
            onChange={(e) => onChange({ ...draft, format: e.target.value as ExportFormat })}
            className={fieldClass(false, "mt-1 w-full")}
          >
            {FORMAT_CHOICES.map((choice) => (
              <option key={choice.format} value={choice.format}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <StoreField
          store={store}
          value={draft.customer}
          onChange={(customer) => onChange({ ...draft, customer })}
          invalid={Boolean(problems.customer)}
          describedBy={described("customer", store.kind === "one" ? `${id}-customer-hint` : undefined)}
          id={`${id}-customer`}
        >
          {error("customer")}
        </StoreField>
      </div>
      <PeriodFields
        period={{ from: draft.from, to: draft.to }}
        today={today}
        onChange={(period) => onChange({ ...draft, ...period })}
        problems={problems}
        kind={formatChoice(draft.format).kind}
      />
      {bills && (
        <fieldset aria-describedby={problems.statuses ? `${id}-statuses-error` : undefined}>
          <legend className="text-sm font-semibold">Invoice statuses</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:flex sm:flex-wrap">
            {STATUS_CHOICES.map((status) => (
              <label key={status.id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={draft.statuses.includes(status.id)}
                  aria-invalid={problems.statuses ? true : undefined}
                  onChange={(e) =>
                    onChange({
                      ...draft,
                      statuses: e.target.checked
                        ? [...draft.statuses, status.id]
                        : draft.statuses.filter((s) => s !== status.id),
                    })
                  }
                />
                {status.name}
              </label>
            ))}
          </div>
          {error("statuses")}
        </fieldset>
      )}
      <div>
        <label className="flex min-h-11 items-start gap-2 text-sm sm:min-h-0">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0"
            checked={draft.newOnly}
            onChange={(e) => onChange({ ...draft, newOnly: e.target.checked })}
            aria-describedby={`${id}-new-hint`}
          />
          <span>
            <span className="font-semibold">Only what is new since the last export</span>
            <span id={`${id}-new-hint`} className="block text-slate-700 dark:text-slate-300">
              Leaves out what an earlier download to {PROGRAMS[formatChoice(draft.format).program]} held as it is (each
              program keeps its own); a {bills ? "bill" : "payment"} changed since comes again. Off: the whole period
              again, what the program holds already included.
            </span>
          </span>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY}>
          {previewed ? "Preview again" : "Preview"}
        </button>
        {previewed && (
          <span className="text-sm text-slate-700 dark:text-slate-300">A change to the form previews again.</span>
        )}
      </div>
    </form>
  );
}

/** The store: "All stores" or one of a retailer's; a CustomerID for the distributor's staff. */
function StoreField({
  store,
  value,
  onChange,
  invalid,
  describedBy,
  id,
  children,
}: {
  store: StoreChoice;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  id: string;
  children: React.ReactNode;
}) {
  if (store.kind === "all") {
    return (
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold">
          Store
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={fieldClass(invalid, "mt-1 w-full")}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">All stores, in one file</option>
          {store.stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name} ({s.id})
            </option>
          ))}
        </select>
        {children}
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold">
        Store (CustomerID)
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-700 dark:text-slate-300">
        One store&apos;s books at a time: its CustomerID, or find it by name above.
      </p>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={fieldClass(invalid, "mt-1 w-full sm:w-40")}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        required
      />
      {children}
    </div>
  );
}
