/**
 * Available inventory by bucket (`/availableInventory`: a product at a warehouse, `InventoryBucket` in cases): one
 * reading of "out of stock" for the brand's overview (its figure and its table) and the list the figure opens. Pure.
 */
import { INVENTORY_BUCKETS } from "@/lib/data-api/values";

export type InventoryBucket = (typeof INVENTORY_BUCKETS)[number];

/** What the rules read of an available-inventory record (every field may be missing). */
export interface AvailablePair {
  InStock?: boolean | null;
  InventoryBucket?: string | null;
}

/** Every bucket, largest stock first. */
export const INVENTORY_BUCKET_LIST: readonly InventoryBucket[] = INVENTORY_BUCKETS;

/** The bucket that means nothing is available now. */
export const OUT_OF_STOCK: InventoryBucket = "Out of Stock";

/**
 * A pair's bucket: the one the API names; a record sent without one that says it is not in stock is out of stock;
 * undefined otherwise. A "< 1 Case" pair is not out of stock, though a case-only product there cannot be ordered
 * (InStock false): it has units left.
 *
 * @example
 * bucketOf({ InStock: false, InventoryBucket: "< 1 Case" }); // "< 1 Case"
 * bucketOf({ InStock: false }); // "Out of Stock"
 */
export function bucketOf(pair: AvailablePair): InventoryBucket | undefined {
  const named = INVENTORY_BUCKETS.find((b) => b === pair.InventoryBucket);
  if (named) return named;
  return pair.InStock === false && !pair.InventoryBucket ? OUT_OF_STOCK : undefined;
}

/**
 * Whether a pair is out of stock: its bucket is "Out of Stock" (`bucketOf`). The overview's figure, its table's row
 * and the list it opens count the same pairs.
 *
 * @example
 * isOutOfStock({ InStock: false, InventoryBucket: "Out of Stock" }); // true
 */
export function isOutOfStock(pair: AvailablePair): boolean {
  return bucketOf(pair) === OUT_OF_STOCK;
}

/**
 * How many pairs are in each bucket, every bucket listed (largest stock first, zeros kept).
 *
 * @example
 * stockBuckets(records).get("Out of Stock"); // 13
 */
export function stockBuckets(pairs: readonly AvailablePair[]): Map<InventoryBucket, number> {
  const counts = new Map<InventoryBucket, number>(INVENTORY_BUCKETS.map((b) => [b, 0]));
  for (const pair of pairs) {
    const bucket = bucketOf(pair);
    if (bucket) counts.set(bucket, counts.get(bucket)! + 1);
  }
  return counts;
}

/**
 * The list figure of a bucket (`/inventory/available?figure=`): "out-of-stock", "under-5-cases", "50-plus-cases".
 *
 * @example
 * bucketFigure("< 5 Cases"); // "under-5-cases"
 */
export function bucketFigure(bucket: InventoryBucket): string {
  return bucket
    .toLowerCase()
    .replace("<", "under")
    .replace("+", "-plus")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
