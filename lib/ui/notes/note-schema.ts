import * as z from "zod";

/**
 * Visit notes as the browser and the server share them: the body of `POST /api/notes` (one schema for the customer
 * page's form, the route handler and the tests), the answers of `GET /api/notes`, and the rules both sides apply (the
 * length, the delete window). Browser-safe: `lib/server/notes/` imports this file, and the pages do.
 */

/** The longest note, in characters (UTF-16 code units, as a textarea's `maxLength` counts). */
export const NOTE_MAX_LENGTH = 2000;
/** How long after writing it the author may delete a note. */
export const NOTE_DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most customers one `GET /api/notes?customerIds=` asks about (a Today page's accounts, the offline download). */
export const NOTES_MAX_CUSTOMERS = 500;

/** A note's text: trimmed, then not empty and at most 2,000 characters. */
export const NoteText = z
  .string({ error: "Write the note." })
  .trim()
  .min(1, "Write the note: it is empty.")
  .max(NOTE_MAX_LENGTH, `Keep the note to ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`);

/** A Data API CustomerID. */
export const CustomerId = z.number({ error: "customerId must be a customer's number" }).int("customerId must be a whole number").positive("customerId must be positive").max(2_147_483_647, "customerId is too large");

/** POST /api/notes: the customer and the text (the Idempotency-Key goes in its header). */
export const NewNote = z.strictObject({ customerId: CustomerId, text: NoteText });

/** What the form holds before the schema tidies it (the text untrimmed). */
export type NewNoteInput = z.input<typeof NewNote>;
/** What the route stores: the text trimmed. */
export type NewNoteBody = z.output<typeof NewNote>;

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
