"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { SpecTable } from "@/components/table/spec-table";
import { StaleNote } from "@/components/table/stale-note";
import { RequestError } from "@/components/table/request-error";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { productAllocations, supplierAllocationsRequest } from "@/lib/ui/stock/product-allocations";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";

type Row = Record<string, unknown>;

/** The allocation columns a product's page shows (the product is the page's own). */
const SHOWN = ["AllocationID", "CustomerID", "Units", "StartDate", "EndDate", "AllocationTypeID"];
const columns = SHOWN.map((id) => LIST_VIEWS.allocations.columns.find((c) => c.id === id)).filter(
  (c) => c !== undefined,
) as unknown as ColumnSpec<Row>[];

/**
 * A product's allocations: `/allocations` has no ProductIDs filter, so the first 500 of its supplier's allocations are
 * read (`SupplierIDs`, the product record's SupplierID) and the product's rows kept; when the supplier has more, the
 * page says so and links the full list. The section is the target of the warehouse inventory's links (#allocations).
 */
export function ProductAllocations({ productId }: { productId: number }) {
  const product = useQuery(
    apiQueryOptions(browserApi, { operation: "getProduct", path: { productID: productId } }, STALE.directory),
  );
  const supplierId = product.data?.records[0]?.SupplierID ?? undefined;
  const request = supplierId == null ? undefined : supplierAllocationsRequest(supplierId);
  const page = useQuery({
    ...apiQueryOptions(browserApi, request ?? supplierAllocationsRequest(0), LIST_VIEWS.allocations.staleTime),
    enabled: request !== undefined,
  });
  const { rows, read, more } = productAllocations(page.data, productId);
  const supplier = product.data?.records[0]?.Supplier ?? (supplierId == null ? undefined : `supplier ${supplierId}`);
  // The page above says why the product could not be read; nothing to add here.
  if (product.error) return null;

  return (
    <section id="allocations" aria-labelledby="allocations-heading" className="scroll-mt-4 space-y-2">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="allocations-heading" className="text-lg font-semibold">
          Allocations
        </h2>
        {supplierId != null && (
          <Link className="link text-sm" prefetch={false} href={`/inventory/allocations?SupplierIDs=${supplierId}`}>
            See the supplier&apos;s allocations
          </Link>
        )}
        <StaleNote as="span" of={[page.data]} />
      </div>
      <p className="max-w-4xl text-sm text-slate-700 dark:text-slate-300">
        Units of this product reserved for particular customers. While an allocation runs (from its start date to its
        end date), its units count in the warehouse&apos;s Allocated and are not available to other customers.
      </p>
      {product.data && supplierId == null ? (
        <p className="text-sm">
          The product&apos;s record names no supplier, so its allocations cannot be looked up (the API lists allocations
          by supplier or customer, not by product).
        </p>
      ) : page.error ? (
        <RequestError error={page.error} onRetry={() => void page.refetch()} what="allocations" />
      ) : (
        <SpecTable
          label="Allocations"
          columns={columns}
          rows={rows as unknown as Row[]}
          rowKey={(row, index) => LIST_VIEWS.allocations.rowKey(row as never, index)}
          busy={page.isFetching}
        >
          {page.isPending && <p className="p-3 text-sm">Loading…</p>}
          {page.data && rows.length === 0 && !more && <p className="p-3 text-sm">None.</p>}
          {page.data && more && (
            <p className="p-3 text-sm">
              Read from the first {read.toLocaleString("en-US")} allocations of {supplier}: the supplier has more, so
              this product may have others. See the supplier&apos;s allocations for them all.
            </p>
          )}
        </SpecTable>
      )}
    </section>
  );
}
