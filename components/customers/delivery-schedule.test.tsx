import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { DeliverySchedule } from "./delivery-schedule";

const ca = {
  StateAbbreviation: "CA",
  StateName: "California",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
  TimeZone: "America/Los_Angeles",
};

/** The section rendered as the server renders it, from answers already in the cache (as the page's prefetch leaves them). */
function render(
  schedule: Record<string, unknown>[],
  customer: Parameters<typeof DeliverySchedule>[0]["customer"],
  states = [ca],
) {
  const client = new QueryClient();
  const result = (records: unknown[]) => ({
    records,
    notModified: false,
    meta: {},
    body: undefined,
    paging: { page: 1, pageSize: 50, hasNextPage: false },
  });
  client.setQueryData(apiQueryKey(customerScheduleRequest(20001)), result(schedule));
  client.setQueryData(apiQueryKey(statesRequest), result(states));
  return renderToString(
    <QueryClientProvider client={client}>
      <DeliverySchedule customerId={20001} customer={customer} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("DeliverySchedule", () => {
  it("shows the days in words and each next delivery with its cut-off on the state's clock", () => {
    const html = render([{ CustomerID: 20001, DeliveryDays: "2,5", DeliveryDates: [inDays(3), inDays(6)] }], {
      CustomerName: "Valley",
      State: "CA",
      AccountStatus: "Active",
    });
    expect(html).toContain("<dd>Tuesday, Friday</dd>");
    expect(html.match(/<tr><th scope="row"/g)).toHaveLength(2);
    expect(html).toMatch(/2:30 PM PT<\/td>/);
    expect(html).toContain("Delivery days and order cut-offs");
    expect(html).not.toContain("undefined");
  });

  it("says there is no schedule for an inactive customer, and still links its days from the record", () => {
    const html = render([], { CustomerName: "Closed", State: "CA", AccountStatus: "Inactive", DeliveryDays: "3" });
    expect(html).toContain("delivery schedules cover active customers only");
    expect(html).toContain("for this customer (Wednesday)");
  });

  it("reads the live service's DeliveryDays forms, and says a customer without days has none", () => {
    expect(render([{ CustomerID: 20001, DeliveryDays: "4;1" }], { State: "CA" })).toContain(
      "<dd>Monday, Thursday</dd>",
    );
    expect(render([{ CustomerID: 20001, DeliveryDays: "25" }], { State: "CA" })).toContain("<dd>Tuesday, Friday</dd>");
    const none = render([{ CustomerID: 20001, DeliveryDays: null }], { State: "CA", AccountStatus: "Active" });
    expect(none).toContain("<dd>no delivery days</dd>");
    expect(none).not.toContain("undefined");
  });

  it("leaves out a listed delivery date that has already passed", () => {
    const html = render([{ CustomerID: 20001, DeliveryDays: "2,5", DeliveryDates: [inDays(-4), inDays(3)] }], {
      State: "CA",
    });
    expect(html.match(/<tr><th scope="row"/g)).toHaveLength(1);
  });

  it("renders a sparse record and a customer without a state: — and no cut-off, never undefined", () => {
    const html = render([{ DeliveryDays: "4" }], {});
    expect(html).toContain("<dd>Thursday</dd>");
    expect(html).toContain("The schedule lists no dates");
    expect(html).toContain("<td>—</td>");
    expect(html).toContain("the customer&#x27;s state, which its record leaves out");
    expect(html).not.toContain("undefined");
  });
});
