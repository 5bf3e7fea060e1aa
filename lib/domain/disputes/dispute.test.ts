import { describe, expect, it } from "vitest";
import { brandLines, claimLine, claimLines, type InvoicedLine, sumAmounts, unitsPerCase } from "./dispute";

const line = (over: Partial<InvoicedLine> = {}): InvoicedLine => ({
  invoiceLineId: 9,
  productId: 501,
  productName: "Pre-roll 1g",
  supplierId: 7,
  units: 24,
  cases: "2.000000",
  unitPrice: "15.000000",
  batchCode: "B-1",
  coaUrl: null,
  ...over,
});

describe("claimLine: the amount per reason", () => {
  it.each([
    ["short", 6, undefined, "90.00"],
    ["damaged", 1, undefined, "15.00"],
    ["not-compliant", undefined, undefined, "360.00"],
    ["wrong-price", undefined, "12.50", "60.00"],
    ["wrong-price", 4, "14.99", "0.04"],
  ] as const)("%s of %s units at %s is %s", (reason, units, expectedPrice, amount) => {
    const out = claimLine(line(), { invoiceLineId: 9, reason, units, expectedPrice }, 0, 0);
    expect(out).toMatchObject({ line: { amount, reason } });
  });

  it("rounds a part-cent unit price's amount to the cent, half away from zero", () => {
    const out = claimLine(line({ unitPrice: "2.345000" }), { invoiceLineId: 9, reason: "short", units: 1 }, 0, 0);
    expect(out).toMatchObject({ line: { amount: "2.35" } });
  });

  it.each([
    [{ invoiceLineId: 8, reason: "short" }, "lines[3].invoiceLineId", /not on this invoice/],
    [{ invoiceLineId: 9, reason: "short", units: 9999 }, "lines[3].units", /more than the 24 invoiced/],
    [{ invoiceLineId: 9, reason: "short", units: 0 }, "lines[3].units", /1 or more/],
    [{ invoiceLineId: 9, reason: "short", units: 1.5 }, "lines[3].units", /whole number/],
    [{ invoiceLineId: 9, reason: "wrong-price" }, "lines[3].expectedPrice", /expected/],
    [{ invoiceLineId: 9, reason: "wrong-price", expectedPrice: "16.00" }, "lines[3].expectedPrice", /not below/],
    [{ invoiceLineId: 9, reason: "wrong-price", expectedPrice: "15" }, "lines[3].expectedPrice", /not below/],
    [{ invoiceLineId: 9, reason: "wrong-price", expectedPrice: "10.005" }, "lines[3].expectedPrice", /whole cents/],
    [{ invoiceLineId: 9, reason: "wrong-price", expectedPrice: "-1" }, "lines[3].expectedPrice", /an amount/],
    [{ invoiceLineId: 9, reason: "damaged", expectedPrice: "1.00" }, "lines[3].expectedPrice", /wrong-price line only/],
  ] as const)("refuses %o at %s", (claim, field, message) => {
    const invoiced = claim.invoiceLineId === 9 ? line() : undefined;
    const out = claimLine(invoiced, claim, 3, 0);
    expect(out).toMatchObject({ problem: { field } });
    if ("problem" in out) expect(out.problem.message).toMatch(message);
  });

  it("counts the units already in the invoice's other open disputes", () => {
    expect(claimLine(line(), { invoiceLineId: 9, reason: "short", units: 5 }, 0, 20)).toMatchObject({
      problem: { field: "lines[0].units", message: expect.stringMatching(/the 4 of 24 invoiced not already/) },
    });
    expect(claimLine(line(), { invoiceLineId: 9, reason: "damaged" }, 0, 20)).toMatchObject({ line: { units: 4 } });
  });

  it("refuses a credit's line", () => {
    expect(claimLine(line({ units: -2 }), { invoiceLineId: 9, reason: "short" }, 0, 0)).toMatchObject({
      problem: { message: expect.stringMatching(/return/) },
    });
  });
});

describe("claimLines", () => {
  it("keeps every line or answers every problem, and a line once", () => {
    const invoiced = [line(), line({ invoiceLineId: 10, productId: 502, supplierId: 8 })];
    const ok = claimLines(invoiced, [
      { invoiceLineId: 9, reason: "short", units: 12 },
      { invoiceLineId: 10, reason: "damaged", units: 2 },
    ]);
    expect("lines" in ok && sumAmounts(ok.lines.map((l) => l.amount))).toBe("210.00");
    const bad = claimLines(invoiced, [
      { invoiceLineId: 9, reason: "short", units: 1 },
      { invoiceLineId: 9, reason: "damaged", units: 1 },
      { invoiceLineId: 11, reason: "short" },
    ]);
    expect(bad).toEqual({
      problems: [
        { field: "lines[1].invoiceLineId", message: "A line is in a dispute once." },
        { field: "lines[2].invoiceLineId", message: "Line 11 is not on this invoice." },
      ],
    });
  });
});

describe("brandLines", () => {
  it("shows a brand its own products' quality lines only", () => {
    const lines = [
      { supplierId: 7, reason: "damaged" as const },
      { supplierId: 7, reason: "short" as const },
      { supplierId: 8, reason: "not-compliant" as const },
      { supplierId: null, reason: "damaged" as const },
    ];
    expect(brandLines(lines, new Set([7]))).toEqual([{ supplierId: 7, reason: "damaged" }]);
  });
});

describe("unitsPerCase", () => {
  it("is the line's units over its cases, or undefined", () => {
    expect(unitsPerCase({ units: 24, cases: "2.000000" })).toBe(12);
    expect(unitsPerCase({ units: 24, cases: "0" })).toBeUndefined();
  });
});
