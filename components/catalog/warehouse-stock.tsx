"use client";

import { EmbeddedList } from "@/components/views/embedded-list";

/** The warehouse inventory columns a product's page shows: where it is, what is free, and what is held back. */
export const WAREHOUSE_STOCK_COLUMNS = [
  "LocationID",
  "AvailableUnits",
  "OnFloorInventory",
  "PreSales",
  "Allocated",
  "NotAuthorized",
  "Inventory",
  "DOI",
];

/**
 * A product's stock in each warehouse (`/inventory?ProductIDs=id`; not for Customer keys), and beside it what its
 * Allocated and Not authorized columns mean, in a sentence each from the documentation's definitions, linking to the
 * product's allocations below.
 */
export function WarehouseStock({ productId }: { productId: number }) {
  return (
    <div className="space-y-2">
      <EmbeddedList
        name="inventory"
        query={{ ProductIDs: String(productId) }}
        title="Warehouse inventory"
        href={`/inventory?ProductIDs=${productId}`}
        columns={WAREHOUSE_STOCK_COLUMNS}
      />
      <dl className="grid max-w-4xl gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Allocated</dt>
        <dd>
          Units set aside for particular customers by{" "}
          <a className="link" href="#allocations">
            allocations
          </a>
          ; they are taken out of Available units, so no one else can order them.
        </dd>
        <dt className="font-semibold">Not authorized</dt>
        <dd>
          Yes means the product is reserved at that warehouse for specifically authorized accounts (see{" "}
          <a className="link" href="#allocations">
            Allocations
          </a>
          ); other accounts cannot order it there.
        </dd>
      </dl>
    </div>
  );
}
