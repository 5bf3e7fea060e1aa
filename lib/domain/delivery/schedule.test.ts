import { describe, expect, it } from "vitest";
import {
  apiDeliveryDates,
  byWeekday,
  dateCutOff,
  dayCutOff,
  deliveriesOn,
  deliveryDates,
  type ScheduleCustomer,
  scheduleRows,
} from "./schedule";

const ca = {
  StateAbbreviation: "CA",
  StateName: "California",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
  TimeZone: "America/Los_Angeles",
};
const ny = {
  StateAbbreviation: "NY",
  StateName: "New York",
  OrderCutOffTime: "11:00 AM",
  OrderCutOffDaysInAdvance: "2",
  TimeZone: "America/New_York",
};
// Saturday 2026-11-21, 3:00 PM in Los Angeles.
const now = new Date("2026-11-21T23:00:00Z");

const customers: ScheduleCustomer[] = [
  {
    CustomerID: 1,
    CustomerName: "Zephyr Greens",
    State: "CA",
    DeliveryDays: "2,5",
    SalesRepName: "Ana",
    AccountStatus: "Active",
  },
  {
    CustomerID: 2,
    CustomerName: "Árbol Dispensary",
    State: "CA",
    DeliveryDays: "3",
    DeliveryDates: ["2026-11-25", "2026-12-02"],
  },
  {
    CustomerID: 3,
    CustomerName: "Bay Leaf",
    State: "NY",
    DeliveryDays: "35",
    NextDeliveryDates: "2026-11-25;2026-11-27",
  },
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

  it("takes the API's next dates when it sends them, and computes them in the state's zone otherwise (today included)", () => {
    const days = byWeekday(customers, [ca, ny], reps, {}, now);
    const row = (id: number) =>
      days
        .get(5)!
        .concat(days.get(3)!)
        .find((r) => r.customerId === id)!;
    expect(row(2).nextDates).toEqual(["2026-11-25", "2026-12-02"]);
    expect(row(3).nextDates).toEqual(["2026-11-25", "2026-11-27"]);
    expect(row(1).nextDates).toEqual(["2026-11-24", "2026-11-27", "2026-12-01", "2026-12-04"]);
  });

  it("drops the API's dates that have passed (computed in a nightly sync), and computes the next ones when none is left", () => {
    const stale: ScheduleCustomer[] = [
      {
        CustomerID: 5,
        CustomerName: "Stale Next",
        State: "CA",
        DeliveryDays: "3",
        NextDeliveryDates: "2026-11-18;2026-11-25",
      },
      {
        CustomerID: 6,
        CustomerName: "All Past",
        State: "CA",
        DeliveryDays: "3",
        DeliveryDates: ["2026-11-11", "2026-11-18T00:00:00Z"],
      },
      // Today on the state's clock (Saturday Nov 21 in Los Angeles; already Sunday in UTC) is kept.
      {
        CustomerID: 7,
        CustomerName: "Today",
        State: "CA",
        DeliveryDays: "6",
        NextDeliveryDates: "2026-11-20;2026-11-21;2026-11-28",
      },
    ];
    const days = byWeekday(stale, [ca], [], {}, now);
    expect(days.get(3)!.map((r) => [r.name, r.nextDates])).toEqual([
      ["All Past", ["2026-11-25", "2026-12-02"]],
      ["Stale Next", ["2026-11-25"]],
    ]);
    expect(days.get(6)![0]!.nextDates).toEqual(["2026-11-21", "2026-11-28"]);
  });

  it('reads the live service\'s DeliveryDays forms: "4;1" unsorted, "2,5", "25"; none on no day', () => {
    const forms: ScheduleCustomer[] = [
      { CustomerID: 8, CustomerName: "Semicolons", State: "CA", DeliveryDays: "4;1" },
      { CustomerID: 9, CustomerName: "Null", State: "CA", DeliveryDays: null },
      { CustomerID: 10, CustomerName: "Left out", State: "CA" },
    ];
    const days = byWeekday(forms, [ca], [], {}, now);
    expect(names(days, 1)).toEqual(["Semicolons"]);
    expect(names(days, 4)).toEqual(["Semicolons"]);
    expect([...days.values()].flat().map((r) => r.name)).toEqual(["Semicolons", "Semicolons"]);
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
    expect(names(byWeekday(customers, [ca, ny], reps, { states: ["CA", "NY"] }, now), 3)).toEqual([
      "Árbol Dispensary",
      "Bay Leaf",
    ]);
    expect(names(byWeekday(customers, [ca, ny], reps, { states: [] }, now), 3)).toEqual([
      "Árbol Dispensary",
      "Bay Leaf",
    ]);
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
    expect(sunday.sentence).toBe(
      "Too late for Sunday's delivery (Nov 22): the cut-off was Sat 2:30 PM PT. Order by Sat 2:30 PM PT for Sunday's delivery (Nov 29)",
    );
    // One second before the cut-off, Sunday Nov 22 is still possible.
    expect(dayCutOff(ca, 7, new Date("2026-11-21T22:29:59Z")).sentence).toBe(
      "Order by Sat 2:30 PM PT for Sunday's delivery (Nov 22)",
    );
  });

  it("counts today's delivery as missed once its cut-off has passed (days in advance 0)", () => {
    const sameDay = { ...ca, OrderCutOffDaysInAdvance: "0" };
    expect(dayCutOff(sameDay, 6, now).sentence).toBe(
      "Too late for Saturday's delivery (Nov 21): the cut-off was Sat 2:30 PM PT. Order by Sat 2:30 PM PT for Saturday's delivery (Nov 28)",
    );
  });
});

