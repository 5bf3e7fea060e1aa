import { del, entries, set } from "idb-keyval";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, type KeyStore, keyForSignature } from "@/lib/ui/idempotency";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { NewNoteBody } from "@/lib/domain/notes/note-schema";
import { type NoteDraft, sendDraft } from "@/lib/ui/notes/save-note";
import { outbox, type QueuedPhoto } from "./outbox-store";

export { OUTBOX_DATABASE } from "./device-databases";
export type { QueuedPhoto } from "./outbox-store";

/**
 * Writes made without a connection: visit notes, other writes to Backroom's own endpoints that name their effect
 * by an Idempotency-Key (a reorder request's acknowledgment), and a dispute's photos (their bytes kept too). Each is kept on the device (IndexedDB, idb-keyval) with
 * the key made when it was asked for, and sent when the connection is back (`flushOutbox`, on the browser's `online`
 * event and when a dashboard page opens). However often it is sent (two tabs, a send whose answer was lost) Backroom
 * acts once. Deleted by `clearDevice` with the rest at sign-out.
 */

/** A note waiting on the device (kept as it was before other writes waited beside it: no `kind`). */
export interface QueuedNote extends NoteDraft {
  /** When it was written (ms since the epoch). */
  queuedAt: number;
}

/** A write to one of Backroom's own endpoints waiting on the device: sent as it was asked, with its key. */
export interface QueuedWrite {
  kind: "write";
  method: "POST";
  /** Backroom's address (`/api/...`). */
  url: string;
  body?: unknown;
  idempotencyKey: string;
  /** What it does, in the words the page shows while it waits ("Acknowledge the list for Valley Cannabis"). */
  label: string;
  queuedAt: number;
}

type Queued = QueuedNote | QueuedWrite | QueuedPhoto;

const isWrite = (queued: Queued): queued is QueuedWrite => "kind" in queued && queued.kind === "write";
const isPhoto = (queued: Queued): queued is QueuedPhoto => "kind" in queued && queued.kind === "photo";
const isNote = (queued: Queued): queued is QueuedNote => !("kind" in queued);

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

/** Everything waiting on the device, oldest first. */
async function queued(): Promise<Queued[]> {
  if (typeof indexedDB === "undefined") return [];
  const all = await entries<string, Queued>(outbox()).catch(() => []);
  return all.map(([, value]) => value).sort((a, b) => a.queuedAt - b.queuedAt);
}

/** The notes waiting on the device, oldest first. */
export async function queuedNotes(): Promise<QueuedNote[]> {
  return (await queued()).filter(isNote);
}

/** The other writes waiting on the device, oldest first. */
export async function queuedWrites(): Promise<QueuedWrite[]> {
  return (await queued()).filter(isWrite);
}

/** The photos waiting on the device, oldest first. */
export async function queuedPhotos(): Promise<QueuedPhoto[]> {
  return (await queued()).filter(isPhoto);
}

/** Sends a waiting photo (its code loaded only when one waits: every page carries the outbox's sender). */
const sendQueuedPhoto = async (photo: QueuedPhoto): Promise<unknown> =>
  (await import("./outbox-photos")).sendQueuedPhoto(photo);

/** Sends a waiting write as it was asked, with its key. */
export const sendQueuedWrite = (write: QueuedWrite): Promise<unknown> =>
  backroomJson(write.method, write.url, {
    ...(write.body !== undefined ? { body: write.body } : {}),
    headers: { "Idempotency-Key": write.idempotencyKey },
  });

/**
 * Makes a write to one of Backroom's endpoints that takes an Idempotency-Key (`POST /api/.../acknowledge`): sent now
 * when the browser is online, with the key waiting for its signature (`sendOnce`'s: a double press sends one), and
 * queued on the device with that key when it is not, or when the send got no answer at all (it may have arrived: the
 * key makes a second arrival the same one). A refusal is thrown as `backroomJson` throws it.
 *
 * @example
 * const outcome = await writeOnce(sessionKeyStore(), { method: "POST", url: `/api/order-guide/lists/${id}/acknowledge`, label: "Acknowledge" });
 * if ("queued" in outcome) say("Saved on this device: it is sent when you are back online.");
 */
export async function writeOnce<T>(
  keys: KeyStore,
  write: Omit<QueuedWrite, "kind" | "idempotencyKey" | "queuedAt">,
  { online = typeof navigator === "undefined" || navigator.onLine } = {},
): Promise<{ sent: T } | { queued: QueuedWrite }> {
  const signature = `${write.method} ${write.url}${write.body !== undefined ? ` ${hashOf(JSON.stringify(write.body))}` : ""}`;
  const pending: QueuedWrite = {
    ...write,
    kind: "write",
    idempotencyKey: keyForSignature(keys, signature),
    queuedAt: Date.now(),
  };
  const queue = async () => {
    await set(pending.idempotencyKey, pending, outbox());
    keys.delete(signature);
    return { queued: pending };
  };
  if (!online) return queue();
  try {
    const sent = (await sendQueuedWrite(pending)) as T;
    keys.delete(signature);
    return { sent };
  } catch (error) {
    if (!isNoConnection(error)) {
      if (!isDataApiError(error) || error.status < 500) keys.delete(signature);
      throw error;
    }
    return queue();
  }
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
 * Sends what waits on the device, oldest first, each with its own key: a note or write Backroom made (201) or had
 * made (200) leaves the outbox, and so does one it refused on its merits (the author may no longer write, the note was
 * deleted since, the list was withdrawn): it would be refused again. Without a connection, or when Backroom fails, it
 * stays for the next time.
 *
 * @example
 * const { sent } = await flushOutbox();
 */
export async function flushOutbox(
  send: (draft: NoteDraft) => Promise<unknown> = sendDraft,
  sendWrite: (write: QueuedWrite) => Promise<unknown> = sendQueuedWrite,
  sendPhoto: (photo: QueuedPhoto) => Promise<unknown> = sendQueuedPhoto,
): Promise<{ sent: number; refused: number; waiting: number }> {
  let sent = 0;
  let refused = 0;
  let waiting = 0;
  for (const item of await queued()) {
    try {
      await (isWrite(item) ? sendWrite(item) : isPhoto(item) ? sendPhoto(item) : send(item));
      sent++;
      await del(item.idempotencyKey, outbox());
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
        await del(item.idempotencyKey, outbox());
      } else waiting++;
    }
  }
  return { sent, refused, waiting };
}
