import { describe, expect, it } from "vitest";
import type { HistoryInput } from "./definitions";
import type { HistoryLine, HistoryProduct } from "./history-types";
import { whiteSpace } from "./white-space";

const products: HistoryProduct[] = [
  { productId: 1, name: "Lager", supplierId: 100, group: "Beer", active: true },
  { productId: 2, name: "Stout", supplierId: 100, group: "Beer", active: true },
  { productId: 3, name: "Cider", supplierId: 100, group: "Cider", active: true },
  { productId: 4, name: "Old Ale", supplierId: 100, group: "Beer", active: false },
  { productId: 9, name: "Other brand", supplierId: 200, group: "Beer", active: true },
];

let nextLine = 1;
function bought(invoiceId: number, customerId: number, productId: number, extPrice: string): HistoryLine {
  const supplierId = products.find((p) => p.productId === productId)?.supplierId ?? 0;
  return { lineId: nextLine++, invoiceId, customerId, productId, supplierId, numUnits: 1, extPrice };
}

function input(invoices: [number, number, string, number?][], lines: HistoryLine[]): HistoryInput {
  return {
    invoices: invoices.map(([invoiceId, customerId, day, status]) => ({
      invoiceId,
      customerId,
      invoiceNum: `I${invoiceId}`,
      date: `${day}T12:00:00.000Z`,
      status: status ?? 2,
    })),
    lines,
    products,
    customers: [1, 2, 3, 4].map((customerId) => ({
      customerId,
      name: `Store ${customerId}`,
      state: null,
      repUserIds: [],
    })),
  };
}

describe("whiteSpace", () => {
  it("whiteSpace lists the brand's active products a customer did not buy, by group", () => {
    const rows = whiteSpace(input([[1, 1, "2026-11-01"]], [bought(1, 1, 1, "10"), bought(1, 1, 4, "5")]), {
      asOf: "2026-11-23",
    });
    expect(rows).toEqual([
      {
        customerId: 1,
        name: "Store 1",
        revenue: "15.00",
        carriedCount: 1,
        activeCount: 3,
        share: "33.3",
        groups: [
          { group: "Beer", carried: [{ productId: 1, name: "Lager" }], missing: [{ productId: 2, name: "Stout" }] },
          { group: "Cider", carried: [], missing: [{ productId: 3, name: "Cider" }] },
        ],
      },
    ]);
  });

  it("whiteSpace puts the largest share lacking something first, then revenue; complete customers last", () => {
    const rows = whiteSpace(
      input(
        [
          [1, 1, "2026-11-01"],
          [2, 2, "2026-11-01"],
          [3, 3, "2026-11-01"],
          [4, 4, "2026-11-01"],
        ],
        [
          bought(1, 1, 1, "5"), // 1 of 3
          bought(2, 2, 1, "1"),
          bought(2, 2, 2, "1"), // 2 of 3, small
          bought(3, 3, 1, "50"),
          bought(3, 3, 3, "50"), // 2 of 3, large
          bought(4, 4, 1, "1"),
          bought(4, 4, 2, "1"),
          bought(4, 4, 3, "1"), // complete
        ],
      ),
      { asOf: "2026-11-23" },
    );
    expect(rows.map((r) => [r.customerId, r.share])).toEqual([
      [3, "66.7"],
      [2, "66.7"],
      [1, "33.3"],
      [4, "100.0"],
    ]);
  });

  it("whiteSpace leaves out customers who bought nothing in the window, or only returned", () => {
    const rows = whiteSpace(
      input(
        [
          [1, 1, "2026-08-24"],
          [2, 2, "2026-11-01", 4],
          [3, 3, "2026-08-25"],
        ],
        [bought(1, 1, 1, "5"), bought(2, 2, 1, "5"), bought(3, 3, 1, "5")],
      ),
      { asOf: "2026-11-22" },
    );
    // 90 days ending 2026-11-22 start on 2026-08-25.
    expect(rows.map((r) => r.customerId)).toEqual([3]);
    expect(whiteSpace(input([[1, 1, "2026-11-15"]], [bought(1, 1, 1, "5")]), { asOf: "2026-11-22", days: 7 })).toEqual(
      [],
    );
  });

  it("whiteSpace compares only the brands the customer bought, or the one asked for", () => {
    const history = input([[1, 1, "2026-11-01"]], [bought(1, 1, 9, "5")]);
    expect(whiteSpace(history, { asOf: "2026-11-23" })[0]).toMatchObject({
      carriedCount: 1,
      activeCount: 1,
      share: "100.0",
    });
    expect(whiteSpace(history, { asOf: "2026-11-23", supplierId: 100 })).toEqual([]);
  });
});
