import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { PromotionDetail } from "@/components/catalog/promotion-detail";
import { STALE } from "@/lib/domain/api-query";
import {
  findPromotion,
  idList,
  PROMOTION_PAGES,
  promotionProductIds,
  promotionsRequest,
} from "@/lib/ui/directory/promotion";
import { promotionProductsList, relatedRequest, relatedStaleTime } from "@/lib/ui/directory/related-lists";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey } from "../../../_lib/page-title";
import { serverWalk } from "../../../_lib/prefetch";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Product promotion · Backroom" };

/**
 * One product promotion and its products. `?SupplierIDs=` (when a link knows the supplier) narrows the list the
 * promotion is found in.
 */
export default async function PromotionPage({
  params,
  searchParams,
}: PageProps<"/catalog/product-promotions/[promotionId]">) {
  const [{ promotionId }, query, { active }] = await Promise.all([params, searchParams, requireSession()]);
  if (!mayCall(active.keyType, "listPromotionProducts"))
    return <NotForThisKey title="Product promotions" keyType={active.keyType} />;
  if (!/^\d{1,15}$/.test(promotionId)) notFound();
  const supplierIds = idList(query.SupplierIDs);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the promotion" />}>
      <Prefetched
        requests={async () => {
          // The promotion first (found in the list), then its products, in the same render.
          const walk = { request: promotionsRequest(supplierIds), staleTime: STALE.directory, pages: PROMOTION_PAGES };
          const walked = await serverWalk(walk);
          const lookup = walked ? findPromotion(walked, Number(promotionId)) : undefined;
          const lists = lookup?.state === "found" ? promotionProductsList(promotionProductIds(lookup.promotion)) : [];
          // A failed walk is not run again here (the browser asks, and shows the failure with a retry).
          return [
            ...(walked ? [walk] : []),
            ...lists.map((list) => ({ request: relatedRequest(list), staleTime: relatedStaleTime(list) })),
          ];
        }}
      >
        <PromotionDetail promotionId={Number(promotionId)} supplierIds={supplierIds} />
      </Prefetched>
    </Suspense>
  );
}
