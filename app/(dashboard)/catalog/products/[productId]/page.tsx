import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { ProductAllocations } from "@/components/catalog/product-allocations";
import { ProductDetail } from "@/components/catalog/product-detail";
import { STALE } from "@/lib/domain/api-query";
import { mayCall } from "@/lib/domain/navigation";
import { supplierAllocationsRequest } from "@/lib/ui/stock/product-allocations";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { embeddedRequest } from "@/lib/ui/views/list-view-spec";
import { serverAnswer } from "../../../_lib/prefetch";
import { DetailSkeleton, Prefetched, type PrefetchRequest, TableSkeleton } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Product · Backroom" };

export default async function ProductPage({ params }: PageProps<"/catalog/products/[productId]">) {
  const [{ productId }, { active }] = await Promise.all([params, requireSession()]);
  if (!/^\d{1,15}$/.test(productId)) notFound();
  const id = Number(productId);
  const showBatches = mayCall(active.keyType, "listInventoryBatches");
  const showInventory = mayCall(active.keyType, "listInventory");
  const showRetailerInventory = mayCall(active.keyType, "listRetailerInventory");
  const showAllocations = mayCall(active.keyType, "listAllocations");
  // The shell at once; the page's data streams in when its requests have answered. The allocations wait for the
  // product's supplier (the API lists them by supplier, not by product): a region of their own, started with the
  // others (the product is asked once for both), so neither waits for the other's lists.
  return (
    <div className="space-y-6">
      <Suspense fallback={<DetailSkeleton label="Loading the product" />}>
        <Prefetched
          requests={[
            { request: productRequest(id), staleTime: STALE.directory },
            {
              request: embeddedRequest(LIST_VIEWS.availableInventory, { ProductIDs: productId }),
              staleTime: STALE.working,
            },
            ...(showInventory
              ? [
                  {
                    request: embeddedRequest(LIST_VIEWS.inventory, { ProductIDs: productId }),
                    staleTime: STALE.working,
                  },
                ]
              : []),
            ...(showRetailerInventory
              ? [
                  {
                    request: embeddedRequest(LIST_VIEWS.retailerInventory, { ProductIDs: productId }),
                    staleTime: STALE.working,
                  },
                ]
              : []),
            ...(showBatches
              ? [{ request: embeddedRequest(LIST_VIEWS.batches, { ProductIDs: productId }), staleTime: STALE.working }]
              : []),
          ]}
        >
          <ProductDetail
            productId={id}
            showBatches={showBatches}
            showInventory={showInventory}
            showRetailerInventory={showRetailerInventory}
          />
        </Prefetched>
      </Suspense>
      {showAllocations && (
        <Suspense fallback={<TableSkeleton rows={3} label="Loading the allocations" />}>
          <Prefetched requests={() => allocationRequests(id)}>
            <ProductAllocations productId={id} />
          </Prefetched>
        </Suspense>
      )}
    </div>
  );
}

const productRequest = (id: number) => ({ operation: "getProduct" as const, path: { productID: id } });

/** The product and its supplier's allocations (the product's answer is the render's: asked once for the whole page). */
async function allocationRequests(productId: number): Promise<PrefetchRequest[]> {
  const product = { request: productRequest(productId), staleTime: STALE.directory };
  const supplierId = (await serverAnswer(product))?.records[0]?.SupplierID;
  return supplierId == null
    ? [product]
    : [product, { request: supplierAllocationsRequest(supplierId), staleTime: LIST_VIEWS.allocations.staleTime }];
}
