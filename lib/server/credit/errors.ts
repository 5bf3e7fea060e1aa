import "server-only";
import { refusal, type RouteError } from "../core/route-errors";

/** The credit's refusals of its own; a Supplier key is refused by the routes' `keyTypes` (403 `NOT_FOR_THIS_KEY`). */

/** 404 `NO_SUCH_ACCOUNT`: no AR account by that id the asker sees (never "not yours": it is not said to exist). */
export const noSuchAccount = (): RouteError =>
  refusal("NO_SUCH_ACCOUNT", "No such AR account: it is not in this key's AR aging.", 404);

/** 409 `IDEMPOTENCY_KEY_REUSED`: the key set another limit on this account. */
export const keyReused = (): RouteError =>
  refusal(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key set a different limit on this account: send a new key for a new change.",
    409,
  );

/** 412 `LIMIT_CHANGED`: the limit changed since the asker read it (`If-Match`). */
export const staleLimit = (): RouteError =>
  refusal("LIMIT_CHANGED", "The limit changed since you read it: read it again, then set it from what it is now.", 412);
