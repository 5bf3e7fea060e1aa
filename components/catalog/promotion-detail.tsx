"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { RecordFailure, RecordLoading, RecordMissing } from "@/components/views/record-states";
import { apiWalkOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { findPromotion, PROMOTION_PAGES, promotionProductIds, promotionsRequest } from "@/lib/ui/directory/promotion";
import { promotionProductsList } from "@/lib/ui/directory/related-lists";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";

/**
 * One product promotion, found in the promotion list (the API has no read of one promotion, and no PromotionIDs
 * filter): its facts, and the products it names, each linked. `supplierIds` (from the address) narrows the list read.
 */
export function PromotionDetail({ promotionId, supplierIds }: { promotionId: number; supplierIds?: string }) {
  const walk = useQuery(apiWalkOptions(browserApi, promotionsRequest(supplierIds), STALE.directory, PROMOTION_PAGES));
  const title = `Promotion ${promotionId}`;
  if (walk.error)
    return (
      <RecordFailure
        title={title}
        error={walk.error}
        onRetry={() => void walk.refetch()}
        what="the product promotions"
      />
    );
  if (!walk.data) return <RecordLoading label={`Loading promotion ${promotionId}…`} />;
  const lookup = findPromotion(walk.data, promotionId);
  if (lookup.state !== "found") {
    const read = walk.data.records.length.toLocaleString("en-US");
    return (
      <RecordMissing title={title}>
        <p>
          {lookup.state === "absent"
            ? `Not found: promotion ${promotionId} is not among the ${read} product promotions this key sees${supplierIds ? " for the suppliers chosen" : ""}.`
            : `Not among the first ${read} product promotions read. Open it from the promotions list filtered by its supplier.`}
        </p>
        <Link className="link" prefetch={false} href="/catalog/product-promotions">
          All product promotions
        </Link>
      </RecordMissing>
    );
  }
  const promotion = lookup.promotion;
  const productIds = promotionProductIds(promotion);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{promotion.PromotionName || title}</h1>
        <StaleNote of={[walk.data]} />
        <Link className="link text-sm" prefetch={false} href="/catalog/product-promotions">
          All product promotions
        </Link>
      </div>
      <RecordFacts
        row={promotion}
        columns={LIST_VIEWS.productPromotions.columns}
        skip={["PromotionName", "ProductIDs"]}
      />
      {productIds ? (
        promotionProductsList(productIds).map((list) => (
          <EmbeddedList
            key={list.name}
            name={list.name}
            query={list.query}
            title={list.title}
            href={list.href}
            columns={list.columns}
          />
        ))
      ) : (
        <section aria-labelledby="promotion-products" className="space-y-2">
          <h2 id="promotion-products" className="text-lg font-semibold">
            Products
          </h2>
          <p className="text-sm">
            {promotion.AllProducts
              ? "Every product of its supplier, in the promotion's states: the API lists no products for such a promotion."
              : "The API lists no products for this promotion."}
          </p>
        </section>
      )}
    </div>
  );
}
