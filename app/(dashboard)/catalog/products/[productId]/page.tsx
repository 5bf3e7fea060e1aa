import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { ProductDetail } from "@/components/catalog/product-detail";
import { STALE } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Product · Backroom" };

export default async function ProductPage({ params }: PageProps<"/catalog/products/[productId]">) {
  const [{ productId }, { active }] = await Promise.all([params, requireSession()]);
  if (!/^\d{1,15}$/.test(productId)) notFound();
  const id = Number(productId);
  const showBatches = mayCall(active.keyType, "listInventoryBatches");
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the product" />}>
      <Prefetched
        requests={[
        { request: { operation: "getProduct", path: { productID: id } }, staleTime: STALE.directory },
        { request: embeddedRequest(LIST_VIEWS.availableInventory, { ProductIDs: productId }), staleTime: STALE.working },
        ...(showBatches ? [{ request: embeddedRequest(LIST_VIEWS.batches, { ProductIDs: productId }), staleTime: STALE.working }] : []),
      ]}
      >
        <ProductDetail productId={id} showBatches={showBatches} />
      </Prefetched>
    </Suspense>
  );
}
