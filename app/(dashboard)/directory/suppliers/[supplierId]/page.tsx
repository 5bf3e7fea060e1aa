import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { SupplierDetail } from "@/components/directory/supplier-detail";
import { STALE } from "@/lib/domain/api-query";
import { relatedRequest, relatedStaleTime, supplierLists } from "@/lib/ui/directory/related-lists";
import { supplierRequest } from "@/lib/ui/directory/requests";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey } from "../../../_lib/page-title";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Supplier · Backroom" };

/** One supplier, with its products, promotions, credit terms, vendors and payment types (those the key may call). */
export default async function SupplierPage({ params }: PageProps<"/directory/suppliers/[supplierId]">) {
  const [{ supplierId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "getSupplier")) return <NotForThisKey title="Suppliers" keyType={active.keyType} />;
  if (!/^\d{1,15}$/.test(supplierId)) notFound();
  const id = Number(supplierId);
  const lists = supplierLists(active.keyType, id);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the supplier" />}>
      <Prefetched
        requests={[
          { request: supplierRequest(id), staleTime: STALE.directory },
          ...lists.map((list) => ({ request: relatedRequest(list), staleTime: relatedStaleTime(list) })),
        ]}
      >
        <SupplierDetail supplierId={id} keyType={active.keyType} />
      </Prefetched>
    </Suspense>
  );
}
