import { describe, expect, it } from "vitest";
import { isoWeekday, localDay } from "@/lib/format/days";
import { deliveryDaysText, nextDeliveryDates } from "./delivery";

describe("delivery dates", () => {
  it("count weekdays from Monday = 1 to Sunday = 7", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-22")).toBe(7);
  });

  it("take today in the state's time zone, not UTC", () => {
    // 03:00 UTC on Nov 22 is still Nov 21 in California.
    expect(localDay(new Date("2026-11-22T03:00:00Z"), "America/Los_Angeles")).toBe("2026-11-21");
    expect(nextDeliveryDates("7", new Date("2026-11-22T03:00:00Z"), "America/Los_Angeles", 7)).toEqual(["2026-11-22"]);
  });

  it("list the next two weeks' dates for the delivery weekdays", () => {
    expect(nextDeliveryDates("25", new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles")).toEqual(["2026-11-24", "2026-11-27", "2026-12-01", "2026-12-04"]);
    expect(deliveryDaysText("25")).toBe("2,5");
  });
});
