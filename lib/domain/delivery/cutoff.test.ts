import { describe, expect, it } from "vitest";
import { addDays, isoWeekday, localDay } from "@/lib/format/days";
import {
  cutOffFor,
  type CutOffRule,
  cutOffSentence,
  deliveryDaysText,
  deliveryWeekdays,
  parseClockTime,
  upcomingDeliveries,
  weekdayName,
} from "./cutoff";

const LA = "America/Los_Angeles";
const CA: CutOffRule = { OrderCutOffTime: "2:30 PM", OrderCutOffDaysInAdvance: "1", TimeZone: LA };

/** The ISO text of an instant, or undefined: exact comparisons read better than Date objects. */
function iso(at: Date | undefined): string | undefined {
  return at?.toISOString();
}

describe("parseClockTime", () => {
  it.each([
    ["2:30 PM", 14, 30],
    ["2 PM", 14, 0],
    ["14:30", 14, 30],
    ["14:30:00", 14, 30],
    ["12:00 AM", 0, 0],
    ["12:30 PM", 12, 30],
    ["12 am", 0, 0],
    ["12:30 a.m.", 0, 30],
    ["2:30 p.m.", 14, 30],
    ["2:30pm", 14, 30],
    ["11:59 PM", 23, 59],
    ["1:05 AM", 1, 5],
    [" 9:05 am ", 9, 5],
    ["0:00", 0, 0],
    ["00:30", 0, 30],
    ["23:59", 23, 59],
    ["7", 7, 0],
  ])("reads %j as %i:%i", (text, hours, minutes) => {
    expect(parseClockTime(text)).toEqual({ hours, minutes });
  });

  it.each([
    "25:00",
    "24:00",
    "13 PM",
    "0:00 AM",
    "14:30 PM",
    "2:75 PM",
    "2:60",
    "2:3 PM",
    "2:30 XM",
    "123:00",
    "2:30:00:00",
    "",
    "   ",
    "noon",
    "2.30 PM",
    "PM",
  ])("refuses %j", (text) => {
    expect(parseClockTime(text)).toBeUndefined();
  });
});

describe("addDays, isoWeekday, localDay, weekdayName", () => {
  it("moves days across month, year and leap-day ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-09", -1)).toBe("2026-03-08");
    expect(addDays("2026-11-25", 0)).toBe("2026-11-25");
  });

  it("numbers weekdays 1 = Monday .. 7 = Sunday", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-25")).toBe(3);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(weekdayName(1)).toBe("Monday");
    expect(weekdayName(3)).toBe("Wednesday");
    expect(weekdayName(7)).toBe("Sunday");
    expect(weekdayName(8)).toBe("Day 8");
  });

  it("reads the calendar date in a zone", () => {
    expect(localDay(new Date("2026-11-25T03:00:00Z"), LA)).toBe("2026-11-24");
    expect(localDay(new Date("2026-11-25T08:00:00Z"), LA)).toBe("2026-11-25");
    expect(localDay(new Date("2026-11-24T19:00:00Z"), "Asia/Kolkata")).toBe("2026-11-25");
    expect(localDay(new Date("2026-11-25T03:00:00Z"), "UTC")).toBe("2026-11-25");
  });
});

describe("deliveryWeekdays", () => {
  it.each<[string | null | undefined, number[]]>([
    ["2,5", [2, 5]],
    ["25", [2, 5]],
    [" 5, 2 ", [2, 5]],
    ["2, 5", [2, 5]],
    ["2,2", [2]],
    ["7,1", [1, 7]],
    ["", []],
    [null, []],
    [undefined, []],
    ["0,8,3", [3]],
    // The live service's forms: joined by ";" and unsorted, by ",", run together.
    ["4;1", [1, 4]],
    ["2;5;", [2, 5]],
  ])("reads %j as %j", (text, expected) => {
    expect(deliveryWeekdays(text)).toEqual(expected);
  });
});

