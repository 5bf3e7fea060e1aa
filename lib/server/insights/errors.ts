import "server-only";
import {
  type BackfillEstimate,
  estimateWords,
  HISTORY_WINDOW_DAYS,
  retryAfterSeconds,
} from "@/lib/domain/insights/backfill-estimate";
import { refusal, RouteError } from "../core/route-errors";

/** The insights' refusals of their own (a key's type is refused by each route's `keyTypes`). */

/** What an answer waits for: the first year (the insights' API), or its first window (the page and its exports). */
const HISTORY_PENDING = {
  year: "This key's history is being synced in the background; the insights' API answers once its first year is in",
  window: `This key's history is being synced in the background; the Insights page and its exports show the days read so far once its first ${HISTORY_WINDOW_DAYS} are in`,
};

/**
 * 409 `HISTORY_PENDING`: the key's first backfill is not in yet (`until: "year"`, what the insights' API waits for),
 * or not a window of it (`"window"`: the page's exports). With an estimate, the detail says how far it has come and
 * when it expects to be done, and `Retry-After` (seconds) tells a client when to come back.
 *
 * @example
 * if (!state?.backfilledAt) throw historyPending(await deps.insights.estimate(key.id));
 */
export function historyPending(
  estimate: BackfillEstimate | undefined,
  { now = Date.now(), until = "year" }: { now?: number; until?: keyof typeof HISTORY_PENDING } = {},
): RouteError {
  const pending = HISTORY_PENDING[until];
  if (!estimate) return new RouteError(409, "HISTORY_PENDING", pending);
  const words = estimateWords(estimate);
  return new RouteError(409, "HISTORY_PENDING", `${pending}. ${words}${words.endsWith("…") ? "" : "."}`, {
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
