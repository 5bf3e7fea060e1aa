import type { Metadata } from "next";
import { Suspense } from "react";
import { DeliveryDays } from "@/components/delivery/delivery-days";
import { STALE } from "@/lib/ui/api-query";
import { CUSTOMER_PAGES, customersRequest, DELIVERY_STALE, deliveryParams, repsRequest, statesRequest } from "@/lib/ui/delivery/requests";
import { mayCall } from "@/lib/ui/navigation";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { TableSkeleton, Prefetched } from "../_lib/streamed";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Delivery days · Backroom" };

/**
 * Delivery days: which customers get deliveries on which weekday, and by when an order must be placed for the next
 * one, in each state's own time zone. The title at once; the customers (every state's, every page up to 3,000), the
 * states and the sales reps are fetched on the server side by side, and the week streams in with its data. Choosing a
 * state, a rep, a name or a day then happens in the browser, from what was walked.
 */
export default async function DeliveryDaysPage({ searchParams }: PageProps<"/delivery-days">) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listCustomers")) return <NotForThisKey title="Delivery days" keyType={active.keyType} />;
  const parsed = deliveryParams(params);
  const withReps = mayCall(active.keyType, "listSalesReps");
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <div className="space-y-5">
      <PageTitle
        title="Delivery days"
        intro="Which customers get deliveries on which day, and by when an order must be placed to make the next one. Cut-offs are on each state's own clock."
      />
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
    </div>
  );
}
