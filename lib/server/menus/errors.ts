import "server-only";
import { refusal, RouteError } from "../core/route-errors";

/** The shared menus' refusals of their own (a key that is not a brand's is refused by the routes' `keyTypes`). */

/**
 * 409 `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key made another link, or made one over a day ago (`madeLongAgo`: the
 * held answer is gone, the link is not).
 */
export function idempotencyKeyReused(madeLongAgo: boolean): RouteError {
  return refusal(
    "IDEMPOTENCY_KEY_REUSED",
    madeLongAgo
      ? "This Idempotency-Key made a link over a day ago: make a new key for a new link"
      : "This Idempotency-Key made another link (or one over a day ago): make a new key for a new link",
    409,
  );
}

/** 429 `RATE_LIMITED`: too many views of menus from one address; `headers` are the public page's, with Retry-After. */
export function tooManyViews(wait: number, headers: Record<string, string>): RouteError {
  return new RouteError(
    429,
    "RATE_LIMITED",
    `Too many views of menus from this address: try again in ${wait} seconds.`,
    { headers: { ...headers, "Retry-After": String(wait) } },
  );
}
