import { createStore, del, entries, set } from "idb-keyval";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { hashOf, type KeyStore, keyForSignature } from "@/lib/ui/idempotency";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { NewNoteBody } from "@/lib/domain/notes/note-schema";
import { type NoteDraft, sendDraft } from "@/lib/ui/notes/save-note";
import { OUTBOX_DATABASE } from "./device-databases";

export { OUTBOX_DATABASE } from "./device-databases";

/**
 * Visit notes written without a connection: each kept on the device (IndexedDB, idb-keyval) with the
 * Idempotency-Key made when it was written, and sent when the connection is back (`flushOutbox`, on the browser's
 * `online` event and when a dashboard page opens). However often it is sent (two tabs, a send whose answer was lost)
 * Backroom makes one note. Deleted by `clearDevice` with the rest at sign-out.
 */

/** A note waiting on the device. */
export interface QueuedNote extends NoteDraft {
  /** When it was written (ms since the epoch). */
  queuedAt: number;
}

let store: ReturnType<typeof createStore> | undefined;
const outbox = () => (store ??= createStore(OUTBOX_DATABASE, "notes"));

/**
 * The signature `saveNote` keys a note by: a send that failed for want of a connection is queued with its key. A
 * visit's position is part of what it asks: the same key with another position would be refused as another note.
 */
const signatureOf = (note: NewNoteBody) =>
  `POST /api/notes ${note.customerId} ${hashOf(note.text)}${note.position ? ` ${hashOf(JSON.stringify(note.position))}` : ""}`;

/** Whether a failure is the connection's (no answer at all), not Backroom's answer. */
export const isNoConnection = (error: unknown) => isDataApiError(error) && error.status === 0;

/** Keeps a note on the device until it can be sent. */
export async function queueNote(draft: NoteDraft, now = Date.now()): Promise<QueuedNote> {
  const queued: QueuedNote = { ...draft, queuedAt: now };
  await set(draft.idempotencyKey, queued, outbox());
  return queued;
}

/** The notes waiting on the device, oldest first. */
export async function queuedNotes(): Promise<QueuedNote[]> {
  if (typeof indexedDB === "undefined") return [];
  const all = await entries<string, QueuedNote>(outbox()).catch(() => []);
  return all.map(([, note]) => note).sort((a, b) => a.queuedAt - b.queuedAt);
}

/**
 * Writes a note: sent now when the browser is online (with the key `saveNote` would use, kept in `keys` until an answer
 * comes), queued on the device when it is not, or when the send got no answer at all. A refusal (400, 403, 409) is
 * thrown as `saveNote` throws it.
 *
 * @example
 * const outcome = await writeNote(sessionKeyStore(), { customerId: 20001, text: "Wants the spring menu" });
 * if ("queued" in outcome) say("Saved on this device: it is sent when you are back online.");
 */
export async function writeNote(
  keys: KeyStore,
  note: NewNoteBody,
  { online = typeof navigator === "undefined" || navigator.onLine } = {},
): Promise<{ sent: NoteJson } | { queued: QueuedNote }> {
  const signature = signatureOf(note);
  const draft: NoteDraft = { ...note, idempotencyKey: keyForSignature(keys, signature) };
  if (!online) {
    const queued = await queueNote(draft);
    keys.delete(signature);
    return { queued };
  }
  try {
    const sent = await sendDraft(draft);
    keys.delete(signature);
    return { sent };
  } catch (error) {
    if (!isNoConnection(error)) {
      if (!isDataApiError(error) || error.status < 500) keys.delete(signature);
      throw error;
    }
    const queued = await queueNote(draft);
    keys.delete(signature);
    return { queued };
  }
}

/**
 * Sends the notes waiting on the device, oldest first, each with its own key: a note Backroom made (201) or had made
 * (200) leaves the outbox, and so does one it refused on its merits (the author may no longer write, the note was
 * deleted since): it would be refused again. Without a connection, or when Backroom fails, it stays for the next time.
 *
 * @example
 * const { sent } = await flushOutbox();
 */
export async function flushOutbox(
  send: (draft: NoteDraft) => Promise<unknown> = sendDraft,
): Promise<{ sent: number; refused: number; waiting: number }> {
  let sent = 0;
  let refused = 0;
  let waiting = 0;
  for (const note of await queuedNotes()) {
    try {
      await send(note);
      sent++;
      await del(note.idempotencyKey, outbox());
    } catch (error) {
      if (
        isDataApiError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        refused++;
        await del(note.idempotencyKey, outbox());
      } else waiting++;
    }
  }
  return { sent, refused, waiting };
}
