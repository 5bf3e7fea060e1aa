import "server-only";
import { STALE } from "@/lib/ui/api-query";
import { repsRequest, statesRequest } from "@/lib/ui/delivery/requests";
import { repCustomerIds } from "@/lib/ui/my-accounts";
import { agingRequests, customersRequests, invoicesRequests, openInvoicesRequests, TODAY_PAGES, TODAY_STALE } from "@/lib/ui/today/requests";
import { serverAnswer, serverWalk } from "../../_lib/prefetch";
import type { PrefetchRequest } from "../../_lib/streamed";

/** The rep's accounts' ids, from `/salesReps` (read once per render, whoever asks). */
export async function repAccounts(repId: number): Promise<number[]> {
  const reps = await serverAnswer({ request: repsRequest, staleTime: STALE.directory });
  const idList = reps ? repCustomerIds(reps.records, repId) : undefined;
  return idList ? idList.split(",").filter(Boolean).map(Number) : [];
}

/**
 * What a rep's Today and their accounts' list read, fetched on the server so the browser hydrates them: the reps, the
 * states, the accounts' records, aging and last 90 days' invoices, and the open invoices of the AR accounts the aging
 * names (read after it). The rep's account ids come with them (for the history's health).
 *
 * @example
 * const { ids, requests } = await todayPrefetch(1008, "2026-11-25");
 * <Prefetched requests={requests}>...</Prefetched>
 */
export async function todayPrefetch(repId: number, today: string): Promise<{ ids: number[]; requests: PrefetchRequest[] }> {
  const ids = await repAccounts(repId);
  const walk = (request: PrefetchRequest["request"], staleTime: number): PrefetchRequest => ({ request, staleTime, pages: TODAY_PAGES });
  const agings = await Promise.all(agingRequests(ids).map((request) => serverWalk({ request, staleTime: TODAY_STALE.aging, pages: TODAY_PAGES })));
  const arAccounts = [...new Set(agings.flatMap((a) => a?.records ?? []).flatMap((r) => (r.ARAccountID != null ? [r.ARAccountID] : [])))];
  return {
    ids,
    requests: [
      { request: repsRequest, staleTime: STALE.directory },
      { request: statesRequest, staleTime: STALE.reference },
      ...customersRequests(ids).map((r) => walk(r, TODAY_STALE.customers)),
      ...agingRequests(ids).map((r) => walk(r, TODAY_STALE.aging)),
      ...invoicesRequests(ids, today).map((r) => walk(r, TODAY_STALE.invoices)),
      ...openInvoicesRequests(arAccounts).map((r) => walk(r, TODAY_STALE.openInvoices)),
    ],
  };
}
