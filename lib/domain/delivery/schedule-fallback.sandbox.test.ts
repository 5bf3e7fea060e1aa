import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { byWeekday, type ScheduleCustomer } from "./schedule";
import { scheduleFallbackRequest, withSchedules } from "./schedule-fallback";

// The fallback against the sandbox: what each key type's /customers carries, and sparse records (as the live service
// may send a key type) completed from the sandbox's /deliveryDays.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

async function activeCustomers(as: string): Promise<ScheduleCustomer[]> {
  const answer = await sandbox.call("GET", "/v1/customers?AccountStatuses=Active&PageSize=500", { as });
  expect(answer.status).toBe(200);
  expect(answer.body.HasNextPage).toBe(false);
  return answer.body.Data as ScheduleCustomer[];
}

const counts = (customers: ScheduleCustomer[]) =>
  [...byWeekday(customers, [], [], {}, new Date("2026-11-21T18:00:00Z")).values()].map((rows) => rows.length);

describe("the delivery-days fallback against the sandbox", () => {
  it("asks nothing more for any key type: the sandbox's /customers carry DeliveryDays and DeliveryDates (a Supplier key's lack only NextDeliveryDates)", async () => {
    for (const as of ["Employee", "Customer", "Supplier"]) {
      const customers = await activeCustomers(as);
      expect(customers.length, as).toBeGreaterThan(0);
      expect(scheduleFallbackRequest(customers, {}), as).toBeUndefined();
    }
    const supplier = await activeCustomers("Supplier");
    expect(
      supplier.every(
        (c) => !("NextDeliveryDates" in c) && c.DeliveryDays !== undefined && c.DeliveryDates !== undefined,
      ),
    ).toBe(true);
  });

  it("completes records sent without their schedule from /deliveryDays, to the same week as full records give", async () => {
    const full = await activeCustomers("Employee");
    const sparse = (await activeCustomers("Supplier")).map(
      ({ DeliveryDays: _days, DeliveryDates: _dates, ...rest }) => rest as ScheduleCustomer,
    );
    expect(counts(sparse).every((n) => n === 0)).toBe(true);

    const request = scheduleFallbackRequest(sparse, {});
    expect(request?.operation).toBe("listDeliveryDays");
    expect(request?.query?.CustomerIDs?.split(",")).toHaveLength(sparse.length);
    const answer = await sandbox.call(
      "GET",
      `/v1/deliveryDays?${new URLSearchParams({ ...request!.query, PageSize: "500" })}`,
      { as: "Supplier" },
    );
    expect(answer.status).toBe(200);

    const joined = withSchedules(sparse, answer.body.Data as ScheduleCustomer[]);
    const byId = new Map(full.map((c) => [c.CustomerID, c]));
    for (const c of joined) {
      expect(c.DeliveryDays).toBe(byId.get(c.CustomerID)?.DeliveryDays);
      expect(c.DeliveryDates).toEqual(byId.get(c.CustomerID)?.DeliveryDates);
    }
    expect(counts(joined)).toEqual(counts(full));
    expect(counts(joined).some((n) => n > 0)).toBe(true);
  });
});