describe("deliveryDaysText", () => {
  it.each<[string | null | undefined, string, string]>([
    ["4;1", "Mon, Thu", "Monday, Thursday"],
    ["2,5", "Tue, Fri", "Tuesday, Friday"],
    ["25", "Tue, Fri", "Tuesday, Friday"],
    ["7", "Sun", "Sunday"],
    // A customer without delivery days: null, "" or no weekday in the text.
    [null, "no delivery days", "no delivery days"],
    ["", "no delivery days", "no delivery days"],
    ["0", "no delivery days", "no delivery days"],
    // Left out of the record (a key that may not see it): unknown, not none.
    [undefined, "—", "—"],
  ])("writes %j as %j (long: %j)", (text, short, long) => {
    expect(deliveryDaysText(text)).toBe(short);
    expect(deliveryDaysText(text, "long")).toBe(long);
  });
});

describe("cutOffFor", () => {
  it("is the day before at 2:30 PM Pacific for the CA rule (the documented example)", () => {
    expect(iso(cutOffFor("2026-11-25", CA))).toBe("2026-11-24T22:30:00.000Z");
  });

  it("uses the offset of the cut-off day, not of the delivery day, around spring forward", () => {
    // Delivery Mon 2026-03-09: cut-off Sun 2026-03-08 14:30 PDT (after the change).
    expect(iso(cutOffFor("2026-03-09", CA))).toBe("2026-03-08T21:30:00.000Z");
    // Delivery Sun 2026-03-08 (the change day): cut-off Sat 2026-03-07 14:30 PST.
    expect(iso(cutOffFor("2026-03-08", CA))).toBe("2026-03-07T22:30:00.000Z");
    // Two days ahead across the change: delivery Tue 2026-03-10 → Sun 2026-03-08 14:30 PDT.
    expect(iso(cutOffFor("2026-03-10", { ...CA, OrderCutOffDaysInAdvance: "2" }))).toBe("2026-03-08T21:30:00.000Z");
    expect(iso(cutOffFor("2026-03-09", { ...CA, OrderCutOffDaysInAdvance: "2" }))).toBe("2026-03-07T22:30:00.000Z");
  });

  it("uses the offset of the cut-off day around fall back", () => {
    expect(iso(cutOffFor("2026-11-02", CA))).toBe("2026-11-01T22:30:00.000Z"); // PST
    expect(iso(cutOffFor("2026-11-01", CA))).toBe("2026-10-31T21:30:00.000Z"); // PDT
  });

  it("moves a cut-off in the skipped hour later by the gap", () => {
    expect(iso(cutOffFor("2026-03-09", { ...CA, OrderCutOffTime: "2:30 AM" }))).toBe("2026-03-08T10:30:00.000Z");
    expect(iso(cutOffFor("2026-03-08", { ...CA, OrderCutOffTime: "2:30 AM", OrderCutOffDaysInAdvance: "0" }))).toBe(
      "2026-03-08T10:30:00.000Z",
    );
  });

  it("takes the first occurrence of a cut-off in the repeated hour", () => {
    expect(iso(cutOffFor("2026-11-02", { ...CA, OrderCutOffTime: "1:30 AM" }))).toBe("2026-11-01T08:30:00.000Z");
    expect(iso(cutOffFor("2026-11-01", { ...CA, OrderCutOffTime: "01:30", OrderCutOffDaysInAdvance: 0 }))).toBe(
      "2026-11-01T08:30:00.000Z",
    );
  });

  it.each([
    [0, "2026-11-25T22:30:00.000Z"],
    [1, "2026-11-24T22:30:00.000Z"],
    [2, "2026-11-23T22:30:00.000Z"],
    [7, "2026-11-18T22:30:00.000Z"],
  ])("counts %i days in advance", (days, expected) => {
    expect(iso(cutOffFor("2026-11-25", { ...CA, OrderCutOffDaysInAdvance: String(days) }))).toBe(expected);
    expect(iso(cutOffFor("2026-11-25", { ...CA, OrderCutOffDaysInAdvance: days }))).toBe(expected);
  });

  it("crosses month and year ends", () => {
    expect(iso(cutOffFor("2027-01-02", { ...CA, OrderCutOffDaysInAdvance: "7" }))).toBe("2026-12-26T22:30:00.000Z");
    expect(iso(cutOffFor("2027-01-02", { ...CA, OrderCutOffDaysInAdvance: "2" }))).toBe("2026-12-31T22:30:00.000Z");
    expect(iso(cutOffFor("2027-01-01", CA))).toBe("2026-12-31T22:30:00.000Z");
    expect(iso(cutOffFor("2026-03-01", CA))).toBe("2026-02-28T22:30:00.000Z");
    expect(iso(cutOffFor("2028-03-01", CA))).toBe("2028-02-29T22:30:00.000Z");
    expect(iso(cutOffFor("2026-12-01", { ...CA, OrderCutOffDaysInAdvance: 7 }))).toBe("2026-11-24T22:30:00.000Z");
    // A late Pacific cut-off on New Year's Eve is already the next year in UTC.
    expect(iso(cutOffFor("2027-01-01", { ...CA, OrderCutOffTime: "11:30 PM" }))).toBe("2027-01-01T07:30:00.000Z");
  });

  it("gives the same cut-off for 2 as a number and as a string", () => {
    const asNumber = cutOffFor("2026-11-25", { ...CA, OrderCutOffDaysInAdvance: 2 });
    const asString = cutOffFor("2026-11-25", { ...CA, OrderCutOffDaysInAdvance: "2" });
    expect(iso(asNumber)).toBe("2026-11-23T22:30:00.000Z");
    expect(iso(asString)).toBe(iso(asNumber));
  });

  it("treats missing days in advance as the delivery day itself", () => {
    expect(iso(cutOffFor("2026-11-25", { ...CA, OrderCutOffDaysInAdvance: null }))).toBe("2026-11-25T22:30:00.000Z");
    expect(iso(cutOffFor("2026-11-25", { OrderCutOffTime: "2:30 PM", TimeZone: LA }))).toBe("2026-11-25T22:30:00.000Z");
  });

  it("works in other zones", () => {
    expect(
      iso(
        cutOffFor("2026-03-30", {
          OrderCutOffTime: "2:30 PM",
          OrderCutOffDaysInAdvance: "1",
          TimeZone: "Europe/London",
        }),
      ),
    ).toBe("2026-03-29T13:30:00.000Z");
    expect(
      iso(
        cutOffFor("2026-03-29", {
          OrderCutOffTime: "2:30 PM",
          OrderCutOffDaysInAdvance: "1",
          TimeZone: "Europe/London",
        }),
      ),
    ).toBe("2026-03-28T14:30:00.000Z");
    expect(
      iso(
        cutOffFor("2026-03-30", {
          OrderCutOffTime: "1:30 AM",
          OrderCutOffDaysInAdvance: "1",
          TimeZone: "Europe/London",
        }),
      ),
    ).toBe("2026-03-29T01:30:00.000Z");
    expect(
      iso(
        cutOffFor("2026-03-09", {
          OrderCutOffTime: "2:30 PM",
          OrderCutOffDaysInAdvance: "1",
          TimeZone: "Asia/Kolkata",
        }),
      ),
    ).toBe("2026-03-08T09:00:00.000Z");
    expect(
      iso(
        cutOffFor("2026-11-02", {
          OrderCutOffTime: "2:30 PM",
          OrderCutOffDaysInAdvance: "1",
          TimeZone: "Asia/Kolkata",
        }),
      ),
    ).toBe("2026-11-01T09:00:00.000Z");
    expect(
      iso(
        cutOffFor("2026-03-10", {
          OrderCutOffTime: "2:30 AM",
          OrderCutOffDaysInAdvance: "2",
          TimeZone: "America/Denver",
        }),
      ),
    ).toBe("2026-03-08T09:30:00.000Z");
    expect(
      iso(
        cutOffFor("2026-01-15", {
          OrderCutOffTime: "10 AM",
          OrderCutOffDaysInAdvance: "0",
          TimeZone: "America/Denver",
        }),
      ),
    ).toBe("2026-01-15T17:00:00.000Z");
  });

  it.each<[string, CutOffRule]>([
    ["an unknown zone", { ...CA, TimeZone: "Mars/Olympus_Mons" }],
    ["an empty zone", { ...CA, TimeZone: "" }],
    ["a null zone", { ...CA, TimeZone: null }],
    ["no zone", { OrderCutOffTime: "2:30 PM", OrderCutOffDaysInAdvance: "1" }],
    ["no time", { OrderCutOffDaysInAdvance: "1", TimeZone: LA }],
    ["a null time", { ...CA, OrderCutOffTime: null }],
    ["an empty time", { ...CA, OrderCutOffTime: "" }],
    ["an unreadable time", { ...CA, OrderCutOffTime: "noon" }],
    ["an impossible time", { ...CA, OrderCutOffTime: "25:00" }],
    ["negative days (text)", { ...CA, OrderCutOffDaysInAdvance: "-1" }],
    ["negative days (number)", { ...CA, OrderCutOffDaysInAdvance: -1 }],
    ["fractional days (text)", { ...CA, OrderCutOffDaysInAdvance: "1.5" }],
    ["fractional days (number)", { ...CA, OrderCutOffDaysInAdvance: 0.5 }],
    ["non-numeric days", { ...CA, OrderCutOffDaysInAdvance: "one" }],
  ])("is undefined for %s", (_label, rule) => {
    expect(cutOffFor("2026-11-25", rule)).toBeUndefined();
  });
});

