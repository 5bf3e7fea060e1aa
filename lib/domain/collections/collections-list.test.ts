import { describe, expect, it } from "vitest";
import type { CollectionRow, RowCredit } from "./collections";
import {
  agentsOf,
  collectionsHref,
  collectionsQuery,
  COLUMNS,
  listed,
  NO_AGENT,
  overLimit,
  PAGE_SIZE,
  pageOf,
  worstBucket,
} from "./collections-list";

const ZERO = "0.000000";
const row = (arAccountId: number, change: Partial<CollectionRow> = {}): CollectionRow => ({
  arAccountId,
  customerIds: [arAccountId - 30000],
  customerNames: [`Store ${arAccountId}`],
  name: `Store ${arAccountId}`,
  state: "CA",
  onHold: false,
  accountStatus: "Active",
  agentName: null,
  agentEmail: null,
  salesRep: null,
  people: [],
  suppliers: 1,
  current: ZERO,
  due1to30: ZERO,
  due31to60: ZERO,
  due61to90: ZERO,
  due91: ZERO,
  over30: ZERO,
  over60: ZERO,
  over90: ZERO,
  openCredit: ZERO,
  unapplied: ZERO,
  total: ZERO,
  lastPayment: null,
  daysSince: null,
  ...change,
});

const ROWS = [
  row(50001, {
    over30: "10.000000",
    over60: "0.000000",
    total: "100.000000",
    lastPayment: "2026-11-01",
    daysSince: 20,
    agentName: "Lee Park",
  }),
  row(50002, {
    over30: "300.000000",
    over60: "300.000000",
    over90: "300.000000",
    onHold: true,
    agentName: "Dana Cole",
    name: "Leaf - Fresno and 1 more",
    customerNames: ["Leaf - Fresno", "Leaf - Reno"],
    customerIds: [20010, 20011],
    due91: "300.000000",
    people: [
      { name: "Ana Ruiz", email: "ana@leaf.example" },
      { name: "buyer@leaf.example", email: "buyer@leaf.example" },
    ],
  }),
  row(50003, {
    over30: "50.000000",
    over60: "50.000000",
    unapplied: "0.000001",
    lastPayment: "2026-10-01",
    daysSince: 51,
  }),
  row(50004, {
    over30: "300.000000",
    over60: "300.000000",
    over90: "300.000000",
    openCredit: "5.000000",
    agentName: "Lee Park",
  }),
  row(50005, { total: "-2.000000", openCredit: "2.000000" }),
];
const ids = (rows: CollectionRow[]) => rows.map((r) => r.arAccountId);

describe("listed", () => {
  const cases: [string, Record<string, string>, number[]][] = [
    [
      "by default, the most over 90 days past due first, then over 60, over 30, then by account",
      {},
      [50002, 50004, 50003, 50001, 50005],
    ],
    ["over 30 only", { age: "30" }, [50002, 50004, 50003, 50001]],
    ["over 60 only", { age: "60" }, [50002, 50004, 50003]],
    ["over 90 only", { age: "90" }, [50002, 50004]],
    ["on hold only", { hold: "1" }, [50002]],
    ["unapplied credit only: payments' credit left or open credit", { credit: "1" }, [50004, 50003, 50005]],
    ["one collection agent", { agent: "Lee Park" }, [50004, 50001]],
    ["accounts without an agent", { agent: NO_AGENT }, [50003, 50005]],
    ["a name's words, any customer of the account, any case", { q: "reno" }, [50002]],
    ["an AR account's id", { q: "50003" }, [50003]],
    ["a customer's id", { q: "20011" }, [50002]],
    ["filters together", { age: "30", agent: "Lee Park" }, [50004, 50001]],
    ["by total, largest first", { sort: "total", dir: "desc" }, [50001, 50002, 50004, 50003, 50005]],
    [
      "by total, smallest first, ties most overdue first",
      { sort: "total", dir: "asc" },
      [50005, 50002, 50004, 50003, 50001],
    ],
    [
      "by days since: rows without a payment last either way",
      { sort: "daysSince", dir: "asc" },
      [50001, 50003, 50002, 50004, 50005],
    ],
    ["by days since, descending", { sort: "daysSince", dir: "desc" }, [50003, 50001, 50002, 50004, 50005]],
    ["by name, A to Z", { sort: "name", dir: "asc" }, [50002, 50001, 50003, 50004, 50005]],
    ["an unknown sort falls back to over 90", { sort: "nonsense", age: "bogus" }, [50002, 50004, 50003, 50001, 50005]],
  ];
  it.each(cases)("%s", (_name, params, expected) => {
    expect(ids(listed(ROWS, collectionsQuery(params)))).toEqual(expected);
  });
});

