import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import type { KeyType } from "@/lib/data-api/operation";
import { accountInvoices, accountsFromOpenInvoices, type AgingRow } from "@/lib/ui/ar-aging/aging";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { ArAgingReport } from "@/components/ar-aging/ar-aging-report";
import { accountInvoicesRequest, AGING_STALE, agingRequest, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/ui/ar-aging/requests";
import { STALE } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { prefetched, serverAnswer } from "../_lib/prefetch";
import { myAccounts } from "../_lib/my-accounts";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "AR aging · Backroom" };

/**
 * The report's data, streamed in after the page's title: the aging, the customers' and suppliers' names and the key's
 * open invoices side by side (one round trip); then, only when the open invoices do not name every account (a key
 * with more than 500 of them), the invoices that do.
 */
async function AgingReport({ keyType, params }: { keyType: KeyType; params: Awaited<PageProps<"/ar-aging">["searchParams"]> }) {
  const aging = { request: agingRequest(params), staleTime: AGING_STALE };
  const customers = { request: customersLookup, staleTime: LOOKUP_STALE };
  const open = { request: accountsRequest, staleTime: STALE.working };
  const state = await prefetched([
    aging,
    ...(mayCall(keyType, "listCustomers") ? [customers] : []),
    ...(mayCall(keyType, "listSuppliers") ? [{ request: suppliersLookup, staleTime: LOOKUP_STALE }] : []),
    ...(mayCall(keyType, "listOpenInvoices") ? [open] : []),
  ]);
  // The answers as fetched (absent if one failed: the browser asks again and shows the error).
  const [rows, openInvoices, names] = await Promise.all([serverAnswer(aging), mayCall(keyType, "listOpenInvoices") ? serverAnswer(open) : undefined, mayCall(keyType, "listCustomers") ? serverAnswer(customers) : undefined]);
  const picked = accountInvoices((rows?.records ?? []) as AgingRow[]);
  const customersById = new Map((names?.records ?? []).flatMap((c) => (c.CustomerID != null && c.CustomerName ? [[c.CustomerID, c.CustomerName] as const] : [])));
  const named = accountsFromOpenInvoices(openInvoices?.records, openInvoices !== undefined && !openInvoices.paging?.hasNextPage, customersById, picked.values());
  const byInvoice = rows && !named && mayCall(keyType, "listInvoices") ? accountInvoicesRequest(picked.keys()) : undefined;
  if (byInvoice) state.queries.push(...(await prefetched([{ request: byInvoice, staleTime: AGING_STALE }])).queries);
  return (
    <HydrationBoundary state={state}>
      <ArAgingReport />
    </HydrationBoundary>
  );
}

/**
 * The AR aging report: the aging for the URL's filters (first 500 rows) with the names of its accounts and suppliers,
 * fetched on the server, so the report paints with its chart, table and names instead of a spinner.
 */
export default async function ArAgingPage({ searchParams }: PageProps<"/ar-aging">) {
  const view = LIST_VIEWS.arAging;
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  const note = await myAccounts("/ar-aging", params);
  return (
    <div className="space-y-4">
      <PageTitle
        title={view.title}
        intro="What each AR account owes, per supplier, by how long it is past due. Select any amount to list the invoices behind it."
      />
      {note}
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading the AR aging report" />}>
        <AgingReport keyType={active.keyType} params={params} />
      </Suspense>
    </div>
  );
}
