import { describe, expect, it } from "vitest";
import { distribution } from "./distribution";
import type { HistoryInput } from "./definitions";
import type { HistoryCustomer, HistoryInvoice, HistoryLine } from "./history-types";

const customers: HistoryCustomer[] = [1, 2, 3, 4].map((id) => ({
  customerId: id,
  name: `Store ${id}`,
  state: null,
  repUserIds: [],
}));

/** A sale as [invoiceId, customerId, day, [productId, units][], status?]. */
type Sale = [number, number, string, [number, number][], number?];

function history(sales: Sale[]): HistoryInput {
  const invoices: HistoryInvoice[] = [];
  const lines: HistoryLine[] = [];
  for (const [invoiceId, customerId, day, items, status = 2] of sales) {
    invoices.push({ invoiceId, customerId, invoiceNum: `INV-${invoiceId}`, date: `${day}T00:00:00.000Z`, status });
    for (const [productId, numUnits] of items)
      lines.push({
        lineId: lines.length + 1,
        invoiceId,
        customerId,
        productId,
        supplierId: 100,
        numUnits,
        extPrice: "1.00",
      });
  }
  return {
    invoices,
    lines,
    customers,
    products: [
      { productId: 7, name: "Lager", supplierId: 100, group: "Beer", active: true },
      { productId: 8, name: "Stout", supplierId: 100, group: "Beer", active: true },
      { productId: 9, name: "Cider", supplierId: 100, group: "Cider", active: true },
    ],
  };
}

// Four weeks, 2026-11-02 (Monday) to 2026-11-29; the previous period is 2026-10-05 to 2026-11-01.
const period = { from: "2026-11-02", to: "2026-11-29" };

