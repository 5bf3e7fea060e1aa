import { describe, expect, it } from "vitest";
import { nextCutOff } from "./next-cut-off";

const CA = {
  StateAbbreviation: "CA",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
  TimeZone: "America/Los_Angeles",
};

describe("nextCutOff", () => {
  it.each([
    {
      name: "the first delivery's cut-off while it is open",
      customer: { State: "CA", NextDeliveryDates: "2026-12-01;2026-12-02" },
      now: "2026-11-30T20:00:00Z",
      want: { day: "2026-12-01", cutOff: "2026-11-30T22:30:00.000Z" },
    },
    {
      name: "the next delivery's once the first's has passed",
      customer: { State: "CA", NextDeliveryDates: "2026-12-01;2026-12-02" },
      now: "2026-11-30T23:00:00Z",
      want: { day: "2026-12-02", cutOff: "2026-12-01T22:30:00.000Z" },
    },
    {
      name: "the weekdays' dates when the record sends none (Wednesdays)",
      customer: { State: "CA", DeliveryDays: "3" },
      now: "2026-11-24T23:00:00Z",
      want: { day: "2026-12-02", cutOff: "2026-12-01T22:30:00.000Z" },
    },
  ])("is $name", ({ customer, now, want }) => {
    const next = nextCutOff(customer, [CA], new Date(now));
    expect(next && { day: next.day, cutOff: next.cutOff.toISOString(), timeZone: next.timeZone }).toEqual({
      ...want,
      timeZone: "America/Los_Angeles",
    });
  });

  it.each([
    { name: "a state the key does not read", customer: { State: "NV", DeliveryDays: "3" } },
    { name: "no delivery to come", customer: { State: "CA", NextDeliveryDates: "2026-11-02" } },
    { name: "no state", customer: { DeliveryDays: "3" } },
  ])("is undefined for $name", ({ customer }) => {
    expect(nextCutOff(customer, [CA], new Date("2026-11-24T23:00:00Z"))).toBeUndefined();
  });
});
