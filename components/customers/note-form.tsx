"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { Outcome } from "@/components/account/form-bits";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { noteFailure } from "@/lib/ui/notes/note-failure";
import { NewNote, type NewNoteBody, type NewNoteInput } from "@/lib/domain/notes/note-schema";
import { NOTES_KEY } from "@/lib/ui/notes/notes-query";
import { writeNote } from "@/lib/ui/offline/outbox";
import { outboxChanged } from "@/lib/ui/offline/use-outbox";
import { NoteFormLayout } from "./note-form-layout";

/** A second "Save note" this soon after a save, on an emptied form, is the rest of a double click. */
const DOUBLE_CLICK_MS = 1500;

export interface NoteFormProps {
  customerId: number;
  /** Says how a save went, in the section's live region. */
  onOutcome: (outcome: Outcome | undefined) => void;
}

/**
 * Writing a visit note: a textarea with its count out of 2,000, and "Save note". Checked with the API's own schema
 * (`NewNote`); sent with an Idempotency-Key made when it is first sent and kept until an answer comes (`saveNote`), so
 * a double click, or "Save note" again after a lost answer, makes one note.
 */
export function NoteForm({ customerId, onOutcome }: NoteFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<NewNoteInput, unknown, NewNoteBody>({
    resolver: zodResolver(NewNote),
    defaultValues: { customerId, text: "" },
  });
  const text = useWatch({ control: form.control, name: "text" }) ?? "";
  const sending = useRef(false);
  // When the last note was saved: the second click of a double click can come after the first's save has emptied the
  // form, and is then nothing to complain about.
  const savedAt = useRef(0);

  const submit = async (note: NewNoteBody) => {
    // One save at a time: a second click while the first is on its way sends nothing.
    if (sending.current) return;
    sending.current = true;
    try {
      // Sent now, or kept on the device without a connection and sent when it is back (with the key made now).
      const outcome = await writeNote(sessionKeyStore(), note);
      savedAt.current = Date.now();
      form.reset({ customerId, text: "" });
      if ("queued" in outcome) {
        outboxChanged();
        onOutcome({ tone: "ok", text: "Saved on this device: it is sent when you are back online." });
      } else {
        onOutcome({ tone: "ok", text: "Note saved." });
        await queryClient.invalidateQueries({ queryKey: NOTES_KEY });
      }
    } catch (failure) {
      const onText = isDataApiError(failure) ? failure.fieldErrors.find((f) => f.field === "text") : undefined;
      // The API names the field in its detail ("text: …"); beside the field, the words alone.
      if (onText)
        form.setError("text", { type: "api", message: onText.detail.replace(/^text: /, "") }, { shouldFocus: true });
      else onOutcome({ tone: "error", text: noteFailure(failure, "save") });
    } finally {
      sending.current = false;
    }
  };

  return (
    <NoteFormLayout
      field={form.register("text")}
      length={text.length}
      error={form.formState.errors.text?.message}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => {
        if ((form.getValues("text") ?? "").trim() === "" && Date.now() - savedAt.current < DOUBLE_CLICK_MS)
          return event.preventDefault();
        onOutcome(undefined);
        void form.handleSubmit(submit)(event);
      }}
    />
  );
}
