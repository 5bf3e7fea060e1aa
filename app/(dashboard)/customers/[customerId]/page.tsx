import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { pageRead } from "@/lib/domain/page-href";
import type { StoreDisputes } from "@/lib/domain/disputes/digest";
import { cookies } from "next/headers";
import { CustomerDetail, type CustomerReads } from "@/components/customers/customer-detail";
import { backend } from "@/lib/backend";
import { pageDisputes } from "@/lib/server/disputes/page-disputes";
import {
  accountOpenInvoicesRequest,
  accountPaymentsRequest,
  agingAccounts,
  customerAgingRequest,
  customerInvoicesRequest,
  customerUsersRequest,
} from "@/lib/domain/customers/customer-requests";
import { todayIn } from "@/lib/format/days";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { STALE } from "@/lib/domain/api-query";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import type { PageCredit } from "@/components/credit/customer-credit";
import { pageCredit } from "../../_lib/credit";
import { NotesPrefetched } from "../../_lib/notes-prefetched";
import { serverAnswer } from "../../_lib/prefetch";
import { DetailSkeleton, type PrefetchRequest, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Customer · Backroom" };

export default async function CustomerPage({ params, searchParams }: PageProps<"/customers/[customerId]">) {
  const [{ customerId }, query, { active }] = await Promise.all([params, searchParams, requireSession()]);
  const id = pageRead.customer(customerId);
  if (id === undefined) notFound();
  const effective: Record<string, string> =
    typeof query.EffectiveDate === "string" ? { EffectiveDate: query.EffectiveDate } : {};
  const reads: CustomerReads = {
    aging: mayCall(active.keyType, "listArAging"),
    openInvoices: mayCall(active.keyType, "listOpenInvoices"),
    payments: mayCall(active.keyType, "listPayments"),
    invoices: mayCall(active.keyType, "listInvoices"),
    users: mayCall(active.keyType, "listUsers"),
    creditTerms: mayCall(active.keyType, "listCustomerCreditTerms"),
    retailerInventory: mayCall(active.keyType, "listRetailerInventory"),
  };
  const today = todayIn(parseTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  // The summary's second round: the open invoices and payments of the AR accounts the aging names, asked here as soon
  // as the aging has answered, so the money comes with the page.
  const accountReads = async (): Promise<PrefetchRequest[]> => {
    if (!reads.aging || (!reads.openInvoices && !reads.payments)) return [];
    const aging = await serverAnswer({ request: customerAgingRequest(id), staleTime: STALE.working });
    const accounts = agingAccounts(aging?.records ?? []);
    if (accounts.length === 0) return [];
    return [
      ...(reads.openInvoices ? [{ request: accountOpenInvoicesRequest(accounts), staleTime: STALE.working }] : []),
      ...(reads.payments ? [{ request: accountPaymentsRequest(accounts), staleTime: STALE.working }] : []),
    ];
  };
  // The store's disputes (Backroom's database, the party rule on the store's record the page reads anyway), asked now
  // and awaited inside the stream: no request of the browser's, and the shell is not held for them.
  const disputes = pageDisputes(backend, id);
  // Its credit (the feature's services: the snapshot, the limit and the open lists for staff and the rep, the store's
  // own aging for the store), asked now beside them and awaited inside the stream too.
  const credit = pageCredit(id);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the customer" />}>
      <Prefetched
        then={accountReads}
        requests={[
          { request: { operation: "getCustomer", path: { customerID: id } }, staleTime: STALE.directory },
          // The summary's first round (its AR accounts' open invoices and payments follow: `accountReads`).
          ...(reads.aging ? [{ request: customerAgingRequest(id), staleTime: STALE.working }] : []),
          ...(reads.invoices ? [{ request: customerInvoicesRequest(id, today), staleTime: STALE.working }] : []),
          ...(reads.users ? [{ request: customerUsersRequest(id), staleTime: STALE.directory }] : []),
          ...(reads.creditTerms
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
          ...(reads.retailerInventory
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
          <WithDisputes disputes={disputes} credit={credit}>
            {(found, credited) => <CustomerDetail customerId={id} reads={reads} disputes={found} credit={credited} />}
          </WithDisputes>
        </NotesPrefetched>
      </Prefetched>
    </Suspense>
  );
}

/** Its children once the store's disputes and credit are read (undefined: no section). */
async function WithDisputes({
  disputes,
  credit,
  children,
}: {
  disputes: Promise<StoreDisputes | undefined>;
  credit: Promise<PageCredit | undefined>;
  children: (found: StoreDisputes | undefined, credited: PageCredit | undefined) => React.ReactNode;
}) {
  const [found, credited] = await Promise.all([disputes, credit]);
  return children(found, credited);
}
