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

  it("whiteSpace takes a store's line as the brand's products that ship to its state, a product of no known state in every line", () => {
    // A brand selling in two states lists each product once per state, under the same name.
    const twoStates: HistoryProduct[] = [
      { productId: 11, name: "Gummies", supplierId: 300, group: "Edible", active: true, state: "CA" },
      { productId: 12, name: "Chocolate", supplierId: 300, group: "Edible", active: true, state: "CA" },
      { productId: 21, name: "Gummies", supplierId: 300, group: "Edible", active: true, state: "NV" },
      { productId: 22, name: "Chocolate", supplierId: 300, group: "Edible", active: true, state: "NV" },
      { productId: 30, name: "Tincture", supplierId: 300, group: "Oil", active: true, state: null },
    ];
    const history: HistoryInput = {
      invoices: [
        { invoiceId: 1, customerId: 1, invoiceNum: "I1", date: "2026-11-01T12:00:00.000Z", status: 2 },
        { invoiceId: 2, customerId: 2, invoiceNum: "I2", date: "2026-11-01T12:00:00.000Z", status: 2 },
        { invoiceId: 3, customerId: 3, invoiceNum: "I3", date: "2026-11-01T12:00:00.000Z", status: 2 },
      ],
      lines: [
        { lineId: 1, invoiceId: 1, customerId: 1, productId: 11, supplierId: 300, numUnits: 1, extPrice: "5" },
        { lineId: 2, invoiceId: 2, customerId: 2, productId: 21, supplierId: 300, numUnits: 1, extPrice: "5" },
        { lineId: 3, invoiceId: 2, customerId: 2, productId: 22, supplierId: 300, numUnits: 1, extPrice: "5" },
        { lineId: 4, invoiceId: 3, customerId: 3, productId: 11, supplierId: 300, numUnits: 1, extPrice: "5" },
      ],
      products: twoStates,
      customers: [
        { customerId: 1, name: "Oakland", state: "CA", repUserIds: [] },
        { customerId: 2, name: "Reno", state: "NV", repUserIds: [] },
        { customerId: 3, name: "Unknown", state: null, repUserIds: [] },
      ],
    };
    const rows = whiteSpace(history, { asOf: "2026-11-23" });
    const summary = (id: number) => {
      const row = rows.find((r) => r.customerId === id)!;
      return {
        carried: row.carriedCount,
        line: row.activeCount,
        share: row.share,
        missing: row.groups.flatMap((g) => g.missing.map((p) => p.productId)),
      };
    };
    expect(summary(1)).toEqual({ carried: 1, line: 3, share: "33.3", missing: [12, 30] });
    expect(summary(2)).toEqual({ carried: 2, line: 3, share: "66.7", missing: [30] });
    // A store whose state is not known is shown the whole line, as before the states were kept.
    expect(summary(3)).toEqual({ carried: 1, line: 5, share: "20.0", missing: [12, 22, 21, 30] });
  });
});
