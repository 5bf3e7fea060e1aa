import type { Metadata } from "next";
import { Suspense } from "react";
import { DeliveryDays } from "@/components/delivery/delivery-days";
import { STALE } from "@/lib/ui/api-query";
import { CUSTOMER_PAGES, customersRequest, DELIVERY_STALE, deliveryParams, repsRequest, statesRequest } from "@/lib/ui/delivery/requests";
import { mayCall } from "@/lib/ui/navigation";
import { NotForThisKey } from "../_lib/list-page";
import { TableSkeleton, Prefetched } from "../_lib/streamed";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Delivery days · Backroom" };

/**
 * Delivery days: which customers get deliveries on which weekday, and by when an order must be placed for the next
 * one, in each state's own time zone. The customers (every page, up to 3,000), the states and the sales reps are
 * fetched on the server, so the week paints with its data.
 */
export default async function DeliveryDaysPage({ searchParams }: PageProps<"/delivery-days">) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listCustomers")) return <NotForThisKey title="Delivery days" keyType={active.keyType} />;
  const parsed = deliveryParams(params);
  const withReps = mayCall(active.keyType, "listSalesReps");
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<TableSkeleton label="Loading delivery days" />}>
      <Prefetched
        requests={[
        { request: customersRequest(parsed), staleTime: DELIVERY_STALE, pages: CUSTOMER_PAGES },
        { request: statesRequest, staleTime: STALE.reference },
        ...(withReps ? [{ request: repsRequest, staleTime: STALE.directory }] : []),
      ]}
      >
        <DeliveryDays withReps={withReps} />
      </Prefetched>
    </Suspense>
  );
}
