import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { pageRead } from "@/lib/domain/page-href";
import { PurchaseDetail } from "@/components/purchases/purchase-detail";
import { PurchaseDetailV1 } from "@/components/purchases/purchase-detail-v1";
import { V1OnlyNotice } from "@/components/purchases/v1-notice";
import { V2MissingWatch } from "@/components/purchases/v2-missing-watch";
import { STALE } from "@/lib/domain/api-query";
import { mayCall } from "@/lib/domain/navigation";
import { purchaseRequest } from "@/lib/domain/purchases/requests";
import {
  MAX_LINE_PAGES,
  purchaseLinesV1Request,
  purchaseV1Request,
  type V1Reason,
} from "@/lib/ui/purchases/v1-purchases";
import { NotForThisKey } from "../../_lib/page-title";
import { purchasesV2MayGoMissing, purchasesV2State } from "../../_lib/purchases-v2";
import { DetailSkeleton, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Purchase · Backroom" };

/** One purchase by its global id (drafts, and posted purchases all their life) or its numeric ERP id. */
export default async function PurchasePage({ params }: PageProps<"/purchases/[purchaseId]">) {
  const [{ purchaseId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "getPurchaseV2")) return <NotForThisKey title="Purchases" keyType={active.keyType} />;
  if (pageRead.purchase(purchaseId) === undefined) notFound();
  const v2 = await purchasesV2State(active);
  if (v2 !== "available") return <PostedPurchasePage purchaseId={purchaseId} reason={v2} />;
  // The shell at once; the page's data streams in when its requests have answered.
  const page = (
    <Suspense fallback={<DetailSkeleton label="Loading the purchase" />}>
      <Prefetched requests={[{ request: purchaseRequest(purchaseId), staleTime: STALE.working }]}>
        <PurchaseDetail purchaseId={purchaseId} />
      </Prefetched>
    </Suspense>
  );
  // In auto, a service without v2 (its 404, confirmed by a list read) renders this page again, from v1.
  return (await purchasesV2MayGoMissing()) ? <V2MissingWatch>{page}</V2MissingWatch> : page;
}

/** Without the v2 endpoints: a posted purchase from v1, by its ERP id, with its lines. */
function PostedPurchasePage({ purchaseId, reason }: { purchaseId: string; reason: V1Reason }) {
  // v1 reads a purchase by its numeric ERP id only; a global id (a draft's, or a link made while v2 answered) it cannot.
  if (!/^\d{1,15}$/.test(purchaseId)) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight">Purchase {purchaseId}</h1>
        <V1OnlyNotice reason={reason} />
        <p className="text-sm">
          This address names the purchase by its global id, which only the v2 endpoints resolve: v1 finds a purchase by
          its numeric ERP id.{" "}
          <Link className="link" href="/purchases">
            See the posted purchases
          </Link>
          .
        </p>
      </div>
    );
  }
  const id = Number(purchaseId);
  return (
    <div className="space-y-4">
      <V1OnlyNotice reason={reason} />
      <Suspense fallback={<DetailSkeleton label="Loading the purchase" />}>
        <Prefetched
          requests={[
            { request: purchaseV1Request(id), staleTime: STALE.working },
            { request: purchaseLinesV1Request(id), staleTime: STALE.working, pages: MAX_LINE_PAGES },
          ]}
        >
          <PurchaseDetailV1 purchaseId={id} />
        </Prefetched>
      </Suspense>
    </div>
  );
}
