"use client";

import { EmbeddedList } from "@/components/views/embedded-list";

interface RetailerInventoryListProps {
  /** Whose shelves: one customer's (its products) or one product's (the customers stocking it). */
  filter: "CustomerIDs" | "ProductIDs";
  id: number;
}

/** The columns by filter: the other side of the pair first, then stock, sales and days of cover. */
const COLUMNS = {
  CustomerIDs: ["ProductID", "Inventory", "DailySales", "DaysOfCover", "LastInventoryDate"],
  ProductIDs: ["CustomerID", "Inventory", "DailySales", "DaysOfCover", "LastInventoryDate"],
} as const;

/**
 * Retailer inventory on a customer's or a product's page (`/retailerInventory` by CustomerIDs or ProductIDs): stock
 * on the shelf, daily sales and days of cover, with what days of cover means. The request is the list view's
 * embedded one (`embeddedRequest`), which the page prefetches.
 */
export function RetailerInventoryList({ filter, id }: RetailerInventoryListProps) {
  return (
    <div className="space-y-1">
      <EmbeddedList
        name="retailerInventory"
        query={{ [filter]: String(id) }}
        title="Retailer inventory"
        href={`/inventory/retailers?${filter}=${id}`}
        columns={[...COLUMNS[filter]]}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Days of cover is the inventory divided by daily sales: how many days the shelf lasts at its rate of sale; —
        where sales are zero or not reported, or the shelf was never counted.
      </p>
    </div>
  );
}
