import { describe, expect, it } from "vitest";
import type { HistoryInput } from "./definitions";
import type { HistoryInvoice, HistoryLine, HistoryPromotion } from "./history-types";
import { promotionLift } from "./promotion-lift";

// Promotion 501: product 7 at $1.00 off, Nov 2 to Nov 15 (14 days); its baseline the 8 weeks Sep 7 to Nov 1.
const PROMOTION: HistoryPromotion = {
  promotionId: 501,
  name: "Lager week",
  start: "2026-11-02",
  end: "2026-11-15",
  allProducts: false,
  productIds: [7],
  states: ["CA"],
};

/** A sale: [customer, day, product, units, ext price, promotion?, returned?]. */
type Sale = [number, string, number, number, string, number?, boolean?];

function history(sales: Sale[], promotions: HistoryPromotion[] = [PROMOTION]): HistoryInput {
  const invoices: HistoryInvoice[] = [];
  const lines: HistoryLine[] = [];
  for (const [customerId, day, productId, numUnits, extPrice, promotionId, returned] of sales) {
    const invoiceId = invoices.length + 1;
    invoices.push({
      invoiceId,
      customerId,
      invoiceNum: `INV-${invoiceId}`,
      date: `${day}T00:00:00.000Z`,
      status: returned ? 4 : 2,
    });
    lines.push({
      lineId: invoiceId,
      invoiceId,
      customerId,
      productId,
      supplierId: 100,
      numUnits,
      extPrice,
      promotionId: promotionId ?? null,
      discount: promotionId ? "1.000000" : "0.000000",
    });
  }
  const customers = [...new Set(sales.map((s) => s[0]))].map((customerId) => ({
    customerId,
    name: `Store ${customerId}`,
    state: "CA",
    repUserIds: [],
  }));
  return {
    invoices,
    lines,
    customers,
    products: [
      { productId: 7, name: "Lager", supplierId: 100, group: "Beer", active: true },
      { productId: 8, name: "Stout", supplierId: 100, group: "Beer", active: true },
    ],
    promotions,
  };
}

/** Doors 1 to `doors` each buy 4 units of product 7 at the promotion's price on Nov 5; 1 to 4 bought 4 on Oct 1. */
function sales(doors: number, day = "2026-11-05"): Sale[] {
  return [
    ...Array.from({ length: doors }, (_, i): Sale => [i + 1, day, 7, 4, "36.00", 501]),
    ...Array.from({ length: Math.min(doors, 4) }, (_, i): Sale => [i + 1, "2026-10-01", 7, 4, "40.00"]),
    // Another product, bought during it: not the promotion's.
    [1, "2026-11-06", 8, 10, "100.00"],
  ];
}

const OPTIONS = { from: "2026-08-31", to: "2026-11-29", asOf: "2026-11-29", historyFrom: "2025-11-29" };

