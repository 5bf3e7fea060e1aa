import { describe, expect, it } from "vitest";
import { accountHealth, median, periodComparison, salesBy, weeklyLeaderboard } from "./aggregate";
import { DEFINITIONS, growthPercent, invoiceDay, tierOf, weekStart, type HistoryInput } from "./definitions";
import type { HistoryCustomer, HistoryInvoice, HistoryLine } from "./history-types";

const customers: HistoryCustomer[] = [
  { customerId: 1, name: "Corner Shop", state: "NY", repUserIds: [10] },
  { customerId: 2, name: "Big Store", state: "CA", repUserIds: [10, 11] },
  { customerId: 3, name: "Quiet Store", state: null, repUserIds: [] },
];

let nextLine = 1;
function invoice(invoiceId: number, customerId: number, date: string, status = 2): HistoryInvoice {
  return { invoiceId, customerId, invoiceNum: `INV-${invoiceId}`, date, status };
}
function line(
  invoiceId: number,
  customerId: number,
  productId: number,
  numUnits: number,
  extPrice: string,
): HistoryLine {
  return { lineId: nextLine++, invoiceId, customerId, productId, supplierId: 100, numUnits, extPrice };
}
function history(invoices: HistoryInvoice[], lines: HistoryLine[]): HistoryInput {
  return {
    invoices,
    lines,
    customers,
    products: [
      { productId: 7, name: "Lager", supplierId: 100, group: "Beer", active: true },
      { productId: 8, name: "Stout", supplierId: 100, group: "Beer", active: true },
    ],
    repNames: { 10: "Ana" },
  };
}

