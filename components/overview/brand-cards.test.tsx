import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiWalkOptions, STALE, type Walked } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { OVERVIEW_WALK_PAGES, overviewAvailable, overviewInventory } from "@/lib/ui/overview/requests";
import { StockCard } from "./brand-cards";

const walked = (records: unknown[]): Walked<unknown> => ({ records, complete: true, requests: 1 });
const keyOf = (request: typeof overviewAvailable | typeof overviewInventory) =>
  apiWalkOptions(browserApi, request, STALE.working, OVERVIEW_WALK_PAGES).queryKey;

/** The card as the server renders it from the walks its prefetch leaves in the cache. */
function render(available: Record<string, unknown>[], inventory: Record<string, unknown>[] = []) {
  const client = new QueryClient();
  client.setQueryData(keyOf(overviewAvailable), walked(available));
  client.setQueryData(keyOf(overviewInventory), walked(inventory));
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
    const row = /data-testid="bucket-out-of-stock"[^>]*>(\d+)</.exec(html)?.[1];
    expect(row).toBe("2");
    expect(figure).toBe(row);
  });

  it("opens each figure's list: the figure and the list narrowed to it are one count", () => {
    const html = render(
      [pair(1, false, "Out of Stock"), pair(2, true, "< 5 Cases")],
      [
        { LocationID: 1, ProductID: 1, DOI: "5.60", AvgDailySales90d: "9.29" },
        { LocationID: 1, ProductID: 2, DOI: "30", AvgDailySales90d: "1" },
        { LocationID: 1, ProductID: 3, DOI: null, AvgDailySales90d: "0" },
      ],
    );
    const link = (testId: string) =>
      new RegExp(`<a[^>]*data-testid="${testId}" href="([^"]*)"[^>]*>(.*?)</a>`).exec(html);
    expect(link("out-of-stock")?.[1]).toBe("/inventory/available?figure=out-of-stock");
    expect(link("bucket-under-5-cases")?.slice(1)).toEqual(["/inventory/available?figure=under-5-cases", "1"]);
    expect(link("low-doi")?.slice(1)).toEqual(["/inventory?figure=under-14-days", "1"]);
    expect(link("sold-90-days")?.[1]).toBe("/inventory?figure=sold-90-days");
    expect(link("sold-90-days")?.[2]).toMatch(/^2 stock rows/);
  });
});
