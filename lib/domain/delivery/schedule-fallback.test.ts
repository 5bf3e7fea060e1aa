import { describe, expect, it } from "vitest";
import { byWeekday, type ScheduleCustomer } from "./schedule";
import {
  lacksSchedule,
  MAX_SCHEDULE_IDS,
  scheduleFallbackRequest,
  unknownSchedules,
  withSchedules,
} from "./schedule-fallback";

const ca = {
  StateAbbreviation: "CA",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
  TimeZone: "America/Los_Angeles",
};
// Saturday 2026-11-21, 3:00 PM in Los Angeles.
const now = new Date("2026-11-21T23:00:00Z");

// What an Employee key's /customers carries, and sparse records as a key that may not see the schedule gets them.
const full: ScheduleCustomer = {
  CustomerID: 1,
  CustomerName: "Full",
  State: "CA",
  AccountStatus: "Active",
  DeliveryDays: "2,5",
  NextDeliveryDates: "2026-11-24;2026-11-27",
  DeliveryDates: ["2026-11-24", "2026-11-27"],
};
const datesOnlyArray: ScheduleCustomer = {
  CustomerID: 2,
  CustomerName: "Array dates",
  State: "CA",
  AccountStatus: "Active",
  DeliveryDays: "3",
  DeliveryDates: ["2026-11-25"],
};
const noDays: ScheduleCustomer = { CustomerID: 3, CustomerName: "No days", State: "CA", AccountStatus: "Active" };
const noDates: ScheduleCustomer = {
  CustomerID: 4,
  CustomerName: "No dates",
  State: "NV",
  AccountStatus: "Active",
  DeliveryDays: "1",
};
const inactive: ScheduleCustomer = { CustomerID: 5, CustomerName: "Closed", State: "CA", AccountStatus: "Inactive" };
const noStatus: ScheduleCustomer = { CustomerID: 6, CustomerName: "No status", State: "CA" };
const saidNone: ScheduleCustomer = {
  CustomerID: 7,
  CustomerName: "None",
  State: "CA",
  AccountStatus: "Active",
  DeliveryDays: null,
  DeliveryDates: null,
};

describe("lacksSchedule", () => {
  it("is true when DeliveryDays is left out, or every date field is", () => {
    expect(lacksSchedule(full)).toBe(false);
    expect(lacksSchedule(datesOnlyArray)).toBe(false);
    expect(lacksSchedule({ ...full, DeliveryDates: undefined })).toBe(false);
    expect(lacksSchedule(noDays)).toBe(true);
    expect(lacksSchedule(noDates)).toBe(true);
  });

  it("takes null as the API's answer (no schedule), not as a field left out", () => {
    expect(lacksSchedule(saidNone)).toBe(false);
    // The live service's other "none": an empty DeliveryDays, with no dates.
    expect(lacksSchedule({ ...saidNone, DeliveryDays: "" })).toBe(false);
  });
});

describe("scheduleFallbackRequest", () => {
  it("asks nothing when /customers carries the schedules (a Supplier key's records keep DeliveryDays and DeliveryDates)", () => {
    const supplierKeys = [full, datesOnlyArray].map(({ NextDeliveryDates: _left, ...rest }) => rest);
    expect(scheduleFallbackRequest([full, datesOnlyArray, saidNone], {})).toBeUndefined();
    expect(scheduleFallbackRequest(supplierKeys, {})).toBeUndefined();
    expect(scheduleFallbackRequest([], {})).toBeUndefined();
  });

  it("asks by id for the active customers that lack a schedule, those without a status included", () => {
    expect(scheduleFallbackRequest([full, noDates, noDays, inactive, noStatus], {})).toEqual({
      operation: "listDeliveryDays",
      query: { CustomerIDs: "3,4,6" },
    });
  });

  it("asks nothing for customers /deliveryDays does not cover (not active)", () => {
    expect(scheduleFallbackRequest([full, inactive, { ...noDays, AccountStatus: "OutOfBus" }], {})).toBeUndefined();
  });

  it("keeps to the chosen states", () => {
    expect(scheduleFallbackRequest([noDays, noDates], { states: "NV" })).toEqual({
      operation: "listDeliveryDays",
      query: { CustomerIDs: "4" },
    });
    expect(scheduleFallbackRequest([noDays, noDates], { states: "AZ" })).toBeUndefined();
  });

  it("walks the schedules, by the chosen states, when too many lack one to ask by id", () => {
    const many = Array.from({ length: MAX_SCHEDULE_IDS + 1 }, (_, i) => ({
      CustomerID: 1000 + i,
      State: "CA",
      AccountStatus: "Active",
    }));
    expect(scheduleFallbackRequest(many, { states: "CA" })).toEqual({
      operation: "listDeliveryDays",
      query: { States: "CA" },
    });
    expect(scheduleFallbackRequest(many, {})).toEqual({ operation: "listDeliveryDays", query: {} });
    expect(scheduleFallbackRequest(many.slice(1), {})?.query?.CustomerIDs?.split(",")).toHaveLength(MAX_SCHEDULE_IDS);
  });
});

