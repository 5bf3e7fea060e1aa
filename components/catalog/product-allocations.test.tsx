import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { supplierAllocationsRequest } from "@/lib/ui/stock/product-allocations";
import { ProductAllocations } from "./product-allocations";

const result = (records: unknown[], hasNextPage = false) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 500, hasNextPage },
});
const allocation = (AllocationID: number, ProductID: number, CustomerID: number) => ({
  AllocationID,
  ProductID,
  CustomerID,
  Units: 12,
  AllocationTypeID: 1,
  StartDate: "2026-11-16",
  EndDate: "2026-12-28",
});

/** The section as the server renders it, from the answers the page's prefetch leaves in the cache. */
function render(product: Record<string, unknown>, allocations?: ReturnType<typeof result>) {
  const client = new QueryClient();
  client.setQueryData(apiQueryKey({ operation: "getProduct", path: { productID: 10032 } }), result([product]));
  if (allocations) client.setQueryData(apiQueryKey(supplierAllocationsRequest(101)), allocations);
  return renderToString(
    <QueryClientProvider client={client}>
      <ProductAllocations productId={10032} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("ProductAllocations", () => {
  it("lists the product's rows out of its supplier's allocations, with what an allocation does", () => {
    const html = render(
      { ProductID: 10032, SupplierID: 101, Supplier: "Mojave Sun" },
      result([allocation(7001, 10032, 20001), allocation(7002, 10005, 20007), allocation(7003, 10032, 20002)]),
    );
    expect(html).toContain('id="allocations"');
    expect(html.match(/<tbody>.*<\/tbody>/)![0].match(/<tr>/g)).toHaveLength(2);
    expect(html).toContain(">7001<");
    expect(html).toContain(">7003<");
    expect(html).not.toContain(">7002<");
    expect(html).toContain("count in the warehouse&#x27;s Allocated");
    expect(html).toContain('href="/inventory/allocations?SupplierIDs=101"');
    expect(html).not.toContain("the supplier has more");
  });

  it("shows the live service's end date 3000-12-31 as open-ended", () => {
    const html = render(
      { ProductID: 10032, SupplierID: 101 },
      result([{ ...allocation(7001, 10032, 20001), EndDate: "3000-12-31" }]),
    );
    expect(html).toContain(">open-ended<");
    expect(html).not.toContain("3000");
  });

  it("says when the supplier has more allocations than the page read", () => {
    const html = render(
      { ProductID: 10032, SupplierID: 101, Supplier: "Mojave Sun" },
      result([allocation(7002, 10005, 20007)], true),
    );
    expect(html).toContain("Read from the first 1 allocations of Mojave Sun: the supplier has more");
    expect(html).not.toContain(">None.<");
  });

  it("says the allocations cannot be looked up when the product's record names no supplier (sparse)", () => {
    const html = render({ ProductID: 10032 });
    expect(html).toContain("names no supplier");
    expect(html).not.toContain("undefined");
  });
});
