import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { apiQueryKey } from "@/lib/domain/api-query";
import { V2_LIST_CHECK } from "./v1-purchases";
import { watchForMissingV2 } from "./v2-watch";

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

const failure = (status: number) =>
  new DataApiError({ status, detail: status === 404 ? "Not found" : `HTTP ${status}` });
const LIST_KEY = apiQueryKey({
  operation: "listPurchasesV2",
  query: { page: "1", page_size: "50", include_transactions: "false" },
});
const DETAIL_KEY = apiQueryKey({ operation: "getPurchaseV2", path: { purchaseID: "PO-1" } });

/** A page's query cache being watched, with what the watcher told it, in order. */
function watched(check: () => Promise<unknown> = () => Promise.resolve({ records: [] })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const told: string[] = [];
  const checks = vi.fn(check);
  const stop = watchForMissingV2(client.getQueryCache(), checks, {
    checking: () => told.push("checking"),
    settled: () => told.push("settled"),
    missing: () => told.push("missing"),
  });
  /** A query of the page that fails with `error` (react-query's own error path). */
  const fail = (queryKey: readonly unknown[], error: unknown, options: { retry?: number; retryDelay?: number } = {}) =>
    client.fetchQuery({ queryKey, queryFn: () => Promise.reject(error), ...options }).catch(() => undefined);
  return { client, told, checks, stop, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("watchForMissingV2", () => {
  it.each([404, 405, 501])("a v2 purchase list read answered %i: missing, at once, without a check", async (status) => {
    const { told, checks, fail } = watched();
    await fail(LIST_KEY, failure(status));
    expect(told).toEqual(["missing"]);
    expect(checks).not.toHaveBeenCalled();
  });

  it('a walk over the v2 list (its key starts with "walk") counts as a list read', async () => {
    const { told, fail } = watched();
    await fail(["walk", ...LIST_KEY, "4"], failure(404));
    expect(told).toEqual(["missing"]);
  });

  it("a 501 is seen at its first failure, before react-query's retries are over", async () => {
    const { client, told, fail } = watched();
    const statusWhenTold: string[] = [];
    client.getQueryCache().subscribe(() => {
      if (told.length && !statusWhenTold.length) statusWhenTold.push(client.getQueryState(LIST_KEY)!.status);
    });
    await fail(LIST_KEY, failure(501), { retry: 2, retryDelay: 5 });
    expect(told).toEqual(["missing"]);
    expect(statusWhenTold).toEqual(["pending"]);
  });

  it("switches once, however many v2 reads fail", async () => {
    const { told, fail } = watched();
    await fail(LIST_KEY, failure(404));
    await fail(apiQueryKey({ operation: "listPurchaseLinesV2", query: { purchase_ids: "1" } }), failure(404));
    expect(told).toEqual(["missing"]);
  });

  it("a single purchase's 404 is checked with a list read: missing when the list is missing too", async () => {
    const { told, checks, fail } = watched(() => Promise.reject(failure(404)));
    await fail(DETAIL_KEY, failure(404));
    await settle();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(told).toEqual(["checking", "missing"]);
  });

  it("a single purchase's 404 when the list answers: settled (no such purchase), and not checked again", async () => {
    const { told, checks, fail } = watched();
    await fail(DETAIL_KEY, failure(404));
    await settle();
    await fail(DETAIL_KEY, failure(404));
    await settle();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(told).toEqual(["checking", "settled"]);
  });

  it("a check that fails otherwise (429, no answer) settles: the page's own error shows", async () => {
    const { told, fail } = watched(() => Promise.reject(failure(429)));
    await fail(DETAIL_KEY, failure(404));
    await settle();
    expect(told).toEqual(["checking", "settled"]);
  });

  it("a single purchase's 405 or 501 is missing without a check", async () => {
    const { told, checks, fail } = watched();
    await fail(DETAIL_KEY, failure(405));
    expect(told).toEqual(["missing"]);
    expect(checks).not.toHaveBeenCalled();
  });

  it.each([
    { what: "v1's purchases answered 404", key: apiQueryKey({ operation: "listPurchases" }), error: failure(404) },
    { what: "another list answered 404", key: apiQueryKey({ operation: "listInvoices" }), error: failure(404) },
    { what: "the v2 list answered 500", key: LIST_KEY, error: failure(500) },
    { what: "the v2 list answered 403", key: LIST_KEY, error: failure(403) },
    {
      what: "no answer at all",
      key: LIST_KEY,
      error: new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "offline" }),
    },
    { what: "an error that is not the API's", key: LIST_KEY, error: new Error("bug") },
  ])("$what: nothing", async ({ key, error }) => {
    const { told, checks, fail } = watched();
    await fail(key, error);
    await settle();
    expect(told).toEqual([]);
    expect(checks).not.toHaveBeenCalled();
  });

  it("a failure already in the cache before watching (an earlier visit's) is not looked at; stop ends the watch", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(client);
    await client.fetchQuery({ queryKey: LIST_KEY, queryFn: () => Promise.reject(failure(404)) }).catch(() => undefined);
    const told: string[] = [];
    const stop = watchForMissingV2(client.getQueryCache(), () => Promise.resolve(), {
      checking: () => told.push("checking"),
      settled: () => told.push("settled"),
      missing: () => told.push("missing"),
    });
    await settle();
    expect(told).toEqual([]);
    stop();
    await client
      .fetchQuery({ queryKey: apiQueryKey(V2_LIST_CHECK), queryFn: () => Promise.reject(failure(404)) })
      .catch(() => undefined);
    expect(told).toEqual([]);
  });
});