describe("withSchedules", () => {
  const schedules = [
    { CustomerID: 3, DeliveryDays: "3", DeliveryDates: ["2026-11-25", "2026-12-02"] },
    { CustomerID: 4, DeliveryDays: "4", DeliveryDates: ["2026-11-23"] },
    { CustomerID: 1, DeliveryDays: "7", DeliveryDates: ["2026-11-22"] },
  ];

  it("fills what the records left out, by CustomerID, and keeps what they have", () => {
    const joined = withSchedules([full, noDays, noDates, inactive], schedules);
    expect(joined[0]).toBe(full);
    expect(joined[1]).toEqual({ ...noDays, DeliveryDays: "3", DeliveryDates: ["2026-11-25", "2026-12-02"] });
    // Its own DeliveryDays stays; only the dates it lacked are joined.
    expect(joined[2]).toEqual({ ...noDates, DeliveryDates: ["2026-11-23"] });
    expect(joined[3]).toBe(inactive);
  });

  it("leaves the cached records unchanged", () => {
    const record = { ...noDays };
    withSchedules([record], schedules);
    expect(record).toEqual(noDays);
  });

  it("puts sparse customers on their days once joined (before, they were on none)", () => {
    const sparse = [full, noDays, noDates];
    const before = byWeekday(sparse, [ca], [], {}, now);
    expect(before.get(3)!.map((r) => r.name)).toEqual([]);
    const after = byWeekday(withSchedules(sparse, schedules), [ca], [], {}, now);
    expect(after.get(3)!.map((r) => [r.name, r.nextDates])).toEqual([["No days", ["2026-11-25", "2026-12-02"]]]);
    expect(after.get(1)!.map((r) => [r.name, r.nextDates])).toEqual([["No dates", ["2026-11-23"]]]);
  });

  it('reads a joined schedule as the live service sends it: days joined by ";" and unsorted, a date already passed dropped', () => {
    const joined = withSchedules(
      [noDays],
      [{ CustomerID: 3, DeliveryDays: "4;1", DeliveryDates: ["2026-11-19", "2026-11-23", "2026-11-26"] }],
    );
    const days = byWeekday(joined, [ca], [], {}, now);
    expect(days.get(1)!.map((r) => [r.name, r.nextDates])).toEqual([["No days", ["2026-11-23", "2026-11-26"]]]);
    expect(days.get(4)!.map((r) => r.name)).toEqual(["No days"]);
  });
});

describe("unknownSchedules", () => {
  it("counts the customers in view whose delivery days are still not known", () => {
    expect(unknownSchedules([full, noDays, inactive, saidNone], {})).toBe(2);
    expect(unknownSchedules(withSchedules([full, noDays, inactive], [{ CustomerID: 3, DeliveryDays: "3" }]), {})).toBe(
      1,
    );
    expect(unknownSchedules([noDays, noDates, { ...noDays, CustomerID: 9, State: "NV" }], { states: "NV" })).toBe(1);
  });
});
