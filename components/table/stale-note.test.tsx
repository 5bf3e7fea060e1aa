import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductAllocations } from "@/components/catalog/product-allocations";
import { EmbeddedList } from "@/components/views/embedded-list";
import type { StaleNote as Note } from "@/lib/data-api/response-meta";
import { apiQueryKey } from "@/lib/domain/api-query";
import { supplierAllocationsRequest } from "@/lib/ui/stock/product-allocations";
import { embeddedRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { StaleNote } from "./stale-note";

const result = (records: unknown[], stale?: Note) => ({
  records,
  notModified: false,
  meta: stale ? { stale } : {},
  body: undefined,
  paging: { page: 1, pageSize: 500, hasNextPage: false },
});
const SPENT: Note = { reason: "rate-limited", at: "2020-01-02T14:02:00.000Z", until: "2020-01-02T15:00:00.000Z" };
const html = (node: React.ReactNode, client = new QueryClient()) =>
  renderToString(<QueryClientProvider client={client}>{node}</QueryClientProvider>).replace(/<!-- -->/g, "");

describe("StaleNote", () => {
  it("says nothing when every answer is the API's own", () => {
    expect(html(<StaleNote of={[result([]), undefined]} />)).toBe("");
  });

  it("says how old the oldest last-known answer is and why, in the person's zone (UTC until it is known)", () => {
    const newer = { reason: "timeout", at: "2020-01-02T14:30:00.000Z" } as const;
    // A budget that returned long ago is not promised again; the day is said, as it is not today.
    expect(html(<StaleNote of={[result([], newer), { stale: SPENT }]} />)).toContain(
      ">Shown as of Jan 2, 2:02 PM · the API&#x27;s hourly limit is spent</p>",
    );
  });

  it("is drawn in a region drawn from a last-known answer: an embedded list, a record page's section", () => {
    const view = LIST_VIEWS.inventory as unknown as ListViewSpec;
    const client = new QueryClient();
    client.setQueryData(
      apiQueryKey(embeddedRequest(view, { ProductIDs: "10032" })),
      result([{ LocationID: 1, ProductID: 10032 }], SPENT),
    );
    expect(
      html(
        <EmbeddedList name="inventory" query={{ ProductIDs: "10032" }} title="Warehouse inventory" href="/inventory" />,
        client,
      ),
    ).toContain("Shown as of Jan 2, 2:02 PM");
    const fresh = new QueryClient();
    fresh.setQueryData(
      apiQueryKey(embeddedRequest(view, { ProductIDs: "10032" })),
      result([{ LocationID: 1, ProductID: 10032 }]),
    );
    expect(
      html(
        <EmbeddedList name="inventory" query={{ ProductIDs: "10032" }} title="Warehouse inventory" href="/inventory" />,
        fresh,
      ),
    ).not.toContain("Shown as of");

    const product = new QueryClient();
    product.setQueryData(
      apiQueryKey({ operation: "getProduct", path: { productID: 10032 } }),
      result([{ ProductID: 10032, SupplierID: 101 }]),
    );
    product.setQueryData(
      apiQueryKey(supplierAllocationsRequest(101)),
      result([], { reason: "api-error", at: "2020-01-02T09:00:00.000Z" }),
    );
    expect(html(<ProductAllocations productId={10032} />, product)).toContain(
      "Shown as of Jan 2, 9:00 AM · the API failed",
    );
  });
});
