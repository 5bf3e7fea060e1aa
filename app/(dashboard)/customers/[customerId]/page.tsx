import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { pageRead } from "@/lib/domain/page-href";
import { CustomerDetail } from "@/components/customers/customer-detail";
import { STALE } from "@/lib/domain/api-query";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import { NotesPrefetched } from "../../_lib/notes-prefetched";
import { DetailSkeleton, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Customer · Backroom" };

export default async function CustomerPage({ params, searchParams }: PageProps<"/customers/[customerId]">) {
  const [{ customerId }, query, { active }] = await Promise.all([params, searchParams, requireSession()]);
  const id = pageRead.customer(customerId);
  if (id === undefined) notFound();
  const effective: Record<string, string> =
    typeof query.EffectiveDate === "string" ? { EffectiveDate: query.EffectiveDate } : {};
  const showCreditTerms = mayCall(active.keyType, "listCustomerCreditTerms");
  const showRetailerInventory = mayCall(active.keyType, "listRetailerInventory");
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the customer" />}>
      <Prefetched
        requests={[
          { request: { operation: "getCustomer", path: { customerID: id } }, staleTime: STALE.directory },
          ...(showCreditTerms
            ? [
                {
                  request: embeddedRequest(LIST_VIEWS.customerCreditTerms, { CustomerIDs: customerId }),
                  staleTime: STALE.directory,
                },
              ]
            : []),
          {
            request: embeddedRequest(LIST_VIEWS.customerPricing, { CustomerIDs: customerId, ...effective }),
            staleTime: STALE.directory,
          },
          // The schedule, and the states whose cut-off rules time its deliveries (the same answer the delivery-days page reads).
          { request: customerScheduleRequest(id), staleTime: STALE.directory },
          { request: statesRequest, staleTime: STALE.reference },
          ...(showRetailerInventory
            ? [
                {
                  request: embeddedRequest(LIST_VIEWS.retailerInventory, { CustomerIDs: customerId }),
                  staleTime: LIST_VIEWS.retailerInventory.staleTime,
                },
              ]
            : []),
        ]}
      >
        <NotesPrefetched of={{ customerId: id }}>
          <CustomerDetail
            customerId={id}
            showCreditTerms={showCreditTerms}
            showRetailerInventory={showRetailerInventory}
          />
        </NotesPrefetched>
      </Prefetched>
    </Suspense>
  );
}
