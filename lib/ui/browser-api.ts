import { createDataApiClient } from "@/lib/data-api/client";
import { parseResponseMeta } from "@/lib/data-api/response-meta";

/** The rate-limit figures the API last sent for the active key: what the budget meter shows. */
export interface Budget {
  limit: number;
  remaining: number;
  /** When the window resets (ms since the epoch). */
  resetsAt: number;
  /** When these figures were sent (ms since the epoch): older figures never replace newer ones. */
  seenAt: number;
}

let budget: Budget | undefined;
const listeners = new Set<() => void>();

/** The budget meter's store (for useSyncExternalStore). */
export const budgetStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => budget,
  /** Figures known from the server's render, until the browser's own calls bring newer ones. */
  seed(value: Budget | undefined) {
    if (value && !budget) budget = value;
  },
  note(value: Budget) {
    if (budget && budget.seenAt > value.seenAt) return;
    budget = value;
    // Told after the current render: hydration notes figures while React renders other components.
    queueMicrotask(() => {
      for (const listener of listeners) listener();
    });
  },
};

/** Sends the person to /connect and back here: the session ended (idle, expired, signed out elsewhere). */
export function reconnect() {
  const here = `${window.location.pathname}${window.location.search}`;
  // A full load on purpose: every client cache of the ended session goes with it.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above.
  window.location.assign(`/connect?next=${encodeURIComponent(here)}&expired=1`);
}

/**
 * The Data API from the browser: Backroom's own `/api/v1` and `/api/v2` (the server adds the key). Every answer's
 * `RateLimit-*` headers feed the budget meter; a 401 means the session is gone, and the person is sent to connect.
 *
 * @example
 * const { records } = await browserApi.listStates();
 */
export const browserApi = createDataApiClient({
  baseUrl: "/api/v1",
  fetch: async (input, init) => {
    const response = await fetch(input, { ...init, credentials: "same-origin" });
    const { rateLimit } = parseResponseMeta(response);
    if (rateLimit.limit !== undefined && rateLimit.remaining !== undefined && rateLimit.reset !== undefined) {
      budgetStore.note({ limit: rateLimit.limit, remaining: rateLimit.remaining, resetsAt: Date.now() + rateLimit.reset * 1000, seenAt: Date.now() });
    }
    if (response.status === 401 && typeof window !== "undefined") reconnect();
    return response;
  },
});
