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

/** The roughest fix a visit may send, in metres (a phone's fix by cell towers; the plan keeps none past 200 m). */
const MAX_POSITION_ACCURACY_M = 10_000;

/** A latitude or longitude: a number of degrees within its range. */
const degrees = (name: "latitude" | "longitude", limit: number) =>
  z
    .number({ error: `the ${name} must be a number of degrees` })
    .min(-limit, `the ${name} is ${-limit} to ${limit} degrees`)
    .max(limit, `the ${name} is ${-limit} to ${limit} degrees`);

/**
 * Where the phone was when "Visited" was tapped, when its location was already allowed: degrees (WGS 84) and the fix's
 * accuracy in metres. The store's place on the route plan is refined from it (`lib/domain/today/plan/refine.ts`); the
 * note does not keep it.
 */
export const VisitPosition = z.strictObject({
  lat: degrees("latitude", 90),
  lon: degrees("longitude", 180),
  accuracy: z
    .number({ error: "the accuracy must be the fix's radius in metres" })
    .positive("the accuracy must be more than 0 metres")
    .max(MAX_POSITION_ACCURACY_M, `the accuracy is at most ${MAX_POSITION_ACCURACY_M.toLocaleString("en-US")} metres`),
});

/**
 * POST /api/notes: the customer and the text (the Idempotency-Key goes in its header). A visit is a note: one with
 * text, or `visited: true` with none (the one tap "Visited"), with the phone's position when it was allowed.
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
    position: VisitPosition.optional(),
  })
  .refine((note) => note.visited === true || note.text.length > 0, {
    error: "Write the note: it is empty.",
    path: ["text"],
  })
  .refine((note) => note.position === undefined || note.visited === true, {
    error: 'sent with a visit only ("visited": true).',
    path: ["position"],
  });

/** What the form holds before the schema tidies it (the text untrimmed). */
export type NewNoteInput = z.input<typeof NewNote>;
/** What the route stores: the text trimmed. */
export type NewNoteBody = z.output<typeof NewNote>;
