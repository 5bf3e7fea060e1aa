import "server-only";
import { refusal } from "../core/route-errors";

/** The books' own refusals; a brand's key is refused by the routes' `keyTypes`. */

/** A retailer's key naming a store that is not one of its own. */
export const customerNotInScope = () =>
  refusal("CUSTOMER_NOT_IN_SCOPE", "This key's retailer does not own that store.", 403);

/** 409 `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key of a mark sent again with another export's request. */
export const idempotencyKeyReused = () =>
  refusal(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key marked another export: make a new key for a new download.",
    409,
  );
