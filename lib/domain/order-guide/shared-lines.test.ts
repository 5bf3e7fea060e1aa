import { describe, expect, it } from "vitest";
import { sharedLines } from "./shared-lines";

const LINE = {
  productId: 5001,
  name: "Gummies",
  unitsPerCase: 10,
  unitPrice: "3.00",
  casePrice: "30.00",
  cases: 2,
  total: "60.00",
};

describe("sharedLines", () => {
  it("reads a line kept before lists were shared as its product's line, asked its cases, without a substitute", () => {
    expect(sharedLines(JSON.stringify([LINE]))).toEqual([{ ...LINE, lineId: "5001", askedCases: 2, substitute: null }]);
  });

  it("keeps a shared line's id, first cases and substitute", () => {
    const shared = {
      ...LINE,
      cases: 1,
      lineId: "5001",
      askedCases: 2,
      substitute: { productId: 6001, name: "Other", status: "accepted" },
    };
    expect(sharedLines(JSON.stringify([shared]))).toEqual([shared]);
  });
});
