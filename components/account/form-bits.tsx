"use client";

import { useEffect, useId, useRef } from "react";
import { FIELD_ERROR, PRIMARY } from "@/lib/ui/styles";

/** The account pages' text field, as the sign-in form draws it; red-bordered with its message when it has a problem. */
export function inputClass(invalid: boolean): string {
  return `mt-1 w-full rounded border bg-white px-3 py-2 text-sm text-slate-900 read-only:bg-slate-100 dark:bg-slate-900 dark:text-slate-50 dark:read-only:bg-slate-800 ${invalid ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500"}`;
}

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  label: string;
  /** Said under the label and read with the field (what it takes: "At least 12 characters"). */
  hint?: string;
  /** The server's or the form's words about this field's value. */
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** A labelled text field with its hint and its error, both tied to it for screen readers. */
export function TextField({ label, hint, error, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass(Boolean(error))}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}

interface BusyButtonProps extends Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "aria-disabled"> {
  busy: boolean;
  /** What the button says while its work runs ("Saving…"). */
  busyLabel: string;
}

/**
 * A button whose work may take a moment: while it runs the button keeps the focus (aria-disabled, not disabled) and
 * ignores clicks, so a double click sends nothing twice.
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  className = PRIMARY,
  type = "submit",
  onClick,
  ...rest
}: BusyButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) return event.preventDefault();
        onClick?.(event);
      }}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** What a form's last action came to: said in the form's live region. */
export interface Outcome {
  tone: "ok" | "error";
  text: string;
}

interface FormStatusProps {
  outcome: Outcome | undefined;
  /** Move the focus to the message when it appears (not when a field holds the error: the field gets it). */
  focus?: boolean;
  /**
   * Keep its line before anything is said (the default), so nothing below moves when it speaks. A card whose region is
   * its last line keeps none: nothing is below it, and an empty line in each of a list's cards is a phone's screen.
   */
  reserve?: boolean;
  className?: string;
}

/** A form's live region, its line kept in place before anything is said (nothing below moves when it speaks). */
export function FormStatus({ outcome, focus = true, reserve = true, className = "" }: FormStatusProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome && focus) ref.current?.focus();
  }, [outcome, focus]);
  return (
    <div role="status" aria-live="polite" className={`${reserve ? "min-h-5 " : ""}text-sm ${className}`}>
      {outcome && (
        <p
          ref={ref}
          tabIndex={-1}
          className={
            outcome.tone === "ok"
              ? "rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100"
              : "font-semibold text-red-800 dark:text-red-300"
          }
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
