import { describe, expect, it } from "vitest";
import type { AccountHealthRow } from "./account-health";
import type { HistoryCustomer, HistoryInvoice, HistoryLine, ShelfRow } from "./history-types";
import { insightsQuery, insightTables, sortHealth } from "./insights-tables";

const customers: HistoryCustomer[] = [
  { customerId: 1, name: "Corner Shop", state: "NY", repUserIds: [10] },
  { customerId: 2, name: "Big Store", state: "CA", repUserIds: [11] },
];
const invoices: HistoryInvoice[] = [
  { invoiceId: 1, customerId: 1, invoiceNum: "A", date: "2026-11-20T00:00:00.000Z", status: 2 },
  { invoiceId: 2, customerId: 2, invoiceNum: "B", date: "2026-11-19T00:00:00.000Z", status: 2 },
  { invoiceId: 3, customerId: 2, invoiceNum: "C", date: "2026-10-01T00:00:00.000Z", status: 2 },
];
const lines: HistoryLine[] = [
  { lineId: 1, invoiceId: 1, customerId: 1, productId: 7, supplierId: 100, numUnits: 2, extPrice: "20.00" },
  { lineId: 2, invoiceId: 1, customerId: 1, productId: 9, supplierId: 200, numUnits: 1, extPrice: "5.50" },
  { lineId: 3, invoiceId: 2, customerId: 2, productId: 7, supplierId: 100, numUnits: 3, extPrice: "30.00" },
  { lineId: 4, invoiceId: 3, customerId: 2, productId: 9, supplierId: 200, numUnits: 4, extPrice: "22.00" },
];
const shelf: ShelfRow[] = [
  { customerId: 1, productId: 7, inventory: "0", dailySales: "1", lastInventoryDate: "2026-11-20T00:00:00.000Z" },
  { customerId: 2, productId: 9, inventory: "1", dailySales: "1", lastInventoryDate: "2026-11-20T00:00:00.000Z" },
];
const history = {
  invoices,
  lines,
  customers,
  products: [{ productId: 7, name: "Lager", supplierId: 100, group: "Beer", active: true }],
  repNames: { 10: "Ana", 11: "Ben" },
  supplierNames: { 100: "Brewery", 200: "Cidery" },
  shelf,
};
const AS_OF = "2026-11-22";

describe("insightsQuery", () => {
  it("falls back to the defaults for values it does not know, and takes the first of a repeated one", () => {
    expect(insightsQuery({ weeks: "7", customer: "x", tier: "Gold", sort: "drop table", dir: "up" })).toEqual({
      weeks: "13",
      sort: "revenueLast30",
      dir: "desc",
      dsort: "doors",
      ddir: "desc",
    });
    expect(
      insightsQuery({
        weeks: ["26", "4"],
        customer: "2",
        rep: "11",
        supplier: "100",
        tier: "At risk",
        sort: "daysSince",
        dir: "asc",
        dsort: "unitsPerDoorPerWeek",
        ddir: "asc",
      }),
    ).toEqual({
      weeks: "26",
      customer: 2,
      rep: 11,
      supplier: 100,
      tier: "At risk",
      sort: "daysSince",
      dir: "asc",
      dsort: "unitsPerDoorPerWeek",
      ddir: "asc",
    });
  });
});

describe("sortHealth", () => {
  const row = (customerId: number, daysSince: number | null, growth: string | null): AccountHealthRow => ({
    customerId,
    name: `C${customerId}`,
    lastOrder: null,
    daysSince,
    tier: "Active",
    medianReorderDays: null,
    revenueLast30: "0.00",
    revenuePrevious30: "0.00",
    growth,
    orders: 0,
  });
  const rows = [row(1, 5, "10.0"), row(2, null, null), row(3, 40, "-5.5"), row(4, 5, "2.0")];

  it.each([
    ["daysSince", "desc", [3, 1, 4, 2]],
    ["daysSince", "asc", [1, 4, 3, 2]],
    ["growth", "desc", [1, 4, 3, 2]],
    ["growth", "asc", [3, 4, 1, 2]],
    ["name", "asc", [1, 2, 3, 4]],
  ] as const)("orders by %s %s, rows without a value last, ties by customer id", (sort, dir, ids) => {
    expect(sortHealth(rows, sort, dir).map((r) => r.customerId)).toEqual(ids);
  });
});

