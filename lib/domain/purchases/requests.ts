import type { RecordOf } from "@/lib/data-api/client";
import type { ApiRequest } from "@/lib/domain/api-query";

/**
 * What the purchase-order editor reads, as requests the query cache shares with the rest of the dashboard (the
 * supplier and warehouse lists are the filters' lookups, byte for byte). The catalog's walk, which reads through the
 * browser's client, is lib/ui/purchases/catalog-query.ts.
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
