import { describe, expect, it } from "vitest";
import { bucketOf, isOutOfStock, stockBuckets } from "./stock-buckets";

describe("stock buckets: one reading of out of stock", () => {
  it.each([
    [{ InStock: false, InventoryBucket: "Out of Stock" }, "Out of Stock", true],
    [{ InStock: false, InventoryBucket: "< 1 Case" }, "< 1 Case", false],
    [{ InStock: true, InventoryBucket: "< 5 Cases" }, "< 5 Cases", false],
    [{ InStock: false }, "Out of Stock", true],
    [{ InStock: true }, undefined, false],
    [{ InventoryBucket: "Unknown" }, undefined, false],
  ])("%j is in %s (out of stock: %s)", (pair, bucket, out) => {
    expect(bucketOf(pair)).toBe(bucket);
    expect(isOutOfStock(pair)).toBe(out);
  });

  it("counts every bucket, zeros kept, and its Out of Stock count is the pairs isOutOfStock keeps", () => {
    const pairs = [
      { InStock: false, InventoryBucket: "Out of Stock" },
      { InStock: false, InventoryBucket: "< 1 Case" },
      { InStock: false },
      { InStock: true, InventoryBucket: "50+ Cases" },
    ];
    const counts = stockBuckets(pairs);
    expect([...counts.keys()]).toHaveLength(7);
    expect(counts.get("Out of Stock")).toBe(pairs.filter(isOutOfStock).length);
    expect(counts.get("Out of Stock")).toBe(2);
    expect(counts.get("< 1 Case")).toBe(1);
    expect(counts.get("< 50 Cases")).toBe(0);
  });
});
