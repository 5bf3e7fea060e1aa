import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { PurchaseEditor } from "@/components/purchases/purchase-editor";
import { STALE } from "@/lib/ui/api-query";
import { mayCall } from "@/lib/ui/navigation";
import { purchaseRequest } from "@/lib/ui/purchases/requests";
import { NotForThisKey } from "../../../_lib/page-title";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Edit purchase order · Backroom" };

/** A saved draft in the editor (read-only, with a link to its page, once it is no longer a draft). */
export default async function EditPurchasePage({ params }: PageProps<"/purchases/[purchaseId]/edit">) {
  const [{ purchaseId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "updatePurchase")) return <NotForThisKey title="Purchase orders" keyType={active.keyType} />;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(purchaseId)) notFound();
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the purchase order" />}>
      <Prefetched
        requests={[{ request: purchaseRequest(purchaseId), staleTime: STALE.working }]}
      >
        <PurchaseEditor purchaseId={purchaseId} />
      </Prefetched>
    </Suspense>
  );
}
