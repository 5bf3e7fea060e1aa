import "server-only";
import { STALE } from "@/lib/domain/api-query";
import {
  CUSTOMER_PAGES,
  customersRequest,
  DELIVERY_STALE,
  type DeliveryParams,
  repsRequest,
  statesRequest,
} from "@/lib/domain/delivery/requests";
import { scheduleFallbackRequest } from "@/lib/domain/delivery/schedule-fallback";
import { SCHEDULE_CUSTOMER_FIELDS } from "@/lib/domain/delivery/schedule";
import type { PrefetchRequest } from "./streamed";
import { serverAnswer, serverWalk } from "./prefetch";

/**
 * What the delivery schedule reads on the server, as the delivery-days page and the staff overview's deliveries card
 * read it in the browser (`useDeliverySchedule`): the customers walked (every page up to 3,000, the schedule's fields
 * of each), the states, the sales
 * reps when asked, side by side; then, and only then, the schedules that sparse records left out.
 *
 * @example
 * <Prefetched requests={() => deliveryPrefetch(deliveryParams({}), false)}>...</Prefetched>
 */
export async function deliveryPrefetch(params: DeliveryParams, withReps: boolean): Promise<PrefetchRequest[]> {
  const customers = {
    request: customersRequest(params),
    staleTime: DELIVERY_STALE,
    pages: CUSTOMER_PAGES,
    fields: SCHEDULE_CUSTOMER_FIELDS,
  };
  const states = { request: statesRequest, staleTime: STALE.reference };
  const reps = withReps ? [{ request: repsRequest, staleTime: STALE.directory }] : [];
  const [walked] = await Promise.all([
    serverWalk(customers),
    serverAnswer(states),
    ...reps.map((r) => serverAnswer(r)),
  ]);
  const fallback = walked ? scheduleFallbackRequest(walked.records, params) : undefined;
  return [
    customers,
    states,
    ...reps,
    ...(fallback ? [{ request: fallback, staleTime: DELIVERY_STALE, pages: CUSTOMER_PAGES }] : []),
  ];
}
