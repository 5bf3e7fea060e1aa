import { describe, expect, it } from "vitest";
import { shelfWatch } from "./shelf-watch";
import type { ShelfRow } from "./history-types";

function shelf(
  customerId: number,
  productId: number,
  inventory: string,
  dailySales: string,
  lastInventoryDate: string | null = "2026-11-20T00:00:00.000Z",
): ShelfRow {
  return { customerId, productId, inventory, dailySales, lastInventoryDate };
}

describe("shelfWatch", () => {
  it.each([
    ["under the minimum cover", shelf(1, 7, "5", "2"), { status: "low", coverDays: "2.5", label: "2.5 days of cover" }],
    [
      "just under 7 days",
      shelf(1, 7, "6.999999", "1"),
      { status: "low", coverDays: "6.9", label: "6.9 days of cover" },
    ],
    ["out of stock with sales", shelf(1, 7, "0", "3"), { status: "out", coverDays: "0.0", label: "Out of stock" }],
    ["out of stock with no sales, counted", shelf(1, 7, "0", "0"), { status: "out", coverDays: null }],
    [
      "never counted (null)",
      shelf(1, 7, "12", "1", null),
      { status: "never-counted", label: "Never counted", lastInventoryDate: null },
    ],
    [
      "never counted (the live service's 2000-01-01 sentinel)",
      shelf(1, 7, "0", "0", "2000-01-01T00:00:00"),
      { status: "never-counted", lastInventoryDate: null },
    ],
    [
      "never counted (the sentinel also seen as 1999-12-31)",
      shelf(1, 7, "0.00", "0.00", "1999-12-31T00:00:00"),
      { status: "never-counted", lastInventoryDate: null },
    ],
  ] as const)("shelfWatch lists a row %s", (_name, row, expected) => {
    const listed = shelfWatch([row]);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject(expected);
  });

  it.each([
    ["exactly 7 days of cover", shelf(1, 7, "14", "2")],
    ["no daily sales but stock", shelf(1, 7, "5", "0")],
    ["negative daily sales", shelf(1, 7, "5", "-1")],
  ])("shelfWatch skips %s", (_name, row) => {
    expect(shelfWatch([row])).toEqual([]);
  });

  it("shelfWatch honours minDays", () => {
    expect(shelfWatch([shelf(1, 7, "20", "2")], { minDays: 14 })).toHaveLength(1);
    expect(shelfWatch([shelf(1, 7, "20", "2")], { minDays: 10 })).toEqual([]);
  });

  it("shelfWatch orders the call list: out of stock, lowest cover, never counted; ties by customer then product", () => {
    const rows = shelfWatch([
      shelf(2, 7, "1", "1", null),
      shelf(2, 8, "3", "1"),
      shelf(1, 9, "3", "1"),
      shelf(3, 7, "0", "1"),
      shelf(1, 7, "1", "1"),
    ]);
    expect(rows.map((r) => [r.customerId, r.productId, r.status])).toEqual([
      [3, 7, "out"],
      [1, 7, "low"],
      [1, 9, "low"],
      [2, 8, "low"],
      [2, 7, "never-counted"],
    ]);
    expect(rows[1]).toMatchObject({ inventory: "1.00", dailySales: "1.00", lastInventoryDate: "2026-11-20" });
  });
});
