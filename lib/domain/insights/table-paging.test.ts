import { describe, expect, it } from "vitest";
import { parseShown, rowsShown, shownParam } from "./table-paging";

describe("the Insights tables' rows shown (show=table:rows,...)", () => {
  it.each([
    [undefined, {}],
    ["", {}],
    ["retailers:20", { retailers: 20 }],
    ["retailers:20,health:75", { retailers: 20, health: 75 }],
    [["products:30", "reps:9"], { products: 30 }],
    ["retailers:0,nope:5,health:x,weeks:26", { weeks: 26 }],
    ["retailers:999999999", {}],
  ])("parseShown(%j)", (value, expected) => {
    expect(parseShown(value)).toEqual(expected);
  });

  it.each([
    [{}, "retailers", 20, "retailers:20"],
    [{ health: 75 }, "retailers", 20, "retailers:20,health:75"],
    [{ health: 75, retailers: 20 }, "retailers", 30, "retailers:30,health:75"],
  ] as const)("shownParam(%j, %s, %i) is %s", (shown, id, rows, expected) => {
    expect(shownParam(shown, id, rows)).toBe(expected);
  });

  it.each([
    [{}, "retailers", 10, 74, 10],
    [{ retailers: 20 }, "retailers", 10, 74, 20],
    [{ retailers: 200 }, "retailers", 10, 74, 74],
    [{ health: 200 }, "retailers", 10, 4, 4],
  ] as const)("rowsShown(%j, %s, first %i, of %i) is %i", (shown, id, first, total, expected) => {
    expect(rowsShown(shown, id, first, total)).toBe(expected);
  });
});
