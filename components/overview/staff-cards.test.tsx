import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import {
  CUSTOMER_PAGES,
  customersRequest,
  DELIVERY_STALE,
  deliveryParams,
  statesRequest,
} from "@/lib/domain/delivery/requests";
import { SCHEDULE_CUSTOMER_FIELDS } from "@/lib/domain/delivery/schedule";
import { addDays, isoWeekday, todayIn } from "@/lib/format/days";
import { browserApi } from "@/lib/ui/browser-api";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { wholeList } from "@/lib/domain/views/whole-list";
import { OVERVIEW_WALK_PAGES, overviewAwaitingVerification } from "@/lib/ui/overview/requests";
import { STALE } from "@/lib/domain/api-query";
import { AwaitingCard, DeliveriesCard } from "./staff-cards";

const CA = {
  StateAbbreviation: "CA",
  StateName: "California",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
  TimeZone: "America/Los_Angeles",
};

/** The card as the server renders it from the delivery schedule's walk its prefetch leaves in the cache. */
function render(customers: Record<string, unknown>[]) {
  const client = new QueryClient();
  const walk = apiWalkOptions(
    browserApi,
    customersRequest(deliveryParams({})),
    DELIVERY_STALE,
    CUSTOMER_PAGES,
    SCHEDULE_CUSTOMER_FIELDS,
  );
  client.setQueryData(walk.queryKey, { records: customers, complete: true, requests: 1 } satisfies Walked<unknown>);
  client.setQueryData(apiQueryKey(statesRequest), {
    records: [CA],
    notModified: false,
    meta: {},
    body: undefined,
    paging: { page: 1, pageSize: 500, hasNextPage: false },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <DeliveriesCard />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

const figure = (html: string, testId: string) => {
  const match = new RegExp(`<a[^>]*data-testid="${testId}"[^>]*>(.*?)</a>`).exec(html);
  return { text: match?.[1]?.replace(/<[^>]+>/g, "").trim(), tag: match?.[0] };
};

describe("DeliveriesCard", () => {
  it("counts the customers with a delivery dated today (the API's dates), not every customer of today's weekday, and opens that date's list", () => {
    const today = todayIn("America/Los_Angeles");
    const weekday = String(isoWeekday(today));
    const html = render([
      // Today's weekday, but the API dates its next delivery a week from now.
      {
        CustomerID: 1,
        CustomerName: "Next Week",
        State: "CA",
        AccountStatus: "Active",
        DeliveryDays: weekday,
        NextDeliveryDates: `${addDays(today, 7)};${addDays(today, 14)}`,
        DeliveryDates: [addDays(today, 7), addDays(today, 14)],
      },
      {
        CustomerID: 2,
        CustomerName: "Today",
        State: "CA",
        AccountStatus: "Active",
        DeliveryDays: weekday,
        NextDeliveryDates: `${today};${addDays(today, 7)}`,
        DeliveryDates: [today, addDays(today, 7)],
      },
    ]);
    const shown = figure(html, "deliveries-today");
    expect(shown.text).toBe("1 customer");
    expect(shown.tag).toContain(`href="/delivery-days?date=${today}"`);
    const tomorrow = figure(html, "deliveries-tomorrow");
    expect(tomorrow.text).toBe("0 customers");
    expect(tomorrow.tag).toContain(`href="/delivery-days?date=${addDays(today, 1)}"`);
  });
});

describe("AwaitingCard", () => {
  it("opens the list it counts, whose count and total are its figure and its worth", () => {
    const invoices = [1, 2, 3].map((i) => ({
      InvoiceID: i,
      InvoiceNum: `INV-${i}`,
      Status: 5,
      InvoiceTotal: `${i}00.125000`,
    }));
    const client = new QueryClient();
    const walk = apiWalkOptions(browserApi, overviewAwaitingVerification, STALE.working, OVERVIEW_WALK_PAGES);
    client.setQueryData(walk.queryKey, { records: invoices, complete: true, requests: 1 });
    const html = renderToString(
      <QueryClientProvider client={client}>
        <AwaitingCard />
      </QueryClientProvider>,
    ).replace(/<!-- -->/g, "");
    const link = (testId: string) =>
      new RegExp(`<a[^>]*data-testid="${testId}" href="([^"]*)"[^>]*>(.*?)</a>`).exec(html)?.slice(1);
    const list = wholeList(
      LIST_VIEWS.invoices,
      new URLSearchParams("Statuses=5"),
      { records: invoices, complete: true },
      "",
    );
    expect(link("awaiting-verification")).toEqual(["/invoices?Statuses=5", String(list.count)]);
    expect(link("awaiting-total")).toEqual(["/invoices?Statuses=5", "$600.375"]);
    expect(list.totals.InvoiceTotal).toBe("600.375000");
  });
});
