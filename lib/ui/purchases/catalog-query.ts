/**
 * The catalog the purchase-order editor offers, walked through the browser's client: the one read of the editor's
 * requests (lib/domain/purchases/requests.ts) that runs only in the browser.
 */
import type { RecordOf } from "@/lib/data-api/client";
import { PRODUCT_STATUSES } from "@/lib/data-api/values";
import { apiWalkOptions, STALE, type Walked } from "@/lib/domain/api-query";
import type { CatalogProduct } from "@/lib/domain/purchases/draft";
import { browserApi } from "@/lib/ui/browser-api";

/** Every status but Discontinued (0): the ERP refuses discontinued products on a purchase order. */
const ORDERABLE = "1,2,3,4,5";
/** Pages of 500 walked at most: 2,000 products, past the largest catalog seen (778). */
const MAX_CATALOG_PAGES = 4;

/**
 * The products a purchase order to a warehouse may carry: the supplier's, sold in the warehouse's state, not
 * discontinued. Walked page by page (at most four pages of 500).
 */
export function catalogQuery(supplierId: number | undefined, state: string | undefined) {
  const walk = apiWalkOptions(
    browserApi,
    { operation: "listProducts", query: { SupplierIDs: String(supplierId), States: state ?? "", Statuses: ORDERABLE } },
    STALE.directory,
    MAX_CATALOG_PAGES,
  );
  return {
    ...walk,
    enabled: supplierId !== undefined && state !== undefined,
    select: catalogOf,
  };
}

/** The catalog as the editor uses it. One function for every render: react-query then keeps its answer (and the grid's memoized rows theirs). */
function catalogOf(walked: Walked<RecordOf<"listProducts">>): { products: CatalogProduct[]; complete: boolean } {
  return {
    complete: walked.complete,
    products: walked.records.flatMap((p) =>
      p.ProductID == null
        ? []
        : [
            {
              productId: p.ProductID,
              name: p.ProductName ?? `Product ${p.ProductID}`,
              supplierProductNumber: p.SupplierProductNumber ?? undefined,
              unitsPerCase: p.WholesaleUnitsPerCase ?? undefined,
              packageName: p.PackageName ?? undefined,
              state: p.State ?? undefined,
              status:
                p.StatusID == null
                  ? undefined
                  : (PRODUCT_STATUSES[p.StatusID as keyof typeof PRODUCT_STATUSES] ?? `Status ${p.StatusID}`),
            },
          ],
    ),
  };
}
