import { may } from "@/lib/session/roles";
import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import type { KeyType } from "@/lib/data-api/operation";
import { PaymentsWorkspace } from "@/components/payments/payments-workspace";
import { namesInScope } from "@/lib/domain/key-scope";
import { accountsOfOpenInvoices } from "@/lib/ui/overview/requests";
import { mayCall } from "@/lib/domain/navigation";
import type { SessionKey } from "@/lib/session/session-view";
import {
  accountOf,
  accountRequests,
  accountsRequest,
  customersRequest,
  PAYMENTS_STALE,
  workspaceFiltersOf,
} from "@/lib/ui/payments/requests";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { prefetched, serverAnswer } from "../_lib/prefetch";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "Payments · Backroom" };

/** The workspace's data, streamed in after the page's title (the accounts first, then the account's three lists). */
async function Workspace({
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

/**
 * Payments: an AR account's payments and credit, its open invoices, the allocation form, and the payment
 * applications. The accounts to choose from come first (they name the account when the address has none and the key
 * has one), then the account's three lists side by side, so the page paints with its data.
 */
export default async function PaymentsPage({ searchParams }: PageProps<"/payments">) {
  const [{ active, view }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listPayments")) return <NotForThisKey title="Payments" keyType={active.keyType} />;
  // The key's type caps what the role allows: both must.
  const keyMay = mayCall(active.keyType, "createPaymentApplication");
  const mayAllocate = keyMay && may(view.role, { payments: ["allocate"] });
  return (
    <div className="space-y-4">
      <PageTitle
        title="Payments"
        intro={
          mayAllocate
            ? "Payments received, the credit each has left, and the open invoices it can pay. Allocate a payment's credit to one or more invoices; each allocation is a request the ERP confirms later."
            : keyMay
              ? "Payments received, the credit each has left, open invoices and payment applications. Your role in this workspace does not allocate payments: owners, admins and accounts do."
              : "Payments received, the credit each has left, open invoices and payment applications. Supplier keys may not request allocations: the Data API answers 403."
        }
      />
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading payments" />}>
        <Workspace
          keyType={active.keyType}
          customers={active.scope.customers}
          params={params}
          mayAllocate={mayAllocate}
        />
      </Suspense>
    </div>
  );
}
