import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { CustomerPricing } from "@/components/catalog/customer-pricing";
import { ListFilters } from "@/components/views/list-view";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { WHOLE_LIST_PAGES, walkRequest } from "@/lib/domain/views/whole-list";
import { PRICING_CUSTOMER } from "@/lib/ui/views/pricing";
import { NotForThisKey, PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";
import { Prefetched, TableSkeleton } from "../../_lib/streamed";

export const metadata: Metadata = { title: "Customer pricing · Backroom" };

/**
 * Customer pricing asks for the customer first: the documentation calls CustomerIDs required for `/customerPricing`,
 * so the page requests nothing until one is chosen. The title and the filters (the customer picker first) at once;
 * with a customer in the address, its prices are read whole on the server and streamed in. A Customer key
 * with one customer in scope has it chosen for it.
 */
export default async function Page({ searchParams }: PageProps<"/catalog/pricing">) {
  const view = LIST_VIEWS.customerPricing;
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  const chosen = typeof params[PRICING_CUSTOMER] === "string" && params[PRICING_CUSTOMER] !== "";
  const only = active.scope.customers?.length === 1 ? active.scope.customers[0] : undefined;
  if (!chosen && only) {
    const address = new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    );
    address.set(PRICING_CUSTOMER, String(only.id));
    redirect(`/catalog/pricing?${address.toString()}`);
  }
  return (
    <div className="space-y-4">
      <PageTitle title={view.title} intro={view.intro} />
      <ListFilters name="customerPricing" />
      {chosen ? (
        <Suspense fallback={<TableSkeleton label="Loading customer pricing" />}>
          <Prefetched
            requests={[{ request: walkRequest(view, params), staleTime: view.staleTime, pages: WHOLE_LIST_PAGES }]}
          >
            <CustomerPricing />
          </Prefetched>
        </Suspense>
      ) : (
        <CustomerPricing />
      )}
    </div>
  );
}
