import "server-only";
import { refusal, type RouteError } from "../core/route-errors";

/** The visit notes' refusals of their own, each with its code, status and words. */

/** 403 `CUSTOMER_NOT_IN_SCOPE`: a note read or written on a customer outside a Customer key's stores. */
export const customerNotInScope = (): RouteError =>
  refusal(
    "CUSTOMER_NOT_IN_SCOPE",
    "This workspace's retailer key covers its own stores only: notes are read and written on those",
    403,
  );

/** 403 `NOT_NOTE_AUTHOR`: a note deleted by someone other than its author. */
export const notNoteAuthor = (): RouteError =>
  refusal("NOT_NOTE_AUTHOR", "Only the person who wrote a note may delete it", 403);

/** 403 `NOTE_DELETE_WINDOW_PASSED`: a note deleted more than a day after it was written. */
export const deleteWindowPassed = (): RouteError =>
  refusal(
    "NOTE_DELETE_WINDOW_PASSED",
    "A note may be deleted by its author within 24 hours of writing it; this one is older, and stays",
    403,
  );

/** 409 `IDEMPOTENCY_KEY_REUSED`: an Idempotency-Key sent again with a different note. */
export const idempotencyKeyReused = (): RouteError =>
  refusal(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was used for a different note: make a new key for a new note",
    409,
  );

/** 409 `NOTE_DELETED`: an Idempotency-Key sent again whose note its author has deleted since. */
export const noteDeleted = (): RouteError =>
  refusal("NOTE_DELETED", "The note this Idempotency-Key made has been deleted since", 409);
