import "server-only";
import { saysV2Missing } from "@/lib/data-api/v2-missing";
import type { Environment } from "./env";
import type { SharedStore } from "./shared/shared-store";

/**
 * Whether an environment's Data API offers the v2 purchase endpoints, which the documentation marks Beta. A service
 * without them answers every v2 path 404 (or 405, or 501), while v1 still holds the posted purchases: the Purchases
 * pages then read v1, read only.
 *
 * - `on`: v2 is used, whatever it answers; `off`: v1 only, and v2 is never asked.
 * - `auto` (the default): v2 is used until a v2 purchase *list* read answers 404, 405 or 501 (a list has no record
 *   that could be missing, so its 404 means the path is), or a single-purchase read answers 405 or 501 (its 404 can
 *   mean "no such purchase": the browser checks that with a list read of one row). The proxy notes the answer here, on
 *   its way to the page, and the mark goes into the shared store for 10 minutes, so every instance agrees; when it
 *   expires, the next read tries v2 again, and marks again if v2 is still missing.
 *
 * The mark names the environment and its API base, so a deployment pointed at another service starts unmarked. It
 * holds the time it ends as well as the store's own expiry: the decision follows this module's clock (a test's), and
 * a store that kept an entry a little longer changes nothing.
 */
export type DataApiV2Mode = "auto" | "on" | "off";

/** Where the v2 purchase endpoints stand for an environment: used, missing (`auto` saw them answer 404/405/501), or set off. */
export type PurchasesV2State = "available" | "missing" | "off";

export interface PurchasesV2Availability {
  readonly mode: DataApiV2Mode;
  /** Where v2 stands for `environment` now (one read of the shared store in `auto`, none otherwise). */
  state(environment: Environment): Promise<PurchasesV2State>;
  /**
   * Notes the Data API's answer to a read (the proxy calls it for every upstream answer): in `auto`, a status that says
   * the v2 purchase endpoints are missing marks them so for 10 minutes. Answers whether it marked.
   */
  noteAnswer(environment: Environment, operation: string, status: number): Promise<boolean>;
}

/** How long a mark lasts: the endpoints are checked again this often while they are missing. */
export const V2_MISSING_TTL_MS = 10 * 60_000;

export interface PurchasesV2Options {
  mode: DataApiV2Mode;
  /** Where the marks live: the shared store (memory in the embedded default, Redis in a deployment). */
  store: SharedStore;
  /** The API base an environment's requests go to (a real URL, or a name for the embedded sandbox): part of the mark's key. */
  baseOf: (environment: Environment) => string;
  now?: () => number;
  /** A store that did not answer: `state` then says available (the pages try v2, and their read marks again). */
  onError?: (error: unknown) => void;
}

/**
 * The v2 purchase endpoints' availability, kept in the shared store.
 *
 * @example
 * const v2 = createPurchasesV2Availability({ mode: "auto", store, baseOf: (env) => realApiBase(env) ?? "embedded sandbox" });
 * await v2.noteAnswer("test", "listPurchasesV2", 404); // true: marked for 10 minutes
 * await v2.state("test"); // "missing"
 */
export function createPurchasesV2Availability(options: PurchasesV2Options): PurchasesV2Availability {
  const { mode, store } = options;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const keyOf = (environment: Environment) => `purchases-v2-missing:${environment}:${options.baseOf(environment)}`;
  return {
    mode,
    async state(environment) {
      if (mode === "off") return "off";
      if (mode === "on") return "available";
      try {
        const [value] = await store.get([keyOf(environment)]);
        const until = value === undefined ? Number.NaN : Number(value.toString());
        return until > now() ? "missing" : "available";
      } catch (error) {
        onError(error);
        return "available";
      }
    },
    async noteAnswer(environment, operation, status) {
      if (mode !== "auto" || !saysV2Missing(operation, status)) return false;
      try {
        await store.set(keyOf(environment), Buffer.from(String(now() + V2_MISSING_TTL_MS)), V2_MISSING_TTL_MS);
        return true;
      } catch (error) {
        onError(error);
        return false;
      }
    },
  };
}
