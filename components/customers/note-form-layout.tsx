"use client";

import { useId } from "react";
import { BusyButton } from "@/components/account/form-bits";
import { NOTE_MAX_LENGTH } from "@/lib/domain/notes/note-rules";
import { FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

interface NoteFormLayoutProps {
  /** The textarea's own props: react-hook-form's registration, or a disabled stand-in while the form's code loads. */
  field: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> };
  /** Characters written so far. */
  length: number;
  error?: string;
  busy: boolean;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
}

/**
 * The visit note form's markup, with no form library: the real form (`note-form.tsx`, which brings react-hook-form and
 * zod after the page's first paint) and its stand-in draw the same, so nothing moves when one replaces the other.
 */
export function NoteFormLayout({ field, length, error, busy, onSubmit }: NoteFormLayoutProps) {
  const ids = { field: useId(), count: useId(), error: useId() };
  const over = length > NOTE_MAX_LENGTH;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Write a visit note" className="space-y-2">
      <label htmlFor={ids.field} className="block text-sm font-semibold">
        New note
      </label>
      <textarea
        id={ids.field}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.count, error ? ids.error : ""].filter(Boolean).join(" ")}
        className={fieldClass(Boolean(error) || over, "block w-full text-base sm:text-sm")}
        {...field}
      />
      {error && (
        <p id={ids.error} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p
          id={ids.count}
          className={`text-xs ${over ? "font-semibold text-red-800 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}
        >
          {length.toLocaleString("en-US")} / {NOTE_MAX_LENGTH.toLocaleString("en-US")} characters
        </p>
        <BusyButton busy={busy} busyLabel="Saving…" className={`${PRIMARY} min-h-11 min-w-11 sm:min-h-0`}>
          Save note
        </BusyButton>
      </div>
    </form>
  );
}
