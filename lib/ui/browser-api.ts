import type { CallInput, DataApiClient, DataApiResult, RecordOf } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import type { OperationId } from "@/lib/data-api/registry";
import { parseResponseMeta } from "@/lib/data-api/response-meta";
import type { Budget } from "./budget";

export type { Budget } from "./budget";

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

/** Sends the person to /sign-in and back here: the session ended (idle, expired, signed out elsewhere, removed). */
export function reconnect() {
  const here = `${window.location.pathname}${window.location.search}`;
  // A full load on purpose: every client cache of the ended session goes with it.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above.
  window.location.assign(`/sign-in?next=${encodeURIComponent(here)}&expired=1`);
}

/** What the browser's requests go through: the budget meter notes each answer's figures, and a 401 reconnects. */
async function observedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: "same-origin" });
  const { rateLimit } = parseResponseMeta(response);
  if (rateLimit.limit !== undefined && rateLimit.remaining !== undefined && rateLimit.reset !== undefined) {
    budgetStore.note({
      limit: rateLimit.limit,
      remaining: rateLimit.remaining,
      resetsAt: Date.now() + rateLimit.reset * 1000,
      seenAt: Date.now(),
    });
  }
  if (response.status === 401 && typeof window !== "undefined") reconnect();
  return response;
}

/**
 * A loader that loads once and keeps the result, but not a failure: the next call tries again.
 *
 * @example
 * const load = loadOnce(() => import("./heavy")); // a failed chunk download is retried on the next request
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The typed client, loaded with the first request: it checks requests and reads answers with the contract's schemas
 * (zod, about 38 kB compressed), which a page's first load does without (its first paint comes from the server). A
 * failed download is a network error, shown with "Try again" like any other, and tried again on the next request.
 */
const client = loadOnce(() =>
  import("@/lib/data-api/client").then(
    ({ createDataApiClient }) => createDataApiClient({ baseUrl: "/api/v1", fetch: observedFetch }),
    (cause: unknown) => {
      throw new DataApiError({
        status: 0,
        code: "NETWORK_ERROR",
        detail: "The page could not load what it needs to reach the Data API. Check your connection and try again.",
        cause,
      });
    },
  ),
);

async function request<K extends OperationId>(id: K, input: CallInput<K>): Promise<DataApiResult<RecordOf<K>>> {
  return (await client()).request(id, input);
}

async function* pages<K extends OperationId>(
  id: K,
  input: CallInput<K>,
  maxPages?: number,
): AsyncGenerator<DataApiResult<RecordOf<K>>> {
  yield* (await client()).pages(id, input, maxPages);
}

/**
 * The Data API from the browser: Backroom's own `/api/v1` and `/api/v2` (the server adds the key). Every answer's
 * `RateLimit-*` headers feed the budget meter; a 401 means the session is gone, and the person is sent to connect.
 *
 * @example
 * const { records } = await browserApi.listStates();
 */
export const browserApi = {
  // One call per operation, as the typed client has them: each waits for the client, then makes its request.
  ...Object.fromEntries(
    (Object.keys(OPERATION_META) as OperationId[]).map((id) => [
      id,
      (input: CallInput<typeof id> = {} as CallInput<typeof id>) => request(id, input),
    ]),
  ),
  request,
  pages,
} as unknown as DataApiClient; // the per-operation calls are built from the ids, as createDataApiClient builds its own
