import { notesClient } from "./notes-client";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { NewNoteBody } from "@/lib/domain/notes/note-schema";

/**
 * A note on its way to Backroom: what it says, and the Idempotency-Key made when it was written. Kept as it is until
 * an answer arrives (a queue of notes written offline keeps it with them), so however often it is sent it makes one
 * note.
 */
export interface NoteDraft extends NewNoteBody {
  idempotencyKey: string;
}

/**
 * A draft of a note just written, with its Idempotency-Key made now.
 *
 * @example
 * const draft = draftNote({ customerId: 20001, text: "Wants the spring menu" }); // queue it while offline
 */
export function draftNote(note: NewNoteBody, newKey: () => string = () => crypto.randomUUID()): NoteDraft {
  return { ...note, idempotencyKey: newKey() };
}

/** Sends a draft: the note it made, whether this send made it (201) or an earlier one did (200). */
export function sendDraft(draft: NoteDraft): Promise<NoteJson> {
  // What the POST's schema takes, and nothing the device kept beside it (the queue's time).
  const { customerId, text, visited, position } = draft;
  return notesClient.create(
    { customerId, text, ...(visited ? { visited } : {}), ...(position ? { position } : {}) },
    draft.idempotencyKey,
  );
}
