import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { overviewAvailable, overviewInventory } from "@/lib/ui/overview/requests";
import { StockCard } from "./brand-cards";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 500, hasNextPage: false },
});

/** The card as the server renders it from the answers its prefetch leaves in the cache. */
function render(available: Record<string, unknown>[]) {
  const client = new QueryClient();
  client.setQueryData(apiQueryKey(overviewAvailable), result(available));
  client.setQueryData(apiQueryKey(overviewInventory), result([]));
  return renderToString(
    <QueryClientProvider client={client}>
      <StockCard />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

const pair = (ProductID: number, InStock: boolean, InventoryBucket: string) => ({
  LocationID: 1,
  ProductID,
  InStock,
  InventoryBucket,
});

describe("StockCard", () => {
  it("says the same out-of-stock count as its table's Out of Stock row: one count, whatever InStock says", () => {
    const html = render([
      pair(1, false, "Out of Stock"),
      pair(2, false, "Out of Stock"),
      // Under a case of a case-only product: not orderable (InStock false), but not out of stock.
      pair(3, false, "< 1 Case"),
      pair(4, true, "< 5 Cases"),
    ]);
    const figure = /data-testid="out-of-stock"[^>]*>(\d+)</.exec(html)?.[1];
    const row = /<th scope="row"[^>]*>Out of Stock<\/th><td[^>]*>(\d+)</.exec(html)?.[1];
    expect(row).toBe("2");
    expect(figure).toBe(row);
  });
});
