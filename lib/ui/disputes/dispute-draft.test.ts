import { describe, expect, it } from "vitest";
import type { InvoicedLine } from "@/lib/domain/disputes/dispute";
import {
  claimOf,
  defaultUnits,
  fieldErrorsByLine,
  invoicedLineOf,
  priceDraft,
  startLine,
  stepUnits,
} from "./dispute-draft";

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

describe("defaultUnits: where each reason starts", () => {
  it.each([
    ["short", line(), 12],
    ["short", line({ cases: "0" }), 1],
    ["short", line({ units: 6, cases: "0.5" }), 6],
    ["damaged", line(), 1],
    ["not-compliant", line(), 24],
    ["wrong-price", line(), 24],
  ] as const)("%s on %o starts at %i units", (reason, l, units) => {
    expect(defaultUnits(l, reason)).toBe(units);
  });
});

describe("priceDraft: the amount per line and the total as the store taps", () => {
  it("a short line at its default (one case) is worth a case at the invoiced price", () => {
    const out = priceDraft([line()], [startLine(line(), "short")]);
    expect(out).toMatchObject({ total: "180.00", ready: true, lines: [{ amount: "180.00" }] });
  });

  it("adds a short, a damaged and a wrong-price line, the wrong price worth the difference", () => {
    const other = line({ invoiceLineId: 10, productId: 502, units: 10, cases: "1", unitPrice: "8.250000" });
    const third = line({ invoiceLineId: 11, productId: 503, units: 4, cases: "0", unitPrice: "20.000000" });
    const out = priceDraft(
      [line(), other, third],
      [
        { ...startLine(line(), "short"), units: "6" },
        startLine(other, "damaged"),
        startLine(third, "wrong-price", "17.50"),
      ],
    );
    expect(out.lines.map((l) => l.amount)).toEqual(["90.00", "8.25", "10.00"]);
    expect(out.total).toBe("108.25");
  });

  it("refuses as the server would: more units than invoiced, a price not below the invoiced, no expected price", () => {
    const out = priceDraft(
      [line(), line({ invoiceLineId: 10 }), line({ invoiceLineId: 11 })],
      [
        { ...startLine(line(), "short"), units: "25" },
        startLine(line({ invoiceLineId: 10 }), "wrong-price", "15.00"),
        startLine(line({ invoiceLineId: 11 }), "wrong-price"),
      ],
    );
    expect(out.ready).toBe(false);
    expect(out.total).toBe("0.00");
    expect(out.lines.map((l) => l.problem)).toEqual([
      expect.stringMatching(/more than the 24 invoiced/),
      expect.stringMatching(/not below/),
      expect.stringMatching(/expected/),
    ]);
  });

  it("an empty units field is no amount yet", () => {
    expect(priceDraft([line()], [{ ...startLine(line(), "damaged"), units: "" }]).ready).toBe(false);
  });
});

describe("the claim sent", () => {
  it("sends units as a number, the expected price only for a wrong price, a note only when written", () => {
    expect(claimOf({ ...startLine(line(), "short"), note: "  " })).toEqual({
      invoiceLineId: 9,
      reason: "short",
      units: 12,
    });
    expect(claimOf({ ...startLine(line(), "wrong-price", "12.50"), note: "agreed in May" })).toEqual({
      invoiceLineId: 9,
      reason: "wrong-price",
      units: 24,
      expectedPrice: "12.50",
      note: "agreed in May",
    });
  });
});

describe("stepUnits: the stepper stays between 1 and invoiced", () => {
  it.each([
    ["1", -1, 24, "1"],
    ["23", 1, 24, "24"],
    ["24", 1, 24, "24"],
    ["", 1, 24, "1"],
    ["5", -1, 24, "4"],
  ] as const)("%s %i of %i is %s", (units, by, invoiced, next) => {
    expect(stepUnits(units, by, invoiced)).toBe(next);
  });
});

describe("fieldErrorsByLine: the server's field errors on the lines they name", () => {
  it("places lines[1].units on the second line sent, and the rest apart", () => {
    const drafts = [{ invoiceLineId: 9 }, { invoiceLineId: 12 }];
    const out = fieldErrorsByLine(
      [
        { field: "lines[1].units", message: "30 units is more than the 24 invoiced." },
        { field: "invoiceNum", message: "No such invoice." },
      ],
      drafts,
    );
    expect(out.get(12)).toEqual({ units: "30 units is more than the 24 invoiced." });
    expect(out.get("")).toEqual({ invoiceNum: "No such invoice." });
    expect(out.get(9)).toBeUndefined();
  });
});

describe("invoicedLineOf", () => {
  it("reads the API's line, and skips one without an id", () => {
    expect(
      invoicedLineOf({ InvoiceTransID: 3, ProductID: 5, NumUnits: 12, Cases: "1.000000", UnitPrice: "4.000000" }),
    ).toMatchObject({ invoiceLineId: 3, productId: 5, units: 12, cases: "1.000000", unitPrice: "4.000000" });
    expect(invoicedLineOf({ ProductID: 5 })).toBeUndefined();
  });
});
