import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import type { KeyType } from "@/lib/data-api/operation";
import { accountInvoices, type AgingRow } from "@/lib/ui/ar-aging/aging";
import { ArAgingReport } from "@/components/ar-aging/ar-aging-report";
import { accountInvoicesRequest, AGING_STALE, agingRequest, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/ui/ar-aging/requests";
import type { DataApiResult } from "@/lib/data-api/client";
import { apiQueryKey } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { NotForThisKey, PageTitle } from "../_lib/list-page";
import { prefetched } from "../_lib/prefetch";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "AR aging · Backroom" };

/** The report's data, streamed in after the page's title (two round trips: the aging, then its accounts' invoices). */
async function AgingReport({ keyType, params }: { keyType: KeyType; params: Awaited<PageProps<"/ar-aging">["searchParams"]> }) {
  const aging = agingRequest(params);
  const state = await prefetched([
    { request: aging, staleTime: AGING_STALE },
    ...(mayCall(keyType, "listCustomers") ? [{ request: customersLookup, staleTime: LOOKUP_STALE }] : []),
    ...(mayCall(keyType, "listSuppliers") ? [{ request: suppliersLookup, staleTime: LOOKUP_STALE }] : []),
  ]);
  // The aging as fetched (absent if it failed: the browser asks again and shows the error).
  const key = JSON.stringify(apiQueryKey(aging));
  const rows = (state.queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.data as DataApiResult<AgingRow> | undefined)?.records;
  const names = rows && mayCall(keyType, "listInvoices") ? accountInvoicesRequest(accountInvoices(rows).keys()) : undefined;
  if (names) state.queries.push(...(await prefetched([{ request: names, staleTime: AGING_STALE }])).queries);
  return (
    <HydrationBoundary state={state}>
      <ArAgingReport />
    </HydrationBoundary>
  );
}

/**
 * The AR aging report: the aging for the URL's filters (first 500 rows) and the customer and supplier lookups, fetched
 * on the server side by side, then the invoices that name the AR accounts' customers (they depend on the aging), so
 * the report paints with its chart, table and names instead of a spinner.
 */
export default async function ArAgingPage({ searchParams }: PageProps<"/ar-aging">) {
  const view = LIST_VIEWS.arAging;
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  return (
    <div className="space-y-4">
      <PageTitle
        title={view.title}
        intro="What each AR account owes, per supplier, by how long it is past due. Select any amount to list the invoices behind it."
      />
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading the AR aging report" />}>
        <AgingReport keyType={active.keyType} params={params} />
      </Suspense>
    </div>
  );
}