describe("the query, its address and pages", () => {
  it("reads an address, bad values falling back, and writes it back without its defaults", () => {
    const query = collectionsQuery(
      new URLSearchParams("age=90&hold=1&credit=yes&agent=+Lee+Park+&q=&sort=total&dir=up&page=3"),
    );
    expect(query).toEqual({
      age: "90",
      hold: "1",
      credit: undefined,
      over: undefined,
      agent: "Lee Park",
      q: undefined,
      sort: "total",
      dir: "desc",
      page: 3,
      table: undefined,
    });
    expect(collectionsHref(query)).toBe("/collections?age=90&hold=1&agent=Lee+Park&sort=total&page=3");
    expect(collectionsHref({ ...query, page: 1 }, "/api/collections/export")).toBe(
      "/api/collections/export?age=90&hold=1&agent=Lee+Park&sort=total",
    );
    expect(collectionsHref(collectionsQuery({}))).toBe("/collections");
    // A phone's choice of the whole table is kept in the page's links, and only "whole" is one.
    expect(collectionsHref(collectionsQuery({ table: "whole", page: "2" }))).toBe("/collections?page=2&table=whole");
    expect(collectionsQuery({ table: "cards" }).table).toBeUndefined();
  });

  it("names an account's worst bucket: the oldest it owes something in, with the amount there", () => {
    expect(worstBucket(ROWS[1]!)).toEqual({ label: "91+ days", amount: "300.000000" });
    expect(worstBucket(row(1, { due1to30: "5.000000", current: "9.000000" }))).toEqual({
      label: "1–30 days",
      amount: "5.000000",
    });
    expect(worstBucket(row(1, { current: "9.000000", due31to60: "-1.000000" }))).toEqual({
      label: "Current",
      amount: "9.000000",
    });
    expect(worstBucket(row(1))).toBeUndefined();
  });

  it("pages by 50, a page past the last showing the last", () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(many, 3).rows).toEqual(many.slice(2 * PAGE_SIZE));
    expect(pageOf(many, 9)).toMatchObject({ page: 3, pages: 3 });
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it("offers every agent once, by name, and says whether some account has none", () => {
    expect(agentsOf(ROWS)).toEqual({ names: ["Dana Cole", "Lee Park"], none: true });
  });

  it("writes a row's CSV fields as they are kept: exact decimals, days as YYYY-MM-DD, blanks for unknowns", () => {
    const fields = Object.fromEntries(COLUMNS.map((c) => [c.header, c.value(ROWS[1]!)]));
    expect(fields).toMatchObject({
      "AR account": "50002",
      Customer: "Leaf - Fresno and 1 more",
      "Customer IDs": "20010 20011",
      Customers: "Leaf - Fresno; Leaf - Reno",
      "On hold": "Yes",
      "Over 90": "300.000000",
      "Last payment": "",
      "Days since": "",
      "Store emails": "Ana Ruiz <ana@leaf.example>; buyer@leaf.example",
    });
    expect(COLUMNS.find((c) => c.id === "people")!.value(row(1, { people: null }))).toBe("");
  });
});

