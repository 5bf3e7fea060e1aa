import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { PurchaseDetail } from "@/components/purchases/purchase-detail";
import { STALE } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import { purchaseRequest } from "@/lib/ui/purchases/requests";
import { NotForThisKey } from "../../_lib/page-title";
import { DetailSkeleton, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Purchase · Backroom" };

/** One purchase by its global id (drafts, and posted purchases all their life) or its numeric ERP id. */
export default async function PurchasePage({ params }: PageProps<"/purchases/[purchaseId]">) {
  const [{ purchaseId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "getPurchaseV2")) return <NotForThisKey title="Purchases" keyType={active.keyType} />;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(purchaseId)) notFound();
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the purchase" />}>
      <Prefetched
        requests={[{ request: purchaseRequest(purchaseId), staleTime: STALE.working }]}
      >
        <PurchaseDetail purchaseId={purchaseId} />
      </Prefetched>
    </Suspense>
  );
}
