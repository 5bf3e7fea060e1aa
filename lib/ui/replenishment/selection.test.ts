import { describe, expect, it } from "vitest";
import { draftsOf } from "./drafts";
import { CHOCOLATE, NORTH_FARM, OAKLAND_STOCK, SATURDAY, world } from "./fixtures";
import { planRows } from "@/lib/domain/replenishment/plan";
import {
  casesText,
  EMPTY_SELECTION,
  hasBadCases,
  isOrderable,
  isTicked,
  orderCases,
  picksOf,
  readCases,
  reasonWords,
  type Selection,
  skipWords,
  withCases,
  withoutRows,
  withTick,
} from "./selection";

// Oakland (1): chocolate 7 below target (37 cases suggested), almond 8 above it, mint 9 discontinued, berry 10 not in
// the catalog. Brooklyn (3): chocolate 7 with no vendor.
const rows = planRows(
  world({
    products: [
      CHOCOLATE,
      { ...CHOCOLATE, ProductID: 8, ProductName: "Almond Bar" },
      { ...CHOCOLATE, ProductID: 9, ProductName: "Mint Tin", StatusID: 0 },
    ],
    inventory: [
      OAKLAND_STOCK,
      { ...OAKLAND_STOCK, ProductID: 8, AvailableUnits: 500, AvgDailySales90d: "2" },
      { ...OAKLAND_STOCK, ProductID: 9 },
      { ...OAKLAND_STOCK, ProductID: 10 },
      { ...OAKLAND_STOCK, LocationID: 3 },
    ],
    vendors: [NORTH_FARM],
  }),
  { now: SATURDAY },
);
const row = (key: string) => rows.find((r) => r.key === key)!;

describe("what can be ordered and what is ticked", () => {
  it("offers an order for rows with a vendor and an arrival day, a product in the catalog and not discontinued", () => {
    // Rows by warehouse, then product name: the product missing from the catalog has none, so it comes first.
    expect(rows.map((r) => [r.key, isOrderable(r)])).toEqual([
      ["1:10", false],
      ["1:8", true],
      ["1:7", true],
      ["1:9", false],
      ["3:7", false],
    ]);
  });

  it("ticks the rows with a suggestion by default, and follows the person's ticks", () => {
    expect(rows.filter((r) => isTicked(r, EMPTY_SELECTION)).map((r) => r.key)).toEqual(["1:7"]);
    const changed = withTick(withTick(EMPTY_SELECTION, "1:7", false), "1:8", true);
    expect(rows.filter((r) => isTicked(r, changed)).map((r) => r.key)).toEqual(["1:8"]);
    // A row that cannot be ordered stays unticked whatever is said.
    expect(isTicked(row("3:7"), withTick(EMPTY_SELECTION, "3:7", true))).toBe(false);
  });
});

describe("cases", () => {
  it.each([
    ["", undefined],
    ["  ", undefined],
    ["0", 0],
    [" 12 ", 12],
    ["1.5", Number.NaN],
    ["-2", Number.NaN],
    ["abc", Number.NaN],
    ["1234567", Number.NaN],
  ])("reads %j as %s", (text, expected) => {
    expect(readCases(text)).toBe(expected);
  });

  it("shows the suggestion until something is typed, then what was typed", () => {
    expect(casesText(row("1:7"), EMPTY_SELECTION)).toBe("37");
    expect(casesText(row("1:8"), EMPTY_SELECTION)).toBe("");
    const typed = withCases(EMPTY_SELECTION, "1:7", "40");
    expect([casesText(row("1:7"), typed), orderCases(row("1:7"), typed)]).toEqual(["40", 40]);
  });

  it("marks typed cases that are not a whole number, and orders none of them", () => {
    const typed = withCases(EMPTY_SELECTION, "1:7", "2.5");
    expect(hasBadCases(row("1:7"), typed)).toBe(true);
    expect(orderCases(row("1:7"), typed)).toBeUndefined();
    expect(hasBadCases(row("1:7"), EMPTY_SELECTION)).toBe(false);
  });

  it("ticks a row when a positive number of cases is typed into it, and not for 0", () => {
    expect(isTicked(row("1:8"), withCases(EMPTY_SELECTION, "1:8", "3"))).toBe(true);
    expect(isTicked(row("1:8"), withCases(EMPTY_SELECTION, "1:8", "0"))).toBe(false);
    // Clearing the box leaves the tick as it was.
    expect(isTicked(row("1:7"), withCases(EMPTY_SELECTION, "1:7", ""))).toBe(true);
  });
});

describe("picksOf", () => {
  it("picks the ticked rows in view, with typed cases as whole-case units", () => {
    const selection: Selection = withCases(withCases(EMPTY_SELECTION, "1:8", "3"), "1:7", "40");
    expect(picksOf(rows, selection)).toEqual([
      { key: "1:8", units: 36 },
      { key: "1:7", units: 480 },
    ]);
    const { drafts } = draftsOf(rows, picksOf(rows, selection));
    expect(drafts[0]!.lines.map((l) => [l.productId, l.cases])).toEqual([
      [8, 3],
      [7, 40],
    ]);
  });

  it("takes the suggestion as it is when nothing was typed", () => {
    expect(picksOf(rows, EMPTY_SELECTION)).toEqual([{ key: "1:7" }]);
  });

  it("leaves out the rows not in view", () => {
    expect(picksOf([row("1:8")], EMPTY_SELECTION)).toEqual([]);
  });

  it("sends an unreadable or blank number as 0 units, which draftsOf skips with the reason", () => {
    const picks = picksOf(rows, withCases(EMPTY_SELECTION, "1:7", "x"));
    expect(picks).toEqual([{ key: "1:7", units: 0 }]);
    expect(draftsOf(rows, picks).skipped).toEqual([{ key: "1:7", reason: "no-quantity" }]);
    expect(skipWords("no-quantity")).toBe("no cases to order");
  });

  it("unticks the rows of drafts made and forgets their numbers", () => {
    const after = withoutRows(withCases(EMPTY_SELECTION, "1:7", "40"), ["1:7"]);
    expect(picksOf(rows, after)).toEqual([]);
    expect(casesText(row("1:7"), after)).toBe("37");
  });
});

describe("reasonWords", () => {
  it("says why a row has no suggestion in a few words, an inactive product by its status", () => {
    expect(rows.map((r) => [r.key, reasonWords(r)])).toEqual([
      ["1:10", "Not in the catalog"],
      ["1:8", "Above target"],
      ["1:7", undefined],
      ["1:9", "Discontinued"],
      ["3:7", "No vendor delivers here"],
    ]);
    expect(reasonWords({ reason: "inactive-product", statusId: 42 })).toBe("Not active");
  });
});
