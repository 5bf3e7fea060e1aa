import type { RecordOf } from "@/lib/data-api/client";
import { type ApiRequest, apiWalkOptions, STALE, type Walked } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { PRODUCT_STATUSES } from "@/lib/data-api/values";
import type { CatalogProduct } from "./draft";

/**
 * What the purchase-order editor reads, as requests the query cache shares with the rest of the dashboard (the
 * supplier and warehouse lists are the filters' lookups, byte for byte).
 */

export type Vendor = RecordOf<"listVendors">;
export type Purchase = RecordOf<"getPurchaseV2">;

export const suppliersRequest: ApiRequest<"listSuppliers"> = { operation: "listSuppliers", query: { PageSize: "500" } };
export const locationsRequest: ApiRequest<"listLocations"> = { operation: "listLocations", query: { PageSize: "500" } };

/** A supplier's vendors: a row per vendor and destination warehouse. */
export function vendorsRequest(supplierId: number): ApiRequest<"listVendors"> {
  return { operation: "listVendors", query: { SupplierIDs: String(supplierId), PageSize: "500" } };
}

/** One purchase with its lines (a draft's, or the ERP's posted lines). */
export function purchaseRequest(purchaseId: string): ApiRequest<"getPurchaseV2"> {
  return { operation: "getPurchaseV2", path: { purchaseID: purchaseId } };
}

/**
 * The products on a purchase's lines (`lineProductIds`), by id: every status (the API ignores Statuses with
 * ProductIDs). The very request the tables' product names make (`LOOKUPS.ProductIDs`), so one answer serves both.
 */
export function lineProductsRequest(ids: readonly number[]): ApiRequest<"listProducts"> {
  return { operation: "listProducts", query: { ProductIDs: ids.join(","), PageSize: "500" } };
}

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

/** The vendors of a supplier, one entry per vendor id (a vendor has a row per destination warehouse). */
export function vendorChoices(rows: Vendor[]): { vendorId: number; name: string; locations: number[] }[] {
  const byId = new Map<number, { vendorId: number; name: string; locations: number[] }>();
  for (const row of rows) {
    if (row.VendorID == null) continue;
    const entry = byId.get(row.VendorID) ?? {
      vendorId: row.VendorID,
      name: row.VendorName ?? `Vendor ${row.VendorID}`,
      locations: [],
    };
    if (row.LocationID != null && !entry.locations.includes(row.LocationID)) entry.locations.push(row.LocationID);
    byId.set(row.VendorID, entry);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.vendorId - b.vendorId);
}
