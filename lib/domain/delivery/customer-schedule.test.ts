import { describe, expect, it } from "vitest";
import { customerSchedule, cutOffText } from "./customer-schedule";

const ca = { OrderCutOffTime: "2:30 PM", OrderCutOffDaysInAdvance: "1", TimeZone: "America/Los_Angeles" };
// Tuesday 2026-11-24, 3:00 PM in Los Angeles: Wednesday's cut-off (Tue 2:30 PM) has just passed.
const now = new Date("2026-11-24T23:00:00Z");

describe("customerSchedule", () => {
  it("names the weekdays and takes the record's dates, each with its cut-off on the state's clock", () => {
    const s = customerSchedule(
      { CustomerID: 20001, DeliveryDays: "3,5", DeliveryDates: ["2026-11-25", "2026-11-27", "2026-12-02"] },
      ca,
      now,
    );
    expect(s.days).toBe("Wednesday, Friday");
    expect(s.datesFrom).toBe("api");
    expect(s.deliveries.map((d) => [d.day, d.cutOff?.toISOString(), d.open])).toEqual([
      ["2026-11-25", "2026-11-24T22:30:00.000Z", false],
      ["2026-11-27", "2026-11-26T22:30:00.000Z", true],
      ["2026-12-02", "2026-12-01T22:30:00.000Z", true],
    ]);
  });

  it("drops dates before today in the state's zone and repeats, and sorts", () => {
    const s = customerSchedule(
      { DeliveryDays: "1,3", DeliveryDates: ["2026-12-02", "2026-11-23", "2026-12-02T00:00:00.000Z", "junk"] },
      ca,
      now,
    );
    expect(s.deliveries.map((d) => d.day)).toEqual(["2026-12-02"]);
  });

  it("computes the next two weeks' dates from the weekdays when the record has none (today left out)", () => {
    const s = customerSchedule({ DeliveryDays: "2" }, ca, now);
    expect(s.datesFrom).toBe("weekdays");
    expect(s.deliveries.map((d) => d.day)).toEqual(["2026-12-01", "2026-12-08"]);
    expect(s.deliveries[0]!.open).toBe(true);
  });

  it("has dates without cut-offs when the state's rule is not known", () => {
    const s = customerSchedule({ DeliveryDays: "3", DeliveryDates: ["2026-11-25"] }, undefined, now);
    expect(s.deliveries).toEqual([{ day: "2026-11-25", cutOff: undefined, open: undefined }]);
    expect(
      customerSchedule({ DeliveryDays: "3", DeliveryDates: ["2026-11-25"] }, { TimeZone: "America/Los_Angeles" }, now)
        .deliveries[0]!.cutOff,
    ).toBeUndefined();
  });

  it("is empty for a missing or empty record (sparse: nothing to show but —)", () => {
    expect(customerSchedule(undefined, ca, now)).toEqual({ weekdays: [], days: "", deliveries: [], datesFrom: "none" });
    expect(customerSchedule({ CustomerID: 1, DeliveryDays: null, DeliveryDates: null }, ca, now).datesFrom).toBe(
      "none",
    );
    expect(customerSchedule({ CustomerID: 1, DeliveryDays: "" }, ca, now)).toMatchObject({
      weekdays: [],
      days: "",
      datesFrom: "none",
    });
  });

  it("reads the live service's odd forms: days joined by \";\" and unsorted, only past dates (then the weekdays' own)", () => {
    const s = customerSchedule(
      { CustomerID: 1, DeliveryDays: "4;1", DeliveryDates: ["2026-11-19", "2026-11-23"] },
      ca,
      now,
    );
    expect(s).toMatchObject({ weekdays: [1, 4], days: "Monday, Thursday", datesFrom: "weekdays" });
    expect(s.deliveries.map((d) => d.day)).toEqual(["2026-11-26", "2026-11-30", "2026-12-03", "2026-12-07"]);
  });
});

describe("cutOffText", () => {
  it("writes the cut-off on the state's clock with its zone", () => {
    expect(cutOffText(new Date("2026-11-24T22:30:00Z"), "America/Los_Angeles")).toBe("Tue, Nov 24, 2:30 PM PT");
    expect(cutOffText(new Date("2026-07-01T16:00:00Z"), "America/New_York")).toBe("Wed, Jul 1, 12:00 PM ET");
  });
});
