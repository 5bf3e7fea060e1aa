"use client";

import { type QueryKey, useQueries, useQuery } from "@tanstack/react-query";
import type { RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import { type ApiRequest, apiQueryOptions, apiWalkOptions, STALE, type Walked } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { repsRequest, statesRequest } from "@/lib/ui/delivery/requests";
import { scheduleFallbackRequest, withSchedules } from "@/lib/ui/delivery/schedule-fallback";
import { repCustomerIds } from "@/lib/ui/my-accounts";
import { type Answered, oldestStale } from "@/lib/ui/stale";
import { agingRequests, customersRequests, invoicesRequests, openInvoicesRequests, TODAY_PAGES, TODAY_STALE } from "./requests";
import { NOTES_MAX_CUSTOMERS, type NoteJson } from "@/lib/ui/notes/note-rules";
import { notesQueryOptions } from "@/lib/ui/notes/notes-query";
import type { TodayInput } from "./today";

/** The latest notes of each account kept with Today: the last visit's on its card, three on its page offline. */
const NOTES_PER_ACCOUNT = 3;

/** Several walks of one list (its id batches) as one: every record, complete when each is, the oldest stale note. */
function useWalks<K extends OperationId>(requests: ApiRequest<K>[], staleTime: number, enabled = true) {
  return useQueries({
    queries: requests.map((request) => ({ ...apiWalkOptions(browserApi, request, staleTime, TODAY_PAGES), enabled })),
    combine: (results) => ({
      data: results.length && results.every((r) => r.data) ? ({ records: results.flatMap((r) => r.data!.records), complete: results.every((r) => r.data!.complete), requests: 0, stale: oldestStale(results.map((r) => r.data!.stale)) } satisfies Walked<RecordOf<K>>) : undefined,
      error: results.find((r) => r.error)?.error ?? null,
      isPending: results.some((r) => r.isPending),
      dataUpdatedAt: results.length ? Math.min(...results.map((r) => r.dataUpdatedAt)) : 0,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/** One list, read or not: what a section of Today needs to say it is loading, failed, or how old it is. */
export interface TodayList {
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
  data?: Answered;
}

/**
 * What a rep's Today reads, in the browser (the server has fetched the first round: the browser hydrates it). The rep's
 * accounts come from `/salesReps`; then, side by side, their records, the states, the aging, the last 90 days' invoices;
 * then the open invoices of the AR accounts the aging named and, where records came without schedules, their
 * `/deliveryDays`. `today` is the viewer's day (the invoices' StartDate, so the server's prefetch asks the same).
 */
export function useToday(repId: number, today: string) {
  const reps = useQuery(apiQueryOptions(browserApi, repsRequest, STALE.directory));
  const rep = reps.data?.records.find((r) => r.UserID === repId);
  const idList = reps.data ? repCustomerIds(reps.data.records, repId) : undefined;
  const ids = idList ? idList.split(",").filter(Boolean).map(Number) : [];
  const customers = useWalks(customersRequests(ids), TODAY_STALE.customers);
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));
  const aging = useWalks(agingRequests(ids), TODAY_STALE.aging);
  const invoices = useWalks(invoicesRequests(ids, today), TODAY_STALE.invoices);
  const arAccounts = [...new Set((aging.data?.records ?? []).flatMap((r) => (r.ARAccountID != null ? [r.ARAccountID] : [])))];
  const openInvoices = useWalks(openInvoicesRequests(arAccounts), TODAY_STALE.openInvoices, aging.data !== undefined);
  const fallback = customers.data ? scheduleFallbackRequest(customers.data.records, {}) : undefined;
  const schedules = useQuery({ ...apiQueryOptions(browserApi, fallback ?? { operation: "listDeliveryDays" }, STALE.directory), enabled: fallback !== undefined });

  // The accounts' latest visit notes (Backroom's own: no request to the API), for the cards and the week kept offline.
  const notesOf = { customerIds: ids.slice(0, NOTES_MAX_CUSTOMERS), latest: NOTES_PER_ACCOUNT };
  const notes = useQuery({ ...notesQueryOptions(notesOf), enabled: ids.length > 0 });
  // Every query Today reads: what "Save for offline" keeps.
  const walkKey = (request: ApiRequest) => apiWalkOptions(browserApi, request, 0, TODAY_PAGES).queryKey;
  const queryKeys: QueryKey[] = [
    apiQueryOptions(browserApi, repsRequest, 0).queryKey,
    apiQueryOptions(browserApi, statesRequest, 0).queryKey,
    ...[...customersRequests(ids), ...agingRequests(ids), ...invoicesRequests(ids, today), ...openInvoicesRequests(arAccounts)].map(walkKey),
    ...(fallback ? [apiQueryOptions(browserApi, fallback, 0).queryKey] : []),
    notesQueryOptions(notesOf).queryKey,
  ];
  const notesByCustomer = new Map<number, NoteJson[]>();
  for (const note of notes.data?.notes ?? []) notesByCustomer.set(note.customerId, [...(notesByCustomer.get(note.customerId) ?? []), note]);
  const lists: Record<"reps" | "customers" | "states" | "aging" | "invoices" | "openInvoices", TodayList> = { reps, customers, states, aging, invoices, openInvoices };
  // The model's input once the lists it cannot do without are in (the aging's open invoices only once there is an aging).
  const ready = customers.data && states.data && aging.data && invoices.data && (arAccounts.length === 0 || openInvoices.data) && (!fallback || schedules.data || schedules.error);
  const input: Omit<TodayInput, "now" | "health"> | undefined = ready
    ? {
        customerIds: ids,
        customers: withSchedules(customers.data!.records, schedules.data?.records ?? []),
        states: states.data!.records,
        aging: aging.data!.records,
        openInvoices: arAccounts.length ? openInvoices.data!.records : [],
        invoices: invoices.data!.records,
      }
    : undefined;
  // When the oldest of what is shown was read (a week restored from the device: when it was saved).
  const read = [reps, customers, states, aging, invoices].map((l) => l.dataUpdatedAt).filter((t) => t > 0);
  const asOf = read.length ? Math.min(...read) : undefined;
  return { asOf, notesByCustomer, customerRecords: customers.data?.records, rep, reps, unknownRep: reps.data !== undefined && rep === undefined, ids, lists, input, queryKeys, schedulesUnread: schedules.error !== null };
}