describe("upcomingDeliveries", () => {
  it("is open one second before the cut-off and closed at it", () => {
    const before = upcomingDeliveries([3], CA, new Date("2026-11-24T22:29:59Z"));
    expect(before.map((d) => ({ day: d.day, cutOff: iso(d.cutOff), open: d.open }))).toEqual([
      { day: "2026-11-25", cutOff: "2026-11-24T22:30:00.000Z", open: true },
      { day: "2026-12-02", cutOff: "2026-12-01T22:30:00.000Z", open: true },
    ]);
    const at = upcomingDeliveries([3], CA, new Date("2026-11-24T22:30:00Z"));
    expect(at.map((d) => ({ day: d.day, cutOff: iso(d.cutOff), open: d.open }))).toEqual([
      { day: "2026-11-25", cutOff: "2026-11-24T22:30:00.000Z", open: false },
      { day: "2026-12-02", cutOff: "2026-12-01T22:30:00.000Z", open: true },
    ]);
  });

  it("includes today when it is a delivery weekday", () => {
    const now = new Date("2026-11-25T16:00:00Z"); // Wed 8:00 PST
    const dayBefore = upcomingDeliveries([3], CA, now, 0);
    expect(dayBefore.map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-11-25", "2026-11-24T22:30:00.000Z", false],
    ]);
    const sameDay = upcomingDeliveries([3], { ...CA, OrderCutOffDaysInAdvance: "0" }, now, 0);
    expect(sameDay.map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-11-25", "2026-11-25T22:30:00.000Z", true],
    ]);
  });

  it("counts the horizon in days from today, inclusive", () => {
    const now = new Date("2026-11-24T18:00:00Z"); // Tue 10:00 PST
    expect(upcomingDeliveries([2, 5], CA, now, 0).map((d) => d.day)).toEqual(["2026-11-24"]);
    expect(upcomingDeliveries([2, 5], CA, now, 2).map((d) => d.day)).toEqual(["2026-11-24"]);
    expect(upcomingDeliveries([2, 5], CA, now, 3).map((d) => d.day)).toEqual(["2026-11-24", "2026-11-27"]);
    expect(upcomingDeliveries([2, 5], CA, now, 7).map((d) => d.day)).toEqual([
      "2026-11-24",
      "2026-11-27",
      "2026-12-01",
    ]);
    expect(upcomingDeliveries([2, 5], CA, now).map((d) => d.day)).toEqual([
      "2026-11-24",
      "2026-11-27",
      "2026-12-01",
      "2026-12-04",
      "2026-12-08",
    ]);
    expect(upcomingDeliveries([3], CA, new Date("2026-11-24T21:00:00Z"), 8).map((d) => d.day)).toEqual([
      "2026-11-25",
      "2026-12-02",
    ]);
    expect(upcomingDeliveries([3], CA, new Date("2026-11-24T21:00:00Z"), 7).map((d) => d.day)).toEqual(["2026-11-25"]);
  });

  it("is empty without delivery weekdays", () => {
    expect(upcomingDeliveries([], CA, new Date("2026-11-24T18:00:00Z"))).toEqual([]);
  });

  it("takes today in the state's zone, not in UTC", () => {
    const now = new Date("2026-11-25T03:00:00Z"); // Wednesday in UTC, Tue 19:00 in Los Angeles
    const tuesdays = upcomingDeliveries([2], CA, now, 0);
    expect(tuesdays.map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-11-24", "2026-11-23T22:30:00.000Z", false],
    ]);
    const wednesdays = upcomingDeliveries([3], CA, now, 1);
    expect(wednesdays.map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-11-25", "2026-11-24T22:30:00.000Z", false],
    ]);
    // In Kolkata the same instant is Wednesday 8:30: Wednesday's delivery (cut-off Tue 14:30 IST) is today.
    const kolkata = upcomingDeliveries([3], { ...CA, TimeZone: "Asia/Kolkata" }, now, 0);
    expect(kolkata.map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-11-25", "2026-11-24T09:00:00.000Z", false],
    ]);
  });

  it("gives cut-offs across a daylight-saving change", () => {
    const now = new Date("2026-03-07T20:00:00Z"); // Sat 12:00 PST
    expect(upcomingDeliveries([7, 1], CA, now, 2).map((d) => [d.day, iso(d.cutOff), d.open])).toEqual([
      ["2026-03-08", "2026-03-07T22:30:00.000Z", true],
      ["2026-03-09", "2026-03-08T21:30:00.000Z", true],
    ]);
    expect(upcomingDeliveries([1], CA, new Date("2026-03-08T21:29:59Z"), 1).map((d) => d.open)).toEqual([true]);
    expect(upcomingDeliveries([1], CA, new Date("2026-03-08T21:30:00Z"), 1).map((d) => d.open)).toEqual([false]);
  });

  it("with no usable rule, falls back to UTC for today and leaves later cut-offs unknown but open", () => {
    const now = new Date("2026-11-25T03:00:00Z"); // Wednesday in UTC
    // Thursday is one day ahead in UTC (it would be two in Los Angeles, outside a horizon of 1).
    expect(upcomingDeliveries([4], { ...CA, TimeZone: "Nowhere/Zone" }, now, 1)).toEqual([
      { day: "2026-11-26", cutOff: undefined, open: true },
    ]);
    expect(
      upcomingDeliveries([4], { OrderCutOffDaysInAdvance: "1", TimeZone: LA }, new Date("2026-11-24T18:00:00Z"), 2),
    ).toEqual([{ day: "2026-11-26", cutOff: undefined, open: true }]);
  });
});

