/**
 * Visit notes as the browser and the server share them, without zod (the customer page's first load carries these):
 * the answers of `GET /api/notes` and the rules both sides apply (the length, the delete window, how many customers one
 * read may name). The body's schema is `note-schema.ts`.
 */

/** Every notes query's key begins with this: a note written or deleted invalidates them all. */
export const NOTES_KEY = ["backroom", "notes"] as const;

/** The longest note, in characters (UTF-16 code units, as a textarea's `maxLength` counts). */
export const NOTE_MAX_LENGTH = 2000;
/** How long after writing it the author may delete a note. */
export const NOTE_DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most customers one `GET /api/notes?customerIds=` asks about (a Today page's accounts, the offline download). */
export const NOTES_MAX_CUSTOMERS = 500;

/** A note as `GET /api/notes` and `POST /api/notes` answer it. */
export interface NoteJson {
  id: string;
  customerId: number;
  text: string;
  /** Who wrote it: their user id, and their name as it was then. */
  author: { id: string; name: string };
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Whether the asker may delete it now: its author, allowed to write notes, within a day of writing it. */
  mayDelete: boolean;
}

/**
 * Whether a note is a visit marked with one tap ("Visited"), with no text. Every note is a visit: its day is the
 * store's last visit (`lastVisits`).
 *
 * @example
 * isVisitMark({ text: "" }); // true
 */
export const isVisitMark = (note: { text: string }) => note.text === "";

/** What a note says in a list: its text, or that the store was visited. */
export const noteWords = (note: { text: string }) => (isVisitMark(note) ? "Visited (no note)." : note.text);

/** Whose notes to read: one customer, or several (up to 500) with, optionally, each one's newest `latest`. */
export type NotesOf = { customerId: number } | { customerIds: readonly number[]; latest?: number };

/** The body of `GET /api/notes`: newest first. */
export interface NotesJson {
  notes: NoteJson[];
}

/**
 * Whether a note written at `createdAt` is still within its author's delete window at `now`.
 *
 * @example
 * withinDeleteWindow("2026-11-21T09:00:00.000Z", Date.parse("2026-11-22T08:59:59.000Z")); // true
 */
export function withinDeleteWindow(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) < NOTE_DELETE_WINDOW_MS;
}