describe("promotionLift", () => {
  it("compares the doors' units and revenue per week with their own 8 weeks before, exactly, with a return netted", () => {
    // Door 1 returns one unit it bought at the promotion's price.
    const input = history([...sales(5), [1, "2026-11-09", 7, 1, "9.00", 501, true]]);
    expect(promotionLift(input, OPTIONS)).toEqual([
      {
        promotionId: 501,
        name: "Lager week",
        from: "2026-11-02",
        to: "2026-11-15",
        running: false,
        inferred: false,
        doors: 5,
        // Door 5 bought none of product 7 in the 8 weeks before.
        newDoors: 1,
        // 19 units × 7 ÷ (5 doors × 14 days); 16 × 7 ÷ (5 × 56).
        unitsPerDoorPerWeek: "1.90",
        baselineUnitsPerDoorPerWeek: "0.40",
        // (19 × 56 − 16 × 14) ÷ (16 × 14).
        unitsLift: "375.0",
        revenuePerDoorPerWeek: "17.10",
        baselineRevenuePerDoorPerWeek: "4.00",
        revenueLift: "327.5",
        promotedUnits: 19,
        discount: "19.00",
        thin: null,
      },
    ]);
  });

  it("takes a return off as the ERP writes it (negative units, amount): the same lift as a return written positive", () => {
    const written = (units: number, amount: string) =>
      promotionLift(history([...sales(5), [1, "2026-11-09", 7, units, amount, 501, true]]), OPTIONS)[0];
    const negative = written(-1, "-9.00");
    expect(negative).toMatchObject({
      unitsPerDoorPerWeek: "1.90",
      revenuePerDoorPerWeek: "17.10",
      promotedUnits: 19,
      discount: "19.00",
    });
    expect(negative).toEqual(written(1, "9.00"));
  });

  const thin: {
    name: string;
    input: HistoryInput;
    options?: Partial<typeof OPTIONS>;
    thin: string;
    from?: string;
    to?: string;
    running?: boolean;
  }[] = [
    { name: "fewer than 5 doors", input: history(sales(3)), thin: "3 doors, fewer than 5" },
    { name: "one door", input: history(sales(1)), thin: "1 door, fewer than 5" },
    {
      name: "under two weeks",
      input: history(sales(6), [{ ...PROMOTION, end: "2026-11-08" }]),
      thin: "7 days, under 2 weeks",
      to: "2026-11-08",
    },
    {
      name: "the baseline before the history's first day",
      input: history(sales(6)),
      options: { historyFrom: "2026-10-01" },
      thin: "the 8 weeks before are not all in the history",
    },
    {
      name: "a promotion spanning the period's end, 10 days in so far",
      input: history(sales(6), [{ ...PROMOTION, end: "2026-12-31" }]),
      options: { to: "2026-11-11", asOf: "2026-11-11" },
      thin: "10 days, under 2 weeks",
      to: "2026-11-11",
      running: true,
    },
  ];
  it.each(thin)(
    "is too thin to tell: $name",
    ({ input, options, thin: reason, to = "2026-11-15", running = false }) => {
      const [row] = promotionLift(input, { ...OPTIONS, ...options });
      expect(row).toMatchObject({ thin: reason, unitsLift: null, revenueLift: null, to, running });
      // The rates are still given: only the lift is not told.
      expect(row?.unitsPerDoorPerWeek).not.toBeNull();
    },
  );

  it("reads a promotion the list lacks from the lines it priced: its days and products", () => {
    const input = history([...sales(5), [6, "2026-11-12", 7, 2, "18.00", 501]], []);
    expect(promotionLift(input, OPTIONS)).toMatchObject([
      { promotionId: 501, name: "Promotion 501", from: "2026-11-05", to: "2026-11-12", inferred: true, doors: 6 },
    ]);
  });

  it("leaves out a promotion outside the period, one of another brand's products, and one that reached no door", () => {
    const other = { ...PROMOTION, promotionId: 502, productIds: [99] };
    const summer = { ...PROMOTION, promotionId: 503, start: "2026-06-01", end: "2026-06-30" };
    const rows = promotionLift(history(sales(5), [PROMOTION, other, summer]), OPTIONS);
    expect(rows.map((r) => r.promotionId)).toEqual([501]);
    // Reaching no door, it is still listed (0 doors: too thin), for the brand to see it did nothing.
    const quiet = { ...PROMOTION, promotionId: 504, start: "2026-11-16", end: "2026-11-29" };
    expect(
      promotionLift(history(sales(5), [PROMOTION, quiet]), OPTIONS).map((r) => [r.promotionId, r.doors, r.thin]),
    ).toEqual([
      [504, 0, "0 doors, fewer than 5"],
      [501, 5, null],
    ]);
  });

  it("counts a promotion on all of the supplier's products on every product its doors bought", () => {
    const all = { ...PROMOTION, allProducts: true, productIds: [] };
    const [row] = promotionLift(history(sales(5), [all]), OPTIONS);
    // Door 1's 10 units of product 8 count too: 30 units × 7 ÷ (5 × 14).
    expect(row?.unitsPerDoorPerWeek).toBe("3.00");
  });
});
