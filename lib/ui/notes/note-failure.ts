import { isDataApiError } from "@/lib/data-api/data-api-error";
import { describeFailure } from "../failure";

/**
 * A failed save or delete of a note in words: Backroom's own refusals (who may write, which customer, a reused key, the
 * day's delete window) as it said them; anything else (no connection, a 5xx) as every page says it, with the promise
 * that trying again makes one note.
 *
 * @example
 * noteFailure(new DataApiError({ status: 403, code: "NOT_NOTE_AUTHOR", detail: "Only the person who wrote a note may delete it" }), "delete");
 * // "Only the person who wrote a note may delete it"
 */
export function noteFailure(error: unknown, doing: "save" | "delete"): string {
  if (isDataApiError(error) && (error.status === 403 || error.status === 409)) return error.detail;
  return describeFailure(error, { what: "the note", doing, write: true, service: "Backroom" }).message;
}
