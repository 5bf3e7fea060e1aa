import { describe, expect, it } from "vitest";
import { byWeekday, dayCutOff, type ScheduleCustomer } from "./schedule";

const ca = { StateAbbreviation: "CA", StateName: "California", OrderCutOffTime: "2:30 PM", OrderCutOffDaysInAdvance: "1", TimeZone: "America/Los_Angeles" };
const ny = { StateAbbreviation: "NY", StateName: "New York", OrderCutOffTime: "11:00 AM", OrderCutOffDaysInAdvance: "2", TimeZone: "America/New_York" };
// Saturday 2026-11-21, 3:00 PM in Los Angeles.
const now = new Date("2026-11-21T23:00:00Z");

const customers: ScheduleCustomer[] = [
  { CustomerID: 1, CustomerName: "Zephyr Greens", State: "CA", DeliveryDays: "2,5", SalesRepName: "Ana", AccountStatus: "Active" },
  { CustomerID: 2, CustomerName: "Árbol Dispensary", State: "CA", DeliveryDays: "3", DeliveryDates: ["2026-11-25", "2026-12-02"] },
  { CustomerID: 3, CustomerName: "Bay Leaf", State: "NY", DeliveryDays: "35", NextDeliveryDates: "2026-11-25;2026-11-27" },
  { CustomerID: 4, CustomerName: "No Days", State: "CA", DeliveryDays: "" },
  { CustomerName: "No id", State: "CA", DeliveryDays: "1" },
];
const reps = [{ UserID: 7, Name: "Ana", Customers: [{ CustomerID: 1 }, { CustomerID: 3 }] }];

const names = (map: Map<number, { name: string }[]>, day: number) => map.get(day)!.map((r) => r.name);

describe("byWeekday", () => {
  it("puts each customer on each of its days, sorted by name; customers without days or an id are left out", () => {
    const days = byWeekday(customers, [ca, ny], reps, {}, now);
    expect([...days.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(names(days, 1)).toEqual([]);
    expect(names(days, 2)).toEqual(["Zephyr Greens"]);
    expect(names(days, 3)).toEqual(["Árbol Dispensary", "Bay Leaf"]);
    expect(names(days, 5)).toEqual(["Bay Leaf", "Zephyr Greens"]);
  });

  it("takes the API's next dates when it sends them, and computes them in the state's zone otherwise (today excluded)", () => {
    const days = byWeekday(customers, [ca, ny], reps, {}, now);
    const row = (id: number) => days.get(5)!.concat(days.get(3)!).find((r) => r.customerId === id)!;
    expect(row(2).nextDates).toEqual(["2026-11-25", "2026-12-02"]);
    expect(row(3).nextDates).toEqual(["2026-11-25", "2026-11-27"]);
    expect(row(1).nextDates).toEqual(["2026-11-24", "2026-11-27", "2026-12-01", "2026-12-04"]);
  });

  it("filters by the rep's customers and by name, ignoring case and accents", () => {
    expect(names(byWeekday(customers, [ca, ny], reps, { rep: 7 }, now), 5)).toEqual(["Bay Leaf", "Zephyr Greens"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { rep: 7 }, now), 3)).toEqual(["Bay Leaf"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { rep: 99 }, now), 5)).toEqual([]);
    expect(names(byWeekday(customers, [ca, ny], reps, { q: "arbol" }, now), 3)).toEqual(["Árbol Dispensary"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { q: "  LEAF " }, now), 3)).toEqual(["Bay Leaf"]);
  });

  it("filters by state in the page (the customers are walked once, whatever state is chosen)", () => {
    expect(names(byWeekday(customers, [ca, ny], reps, { states: ["CA"] }, now), 3)).toEqual(["Árbol Dispensary"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { states: ["NY"] }, now), 5)).toEqual(["Bay Leaf"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { states: ["CA", "NY"] }, now), 3)).toEqual(["Árbol Dispensary", "Bay Leaf"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { states: [] }, now), 3)).toEqual(["Árbol Dispensary", "Bay Leaf"]);
    expect(names(byWeekday(customers, [ca, ny], reps, { states: ["TX"] }, now), 3)).toEqual([]);
  });
});

describe("dayCutOff", () => {
  it("says by when to order for the next delivery on a weekday, on the state's clock", () => {
    // Wednesday Nov 25 in California: order by Tuesday 2:30 PM PT.
    expect(dayCutOff(ca, 3, now).sentence).toBe("Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)");
    // New York, two days ahead at 11 AM ET: Monday 11 AM for Wednesday.
    expect(dayCutOff(ny, 3, now).sentence).toBe("Order by Mon 11:00 AM ET for Wednesday's delivery (Nov 25)");
  });

  it("says when the nearest delivery is missed, and names the next one", () => {
    // Sunday Nov 22: its cut-off (Sat 2:30 PM PT) passed half an hour ago.
    const sunday = dayCutOff(ca, 7, now);
    expect(sunday.nearest?.day).toBe("2026-11-22");
    expect(sunday.next?.day).toBe("2026-11-29");
    expect(sunday.sentence).toBe("Too late for Sunday's delivery (Nov 22): the cut-off was Sat 2:30 PM PT. Order by Sat 2:30 PM PT for Sunday's delivery (Nov 29)");
    // One second before the cut-off, Sunday Nov 22 is still possible.
    expect(dayCutOff(ca, 7, new Date("2026-11-21T22:29:59Z")).sentence).toBe("Order by Sat 2:30 PM PT for Sunday's delivery (Nov 22)");
  });

  it("counts today's delivery as missed once its cut-off has passed (days in advance 0)", () => {
    const sameDay = { ...ca, OrderCutOffDaysInAdvance: "0" };
    expect(dayCutOff(sameDay, 6, now).sentence).toBe("Too late for Saturday's delivery (Nov 21): the cut-off was Sat 2:30 PM PT. Order by Sat 2:30 PM PT for Saturday's delivery (Nov 28)");
  });
});
