"use client";

import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions, apiWalkOptions, STALE } from "@/lib/domain/api-query";
import {
  CUSTOMER_PAGES,
  customersRequest,
  DELIVERY_STALE,
  type DeliveryParams,
  repsRequest,
  stateCustomersRequest,
  statesRequest,
} from "@/lib/domain/delivery/requests";
import { SCHEDULE_CUSTOMER_FIELDS, type ScheduleState, scheduleRows } from "@/lib/domain/delivery/schedule";
import { scheduleFallbackRequest, unknownSchedules, withSchedules } from "@/lib/domain/delivery/schedule-fallback";
import { addDays, localDay } from "@/lib/format/days";
import { browserApi } from "@/lib/ui/browser-api";

/**
 * The delivery schedule for an address's filters: the customers walked (every state, or the chosen states when the walk
 * stopped at its limit), the schedules a sparse record left out, the states and reps, each customer's delivery dates
 * after the filters (`scheduleRows`), today on the clock of the states in view and the seven days from it (`week`).
 * What the delivery-days page shows and the staff overview counts, read the same way: a date's count on the overview
 * is `deliveriesOn` of these rows, the rows the page lists for that date.
 */
export function useDeliverySchedule(params: DeliveryParams, withReps: boolean) {
  const everyState = useQuery(
    apiWalkOptions(browserApi, customersRequest(params), DELIVERY_STALE, CUSTOMER_PAGES, SCHEDULE_CUSTOMER_FIELDS),
  );
  const chosen = stateCustomersRequest(params);
  const partial = everyState.data !== undefined && !everyState.data.complete;
  const byState = useQuery({
    ...apiWalkOptions(
      browserApi,
      chosen ?? customersRequest(params),
      DELIVERY_STALE,
      CUSTOMER_PAGES,
      SCHEDULE_CUSTOMER_FIELDS,
    ),
    enabled: partial && chosen !== undefined,
  });
  const customers = partial && chosen ? byState : everyState;
  // Sparse records: customers sent without their schedule have it read from /deliveryDays, and only those.
  const fallback = customers.data ? scheduleFallbackRequest(customers.data.records, params) : undefined;
  const schedules = useQuery({
    ...apiWalkOptions(browserApi, fallback ?? { operation: "listDeliveryDays" }, DELIVERY_STALE, CUSTOMER_PAGES),
    enabled: fallback !== undefined,
  });
  const walked =
    fallback && schedules.data
      ? withSchedules(customers.data?.records ?? [], schedules.data.records)
      : (customers.data?.records ?? []);
  const unknown = customers.data ? unknownSchedules(walked, params) : 0;
  const loading = customers.isPending || (fallback !== undefined && schedules.isPending);
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));
  const reps = useQuery({ ...apiQueryOptions(browserApi, repsRequest, STALE.directory), enabled: withReps });
  const stateList = (states.data?.records ?? []) as ScheduleState[];
  const now = new Date();
  // Made anew each render: a few milliseconds for 3,000 customers, and always on the current day.
  const rows = scheduleRows(
    walked,
    stateList,
    reps.data?.records ?? [],
    { states: params.states?.split(","), rep: params.rep, q: params.q },
    now,
  );
  // The states in view: those filtered to, else those the customers are in.
  const present = new Set(rows.map((r) => r.state));
  const inView = stateList.filter((s) =>
    params.states
      ? params.states.split(",").includes(s.StateAbbreviation ?? "")
      : present.has(s.StateAbbreviation ?? undefined),
  );
  const today = localDay(now, inView[0]?.TimeZone ?? "UTC");
  const week = Array.from({ length: 7 }, (_, i) => addDays(today, i));
  return {
    everyState,
    byState,
    customers,
    chosen,
    fallback,
    schedules,
    unknown,
    loading,
    states,
    reps,
    stateList,
    now,
    rows,
    inView,
    today,
    week,
  };
}