describe("distribution", () => {
  it("compares with the period of the same length just before", () => {
    expect(distribution("product", history([]), period)).toEqual({
      from: "2026-11-02",
      to: "2026-11-29",
      previous: { from: "2026-10-05", to: "2026-11-01" },
      brandDoors: 0,
      rows: [],
    });
  });

  const cases: { name: string; sales: Sale[]; by?: "product" | "line"; rows: unknown[] }[] = [
    {
      name: "a door buying once counts over the whole period's weeks (the weeks without a sale as zero)",
      sales: [[1, 1, "2026-11-03", [[7, 8]]]],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "2.00",
          shareOfDoors: "100.0",
        },
      ],
    },
    {
      name: "a Returned invoice subtracts its units and makes no door",
      sales: [
        [1, 1, "2026-11-03", [[7, 10]]],
        [2, 2, "2026-11-10", [[7, 3]], 4],
      ],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.75",
          shareOfDoors: "100.0",
        },
      ],
    },
    {
      name: "a Returned invoice's lines as the ERP writes them (negative units) are taken off too, never added",
      sales: [
        [1, 1, "2026-11-03", [[7, 10]]],
        [2, 1, "2026-11-10", [[7, -3]], 4],
      ],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.75",
          shareOfDoors: "100.0",
        },
      ],
    },
    {
      name: "a line wholly back-ordered (NumUnits 0) delivered nothing: no door of its product, nor of the brand",
      sales: [
        [1, 1, "2026-11-03", [[7, 4]]],
        [2, 2, "2026-11-05", [[7, 0]]],
        [3, 2, "2026-11-06", [[8, 0]]],
      ],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.00",
          shareOfDoors: "100.0",
        },
        {
          key: "8",
          name: "Stout",
          doors: 0,
          newDoors: 0,
          lostDoors: 0,
          unitsPerDoorPerWeek: null,
          shareOfDoors: "0.0",
        },
      ],
    },
    {
      name: "a product returned only: no door, no velocity",
      sales: [
        [1, 1, "2026-11-03", [[7, 4]]],
        [2, 2, "2026-11-10", [[8, 2]], 4],
      ],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.00",
          shareOfDoors: "100.0",
        },
        {
          key: "8",
          name: "Stout",
          doors: 0,
          newDoors: 0,
          lostDoors: 0,
          unitsPerDoorPerWeek: null,
          shareOfDoors: "0.0",
        },
      ],
    },
    {
      name: "a product new mid-period: its doors all new, its velocity over the whole period",
      sales: [
        [1, 1, "2026-10-10", [[7, 5]]],
        [2, 1, "2026-11-03", [[7, 5]]],
        [3, 1, "2026-11-20", [[9, 6]]],
        [4, 2, "2026-11-25", [[9, 2]]],
      ],
      rows: [
        {
          key: "9",
          name: "Cider",
          doors: 2,
          newDoors: 2,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.00",
          shareOfDoors: "100.0",
        },
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 0,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.25",
          shareOfDoors: "50.0",
        },
      ],
    },
    {
      name: "a door lost: bought in the previous period, not in this one; a product lost whole keeps its row",
      sales: [
        [
          1,
          1,
          "2026-10-06",
          [
            [7, 1],
            [8, 1],
          ],
        ],
        [2, 2, "2026-11-01", [[7, 1]]],
        [3, 2, "2026-11-02", [[7, 3]]],
        [4, 3, "2026-11-29", [[7, 4]]],
      ],
      rows: [
        {
          key: "7",
          name: "Lager",
          doors: 2,
          newDoors: 1,
          lostDoors: 1,
          unitsPerDoorPerWeek: "0.88",
          shareOfDoors: "100.0",
        },
        {
          key: "8",
          name: "Stout",
          doors: 0,
          newDoors: 0,
          lostDoors: 1,
          unitsPerDoorPerWeek: null,
          shareOfDoors: "0.0",
        },
      ],
    },
    {
      name: "the share of the brand's doors: 1 of 3 stores, rounded to one decimal",
      sales: [
        [
          1,
          1,
          "2026-11-03",
          [
            [7, 1],
            [9, 1],
          ],
        ],
        [2, 2, "2026-11-04", [[9, 1]]],
        [3, 3, "2026-11-05", [[9, 1]]],
      ],
      rows: [
        {
          key: "9",
          name: "Cider",
          doors: 3,
          newDoors: 3,
          lostDoors: 0,
          unitsPerDoorPerWeek: "0.25",
          shareOfDoors: "100.0",
        },
        {
          key: "7",
          name: "Lager",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "0.25",
          shareOfDoors: "33.3",
        },
      ],
    },
    {
      name: "by line: a store buying two products of a line is one door of it; an unlisted product is in Other",
      by: "line",
      sales: [
        [
          1,
          1,
          "2026-11-03",
          [
            [7, 2],
            [8, 2],
          ],
        ],
        [
          2,
          2,
          "2026-11-04",
          [
            [9, 4],
            [99, 1],
          ],
        ],
      ],
      rows: [
        {
          key: "Beer",
          name: "Beer",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.00",
          shareOfDoors: "50.0",
        },
        {
          key: "Cider",
          name: "Cider",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "1.00",
          shareOfDoors: "50.0",
        },
        {
          key: "Other",
          name: "Other",
          doors: 1,
          newDoors: 1,
          lostDoors: 0,
          unitsPerDoorPerWeek: "0.25",
          shareOfDoors: "50.0",
        },
      ],
    },
  ];
  it.each(cases)("$name", ({ sales, by = "product", rows }) => {
    expect(distribution(by, history(sales), period).rows).toEqual(rows);
  });

  it("takes a product's share of the brand's doors in the state it ships to; a line's of every door", () => {
    // Stores 1 and 2 in CA, 3 in NV, 4 of no known state (counted in every state). Lager ships to CA, its NV copy
    // (same name, product 8) to NV, Cider to no state said.
    const input = history([
      [1, 1, "2026-11-03", [[7, 1]]],
      [2, 2, "2026-11-04", [[9, 1]]],
      [3, 3, "2026-11-05", [[8, 1]]],
      [4, 4, "2026-11-06", [[9, 1]]],
    ]);
    const states: Record<number, string | null> = { 1: "CA", 2: "CA", 3: "NV", 4: null };
    const twoStates: HistoryInput = {
      ...input,
      customers: input.customers.map((c) => ({ ...c, state: states[c.customerId] ?? null })),
      products: [
        { productId: 7, name: "Lager", supplierId: 100, group: "Beer", active: true, state: "CA" },
        { productId: 8, name: "Lager", supplierId: 100, group: "Beer", active: true, state: "NV" },
        { productId: 9, name: "Cider", supplierId: 100, group: "Cider", active: true },
      ],
    };
    const share = (by: "product" | "line") =>
      Object.fromEntries(distribution(by, twoStates, period).rows.map((r) => [r.key, r.shareOfDoors]));
    // CA's doors: 1, 2 and 4 (no state): Lager (CA) at 1 of 3; NV's: 3 and 4: its Lager at 1 of 2; Cider of all 4.
    expect(share("product")).toEqual({ "7": "33.3", "8": "50.0", "9": "50.0" });
    expect(share("line")).toEqual({ Beer: "50.0", Cider: "50.0" });
  });

  it("divides by the period's days ÷ 7, rounded once: 10 units, 1 door, 10 days is 7.00 a week", () => {
    const rows = distribution("product", history([[1, 1, "2026-11-03", [[7, 10]]]]), {
      from: "2026-11-01",
      to: "2026-11-10",
    }).rows;
    expect(rows[0]?.unitsPerDoorPerWeek).toBe("7.00");
    // 1 unit over 3 days: 7 ÷ 3 = 2.333… → 2.33
    expect(
      distribution("product", history([[1, 1, "2026-11-03", [[7, 1]]]]), { from: "2026-11-01", to: "2026-11-03" })
        .rows[0]?.unitsPerDoorPerWeek,
    ).toBe("2.33");
  });
});
