import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDay } from "@/lib/format/display";
import { apiQueryKey } from "@/lib/domain/api-query";
import { overviewCustomers } from "@/lib/ui/overview/requests";
import { NextDeliveriesCard } from "./retailer-cards";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 500, hasNextPage: false },
});
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The card as the server renders it from the answer its prefetch leaves in the cache (the viewer's zone: UTC). */
function render(customers: Record<string, unknown>[]) {
  const client = new QueryClient();
  client.setQueryData(apiQueryKey(overviewCustomers), result(customers));
  const html = renderToString(
    <QueryClientProvider client={client}>
      <NextDeliveriesCard />
    </QueryClientProvider>,
  );
  return [...html.replace(/<!-- -->/g, "").matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
}

describe("NextDeliveriesCard", () => {
  it("lists a store's next deliveries from today on: a date the nightly sync left behind is not a next delivery", () => {
    const [store] = render([
      {
        CustomerID: 20001,
        CustomerName: "Valley",
        DeliveryDays: "2,5",
        NextDeliveryDates: `${inDays(-3)};${inDays(4)};${inDays(7)}`,
      },
    ]);
    expect(store).toBe(`Valley: ${formatDay(inDays(4))} · ${formatDay(inDays(7))}`);
  });

  it("names the weekdays when every listed date has passed or none is listed, in any DeliveryDays form, and says when there are none", () => {
    expect(
      render([
        { CustomerID: 20001, CustomerName: "Past", DeliveryDays: "4;1", NextDeliveryDates: inDays(-2) },
        { CustomerID: 20002, CustomerName: "Run together", DeliveryDays: "25" },
        { CustomerID: 20003, CustomerName: "None", DeliveryDays: null },
        { CustomerID: 20004, CustomerName: "Empty", DeliveryDays: "" },
      ]),
    ).toEqual([
      "Past: Monday, Thursday",
      "Run together: Tuesday, Friday",
      "None: no delivery days",
      "Empty: no delivery days",
    ]);
  });
});
