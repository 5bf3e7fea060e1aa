import { describe, expect, it } from "vitest";
import { isTimeZone, nextMonthlyRunAt, nextRunAt, zonedInstant } from "./next-run";

const at = (iso: string) => new Date(iso);

describe("nextRunAt", () => {
  it("runs a daily report at the next local time, today or tomorrow", () => {
    const daily = { frequency: "daily", localTime: "07:30", timeZone: "Europe/Berlin" } as const;
    expect(nextRunAt(daily, at("2026-11-23T05:00:00Z")).toISOString()).toBe("2026-11-23T06:30:00.000Z");
    // Exactly at the time: the next one (strictly after).
    expect(nextRunAt(daily, at("2026-11-23T06:30:00Z")).toISOString()).toBe("2026-11-24T06:30:00.000Z");
  });

  it("runs a weekly report on its weekday, this week or next", () => {
    const monday = { frequency: "weekly", weekday: 1, localTime: "09:00", timeZone: "America/New_York" } as const;
    // 2026-11-23 is a Monday; 09:00 EST is 14:00 UTC.
    expect(nextRunAt(monday, at("2026-11-23T13:59:00Z")).toISOString()).toBe("2026-11-23T14:00:00.000Z");
    expect(nextRunAt(monday, at("2026-11-23T14:00:00Z")).toISOString()).toBe("2026-11-30T14:00:00.000Z");
    const sunday = { frequency: "weekly", weekday: 7, localTime: "18:00", timeZone: "UTC" } as const;
    expect(nextRunAt(sunday, at("2026-11-23T00:00:00Z")).toISOString()).toBe("2026-11-29T18:00:00.000Z");
  });

  it("counts days in the schedule's zone, not the server's: a zone already on tomorrow", () => {
    // 2026-11-23T20:00Z is already Tuesday 09:00 in Auckland (UTC+13): Tuesday's 08:00 has passed.
    const auckland = { frequency: "weekly", weekday: 2, localTime: "08:00", timeZone: "Pacific/Auckland" } as const;
    expect(nextRunAt(auckland, at("2026-11-23T20:00:00Z")).toISOString()).toBe("2026-11-30T19:00:00.000Z");
    expect(nextRunAt(auckland, at("2026-11-23T18:00:00Z")).toISOString()).toBe("2026-11-23T19:00:00.000Z");
  });

  it("keeps the wall clock across daylight saving: 07:30 stays 07:30", () => {
    const daily = { frequency: "daily", localTime: "07:30", timeZone: "America/New_York" } as const;
    // Before and after the spring-forward night of 2026-03-08: EST (UTC−5), then EDT (UTC−4).
    expect(nextRunAt(daily, at("2026-03-07T13:00:00Z")).toISOString()).toBe("2026-03-08T11:30:00.000Z");
    expect(nextRunAt(daily, at("2026-03-07T11:00:00Z")).toISOString()).toBe("2026-03-07T12:30:00.000Z");
    // Fall back, 2026-11-01: EDT, then EST.
    expect(nextRunAt(daily, at("2026-10-31T12:00:00Z")).toISOString()).toBe("2026-11-01T12:30:00.000Z");
    expect(nextRunAt(daily, at("2026-10-30T12:00:00Z")).toISOString()).toBe("2026-10-31T11:30:00.000Z");
  });

  it("runs a time the clock skips just past the gap, and a time it shows twice at the first", () => {
    // 02:30 does not exist in New York on 2026-03-08: it runs at 03:30 EDT.
    expect(zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 comes twice on 2026-11-01: the first, in EDT.
    expect(zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // Berlin's spring-forward (2026-03-29, 02:00 → 03:00).
    expect(zonedInstant("2026-03-29", "02:15", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:15:00.000Z");
    const daily = { frequency: "daily", localTime: "02:30", timeZone: "America/New_York" } as const;
    expect(nextRunAt(daily, at("2026-03-07T08:00:00Z")).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(nextRunAt(daily, at("2026-03-08T07:30:00Z")).toISOString()).toBe("2026-03-09T06:30:00.000Z");
  });

  it("knows the zones the runtime knows", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("nextMonthlyRunAt", () => {
  it.each([
    [
      "later this month",
      { dayOfMonth: 28, localTime: "07:00", timeZone: "America/Los_Angeles" },
      "2026-11-25T12:00:00Z",
      "2026-11-28T15:00:00.000Z",
    ],
    [
      "next month, the day passed",
      { dayOfMonth: 1, localTime: "07:00", timeZone: "America/Los_Angeles" },
      "2026-11-25T12:00:00Z",
      "2026-12-01T15:00:00.000Z",
    ],
    [
      "next year, from December",
      { dayOfMonth: 1, localTime: "07:00", timeZone: "UTC" },
      "2026-12-01T07:00:00Z",
      "2027-01-01T07:00:00.000Z",
    ],
    [
      "in a zone already on the 1st (07:00 there still to come) while UTC is on the 30th",
      { dayOfMonth: 1, localTime: "07:00", timeZone: "Pacific/Auckland" },
      "2026-11-30T12:00:00Z",
      "2026-11-30T18:00:00.000Z",
    ],
    [
      "across a change to daylight saving, the wall clock kept",
      { dayOfMonth: 15, localTime: "07:00", timeZone: "America/New_York" },
      "2027-02-20T12:00:00Z",
      "2027-03-15T11:00:00.000Z",
    ],
  ])("runs %s", (_, schedule, after, expected) => {
    expect(nextMonthlyRunAt(schedule, new Date(after)).toISOString()).toBe(expected);
  });

  it("refuses a day some months lack", () => {
    expect(() => nextMonthlyRunAt({ dayOfMonth: 31, localTime: "07:00", timeZone: "UTC" }, new Date())).toThrow(
      RangeError,
    );
  });
});
