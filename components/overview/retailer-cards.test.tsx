import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDay } from "@/lib/format/display";
import { apiQueryKey, apiWalkOptions, STALE } from "@/lib/domain/api-query";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { wholeList } from "@/lib/domain/views/whole-list";
import { todayIn } from "@/lib/format/days";
import { browserApi } from "@/lib/ui/browser-api";
import { OVERVIEW_WALK_PAGES, overviewCustomers, overviewOpenInvoices } from "@/lib/ui/overview/requests";
import { DueSoonCard, NextDeliveriesCard } from "./retailer-cards";

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

describe("DueSoonCard", () => {
  const open = [
    {
      InvoiceID: 1,
      InvoiceNum: "INV-1",
      ARAccountID: 50001,
      OpenBalance: "1200.000000",
      DueDate: `${inDays(-44)}T00:00:00Z`,
    },
    {
      InvoiceID: 2,
      InvoiceNum: "INV-2",
      ARAccountID: 50001,
      // A sub-cent balance, as the ERP can hold: the card's total is the list's, exactly, as its CSV adds up.
      OpenBalance: "37.145000",
      DueDate: `${inDays(-3)}T00:00:00Z`,
    },
    // A return, due 44 days ago: a credit, never overdue.
    {
      InvoiceID: 3,
      InvoiceNum: "INV-3",
      ARAccountID: 50001,
      OpenBalance: "-121.000000",
      DueDate: `${inDays(-44)}T00:00:00Z`,
    },
    {
      InvoiceID: 4,
      InvoiceNum: "INV-4",
      ARAccountID: 50001,
      OpenBalance: "50.000000",
      DueDate: `${inDays(5)}T00:00:00Z`,
    },
  ];

  function html() {
    const client = new QueryClient();
    const walk = apiWalkOptions(browserApi, overviewOpenInvoices, STALE.working, OVERVIEW_WALK_PAGES);
    client.setQueryData(walk.queryKey, { records: open, complete: true, requests: 1 });
    return renderToString(
      <QueryClientProvider client={client}>
        <DueSoonCard />
      </QueryClientProvider>,
    ).replace(/<!-- -->/g, "");
  }
  const link = (page: string, testId: string) =>
    new RegExp(`<a[^>]*data-testid="${testId}" href="([^"]*)"[^>]*>(.*?)</a>`).exec(page)?.slice(1);

  it("opens the list each figure counts: overdue now and due soon, its count and its total the list's", () => {
    const page = html();
    const today = todayIn("UTC");
    const listed = wholeList(LIST_VIEWS.openInvoices, { figure: "past-due" }, { records: open, complete: true }, today);
    expect(listed.count).toBe(2);
    expect(link(page, "overdue-count")).toEqual(["/invoices/open?figure=past-due", "2"]);
    expect(link(page, "overdue-total")).toEqual(["/invoices/open?figure=past-due", "$1,237.145"]);
    expect(listed.totals.OpenBalance).toBe("1237.145000");
    expect(link(page, "due-soon-count")).toEqual(["/invoices/open?figure=due-soon", "1"]);
  });
});
