import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PaymentsWorkspace } from "@/components/payments/payments-workspace";
import type { DataApiResult, RecordOf } from "@/lib/data-api/client";
import { apiQueryKey } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import {
  accountOf,
  accountsRequest,
  applicationsRequest,
  customersRequest,
  openInvoicesRequest,
  PAYMENTS_STALE,
  paymentsRequest,
  statusesOf,
} from "@/lib/ui/payments/requests";
import { NotForThisKey, PageTitle } from "../_lib/list-page";
import { prefetched } from "../_lib/prefetch";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Payments · Backroom" };

/**
 * Payments: an AR account's payments and credit, its open invoices, the allocation form, and the payment
 * applications. The accounts to choose from come first (they name the account when the address has none and the key
 * has one), then the account's three lists side by side, so the page paints with its data.
 */
export default async function PaymentsPage({ searchParams }: PageProps<"/payments">) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listPayments")) return <NotForThisKey title="Payments" keyType={active.keyType} />;
  const state = await prefetched([{ request: accountsRequest, staleTime: PAYMENTS_STALE }]);
  const key = JSON.stringify(apiQueryKey(accountsRequest));
  const open = (state.queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.data as DataApiResult<RecordOf<"listOpenInvoices">> | undefined)?.records ?? [];
  const accounts = [...new Set(open.flatMap((i) => (i.ARAccountID != null ? [i.ARAccountID] : [])))];
  const account = accountOf(params) ?? (accounts.length === 1 ? accounts[0] : undefined);
  const names = customersRequest(open.flatMap((i) => (i.CustomerID != null ? [i.CustomerID] : [])));
  const more = await prefetched([
    ...(names && mayCall(active.keyType, "listCustomers") ? [{ request: names, staleTime: PAYMENTS_STALE }] : []),
    ...(account === undefined
      ? []
      : [
          { request: paymentsRequest(account), staleTime: PAYMENTS_STALE },
          { request: openInvoicesRequest(account), staleTime: PAYMENTS_STALE },
          { request: applicationsRequest(account, statusesOf(params)), staleTime: PAYMENTS_STALE },
        ]),
  ]);
  state.queries.push(...more.queries);
  const mayAllocate = mayCall(active.keyType, "createPaymentApplication");
  return (
    <div className="space-y-4">
      <PageTitle
        title="Payments"
        intro={
          mayAllocate
            ? "Payments received, the credit each has left, and the open invoices it can pay. Allocate a payment's credit to one or more invoices; each allocation is a request the ERP confirms later."
            : "Payments received, the credit each has left, open invoices and payment applications. Supplier keys may not request allocations: the Data API answers 403."
        }
      />
      <HydrationBoundary state={state}>
        <PaymentsWorkspace mayAllocate={mayAllocate} anyAccount={active.keyType !== "Customer"} />
      </HydrationBoundary>
    </div>
  );
}
