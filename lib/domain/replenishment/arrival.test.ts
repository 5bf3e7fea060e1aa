import { describe, expect, it } from "vitest";
import {
  arrivalOf,
  daysBetween,
  nextPickup,
  type Pickup,
  pickupWeekday,
  vendorArrival,
  warehouseToday,
} from "./arrival";

// 2026-11-21 is a Saturday; 2026-11-26 a Thursday.
describe("nextPickup", () => {
  const table: [string, readonly string[] | null | undefined, string, Pickup][] = [
    [
      "Saturday, pickups Monday and Tuesday: across the week's end to Monday",
      ["Mon", "Tue"],
      "2026-11-21",
      { day: "2026-11-23", source: "weekday" },
    ],
    ["Saturday, pickup Tuesday only", ["Tue"], "2026-11-21", { day: "2026-11-24", source: "weekday" }],
    ["pickup today is excluded: next week's", ["Sat"], "2026-11-21", { day: "2026-11-28", source: "weekday" }],
    [
      "Thursday, pickups Thursday and Friday: Friday",
      ["Thu", "Fri"],
      "2026-11-26",
      { day: "2026-11-27", source: "weekday" },
    ],
    ["Sunday, pickup Monday: tomorrow", ["Mon"], "2026-11-22", { day: "2026-11-23", source: "weekday" }],
    ["empty: today", [], "2026-11-21", { day: "2026-11-21", source: "none" }],
    ["missing: today", undefined, "2026-11-21", { day: "2026-11-21", source: "none" }],
    ["null: today", null, "2026-11-21", { day: "2026-11-21", source: "none" }],
    ["blank entries only: today", ["", " "], "2026-11-21", { day: "2026-11-21", source: "none" }],
    ["nothing readable: today, said apart", ["Funday"], "2026-11-21", { day: "2026-11-21", source: "unreadable" }],
    ["full names and odd spellings", ["thursday", "TUES."], "2026-11-21", { day: "2026-11-24", source: "weekday" }],
    ["several in one entry", ["Fri, Thu"], "2026-11-21", { day: "2026-11-26", source: "weekday" }],
    ["ISO weekday numbers (4 = Thursday)", ["4"], "2026-11-21", { day: "2026-11-26", source: "weekday" }],
    [
      "dates: the earliest after today",
      ["2026-11-30", "2026-11-24", "2026-11-21"],
      "2026-11-21",
      { day: "2026-11-24", source: "date" },
    ],
    ["a timestamp's date", ["2026-11-24T00:00:00.000Z"], "2026-11-21", { day: "2026-11-24", source: "date" }],
    ["dates all past: today, said apart", ["2026-11-01"], "2026-11-21", { day: "2026-11-21", source: "unreadable" }],
    ["a date before the next weekday wins", ["Fri", "2026-11-24"], "2026-11-21", { day: "2026-11-24", source: "date" }],
    [
      "a weekday before the next date wins",
      ["Mon", "2026-11-30"],
      "2026-11-21",
      { day: "2026-11-23", source: "weekday" },
    ],
  ];
  it.each(table)("%s", (_name, pickupDates, today, expected) => {
    expect(nextPickup(pickupDates, today)).toEqual(expected);
  });
});

describe("pickupWeekday", () => {
  it.each([
    ["Mon", 1],
    ["tu", 2],
    ["Weds", 3],
    ["Thurs", 4],
    ["fri.", 5],
    ["Sa", 6],
    ["SUNDAY", 7],
    ["7", 7],
    ["S", undefined],
    ["0", undefined],
    ["Mond", 1],
    ["Monday!", undefined],
  ])("%s is %s", (word, expected) => {
    expect(pickupWeekday(word)).toBe(expected);
  });
});

