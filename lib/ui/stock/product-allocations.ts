import type { DataApiResult, RecordOf } from "@/lib/data-api/client";
import type { ApiRequest } from "@/lib/domain/api-query";

/**
 * A product's allocations. `/allocations` takes CustomerIDs, SupplierIDs and States but no ProductIDs, so the product
 * page reads one page of 500 of the product's supplier's allocations and keeps the product's rows: one request, and
 * the page says so when the supplier has more allocations than that page holds.
 */

type Allocation = RecordOf<"listAllocations">;

/** Allocations read at most: one page of the API's largest size. */
export const ALLOCATIONS_PAGE_SIZE = 500;

/**
 * The request for a supplier's allocations: its first page of 500.
 *
 * @example
 * supplierAllocationsRequest(101); // { operation: "listAllocations", query: { SupplierIDs: "101", Page: "1", PageSize: "500" } }
 */
export function supplierAllocationsRequest(supplierId: number): ApiRequest<"listAllocations"> {
  return {
    operation: "listAllocations",
    query: { SupplierIDs: String(supplierId), Page: "1", PageSize: String(ALLOCATIONS_PAGE_SIZE) },
  };
}

export interface ProductAllocations {
  /** The product's rows, by start date then allocation and customer. */
  rows: Allocation[];
  /** How many allocation rows of the supplier were read. */
  read: number;
  /** True when the supplier's list has more pages than the one read: the product may have allocations not shown. */
  more: boolean;
}

/**
 * The rows of one product out of a page of its supplier's allocations (a row without a ProductID is not the
 * product's), and whether the list went on past that page.
 *
 * @example
 * productAllocations(page, 10042); // { rows: [{ AllocationID: 7002, ProductID: 10042, ... }], read: 37, more: false }
 */
export function productAllocations(
  page: Pick<DataApiResult<Allocation>, "records" | "paging"> | undefined,
  productId: number,
): ProductAllocations {
  const records = page?.records ?? [];
  const rows = records
    .filter((a) => a.ProductID === productId)
    .sort(
      (a, b) =>
        (a.StartDate ?? "").localeCompare(b.StartDate ?? "") ||
        (a.AllocationID ?? 0) - (b.AllocationID ?? 0) ||
        (a.CustomerID ?? 0) - (b.CustomerID ?? 0),
    );
  return { rows, read: records.length, more: page?.paging?.hasNextPage ?? false };
}
