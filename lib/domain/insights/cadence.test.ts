import { describe, expect, it } from "vitest";
import { cadence, cadenceStatus, doorsDue } from "./cadence";
import type { HistoryInput } from "./definitions";
import type { HistoryCustomer, HistoryInvoice } from "./history-types";

// A Wednesday: its week runs from Monday 2026-11-23 to Sunday 2026-11-29.
const asOf = "2026-11-25";

/** Stores as [customerId, reps, order days (a day twice is two invoices), returned days]. */
type Store = [number, number[], string[], string[]?];

function history(stores: Store[]): HistoryInput {
  const customers: HistoryCustomer[] = [];
  const invoices: HistoryInvoice[] = [];
  for (const [customerId, repUserIds, days, returned = []] of stores) {
    customers.push({ customerId, name: `Store ${customerId}`, state: null, repUserIds });
    for (const [status, list] of [
      [2, days],
      [4, returned],
    ] as const)
      for (const day of list)
        invoices.push({
          invoiceId: invoices.length + 1,
          customerId,
          invoiceNum: `INV-${invoices.length + 1}`,
          date: `${day}T00:00:00.000Z`,
          status,
        });
  }
  return { invoices, lines: [], customers, products: [], repNames: { 10: "Ana" } };
}

describe("cadenceStatus", () => {
  it.each([
    [10, null, "unknown"],
    [10, 10, "ok"],
    [11, 10, "due"],
    [15, 10, "due"],
    [16, 10, "late"],
    [11, 10.5, "due"],
    [15, 10.5, "due"],
    [16, 10.5, "late"],
  ] as const)("%i days since, median %s: %s", (daysSince, median, status) => {
    expect(cadenceStatus(daysSince, median)).toBe(status);
  });
});

describe("cadence", () => {
  const cases: { name: string; store: Store; row: Record<string, unknown> }[] = [
    {
      name: "two orders only: no median, status unknown",
      store: [1, [10], ["2026-11-01", "2026-11-15"]],
      row: { orders: 2, medianDays: null, lastOrder: "2026-11-15", daysSince: 10, nextOrder: null, status: "unknown" },
    },
    {
      name: "irregular orders: the median of gaps 7, 21, 7, 15 is 11",
      store: [2, [10], ["2026-10-01", "2026-10-08", "2026-10-29", "2026-11-05", "2026-11-20"]],
      row: { orders: 5, medianDays: 11, lastOrder: "2026-11-20", daysSince: 5, nextOrder: "2026-12-01", status: "ok" },
    },
    {
      name: "a store that stopped: weekly, then nothing for 64 days is late",
      store: [3, [11], ["2026-09-01", "2026-09-08", "2026-09-15", "2026-09-22"]],
      row: {
        orders: 4,
        medianDays: 7,
        lastOrder: "2026-09-22",
        daysSince: 64,
        nextOrder: "2026-09-29",
        status: "late",
      },
    },
    {
      name: "a tie with the median is still ok, expected today",
      store: [4, [], ["2026-10-26", "2026-11-05", "2026-11-15"]],
      row: { orders: 3, medianDays: 10, lastOrder: "2026-11-15", daysSince: 10, nextOrder: "2026-11-25", status: "ok" },
    },
    {
      name: "a tie with 1.5 × the median is due, not late",
      store: [5, [10, 11], ["2026-10-21", "2026-10-31", "2026-11-10"]],
      row: {
        orders: 3,
        medianDays: 10,
        lastOrder: "2026-11-10",
        daysSince: 15,
        nextOrder: "2026-11-20",
        status: "due",
      },
    },
    {
      name: "a half-day median: next order a day later, rounded up",
      store: [6, [11], ["2026-10-20", "2026-10-27", "2026-11-10"]],
      row: {
        orders: 3,
        medianDays: 10.5,
        lastOrder: "2026-11-10",
        daysSince: 15,
        nextOrder: "2026-11-21",
        status: "due",
      },
    },
    {
      name: "two invoices on one day are one order, a return none, an order after the day asked about not yet",
      store: [7, [10], ["2026-11-01", "2026-11-01", "2026-11-08", "2026-11-26"], ["2026-11-20"]],
      row: { orders: 2, medianDays: null, lastOrder: "2026-11-08", daysSince: 17, nextOrder: null, status: "unknown" },
    },
  ];
  it.each(cases)("$name", ({ store, row }) => {
    expect(cadence(history([store]), { asOf })).toEqual([{ customerId: store[0], name: `Store ${store[0]}`, ...row }]);
  });

  it("lists the late first, then due, ok and unknown, each by days since descending; a store never ordering is none", () => {
    const input = history([...cases.map((c) => c.store), [8, [], [], ["2026-11-02"]]]);
    expect(cadence(input, { asOf }).map((r) => [r.customerId, r.status])).toEqual([
      [3, "late"],
      [5, "due"],
      [6, "due"],
      [4, "ok"],
      [2, "ok"],
      [7, "unknown"],
      [1, "unknown"],
    ]);
  });
});

describe("doorsDue", () => {
  it("lists per rep the stores expected by the week's Sunday: this week's first, then the due and late, the most recent first; no rep last; none silent over 90 days", () => {
    const input = history([
      ...[
        [1, [10], ["2026-11-01", "2026-11-15"]] as Store, // no median: never due
        [2, [10], ["2026-10-01", "2026-10-08", "2026-10-29", "2026-11-05", "2026-11-20"]] as Store, // next 12-01
        [3, [11], ["2026-09-01", "2026-09-08", "2026-09-15", "2026-09-22"]] as Store, // late
        [4, [], ["2026-10-26", "2026-11-05", "2026-11-15"]] as Store, // expected today
        [5, [10, 11], ["2026-10-21", "2026-10-31", "2026-11-10"]] as Store, // due
        [9, [10], ["2026-11-08", "2026-11-15", "2026-11-22"]] as Store, // next 11-29: the week's Sunday
        [10, [10], ["2026-11-09", "2026-11-16", "2026-11-23"]] as Store, // next 11-30: next week
        [11, [10], ["2026-06-01", "2026-06-08", "2026-06-15"]] as Store, // silent since June: Lost, not due
        [12, [10], ["2026-11-03", "2026-11-10", "2026-11-17"]] as Store, // next 11-24: this week, before 9's
      ],
    ]);
    const due = doorsDue(cadence(input, { asOf }), input, asOf);
    expect(due.map((r) => [r.repUserId, r.name, r.doors.map((d) => d.customerId)])).toEqual([
      [10, "Ana", [12, 9, 5]],
      [11, "Rep 11", [5, 3]],
      [null, "No rep", [4]],
    ]);
  });
});