describe("apiDeliveryDates", () => {
  it("gives the API's dates from today on, sorted, once each, from DeliveryDates and NextDeliveryDates alike", () => {
    expect(apiDeliveryDates({ NextDeliveryDates: "2026-11-27; 2026-11-18;2026-11-25;junk" }, "2026-11-21")).toEqual([
      "2026-11-25",
      "2026-11-27",
    ]);
    expect(
      apiDeliveryDates(
        { DeliveryDates: ["2026-11-25T00:00:00Z", "2026-11-21", "2026-11-20"], NextDeliveryDates: "2026-11-25" },
        "2026-11-21",
      ),
    ).toEqual(["2026-11-21", "2026-11-25"]);
    expect(apiDeliveryDates({ DeliveryDates: null, NextDeliveryDates: "" }, "2026-11-21")).toEqual([]);
    expect(apiDeliveryDates({}, "2026-11-21")).toEqual([]);
  });
});

describe("deliveriesOn: the customers with a delivery dated a day", () => {
  // Friday 2026-11-27, 10:00 AM in Los Angeles.
  const friday = new Date("2026-11-27T18:00:00Z");
  const fridays: ScheduleCustomer[] = [
    // The API computed its dates after today: its next Friday is next week's.
    {
      CustomerID: 11,
      CustomerName: "Next Week",
      State: "CA",
      DeliveryDays: "5",
      NextDeliveryDates: "2026-12-04;2026-12-11",
    },
    // A sync of yesterday's: today is among its dates.
    {
      CustomerID: 12,
      CustomerName: "Lagged",
      State: "CA",
      DeliveryDays: "5",
      DeliveryDates: ["2026-11-26", "2026-11-27", "2026-12-04"],
    },
    // No dates sent at all (a sparse record): its weekdays' dates, today included.
    { CustomerID: 13, CustomerName: "No Dates", State: "CA", DeliveryDays: "5" },
    // Another weekday altogether.
    {
      CustomerID: 14,
      CustomerName: "Mondays",
      State: "CA",
      DeliveryDays: "1",
      NextDeliveryDates: "2026-11-30;2026-12-07",
    },
  ];
  const rows = scheduleRows(fridays, [ca], [], {}, friday);
  const on = (day: string) => deliveriesOn(rows, day).map((r) => r.name);

  it("counts a customer on the dates the API gives it, not on every day of its weekday", () => {
    expect(on("2026-11-27")).toEqual(["Lagged", "No Dates"]);
    expect(on("2026-12-04")).toEqual(["Lagged", "Next Week", "No Dates"]);
    expect(on("2026-11-30")).toEqual(["Mondays"]);
    expect(on("2026-11-28")).toEqual([]);
  });

  it("gives a customer's dates from today on: the API's, else its weekdays' for two weeks, today included", () => {
    expect(deliveryDates(fridays[0]!, ca, friday)).toEqual(["2026-12-04", "2026-12-11"]);
    expect(deliveryDates(fridays[1]!, ca, friday)).toEqual(["2026-11-27", "2026-12-04"]);
    expect(deliveryDates(fridays[2]!, ca, friday)).toEqual(["2026-11-27", "2026-12-04", "2026-12-11"]);
    expect(deliveryDates({ DeliveryDays: null }, ca, friday)).toEqual([]);
  });

  it("keeps the filters: a state, a rep, a name", () => {
    const filtered = scheduleRows(fridays, [ca], [], { q: "lag" }, friday);
    expect(deliveriesOn(filtered, "2026-11-27").map((r) => r.name)).toEqual(["Lagged"]);
  });
});

describe("dateCutOff", () => {
  it("says by when to order for a date's delivery, or that its cut-off has passed", () => {
    expect(dateCutOff(ca, "2026-11-25", now).sentence).toBe(
      "Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)",
    );
    expect(dateCutOff(ca, "2026-11-25", now).open).toBe(true);
    // Sunday Nov 22: its cut-off (Sat 2:30 PM PT) passed half an hour ago.
    expect(dateCutOff(ca, "2026-11-22", now).sentence).toBe(
      "Too late for Sunday's delivery (Nov 22): the cut-off was Sat 2:30 PM PT.",
    );
    expect(dateCutOff(ca, "2026-11-22", now).open).toBe(false);
  });
});
