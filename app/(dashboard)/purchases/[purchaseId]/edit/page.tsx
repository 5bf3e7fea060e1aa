import { may } from "@/lib/session/roles";
import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { PurchaseEditor } from "@/components/purchases/purchase-editor";
import { DraftsNeedV2 } from "@/components/purchases/v1-notice";
import { V2MissingWatch } from "@/components/purchases/v2-missing-watch";
import { STALE } from "@/lib/domain/api-query";
import { mayCall } from "@/lib/domain/navigation";
import { purchaseRequest } from "@/lib/domain/purchases/requests";
import { NotForThisKey, NotForThisRole } from "../../../_lib/page-title";
import { purchasesV2MayGoMissing, purchasesV2State } from "../../../_lib/purchases-v2";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Edit purchase order · Backroom" };

/** A saved draft in the editor (read-only, with a link to its page, once it is no longer a draft). */
export default async function EditPurchasePage({ params }: PageProps<"/purchases/[purchaseId]/edit">) {
  const [{ purchaseId }, { active, view }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "updatePurchase"))
    return <NotForThisKey title="Purchase orders" keyType={active.keyType} />;
  if (!may(view.role, { purchases: ["write"] }))
    return <NotForThisRole title="Purchase order" role={view.role!} doing="draft or submit purchase orders" />;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(purchaseId)) notFound();
  // Drafts are v2's alone: without it, say so rather than offer an editor that would fail.
  const v2 = await purchasesV2State(active);
  if (v2 !== "available") return <DraftsNeedV2 title="Edit purchase order" reason={v2} />;
  // The shell at once; the page's data streams in when its requests have answered.
  const page = (
    <Suspense fallback={<DetailSkeleton label="Loading the purchase order" />}>
      <Prefetched requests={[{ request: purchaseRequest(purchaseId), staleTime: STALE.working }]}>
        <PurchaseEditor purchaseId={purchaseId} />
      </Prefetched>
    </Suspense>
  );
  // In auto, a draft's read that meets a service without v2 renders this page again: drafts need v2.
  return (await purchasesV2MayGoMissing()) ? <V2MissingWatch>{page}</V2MissingWatch> : page;
}
