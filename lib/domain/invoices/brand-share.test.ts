import { describe, expect, it } from "vitest";
import { brandShare, type ShareLine } from "./brand-share";

const BRAND = new Set([7]);

describe("brandShare", () => {
  it.each<[string, ShareLine[], ReadonlySet<number> | undefined, { total: string; units: string; cases: string }]>([
    [
      "sums only the brand's lines of an invoice holding several brands'",
      [
        { SupplierID: 7, ExtPrice: "21.000000", NumUnits: 6, Cases: "0.750000" },
        { SupplierID: 9, ExtPrice: "700.500000", NumUnits: 40, Cases: "5" },
        { SupplierID: 7, ExtPrice: "28.000000", NumUnits: 8, Cases: "1.000000" },
        { SupplierID: 12, ExtPrice: "30.000000", NumUnits: 9, Cases: "0.75" },
      ],
      BRAND,
      { total: "49.000000", units: "14.000000", cases: "1.750000" },
    ],
    [
      "counts a line naming no supplier as the key's own (the API scopes a Supplier key's lines)",
      [
        { ExtPrice: "10.00", NumUnits: 2, Cases: "0.25" },
        { SupplierID: 7, ExtPrice: "5.5", NumUnits: 1, Cases: "0.125" },
      ],
      BRAND,
      { total: "15.500000", units: "3.000000", cases: "0.375000" },
    ],
    [
      "sums a return's lines, negative units and amounts, to what the return takes back",
      [
        { SupplierID: 7, ExtPrice: "-24.990000", NumUnits: -3, Cases: "-0.375" },
        { SupplierID: 7, ExtPrice: "-8.330000", NumUnits: -1, Cases: "-0.125" },
      ],
      BRAND,
      { total: "-33.320000", units: "-4.000000", cases: "-0.500000" },
    ],
    [
      "adds cents exactly, where floats would not (0.1 + 0.2)",
      [
        { SupplierID: 7, ExtPrice: "0.10", NumUnits: 1, Cases: "0.1" },
        { SupplierID: 7, ExtPrice: "0.20", NumUnits: 1, Cases: "0.2" },
        { SupplierID: 7, ExtPrice: "1308.570000", NumUnits: "12", Cases: "1.5" },
      ],
      BRAND,
      { total: "1308.870000", units: "14.000000", cases: "1.800000" },
    ],
    [
      "takes every line when no supplier is given",
      [
        { SupplierID: 7, ExtPrice: "1", NumUnits: 1, Cases: "1" },
        { SupplierID: 9, ExtPrice: "2", NumUnits: 2, Cases: "2" },
      ],
      undefined,
      { total: "3.000000", units: "3.000000", cases: "3.000000" },
    ],
    ["is nothing for no line", [], BRAND, { total: "0.000000", units: "0.000000", cases: "0.000000" }],
  ])("%s", (_, lines, suppliers, expected) => {
    expect(brandShare(lines, suppliers)).toMatchObject(expected);
  });

  it("counts the lines it sums, and those lacking a figure (sparse records), which add nothing", () => {
    const share = brandShare(
      [
        { SupplierID: 7, ExtPrice: "12.50", NumUnits: 5 },
        { SupplierID: 7, NumUnits: 2, Cases: "0.25" },
        { SupplierID: 7, ExtPrice: "not a number", NumUnits: 1, Cases: "0.125" },
        { SupplierID: 9, ExtPrice: "99" },
      ],
      BRAND,
    );
    expect(share).toEqual({ total: "12.500000", units: "8.000000", cases: "0.375000", lines: 3, incomplete: 3 });
  });
});
