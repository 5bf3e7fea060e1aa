import "server-only";
import {
  accountOpenInvoicesRequest,
  accountPaymentsRequest,
  agingAccounts,
  customerAgingRequest,
  customerInvoicesRequest,
  customerUsersRequest,
} from "@/lib/domain/customers/customer-requests";
import type { CustomerReads } from "@/components/customers/customer-detail";
import { STALE } from "@/lib/domain/api-query";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { mayCall } from "@/lib/domain/navigation";
import type { KeyType } from "@/lib/data-api/operation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import { serverAnswer } from "../../../_lib/prefetch";
import type { PrefetchRequest } from "../../../_lib/streamed";

/** What the customer's page reads, by what the key may call. */
export function customerReads(keyType: KeyType): CustomerReads {
  return {
    aging: mayCall(keyType, "listArAging"),
    openInvoices: mayCall(keyType, "listOpenInvoices"),
    payments: mayCall(keyType, "listPayments"),
    invoices: mayCall(keyType, "listInvoices"),
    users: mayCall(keyType, "listUsers"),
    creditTerms: mayCall(keyType, "listCustomerCreditTerms"),
    retailerInventory: mayCall(keyType, "listRetailerInventory"),
  };
}

/**
 * The summary's second round: the open invoices and payments of the AR accounts the aging names, asked as soon as the
 * aging has answered, so the money comes with the page.
 */
export async function accountReads(id: number, reads: CustomerReads): Promise<PrefetchRequest[]> {
  if (!reads.aging || (!reads.openInvoices && !reads.payments)) return [];
  const aging = await serverAnswer({ request: customerAgingRequest(id), staleTime: STALE.working });
  const accounts = agingAccounts(aging?.records ?? []);
  if (accounts.length === 0) return [];
  return [
    ...(reads.openInvoices ? [{ request: accountOpenInvoicesRequest(accounts), staleTime: STALE.working }] : []),
    ...(reads.payments ? [{ request: accountPaymentsRequest(accounts), staleTime: STALE.working }] : []),
  ];
}

/** The page's first round of requests: the customer, its summary's first reads, its lists, schedule and states. */
export function customerRequests({
  id,
  customerId,
  reads,
  today,
  effective,
}: {
  id: number;
  customerId: string;
  reads: CustomerReads;
  today: string;
  effective: Record<string, string>;
}): PrefetchRequest[] {
  return [
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
  ];
}
