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
import { byWeekday, SCHEDULE_CUSTOMER_FIELDS, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { scheduleFallbackRequest, unknownSchedules, withSchedules } from "@/lib/domain/delivery/schedule-fallback";
import { localDay } from "@/lib/format/days";
import { browserApi } from "@/lib/ui/browser-api";

/**
 * The delivery schedule for an address's filters: the customers walked (every state, or the chosen states when the walk
 * stopped at its limit), the schedules a sparse record left out, the states and reps, grouped by weekday (`byWeekday`),
 * and today on the clock of the states in view. What the delivery-days page shows and the staff overview counts, read
 * the same way, so a day's count on the overview is the rows the page lists for it.
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
  // Grouped anew each render: a few milliseconds for 3,000 customers, and always on the current day.
  const days = byWeekday(
    walked,
    stateList,
    reps.data?.records ?? [],
    { states: params.states?.split(","), rep: params.rep, q: params.q },
    now,
  );
  // The states in view: those filtered to, else those the customers are in.
  const inView = stateList.filter((s) =>
    params.states
      ? params.states.split(",").includes(s.StateAbbreviation ?? "")
      : [...days.values()].some((rows) => rows.some((r) => r.state === s.StateAbbreviation)),
  );
  const today = localDay(now, inView[0]?.TimeZone ?? "UTC");
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
    days,
    inView,
    today,
  };
}
