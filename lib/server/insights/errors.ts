import "server-only";
import { type BackfillEstimate, estimateWords, retryAfterSeconds } from "@/lib/domain/insights/backfill-estimate";
import { refusal, RouteError } from "../core/define-route";

/** The insights' refusals of their own (a key's type is refused by each route's `keyTypes`). */

const HISTORY_PENDING =
  "This key's history is being synced in the background; the insights open once its first year is in";

/**
 * 409 `HISTORY_PENDING`: the key's first backfill is not in yet. With an estimate, the detail says how far it has come
 * and when it expects to be done, and `Retry-After` (seconds) tells a client when to come back.
 *
 * @example
 * if (!state?.backfilledAt) throw historyPending(await deps.history.estimate(key.id));
 */
export function historyPending(estimate: BackfillEstimate | undefined, now = Date.now()): RouteError {
  if (!estimate) return new RouteError(409, "HISTORY_PENDING", HISTORY_PENDING);
  const words = estimateWords(estimate);
  return new RouteError(409, "HISTORY_PENDING", `${HISTORY_PENDING}. ${words}${words.endsWith("…") ? "" : "."}`, {
    headers: { "Retry-After": String(retryAfterSeconds(estimate, now)) },
  });
}

/**
 * 400 `SUPPLIER_REQUIRED`: an Employee key's history of the whole distributor, asked for everyone's sales at once.
 * `orBySupplier`: the endpoint also answers by supplier (`/api/insights/sales`), and says so.
 */
export function supplierRequired(orBySupplier: boolean): RouteError {
  const words = "This key's history holds the whole distributor's sales: name one supplier (&supplier=ID)";
  return refusal("SUPPLIER_REQUIRED", orBySupplier ? `${words}, or ask by=supplier` : `${words}.`, 400);
}
