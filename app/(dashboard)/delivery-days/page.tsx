import type { Metadata } from "next";
import { Suspense } from "react";
import { DeliveryDays } from "@/components/delivery/delivery-days";
import { deliveryParams } from "@/lib/domain/delivery/requests";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { deliveryPrefetch } from "../_lib/delivery-prefetch";
import { TableSkeleton, Prefetched } from "../_lib/streamed";
import { myAccounts } from "../_lib/my-accounts";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Delivery days · Backroom" };

/**
 * Delivery days: which customers get a delivery on each of the next seven days (the API's dates), and by when an
 * order must be placed for it, in each state's own time zone. The title at once; the customers (every state's, every page up to 3,000), the
 * states and the sales reps are fetched on the server side by side, and the week streams in with its data. Customers
 * whose records come without their schedule (sparse records) have it read from /deliveryDays, then and only then.
 * Choosing a state, a rep, a name or a date then happens in the browser, from what was walked.
 */
export default async function DeliveryDaysPage({ searchParams }: PageProps<"/delivery-days">) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listCustomers"))
    return <NotForThisKey title="Delivery days" keyType={active.keyType} />;
  const parsed = deliveryParams(params);
  const withReps = mayCall(active.keyType, "listSalesReps");
  const note = await myAccounts("/delivery-days", params);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <div className="space-y-5">
      <PageTitle
        title="Delivery days"
        intro="Which customers get a delivery on each of the next seven days, as the API dates them, and by when an order must be placed to make it. Cut-offs are on each state's own clock."
      />
      {note}
      <Suspense fallback={<TableSkeleton label="Loading delivery days" />}>
        <Prefetched requests={() => deliveryPrefetch(parsed, withReps)}>
          <DeliveryDays withReps={withReps} />
        </Prefetched>
      </Suspense>
    </div>
  );
}
