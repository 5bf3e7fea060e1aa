import { isDataApiError } from "@/lib/data-api/data-api-error";
import { backroomJson } from "@/lib/ui/backroom-json";
import { reconnect } from "@/lib/ui/browser-api";
import { TODAY_DATA_STALE } from "@/lib/domain/today/today-data";
import type { RepDaySettings, TodayPlan, TodayPlanWeek } from "@/lib/domain/today/plan/plan-json";

/** What a plan is asked with: the rep, the day, and the rep's choices (from the page's address). */
export interface PlanAsk {
  rep: number;
  date: string;
  stops?: number;
  add?: readonly number[];
  remove?: readonly number[];
  /** The phone's position, when the rep asks to start there: to a thousandth of a degree (about 100 m). */
  from?: { lat: number; lon: number };
}

/** `GET /api/today/plan`'s query for an ask. */
export function planSearch({ rep, date, stops, add, remove, from }: PlanAsk): string {
  const q = new URLSearchParams({ rep: String(rep), date });
  if (from) q.set("from", `${from.lat.toFixed(3)},${from.lon.toFixed(3)}`);
  if (stops !== undefined) q.set("stops", String(stops));
  if (add?.length) q.set("add", add.join(","));
  if (remove?.length) q.set("remove", remove.join(","));
  return q.toString();
}

/**
 * react-query options for a rep's plan of the day in the browser: `GET /api/today/plan`, one request to Backroom
 * (which reads Today's lists and the visits). Kept as Today's answer is (the same staleness).
 *
 * @example
 * useQuery(planQueryOptions({ rep: 1006, date: "2026-11-26", stops: 8 }));
 */
export function planQueryOptions(ask: PlanAsk) {
  const search = planSearch(ask);
  return {
    queryKey: ["backroom", "today-plan", search] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TodayPlan> => {
      try {
        return await backroomJson<TodayPlan>("GET", `/api/today/plan?${search}`, { signal });
      } catch (error) {
        if (isDataApiError(error) && error.status === 401) reconnect();
        throw error;
      }
    },
    staleTime: TODAY_DATA_STALE,
  };
}

/** react-query options for the member's working day (`GET /api/today/plan/settings`). */
export function daySettingsQueryOptions() {
  return {
    queryKey: ["backroom", "today-plan-settings"] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      backroomJson<RepDaySettings>("GET", "/api/today/plan/settings", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * react-query options for a rep's week by areas in the browser: `GET /api/today/plan/week`, the five days in one
 * request (Backroom reads the lists once). Kept as Today's answer is.
 *
 * @example
 * useQuery(planWeekQueryOptions({ rep: 1006, weekOf: "2026-11-30" }));
 */
export function planWeekQueryOptions({ rep, weekOf }: { rep: number; weekOf: string }) {
  const search = new URLSearchParams({ rep: String(rep), weekOf }).toString();
  return {
    queryKey: ["backroom", "today-plan-week", search] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TodayPlanWeek> => {
      try {
        return await backroomJson<TodayPlanWeek>("GET", `/api/today/plan/week?${search}`, { signal });
      } catch (error) {
        if (isDataApiError(error) && error.status === 401) reconnect();
        throw error;
      }
    },
    staleTime: TODAY_DATA_STALE,
  };
}
