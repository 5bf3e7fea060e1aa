import "server-only";
import { refusal } from "../core/route-errors";

/** The collections' own refusals; a key other than an Employee key's is refused by the routes' `keyTypes`. */

/** The collections list of a key whose first walk has not ended (it runs in the background). */
export const collectionsPending = () =>
  refusal(
    "COLLECTIONS_PENDING",
    "This key's collections list is being read in the background; it opens once its first walk is in",
    409,
  );

/** The AR aging's export from a snapshot, asked before the key's first walk that kept the aging has ended. */
export const agingPending = () =>
  refusal(
    "AGING_PENDING",
    "This key's snapshot of the whole AR aging is being read in the background; export from the AR aging page's live report meanwhile",
    409,
  );

/** 404 `NO_SUCH_ACCOUNT`: no AR account by that id that the key reads, or one the asker is no side of. */
export const noSuchAccount = () => refusal("NO_SUCH_ACCOUNT", "No such AR account.", 404);

/** 409 `IDEMPOTENCY_KEY_REUSED`: the key recorded another collection. */
export const collectedKeyReused = () =>
  refusal(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key recorded a different collection: send a new key for a new collection.",
    409,
  );