describe("each account's credit: the filter over its limit, the sort by credit available, the export's columns", () => {
  const credit = (
    limit: string | null,
    available: string | null,
    openLists = "0.00",
    openListCount = 0,
  ): RowCredit => ({
    limit,
    openLists,
    openListCount,
    available,
    used: null,
  });
  // What `withCredit` hands the list (the credit feature's figures: limit − total outstanding − open lists).
  const RATED = [
    row(50001, { total: "100.000000" }), // the credit could not be read
    row(50002, { total: "300.000000", credit: credit(null, null) }), // no limit set
    row(50003, { total: "100.000000", credit: credit("1000.00", "900.00") }), // under
    row(50004, { total: "300.000000", credit: credit("100.00", "-200.00") }), // over by its balance
    row(50005, { total: "0.000000", credit: credit("400.00", "-100.00", "500.00", 1) }), // over by its open list
    row(50006, { total: "50.000000", credit: credit("50.00", "0.00") }), // at its limit: nothing left, not over
    row(50007, { total: "10.000000", credit: credit("0.00", "-10.00") }), // a $0.00 limit and a balance
  ];
  const cases: [string, Record<string, string>, number[]][] = [
    ["over its limit only: less than nothing available", { over: "limit" }, [50004, 50005, 50007]],
    ["over its limit and on hold: both filters", { over: "limit", hold: "1" }, []],
    [
      "by credit available, least first; no limit or unread last",
      { sort: "available", dir: "asc" },
      [50004, 50005, 50007, 50006, 50003, 50001, 50002],
    ],
    [
      "by credit available, most first; no limit or unread still last",
      { sort: "available", dir: "desc" },
      [50003, 50006, 50007, 50005, 50004, 50001, 50002],
    ],
    ["an unknown over falls back to none", { over: "60" }, [50001, 50002, 50003, 50004, 50005, 50006, 50007]],
  ];
  it.each(cases)("%s", (_name, params, expected) => {
    expect(ids(listed(RATED, collectionsQuery(params)))).toEqual(expected);
  });

  it.each([
    ["unread", 0, false],
    ["no limit", 1, false],
    ["under", 2, false],
    ["over", 3, true],
    ["over by its open lists", 4, true],
    ["exactly at its limit", 5, false],
    ["a $0.00 limit with a balance", 6, true],
  ] as const)("says whether an account is over its limit: %s", (_name, index, over) => {
    expect(overLimit(RATED[index]!)).toBe(over);
  });

  it("keeps the filter in the address and the export's, and writes the credit's CSV fields, blank without a limit", () => {
    const query = collectionsQuery({ over: "limit", sort: "available", dir: "asc" });
    expect(collectionsHref(query)).toBe("/collections?over=limit&sort=available&dir=asc");
    expect(collectionsHref(query, "/api/collections/export")).toBe(
      "/api/collections/export?over=limit&sort=available&dir=asc",
    );
    const fields = (r: CollectionRow) =>
      Object.fromEntries(
        COLUMNS.filter((c) => ["limit", "openLists", "available"].includes(c.id)).map((c) => [c.header, c.value(r)]),
      );
    expect(fields(RATED[4]!)).toEqual({
      "Credit limit": "400.00",
      "Open reorder lists": "500.00",
      "Credit available": "-100.00",
    });
    expect(fields(RATED[1]!)).toEqual({ "Credit limit": "", "Open reorder lists": "0.00", "Credit available": "" });
    expect(fields(RATED[0]!)).toEqual({ "Credit limit": "", "Open reorder lists": "", "Credit available": "" });
    // The page shows the credit available, sorting by it least first on a first press; the limit is the CSV's.
    expect(COLUMNS.filter((c) => c.page).map((c) => c.id)).toContain("available");
    expect(COLUMNS.find((c) => c.id === "available")!.first).toBe("asc");
    expect(COLUMNS.find((c) => c.id === "limit")!.page).toBe(false);
  });
});