describe("arrivalOf", () => {
  it.each([
    ["Saturday, pickup Thursday, 5 days' lead", "2026-11-21", ["Thu"], 5, "2026-12-01", 10],
    ["Saturday, pickup Monday, no lead time", "2026-11-21", ["Mon"], 0, "2026-11-23", 2],
    ["no pickup days: today plus the lead time", "2026-11-21", [], 3, "2026-11-24", 3],
    ["no pickup days, no lead: arrives today", "2026-11-21", [], 0, "2026-11-21", 0],
    ["a fractional lead time rounds up to a whole day", "2026-11-21", [], 1.5, "2026-11-23", 2],
    ["across the year's end", "2026-12-30", ["Mon"], 7, "2027-01-11", 12],
    // Daylight saving ends in Los Angeles on 2026-11-01 and starts on 2026-03-08: still whole days.
    ["across the end of daylight saving", "2026-10-31", ["Mon"], 7, "2026-11-09", 9],
    ["across the start of daylight saving", "2026-03-07", ["Mon"], 1, "2026-03-10", 3],
    ["a negative lead time counts as none", "2026-11-21", [], -3, "2026-11-21", 0],
    ["a lead time that is not a number counts as none", "2026-11-21", ["Mon"], Number.NaN, "2026-11-23", 2],
    ["an endless lead time counts as none", "2026-11-21", [], Number.POSITIVE_INFINITY, "2026-11-21", 0],
  ] as const)("%s", (_name, today, pickupDates, lead, day, inDays) => {
    const arrival = arrivalOf(today, pickupDates, lead);
    expect(arrival.day).toBe(day);
    expect(arrival.inDays).toBe(inDays);
  });
});

// The purchase-order form's "earliest" and the planner's row read a vendor's arrival with this one function.
describe("vendorArrival", () => {
  const lateFriday = new Date("2026-11-21T06:30:00Z"); // Friday 22:30 in Los Angeles, Saturday in UTC
  it("counts from today on the warehouse's clock: its next pickup after that day, plus the lead time", () => {
    const vendor = { pickupDates: ["Sat"], leadTimeDays: 2 };
    // In Los Angeles it is still Friday: Saturday's pickup is tomorrow's.
    expect(vendorArrival(lateFriday, "America/Los_Angeles", vendor)).toMatchObject({
      today: "2026-11-20",
      day: "2026-11-23",
      timeZone: "America/Los_Angeles",
      zoneKnown: true,
    });
    // Without a known zone the day is UTC's, said so: Saturday already, so next Saturday's pickup.
    expect(vendorArrival(lateFriday, "Mars/Olympus", vendor)).toMatchObject({
      today: "2026-11-21",
      day: "2026-11-30",
      timeZone: "UTC",
      zoneKnown: false,
    });
  });

  it("has no arrival without a lead time", () => {
    expect(vendorArrival(lateFriday, "UTC", { pickupDates: ["Mon"], leadTimeDays: null })).toBeUndefined();
    expect(vendorArrival(lateFriday, "UTC", { pickupDates: ["Mon"] })).toBeUndefined();
  });
});

describe("warehouseToday", () => {
  it.each([
    [
      "late Saturday evening in Los Angeles is Sunday in UTC",
      "2026-11-22T05:00:00Z",
      "America/Los_Angeles",
      "2026-11-21",
      true,
    ],
    ["the same instant in New York is Sunday", "2026-11-22T05:00:00Z", "America/New_York", "2026-11-22", true],
    [
      "the hour daylight saving ends (1:30 AM happens twice)",
      "2026-11-01T09:30:00Z",
      "America/Los_Angeles",
      "2026-11-01",
      true,
    ],
    [
      "just after midnight on the day daylight saving starts",
      "2026-03-08T08:30:00Z",
      "America/Los_Angeles",
      "2026-03-08",
      true,
    ],
    ["no zone: UTC, said", "2026-11-22T05:00:00Z", undefined, "2026-11-22", false],
    ["a zone Intl does not know: UTC, said", "2026-11-22T05:00:00Z", "Mars/Olympus", "2026-11-22", false],
  ] as const)("%s", (_name, now, zone, today, known) => {
    const found = warehouseToday(new Date(now), zone);
    expect(found.today).toBe(today);
    expect(found.zoneKnown).toBe(known);
    expect(found.timeZone).toBe(known ? zone : "UTC");
  });
});

describe("daysBetween", () => {
  it("counts calendar days, whatever the clocks do", () => {
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-11-21", "2026-11-21")).toBe(0);
    expect(daysBetween("2026-11-21", "2026-11-20")).toBe(-1);
  });
});
