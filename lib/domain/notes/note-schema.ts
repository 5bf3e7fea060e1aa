import * as z from "zod";
import { NOTE_MAX_LENGTH } from "./note-rules";

/**
 * The body of `POST /api/notes`: one schema for the customer page's form, the route handler and the tests. zod, so the
 * page loads it with the form, after its first paint; what the list needs is in `note-rules.ts`. Browser-safe:
 * `lib/server/notes/` imports this file, and the pages do.
 */

/** A Data API CustomerID. */
export const CustomerId = z
  .number({ error: "customerId must be a customer's number" })
  .int("customerId must be a whole number")
  .positive("customerId must be positive")
  .max(2_147_483_647, "customerId is too large");

/**
 * POST /api/notes: the customer and the text (the Idempotency-Key goes in its header). A visit is a note: one with
 * text, or `visited: true` with none (the one tap "Visited").
 */
export const NewNote = z
  .strictObject({
    customerId: CustomerId,
    text: z
      .string({ error: "Write the note." })
      .trim()
      .max(NOTE_MAX_LENGTH, `Keep the note to ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`)
      .default(""),
    visited: z.literal(true, { error: "visited is true or left out: a note is a visit anyway." }).optional(),
  })
  .refine((note) => note.visited === true || note.text.length > 0, {
    error: "Write the note: it is empty.",
    path: ["text"],
  });

/** What the form holds before the schema tidies it (the text untrimmed). */
export type NewNoteInput = z.input<typeof NewNote>;
/** What the route stores: the text trimmed. */
export type NewNoteBody = z.output<typeof NewNote>;