describe("cutOffSentence", () => {
  it("says the cut-off on the state's clock, exactly", () => {
    expect(cutOffSentence({ day: "2026-11-25", cutOff: new Date("2026-11-24T22:30:00Z"), open: true }, LA)).toBe(
      "Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)",
    );
  });

  it("still says PT in summer", () => {
    expect(cutOffSentence({ day: "2026-07-15", cutOff: new Date("2026-07-14T21:30:00Z"), open: true }, LA)).toBe(
      "Order by Tue 2:30 PM PT for Wednesday's delivery (Jul 15)",
    );
  });

  it("reads a cut-off computed across the spring change", () => {
    const [delivery] = upcomingDeliveries([1], CA, new Date("2026-03-07T20:00:00Z"), 2);
    expect(delivery).toBeDefined();
    expect(cutOffSentence(delivery!, LA)).toBe("Order by Sun 2:30 PM PT for Monday's delivery (Mar 9)");
  });

  it("reads a cut-off several days before, across a year end", () => {
    const cutOff = cutOffFor("2027-01-02", { ...CA, OrderCutOffDaysInAdvance: "7" });
    expect(cutOffSentence({ day: "2027-01-02", cutOff, open: true }, LA)).toBe(
      "Order by Sat 2:30 PM PT for Saturday's delivery (Jan 2)",
    );
  });

  it("says when the state gives no usable cut-off", () => {
    expect(cutOffSentence({ day: "2026-11-25", open: true }, LA)).toBe(
      "Wednesday's delivery (Nov 25): the state gives no usable cut-off",
    );
    const cutOff = cutOffFor("2026-11-25", { ...CA, TimeZone: "Nowhere/Zone" });
    expect(cutOffSentence({ day: "2026-11-25", cutOff, open: true }, LA)).toBe(
      "Wednesday's delivery (Nov 25): the state gives no usable cut-off",
    );
  });
});
