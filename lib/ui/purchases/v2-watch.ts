import type { QueryCache } from "@tanstack/react-query";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { saysV2Missing } from "@/lib/data-api/v2-missing";
import { V2_LIST_CHECK, v2Signal } from "./v1-purchases";

/** What `watchForMissingV2` tells its page. */
export interface V2WatchCallbacks {
  /** A single purchase's 404 is being checked with a list read of one row. */
  checking(): void;
  /** The check found v2 there: the 404 was the purchase's own, and the page's error stands. */
  settled(): void;
  /** The service has no v2 purchase endpoints (the proxy has marked it): render the page again, as the v1 view. Called once. */
  missing(): void;
}

/**
 * Watches a page's query cache for a v2 read that met a service without the v2 purchase endpoints: a list read
 * answered 404, 405 or 501, or a single purchase's 405 or 501, is `missing` at once; a single purchase's 404 is first
 * checked with `check` (a list read of one row): `missing` if that says so too, `settled` otherwise. Each happens
 * once; failures already in the cache (an earlier visit's) are not looked at. A failure is seen at its first attempt,
 * before react-query's retries of a 5xx. Answers the function that stops watching.
 *
 * @example
 * useEffect(() => watchForMissingV2(client.getQueryCache(), () => client.fetchQuery(checkOptions), { checking, settled, missing: () => router.refresh() }), [client]);
 */
export function watchForMissingV2(cache: QueryCache, check: () => Promise<unknown>, on: V2WatchCallbacks): () => void {
  let checked = false;
  let switched = false;
  const missing = () => {
    if (switched) return;
    switched = true;
    on.missing();
  };
  return cache.subscribe((event) => {
    if (event.type !== "updated") return;
    const { queryKey, state } = event.query;
    const signal = v2Signal(queryKey, state.error ?? state.fetchFailureReason);
    if (signal === "missing") return missing();
    if (signal !== "check" || checked || switched) return;
    checked = true;
    on.checking();
    check().then(
      () => on.settled(),
      (error: unknown) =>
        error instanceof DataApiError && saysV2Missing(V2_LIST_CHECK.operation, error.status)
          ? missing()
          : on.settled(),
    );
  });
}
