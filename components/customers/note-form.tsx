"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { BusyButton, FormStatus, type Outcome } from "@/components/account/form-bits";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { describeFailure } from "@/lib/ui/failure";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { NewNote, type NewNoteBody, type NewNoteInput, NOTE_MAX_LENGTH } from "@/lib/ui/notes/note-schema";
import { NOTES_KEY } from "@/lib/ui/notes/notes-query";
import { saveNote } from "@/lib/ui/notes/save-note";
import { FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

/** Words for a failed save: Backroom's own refusals (who may, which customer, a reused key) as it said them. */
export function noteFailure(error: unknown, doing: "save" | "delete"): string {
  if (isDataApiError(error) && (error.status === 403 || error.status === 409)) return error.detail;
  return describeFailure(error, { what: "the note", doing, write: true, service: "Backroom" }).message;
}

interface NoteFormProps {
  customerId: number;
}

/**
 * Writing a visit note: a textarea with its count out of 2,000, and "Save note". Checked with the API's own schema
 * (`NewNote`); sent with an Idempotency-Key made when it is first sent and kept until an answer comes (`saveNote`), so
 * a double click, or "Save note" again after a lost answer, makes one note.
 */
export function NoteForm({ customerId }: NoteFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<NewNoteInput, unknown, NewNoteBody>({ resolver: zodResolver(NewNote), defaultValues: { customerId, text: "" } });
  const text = useWatch({ control: form.control, name: "text" }) ?? "";
  const [outcome, setOutcome] = useState<Outcome>();
  const sending = useRef(false);
  const ids = { field: useId(), count: useId(), error: useId() };
  const error = form.formState.errors.text?.message;
  const over = text.length > NOTE_MAX_LENGTH;

  const submit = async (note: NewNoteBody) => {
    // One save at a time: a second click while the first is on its way sends nothing.
    if (sending.current) return;
    sending.current = true;
    setOutcome(undefined);
    try {
      await saveNote(sessionKeyStore(), note);
      form.reset({ customerId, text: "" });
      setOutcome({ tone: "ok", text: "Note saved." });
      await queryClient.invalidateQueries({ queryKey: NOTES_KEY });
    } catch (failure) {
      const onText = isDataApiError(failure) ? failure.fieldErrors.find((f) => f.field === "text") : undefined;
      // The API names the field in its detail ("text: …"); beside the field, the words alone.
      if (onText) form.setError("text", { type: "api", message: onText.detail.replace(/^text: /, "") }, { shouldFocus: true });
      else setOutcome({ tone: "error", text: noteFailure(failure, "save") });
    } finally {
      sending.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} aria-label="Write a visit note" className="space-y-2">
      <label htmlFor={ids.field} className="block text-sm font-semibold">
        New note
      </label>
      <textarea
        id={ids.field}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.count, error ? ids.error : ""].filter(Boolean).join(" ")}
        className={fieldClass(Boolean(error) || over, "block w-full text-base sm:text-sm")}
        {...form.register("text")}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={ids.count} className={`text-xs ${over ? "font-semibold text-red-800 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}>
          {text.length.toLocaleString("en-US")} / {NOTE_MAX_LENGTH.toLocaleString("en-US")} characters
        </p>
        <BusyButton busy={form.formState.isSubmitting} busyLabel="Saving…" className={`${PRIMARY} min-h-11 min-w-11 sm:min-h-0`}>
          Save note
        </BusyButton>
      </div>
      {error && (
        <p id={ids.error} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      <FormStatus outcome={outcome} focus={outcome?.tone === "error"} />
    </form>
  );
}
