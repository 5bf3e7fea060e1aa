"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import { RequestError } from "@/components/table/request-error";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { RetailerInventoryList } from "./retailer-inventory-list";
import { WarehouseStock } from "./warehouse-stock";

interface ProductDetailProps {
  productId: number;
  /** What the key may read (asked of the registry by the page): batches and warehouse inventory are not for Customer keys. */
  showBatches: boolean;
  showInventory: boolean;
  showRetailerInventory: boolean;
}

/**
 * One product whole: its image and every field, where it is in stock (availability, and for keys that may see it the
 * warehouse inventory with what Allocated and Not authorized mean), the retailers' shelves with days of cover, and (for
 * keys that may see them) its batches. Its allocations follow, streamed by the page (`ProductAllocations`).
 */
export function ProductDetail({ productId, showBatches, showInventory, showRetailerInventory }: ProductDetailProps) {
  const product = useQuery(
    apiQueryOptions(browserApi, { operation: "getProduct", path: { productID: productId } }, STALE.directory),
  );
  if (product.error)
    return <RequestError error={product.error} onRetry={() => void product.refetch()} what="this product" />;
  const row = product.data?.records[0];
  if (!row) return <p aria-busy="true">Loading product {productId}…</p>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{row.ProductName ?? `Product ${productId}`}</h1>
      <StaleNote of={[product.data]} />
      <div className="flex flex-col gap-6 md:flex-row">
        {row.FullSizeImageURL && (
          // eslint-disable-next-line @next/next/no-img-element -- product images come from the API's own hosts, any of them.
          <img
            src={row.FullSizeImageURL}
            alt={row.ProductName ?? "Product"}
            width={240}
            height={240}
            className="h-60 w-60 rounded object-cover"
          />
        )}
        <RecordFacts
          row={row}
          columns={LIST_VIEWS.products.columns}
          skip={["ThumbnailImageURL", "FullSizeImageURL", "ProductName"]}
        />
      </div>
      <EmbeddedList
        name="availableInventory"
        query={{ ProductIDs: String(productId) }}
        title="Availability"
        href={`/inventory/available?ProductIDs=${productId}`}
      />
      {showInventory && <WarehouseStock productId={productId} />}
      {showRetailerInventory && <RetailerInventoryList filter="ProductIDs" id={productId} />}
      {showBatches && (
        <EmbeddedList
          name="batches"
          query={{ ProductIDs: String(productId) }}
          title="Batches"
          href={`/inventory/batches?ProductIDs=${productId}`}
        />
      )}
    </div>
  );
}
