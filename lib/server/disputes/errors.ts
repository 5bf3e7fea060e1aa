import "server-only";
import type { ClaimProblem } from "@/lib/domain/disputes/dispute";
import { refusal, RouteError } from "../core/route-errors";

/** The disputes' refusals of their own. */

/** 404 `NOT_FOUND`: no dispute by that id, or one the asker is no side of (never "not yours"). */
export const noSuchDispute = (): RouteError => refusal("NOT_FOUND", "No such dispute.", 404);

/**
 * 422 `VALIDATION_FAILED`: the request is well formed but not accepted (a line not on the invoice, more units than
 * invoiced, a price not below the invoiced one, a photo that is no image), each problem on its field.
 */
export function notAccepted(problems: readonly ClaimProblem[], detail?: string): RouteError {
  return new RouteError(422, "VALIDATION_FAILED", detail ?? problems.map((p) => p.message).join(" "), {
    fieldErrors: problems.map((p) => ({ field: p.field, code: "INVALID_VALUE", detail: p.message })),
  });
}

/** 409 `DISPUTE_RESOLVED`: it ended (credited, or closed): nothing on it changes any more. */
export const resolved = (): RouteError =>
  refusal("DISPUTE_RESOLVED", "The dispute is resolved: nothing on it changes any more.", 409);

/** 403 `NOT_YOUR_SIDE`: the other side's write. */
export const notYourSide = (what: string): RouteError => refusal("NOT_YOUR_SIDE", what, 403);

/** 409 `IDEMPOTENCY_KEY_REUSED`: the key raised another dispute. */
export const keyReused = (): RouteError =>
  refusal(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key raised a different dispute: send a new key for a new dispute.",
    409,
  );
