import { describe, expect, it } from "vitest";
import { isoWeekday, localDay } from "@/lib/format/days";
import { deliveryDaysText, deliveryWeekdays, nextDeliveryDate, nextDeliveryDates } from "./delivery";

describe("delivery dates", () => {
  it("count weekdays from Monday = 1 to Sunday = 7", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-22")).toBe(7);
  });

  it("take today in the state's time zone, not UTC", () => {
    // 03:00 UTC on Nov 22 is still Nov 21 in California.
    expect(localDay(new Date("2026-11-22T03:00:00Z"), "America/Los_Angeles")).toBe("2026-11-21");
    expect(nextDeliveryDates("7", new Date("2026-11-22T03:00:00Z"), "America/Los_Angeles", { days: 7 })).toEqual([
      "2026-11-22",
    ]);
  });

  it("list the next two weeks' dates for the delivery weekdays", () => {
    expect(nextDeliveryDates("25", new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles")).toEqual([
      "2026-11-24",
      "2026-11-27",
      "2026-12-01",
      "2026-12-04",
    ]);
    expect(deliveryDaysText("25")).toBe("2,5");
  });

  it("read the days in every form the ERP holds: run together, joined by commas, joined by semicolons in any order", () => {
    expect(deliveryWeekdays("25")).toEqual([2, 5]);
    expect(deliveryWeekdays("2,5")).toEqual([2, 5]);
    expect(deliveryWeekdays("4;1")).toEqual([4, 1]);
    expect(deliveryWeekdays("3;5;1")).toEqual([3, 5, 1]);
    const friday = new Date("2026-11-21T20:00:00Z");
    for (const stored of ["25", "2,5", "5;2"])
      expect(nextDeliveryDates(stored, friday, "America/Los_Angeles"), stored).toEqual([
        "2026-11-24",
        "2026-11-27",
        "2026-12-01",
        "2026-12-04",
      ]);
    // The joined forms go out as the ERP holds them; digits run together comma-joined.
    expect([deliveryDaysText("2,5"), deliveryDaysText("4;1")]).toEqual(["2,5", "4;1"]);
  });

  it("say nothing for a customer without a schedule", () => {
    expect(deliveryWeekdays(null)).toEqual([]);
    expect(deliveryDaysText(null)).toBeNull();
    expect(nextDeliveryDates(null, new Date("2026-11-21T20:00:00Z"), "America/Los_Angeles")).toEqual([]);
  });

  it("computed by a sync as of the start of yesterday, list yesterday's delivery first, although it has passed", () => {
    // Saturday Nov 21 in California: yesterday was a Friday (5).
    const saturday = new Date("2026-11-21T20:00:00Z");
    expect(nextDeliveryDates("25", saturday, "America/Los_Angeles", { lagDays: 1 })).toEqual([
      "2026-11-20",
      "2026-11-24",
      "2026-11-27",
      "2026-12-01",
    ]);
    // The same two weeks' span, a day earlier: today's delivery is listed too.
    expect(nextDeliveryDates("6", saturday, "America/Los_Angeles", { lagDays: 1 })).toEqual([
      "2026-11-21",
      "2026-11-28",
    ]);
    expect(nextDeliveryDates("6", saturday, "America/Los_Angeles")).toEqual(["2026-11-28", "2026-12-05"]);
  });

  it("date an order's delivery on the first delivery day after the order's day, never that day itself", () => {
    // Saturday Nov 21: Tuesday; on Tuesday itself, Friday; a week of nothing but Saturdays: the next Saturday.
    expect(nextDeliveryDate("25", "2026-11-21")).toBe("2026-11-24");
    expect(nextDeliveryDate("5;2", "2026-11-24")).toBe("2026-11-27");
    expect(nextDeliveryDate("6", "2026-11-21")).toBe("2026-11-28");
    expect(nextDeliveryDate(null, "2026-11-21")).toBeNull();
    // For today, the API's first next delivery date.
    const now = new Date("2026-11-22T03:00:00Z");
    for (const stored of ["7", "25", "1,3"])
      expect(nextDeliveryDate(stored, localDay(now, "America/Los_Angeles")), stored).toBe(
        nextDeliveryDates(stored, now, "America/Los_Angeles")[0],
      );
  });
});
