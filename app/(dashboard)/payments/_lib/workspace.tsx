import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { PaymentsWorkspace } from "@/components/payments/payments-workspace";
import type { KeyType } from "@/lib/data-api/operation";
import { namesInScope } from "@/lib/domain/key-scope";
import { mayCall } from "@/lib/domain/navigation";
import type { SessionKey } from "@/lib/session/session-view";
import { accountsOfOpenInvoices } from "@/lib/ui/overview/requests";
import {
  accountOf,
  accountRequests,
  accountsRequest,
  customersRequest,
  PAYMENTS_STALE,
  workspaceFiltersOf,
} from "@/lib/ui/payments/requests";
import { prefetched, serverAnswer } from "../../_lib/prefetch";

/** The workspace's data, streamed in after the page's title (the accounts first, then the account's three lists). */
export async function Workspace({
  keyType,
  customers,
  params,
  mayAllocate,
}: {
  keyType: KeyType;
  customers: SessionKey["scope"]["customers"];
  params: Awaited<PageProps<"/payments">["searchParams"]>;
  mayAllocate: boolean;
}) {
  // The account's lists under the address's filters: the very requests the page reads (a reload keeps the filters).
  const filters = workspaceFiltersOf(params);
  const lists = (account: number) => {
    const requests = accountRequests(account, filters, keyType);
    return [requests.payments, requests.openInvoices, requests.applications].map((request) => ({
      request,
      staleTime: PAYMENTS_STALE,
    }));
  };
  // An account named in the address: its lists start with the accounts, not after them (one round trip, not two).
  const named = accountOf(params);
  const accountsList = { request: accountsRequest, staleTime: PAYMENTS_STALE };
  const [answer, early] = await Promise.all([
    serverAnswer(accountsList),
    prefetched(named === undefined ? [] : lists(named)),
  ]);
  const open = answer?.records ?? [];
  const accounts = accountsOfOpenInvoices(open);
  const single = named === undefined && accounts.length === 1 ? accounts[0] : undefined;
  const customerIds = open.flatMap((i) => (i.CustomerID != null ? [i.CustomerID] : []));
  // A Customer key's customers are named by the session (the browser names them the same way).
  const names = namesInScope(customers, customerIds) ? undefined : customersRequest(customerIds);
  // The accounts' list is the render's answer already: prefetched again, it is only handed on.
  const state = await prefetched([
    accountsList,
    ...(names && mayCall(keyType, "listCustomers") ? [{ request: names, staleTime: PAYMENTS_STALE }] : []),
    ...(single === undefined ? [] : lists(single)),
  ]);
  state.queries.push(...early.queries);
  return (
    <HydrationBoundary state={state}>
      <PaymentsWorkspace mayAllocate={mayAllocate} anyAccount={keyType !== "Customer"} />
    </HydrationBoundary>
  );
}