describe("insightTables", () => {
  it("narrows to a supplier: its lines, the invoices holding them, the shelf rows of its products", () => {
    const figures = insightTables(history, insightsQuery({ supplier: "100", weeks: "4" }), AS_OF);
    expect(figures.comparison.current).toMatchObject({ units: 5, revenue: "50.00", invoices: 2 });
    expect(figures.tables.products.rows.map((r) => r.key)).toEqual(["7"]);
    expect(figures.tables.shelf.rows.map((r) => [r.customerId, r.productId])).toEqual([[1, 7]]);
    expect(figures.suppliers).toEqual([
      { supplierId: 100, name: "Brewery" },
      { supplierId: 200, name: "Cidery" },
    ]);
  });

  it("narrowed to a supplier, lists the customers who bought it or stock it and its own products; ranks every supplier", () => {
    const withCidery = {
      ...history,
      customers: [...customers, { customerId: 3, name: "Cider Bar", state: "CA", repUserIds: [] }],
      invoices: [
        ...invoices,
        { invoiceId: 4, customerId: 3, invoiceNum: "D", date: "2026-11-18T00:00:00.000Z", status: 2 },
      ],
      lines: [
        ...lines,
        { lineId: 5, invoiceId: 4, customerId: 3, productId: 9, supplierId: 200, numUnits: 1, extPrice: "8.00" },
      ],
      products: [
        ...history.products,
        { productId: 9, name: "Dry cider", supplierId: 200, group: "Cider", active: true },
      ],
    };
    const brewery = insightTables(withCidery, insightsQuery({ supplier: "100", weeks: "4" }), AS_OF);
    expect(brewery.tables.health.rows.map((r) => r.customerId).sort()).toEqual([1, 2]);
    expect(brewery.tables["white-space"].rows.map((r) => [r.customerId, r.activeCount])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    // The ranking is what a supplier is chosen from: every supplier of the period, whichever is chosen.
    expect(brewery.tables.suppliers.rows.map((r) => [r.key, r.name, r.revenue])).toEqual([
      ["100", "Brewery", "50.00"],
      ["200", "Cidery", "13.50"],
    ]);
    // Narrowed to a retailer, the ranking is that retailer's.
    expect(
      insightTables(withCidery, insightsQuery({ customer: "3" }), AS_OF).tables.suppliers.rows.map((r) => [
        r.key,
        r.revenue,
      ]),
    ).toEqual([["200", "8.00"]]);
  });

  it("narrows to a rep's accounts and ranks them for the history's last full week; no leaderboard without a rep", () => {
    // 2026-11-22 is a Sunday: its week is the last full one.
    const ben = insightTables(history, insightsQuery({ rep: "11" }), AS_OF);
    expect(ben.tables.health.rows.map((r) => r.customerId)).toEqual([2]);
    expect(ben.tables.leaderboard.rows).toEqual([
      { rank: 1, customerId: 2, name: "Big Store", units: 3, revenue: "30.00", invoices: 1, week: "2026-11-16" },
    ]);
    expect(insightTables(history, insightsQuery({}), AS_OF).tables.leaderboard.rows).toEqual([]);
    // A Tuesday: the week before.
    expect(
      insightTables(history, insightsQuery({ rep: "11" }), "2026-11-24").tables.leaderboard.rows.map((r) => [
        r.week,
        r.revenue,
      ]),
    ).toEqual([["2026-11-16", "30.00"]]);
    expect(ben.reps).toEqual([
      { userId: 10, name: "Ana" },
      { userId: 11, name: "Ben" },
    ]);
  });

  it("writes each table's cells as the CSV has them: decimals as the API's, days, percents", () => {
    const figures = insightTables(history, insightsQuery({ weeks: "4" }), AS_OF);
    const health = figures.tables.health;
    const corner = health.rows.find((r) => r.customerId === 1)!;
    expect(Object.fromEntries(health.columns.map((c) => [c.header, c.value(corner)]))).toEqual({
      ID: "1",
      Retailer: "Corner Shop",
      "Last order": "2026-11-20",
      "Days since": "2",
      "Median reorder (days)": "",
      Tier: "Active",
      "Revenue, last 30 days": "25.50",
      "Revenue, 30 days before": "0.00",
      Growth: "",
      Orders: "1",
    });
  });
});

describe("the weekly table", () => {
  const cells = (figures: ReturnType<typeof insightTables>) =>
    figures.tables.weeks.rows.map((row) =>
      Object.fromEntries(figures.tables.weeks.columns.map((c) => [c.header, c.value(row)])),
    );

  it("marks the period's first and last weeks as partial, and names the days each week is compared with", () => {
    // Four weeks to Tuesday, Nov 24: Wednesday, Oct 28 on; the four weeks before from Sep 30.
    const rows = cells(insightTables(history, insightsQuery({ weeks: "4" }), "2026-11-24"));
    expect(rows.map((r) => [r["Week of"], r.Days, r["Compared with"]])).toEqual([
      ["2026-10-26", "partial: 5 of 7 days", "Sep 30 – Oct 4, 2026 (partial: 5 of 7 days)"],
      ["2026-11-02", "7 of 7", "Oct 5 – 11, 2026"],
      ["2026-11-09", "7 of 7", "Oct 12 – 18, 2026"],
      ["2026-11-16", "7 of 7", "Oct 19 – 25, 2026"],
      ["2026-11-23", "partial: 2 of 7 days", "Oct 26 – 27, 2026 (partial: 2 of 7 days)"],
    ]);
    expect(rows[0]).toMatchObject({ Units: "0", "Units then": "4", "Revenue then": "22.00" });
    expect(rows[3]).toMatchObject({ Units: "6", Revenue: "55.50", Invoices: "2", "Units then": "0" });
  });

  it("while the history reads back, counts the days read only and leaves the weeks not read yet blank", () => {
    const coverage = { from: "2025-11-24", to: "2026-11-24", readFrom: "2026-11-18", whole: false };
    const figures = insightTables(history, insightsQuery({ weeks: "4" }), "2026-11-24", { coverage });
    const rows = cells(figures);
    expect(rows[0]).toEqual({
      "Week of": "2026-10-26",
      Days: "not read yet",
      Units: "",
      Revenue: "",
      Invoices: "",
      "Compared with": "Sep 30 – Oct 4, 2026 (not read yet)",
      "Units then": "",
      "Revenue then": "",
    });
    expect(rows[3]).toMatchObject({
      Days: "partial: 5 of 7 days; 2 more still being read",
      Units: "6",
      Revenue: "55.50",
      "Compared with": "Oct 19 – 25, 2026 (not read yet)",
      "Units then": "",
    });
    expect(figures.coverage).toEqual(coverage);
    expect(figures.tables.weeks.unread).toBe(
      "Partly read: these figures count Nov 18 to 24, 2026 only; Sep 30 to Nov 17, 2026 is still being read.",
    );
    expect(figures.tables.products.unread).toBe(
      "Partly read: these figures count Nov 18 to 24, 2026 only; Oct 28 to Nov 17, 2026 is still being read.",
    );
    expect(figures.tables.shelf.unread).toBe("The retailers' stock is read once the backfill ends.");
    // Whole, nothing to say.
    expect(insightTables(history, insightsQuery({ weeks: "4" }), "2026-11-24").tables.weeks.unread).toBeUndefined();
  });
});

describe("the brand's distribution and doors due", () => {
  it("puts each product's and line's doors beside the period before, and writes them as the CSV has them", () => {
    // Four weeks to Nov 22: Corner Shop and Big Store bought Lager (7); Cidery's product 9 only Corner Shop (Big Store's
    // Oct 1 order of it is in the four weeks before: a door lost).
    const figures = insightTables(history, insightsQuery({ weeks: "4" }), AS_OF);
    const byId = Object.fromEntries(figures.tables.distribution.rows.map((r) => [r.key, r]));
    expect(byId["7"]).toMatchObject({ doors: 2, newDoors: 2, lostDoors: 0, shareOfDoors: "100.0" });
    // 5 units over 2 doors and 4 weeks.
    expect(byId["7"]!.unitsPerDoorPerWeek).toBe("0.63");
    expect(byId["9"]).toMatchObject({ doors: 1, newDoors: 1, lostDoors: 1, shareOfDoors: "50.0" });
    const cells = figures.tables.distribution.columns.map((c) => c.value(byId["7"]!));
    expect(cells).toEqual(["7", "Lager", "2", "2", "0", "0.63", "100.0%"]);
    expect(figures.tables.lines.rows.map((r) => r.name).sort()).toEqual(["Beer", "Other"]);
    // A line's key is its name: no ID column.
    expect(figures.tables.lines.columns.map((c) => c.id)).toEqual([
      "name",
      "doors",
      "newDoors",
      "lostDoors",
      "unitsPerDoorPerWeek",
      "shareOfDoors",
    ]);
  });

  it.each([
    ["doors", "desc", ["7", "9"]],
    ["name", "asc", ["7", "9"]], // "Lager" before "Product 9" (not in the catalogue: named by its id)
    ["name", "desc", ["9", "7"]],
    ["lostDoors", "desc", ["9", "7"]],
    ["unitsPerDoorPerWeek", "asc", ["9", "7"]], // 0.25 before 0.63
    ["unitsPerDoorPerWeek", "desc", ["7", "9"]],
  ] as const)("sorts both distribution tables by %s %s", (dsort, ddir, keys) => {
    const figures = insightTables(history, insightsQuery({ weeks: "4", dsort, ddir }), AS_OF);
    expect(figures.tables.distribution.rows.map((r) => r.key)).toEqual(keys);
  });

  it("lists the doors due by the history's last week, under their rep, with none for too few orders", () => {
    const orders = (customerId: number, days: string[]): HistoryInvoice[] =>
      days.map((day, i) => ({
        invoiceId: customerId * 100 + i,
        customerId,
        invoiceNum: `${customerId}-${i}`,
        date: `${day}T00:00:00.000Z`,
        status: 2,
      }));
    const regular = {
      ...history,
      // Corner Shop every 14 days, last on Oct 31: next expected Nov 14, late by Nov 22 (22 days past 1.5 × 14). Big
      // Store has two orders only: no rhythm yet.
      invoices: [...orders(1, ["2026-10-03", "2026-10-17", "2026-10-31"]), ...orders(2, ["2026-11-01", "2026-11-15"])],
      lines: [],
    };
    const due = insightTables(regular, insightsQuery({ weeks: "4" }), AS_OF).tables["doors-due"].rows;
    expect(due.map((r) => [r.rep, r.customerId, r.status, r.medianDays, r.nextOrder])).toEqual([
      ["Ana", 1, "late", 14, "2026-11-14"],
    ]);
  });
});
