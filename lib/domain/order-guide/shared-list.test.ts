import { describe, expect, it } from "vitest";
import { priced, sharedLines, stageOf } from "./shared-list";

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

describe("priced", () => {
  it("prices each line at its case price now: an accepted substitute's, else its own; exact", () => {
    const lines = sharedLines(
      JSON.stringify([
        { ...LINE, cases: 3 },
        {
          ...LINE,
          productId: 5002,
          casePrice: "10.005",
          cases: 2,
          substitute: { productId: 6002, name: "Other", status: "accepted", casePrice: "12.50" },
        },
        {
          ...LINE,
          productId: 5003,
          casePrice: "7.25",
          cases: 1,
          substitute: { productId: 6003, name: "Else", status: "declined", casePrice: "99.00" },
        },
      ]),
    );
    const list = priced(lines);
    expect(list.lines.map((l) => l.total)).toEqual(["90.00", "25.00", "7.25"]);
    expect(list).toMatchObject({ totalCases: 6, total: "122.25" });
  });
});

describe("stageOf", () => {
  it("is withdrawn over entered over acknowledged over sent", () => {
    const none = { withdrawn_at: null, entered_at: null, acknowledged_at: null };
    expect(stageOf(none)).toBe("sent");
    expect(stageOf({ ...none, acknowledged_at: "t" })).toBe("acknowledged");
    expect(stageOf({ ...none, acknowledged_at: "t", entered_at: "t" })).toBe("entered");
    expect(stageOf({ ...none, entered_at: "t", withdrawn_at: "t" })).toBe("withdrawn");
  });
});