describe("salesBy", () => {
  it("salesBy(product) counts a Returned invoice negative and not as an invoice", () => {
    const input = history(
      [invoice(1, 1, "2026-11-02T15:00:00.000Z"), invoice(2, 1, "2026-11-03T15:00:00.000Z", 4)],
      [line(1, 1, 7, 10, "100.000000"), line(2, 1, 7, 3, "30.000000")],
    );
    expect(salesBy("product", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { key: "7", name: "Lager", units: 7, revenue: "70.00", invoices: 1 },
    ]);
  });

  // The ERP writes a Returned invoice's lines negative (units and ExtPrice): each is taken off, never added.
  it.each([
    ["a return written negative, as the API gives it", -3, "-30.000000"],
    ["a return written positive", 3, "30.000000"],
  ])("salesBy(product) takes %s off the sales", (_, units, amount) => {
    const input = history(
      [invoice(1, 1, "2026-11-02T15:00:00.000Z"), invoice(2, 1, "2026-11-03T15:00:00.000Z", 4)],
      [line(1, 1, 7, 10, "100.000000"), line(2, 1, 7, units, amount)],
    );
    expect(salesBy("product", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { key: "7", name: "Lager", units: 7, revenue: "70.00", invoices: 1 },
    ]);
    expect(periodComparison(input, { from: "2026-11-01", to: "2026-11-30" }).current).toMatchObject({
      units: 7,
      revenue: "70.00",
      invoices: 1,
    });
  });

  it("salesBy(week): a week's units are its sales less its returns (8 sold, 2 back: 6)", () => {
    const input = history(
      [
        invoice(1, 1, "2026-09-08T15:00:00.000Z"),
        invoice(2, 2, "2026-09-10T15:00:00.000Z"),
        invoice(3, 2, "2026-09-12T15:00:00.000Z", 4),
        invoice(4, 1, "2026-09-15T15:00:00.000Z", 4),
      ],
      [
        line(1, 1, 7, 5, "50.000000"),
        line(2, 2, 8, 3, "36.000000"),
        line(3, 2, 8, -2, "-24.000000"),
        line(4, 1, 7, -1, "-10.000000"),
      ],
    );
    expect(
      salesBy("week", input, { from: "2026-09-07", to: "2026-09-20" }).map((r) => [r.key, r.units, r.revenue]),
    ).toEqual([
      ["2026-09-07", 6, "62.00"],
      ["2026-09-14", -1, "-10.00"],
    ]);
  });

  it("salesBy(product) of an empty period is empty", () => {
    const input = history([invoice(1, 1, "2026-10-02T15:00:00.000Z")], [line(1, 1, 7, 1, "5")]);
    expect(salesBy("product", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([]);
  });

  it("salesBy sums many 0.1 and 0.2 lines exactly", () => {
    const invoices = [invoice(1, 1, "2026-11-02T10:00:00.000Z")];
    const lines: HistoryLine[] = [];
    for (let i = 0; i < 1000; i++) lines.push(line(1, 1, 7, 1, i % 2 === 0 ? "0.1" : "0.2"));
    lines.push(line(1, 1, 7, 1, "0.005"));
    // Exactly 150.005, which rounds half up to 150.01; summed in floats it is 150.0049999999986 and shows 150.00.
    expect(salesBy("product", history(invoices, lines), { from: "2026-11-01", to: "2026-11-30" })[0]?.revenue).toBe(
      "150.01",
    );
  });

  it("salesBy(product) sorts by revenue descending, ties by key as a number", () => {
    const input = history(
      [invoice(1, 1, "2026-11-02T10:00:00.000Z")],
      [line(1, 1, 10, 1, "5"), line(1, 1, 9, 1, "5"), line(1, 1, 8, 1, "9.995")],
    );
    expect(salesBy("product", input, { from: "2026-11-01", to: "2026-11-30" }).map((r) => [r.key, r.revenue])).toEqual([
      ["8", "10.00"],
      ["9", "5.00"],
      ["10", "5.00"],
    ]);
  });

  it("salesBy(rep) credits each covering rep and puts customers without one under none", () => {
    const input = history(
      [
        invoice(1, 2, "2026-11-02T10:00:00.000Z"),
        invoice(2, 3, "2026-11-02T10:00:00.000Z"),
        invoice(3, 1, "2026-11-02T10:00:00.000Z"),
      ],
      [line(1, 2, 7, 2, "20"), line(2, 3, 7, 1, "50"), line(3, 1, 7, 1, "1")],
    );
    expect(salesBy("rep", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { key: "none", name: "No rep", units: 1, revenue: "50.00", invoices: 1 },
      { key: "10", name: "Ana", units: 3, revenue: "21.00", invoices: 2 },
      { key: "11", name: "Rep 11", units: 2, revenue: "20.00", invoices: 1 },
    ]);
  });

  it("salesBy(supplier) totals each supplier's lines of an invoice apart, a return negative, unnamed ones by id", () => {
    const input = {
      ...history(
        [
          invoice(1, 1, "2026-11-02T10:00:00.000Z"),
          invoice(2, 2, "2026-11-03T10:00:00.000Z"),
          invoice(3, 2, "2026-11-04T10:00:00.000Z", 4),
        ],
        [
          line(1, 1, 7, 2, "20"),
          { ...line(1, 1, 9, 1, "7.5"), supplierId: 200 },
          line(2, 2, 7, 1, "10"),
          { ...line(3, 2, 9, 1, "2.5"), supplierId: 300 },
        ],
      ),
      supplierNames: { 100: "Brewery", 200: "Cidery" },
    };
    expect(salesBy("supplier", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { key: "100", name: "Brewery", units: 3, revenue: "30.00", invoices: 2 },
      { key: "200", name: "Cidery", units: 1, revenue: "7.50", invoices: 1 },
      { key: "300", name: "Supplier 300", units: -1, revenue: "-2.50", invoices: 0 },
    ]);
  });

  it("salesBy(week) counts 23:30 UTC on a Sunday in Monday's week in Europe/Berlin, and in Sunday's week in UTC", () => {
    // 2026-11-22 is a Sunday; 23:30 UTC is 00:30 on Monday 2026-11-23 in Berlin.
    const input = history([invoice(1, 1, "2026-11-22T23:30:00.000Z")], [line(1, 1, 7, 1, "10")]);
    const period = { from: "2026-11-16", to: "2026-11-29" };
    const weeks = (zone: string) =>
      salesBy("week", input, { ...period, zoneOf: () => zone }).map((r) => [r.key, r.revenue]);
    expect(weeks("Europe/Berlin")).toEqual([
      ["2026-11-16", "0.00"],
      ["2026-11-23", "10.00"],
    ]);
    expect(weeks("UTC")).toEqual([
      ["2026-11-16", "10.00"],
      ["2026-11-23", "0.00"],
    ]);
  });

  it("salesBy(week) counts 02:00 UTC on a Monday in Sunday's week in America/Los_Angeles", () => {
    const input = history([invoice(1, 2, "2026-11-23T02:00:00.000Z")], [line(1, 2, 7, 1, "10")]);
    const rows = salesBy("week", input, {
      from: "2026-11-16",
      to: "2026-11-29",
      zoneOf: (c) => (c?.state === "CA" ? "America/Los_Angeles" : "UTC"),
    });
    expect(rows.map((r) => r.revenue)).toEqual(["10.00", "0.00"]);
  });

  it("salesBy(week) keeps an ERP calendar date (midnight UTC) on its day in any zone: a Monday stays in Monday's week", () => {
    const input = history([invoice(1, 2, "2026-11-23T00:00:00.000Z")], [line(1, 2, 7, 1, "10")]);
    const rows = salesBy("week", input, { from: "2026-11-16", to: "2026-11-29", zoneOf: () => "America/Los_Angeles" });
    expect(rows.map((r) => [r.key, r.revenue])).toEqual([
      ["2026-11-16", "0.00"],
      ["2026-11-23", "10.00"],
    ]);
  });

  it.each([
    ["2026-11-23T00:00:00.000Z", "America/Los_Angeles", "2026-11-23"],
    ["2026-11-23T00:00:00Z", "Pacific/Kiritimati", "2026-11-23"],
    ["2026-11-23T03:30:00.000Z", "America/Los_Angeles", "2026-11-22"],
    ["2026-11-22T23:30:00.000Z", "Europe/Berlin", "2026-11-23"],
    ["not a date", "UTC", undefined],
  ])("invoiceDay(%s, %s) is %s", (date, zone, day) => {
    expect(invoiceDay(date, zone)).toBe(day);
  });

  it("salesBy(week) lists every week of the period, empty ones as zero rows, in date order", () => {
    const input = history([invoice(1, 1, "2026-11-25T10:00:00.000Z")], [line(1, 1, 7, 4, "8")]);
    expect(salesBy("week", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { key: "2026-10-26", name: "2026-10-26", units: 0, revenue: "0.00", invoices: 0 },
      { key: "2026-11-02", name: "2026-11-02", units: 0, revenue: "0.00", invoices: 0 },
      { key: "2026-11-09", name: "2026-11-09", units: 0, revenue: "0.00", invoices: 0 },
      { key: "2026-11-16", name: "2026-11-16", units: 0, revenue: "0.00", invoices: 0 },
      { key: "2026-11-23", name: "2026-11-23", units: 4, revenue: "8.00", invoices: 1 },
      { key: "2026-11-30", name: "2026-11-30", units: 0, revenue: "0.00", invoices: 0 },
    ]);
  });

  it("salesBy(customer) gives every customer its last order, days since and tier", () => {
    const input = history(
      [
        invoice(1, 1, "2026-11-20T10:00:00.000Z"),
        invoice(2, 2, "2026-08-01T10:00:00.000Z"),
        // A later return is not an order.
        invoice(3, 2, "2026-11-25T10:00:00.000Z", 4),
        // An order after `to` is not counted.
        invoice(4, 1, "2026-12-05T10:00:00.000Z"),
      ],
      [line(1, 1, 7, 1, "10"), line(2, 2, 7, 5, "50"), line(3, 2, 7, 1, "10"), line(4, 1, 7, 1, "99")],
    );
    expect(salesBy("customer", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([
      {
        key: "1",
        name: "Corner Shop",
        units: 1,
        revenue: "10.00",
        invoices: 1,
        lastOrder: "2026-11-20",
        daysSince: 10,
        tier: "Active",
      },
      {
        key: "3",
        name: "Quiet Store",
        units: 0,
        revenue: "0.00",
        invoices: 0,
        lastOrder: null,
        daysSince: null,
        tier: "Lost",
      },
      {
        key: "2",
        name: "Big Store",
        units: -1,
        revenue: "-10.00",
        invoices: 0,
        lastOrder: "2026-08-01",
        daysSince: 121,
        tier: "Lost",
      },
    ]);
  });

  it("salesBy ignores statuses outside the history (Canceled)", () => {
    const input = history([invoice(1, 1, "2026-11-02T10:00:00.000Z", 6)], [line(1, 1, 7, 1, "10")]);
    expect(salesBy("product", input, { from: "2026-11-01", to: "2026-11-30" })).toEqual([]);
  });
});

describe("tierOf", () => {
  it.each([
    [0, "Active"],
    [30, "Active"],
    [31, "Priority"],
    [60, "Priority"],
    [61, "At risk"],
    [90, "At risk"],
    [91, "Lost"],
    [null, "Lost"],
  ] as const)("%s days since the last order is %s", (days, tier) => {
    expect(tierOf(days)).toBe(tier);
  });

  it.each([
    ["2026-10-31", 30, "Active"],
    ["2026-10-30", 31, "Priority"],
    ["2026-10-01", 60, "Priority"],
    ["2026-09-30", 61, "At risk"],
    ["2026-09-01", 90, "At risk"],
    ["2026-08-31", 91, "Lost"],
  ] as const)("accountHealth: last order %s, as of 2026-11-30, is %i days and %s", (day, days, tier) => {
    const input = history([invoice(1, 1, `${day}T12:00:00.000Z`)], [line(1, 1, 7, 1, "1")]);
    const row = accountHealth(input, { asOf: "2026-11-30" }).find((r) => r.customerId === 1);
    expect(row).toMatchObject({ lastOrder: day, daysSince: days, tier });
  });
});

describe("growthPercent", () => {
  it.each([
    [150n, 100n, "50.0"],
    [100n, 100n, "0.0"],
    [1n, 3n, "-66.7"],
    [2n, 3n, "-33.3"],
    [1n, 8n, "-87.5"],
    [-5n, -10n, "50.0"],
    [5n, 0n, null],
    [0n, 0n, null],
  ] as const)("growthPercent(%s, %s) is %s", (current, previous, expected) => {
    expect(growthPercent(current, previous)).toBe(expected);
  });
});

describe("periodComparison", () => {
  it("periodComparison compares with the previous period of the same length", () => {
    const input = history(
      [
        invoice(1, 1, "2026-11-05T10:00:00.000Z"),
        invoice(2, 1, "2026-10-31T10:00:00.000Z"),
        invoice(3, 2, "2026-10-02T10:00:00.000Z"),
        invoice(4, 2, "2026-10-01T10:00:00.000Z"),
      ],
      [line(1, 1, 7, 3, "150"), line(2, 1, 7, 1, "60"), line(3, 2, 7, 1, "40"), line(4, 2, 7, 9, "900")],
    );
    expect(periodComparison(input, { from: "2026-11-01", to: "2026-11-30" })).toEqual({
      current: { from: "2026-11-01", to: "2026-11-30", units: 3, revenue: "150.00", invoices: 1 },
      // 30 days before: 2026-10-02 to 2026-10-31; 2026-10-01 is outside.
      previous: { from: "2026-10-02", to: "2026-10-31", units: 2, revenue: "100.00", invoices: 2 },
      growth: { units: "50.0", revenue: "50.0", invoices: "-50.0" },
    });
  });

  it("periodComparison gives null growth when the previous period is empty", () => {
    const input = history([invoice(1, 1, "2026-11-05T10:00:00.000Z")], [line(1, 1, 7, 3, "150")]);
    expect(periodComparison(input, { from: "2026-11-01", to: "2026-11-30" }).growth).toEqual({
      units: null,
      revenue: null,
      invoices: null,
    });
  });
});

describe("accountHealth", () => {
  it("accountHealth: a retailer with one order has no median reorder interval", () => {
    const input = history([invoice(1, 1, "2026-11-20T10:00:00.000Z")], [line(1, 1, 7, 1, "10")]);
    expect(accountHealth(input, { asOf: "2026-11-30" }).find((r) => r.customerId === 1)).toEqual({
      customerId: 1,
      name: "Corner Shop",
      lastOrder: "2026-11-20",
      daysSince: 10,
      tier: "Active",
      medianReorderDays: null,
      revenueLast30: "10.00",
      revenuePrevious30: "0.00",
      growth: null,
      orders: 1,
    });
  });

  it("accountHealth: median over distinct order days, 30-day revenue windows and growth", () => {
    const input = history(
      [
        invoice(1, 2, "2026-09-01T10:00:00.000Z"),
        invoice(2, 2, "2026-09-11T10:00:00.000Z"),
        invoice(3, 2, "2026-09-11T18:00:00.000Z"), // same day: one order day, two orders
        invoice(4, 2, "2026-10-15T10:00:00.000Z"),
        invoice(5, 2, "2026-11-20T10:00:00.000Z"),
        invoice(6, 2, "2026-11-25T10:00:00.000Z", 4),
      ],
      [
        line(1, 2, 7, 1, "1"),
        line(2, 2, 7, 1, "1"),
        line(3, 2, 7, 1, "1"),
        line(4, 2, 7, 1, "80"),
        line(5, 2, 7, 1, "150"),
        line(6, 2, 7, 1, "30"),
      ],
    );
    const row = accountHealth(input, { asOf: "2026-11-30" }).find((r) => r.customerId === 2);
    // Order days 09-01, 09-11, 10-15, 11-20: intervals 10, 34, 36 → median 34.
    expect(row).toMatchObject({
      lastOrder: "2026-11-20",
      medianReorderDays: 34,
      revenueLast30: "120.00",
      revenuePrevious30: "80.00",
      growth: "50.0",
      orders: 5,
    });
  });

  it("accountHealth sorts by last 30 days' revenue, ties by customer id", () => {
    const input = history([invoice(1, 2, "2026-11-20T10:00:00.000Z")], [line(1, 2, 7, 1, "10")]);
    expect(accountHealth(input, { asOf: "2026-11-30" }).map((r) => r.customerId)).toEqual([2, 1, 3]);
  });
});

describe("median", () => {
  it.each([
    [[], null],
    [[5], 5],
    [[30, 7, 14], 14],
    [[10, 21], 15.5],
  ] as const)("median(%j) is %s", (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe("weeklyLeaderboard", () => {
  it("weeklyLeaderboard ranks a rep's accounts for the week, ties sharing a rank, idle accounts at zero", () => {
    const input = history(
      [
        invoice(1, 1, "2026-11-16T10:00:00.000Z"),
        invoice(2, 2, "2026-11-22T10:00:00.000Z"),
        invoice(3, 2, "2026-11-23T10:00:00.000Z"), // next week
        invoice(4, 3, "2026-11-17T10:00:00.000Z"), // not the rep's account
      ],
      [line(1, 1, 7, 2, "40"), line(2, 2, 7, 2, "40"), line(3, 2, 7, 9, "900"), line(4, 3, 7, 1, "5")],
    );
    expect(weeklyLeaderboard(input, { weekOf: "2026-11-19", repUserId: 10 })).toEqual([
      { rank: 1, customerId: 1, name: "Corner Shop", units: 2, revenue: "40.00", invoices: 1 },
      { rank: 1, customerId: 2, name: "Big Store", units: 2, revenue: "40.00", invoices: 1 },
    ]);
    expect(weeklyLeaderboard(input, { weekOf: "2026-11-23", repUserId: 10 })).toEqual([
      { rank: 1, customerId: 2, name: "Big Store", units: 9, revenue: "900.00", invoices: 1 },
      { rank: 2, customerId: 1, name: "Corner Shop", units: 0, revenue: "0.00", invoices: 0 },
    ]);
  });
});

describe("weekStart and DEFINITIONS", () => {
  it.each([
    ["2026-11-23", "2026-11-23"],
    ["2026-11-22", "2026-11-16"],
    ["2026-11-18", "2026-11-16"],
  ])("weekStart(%s) is %s", (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });

  it("DEFINITIONS states the return rule and the tiers", () => {
    expect(DEFINITIONS).toContain("Returned invoice (status 4) is taken off");
    expect(DEFINITIONS).toContain("Active up to 30 days, Priority 31 to 60, At risk 61 to 90, Lost over 90");
  });
});
