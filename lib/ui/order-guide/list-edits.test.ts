import { describe, expect, it } from "vitest";
import type { DetailLine, ListDetail } from "@/lib/domain/order-guide/shared-list";
import { casesOf, changesSince, fieldMessages, patchOf } from "./list-edits";

const line = (lineId: string, cases: number, substitute: DetailLine["substitute"] = null): DetailLine => ({
  lineId,
  productId: Number(lineId),
  name: `Product ${lineId}`,
  cases,
  askedCases: cases,
  casePrice: "42.00",
  total: (42 * cases).toFixed(2),
  available: "10+ Cases",
  short: false,
  substitute,
});

const list = {
  lines: [line("5001", 2), line("5002", 3, { productId: 6001, name: "Stand-in", status: "proposed" })],
};

describe("patchOf", () => {
  it("sends only what differs from the list as it is now", () => {
    expect(
      patchOf(
        list,
        {
          "5001": { cases: "2" },
          "5002": { cases: "1", substitute: { productId: 6001, name: "Stand-in" } },
        },
        "  ",
      ),
    ).toEqual({ patch: { lines: [{ lineId: "5002", cases: 1 }] }, invalid: {} });
  });

  it("offers a substitute, takes one back, and adds a note", () => {
    expect(
      patchOf(
        list,
        { "5001": { substitute: { productId: 7001, name: "Other" } }, "5002": { substitute: null } },
        " Only one case left ",
      ).patch,
    ).toEqual({
      lines: [
        { lineId: "5001", substituteProductId: 7001 },
        { lineId: "5002", substituteProductId: null },
      ],
      note: "Only one case left",
    });
  });

  it("names the line whose cases are not whole cases from 0 to 9,999, and sends nothing of nothing", () => {
    expect(patchOf(list, { "5001": { cases: "1.5" }, "5002": { cases: "10000" } }, "")).toEqual({
      patch: undefined,
      invalid: { "5001": "Whole cases, from 0 to 9,999.", "5002": "Whole cases, from 0 to 9,999." },
    });
    expect(casesOf(" 0 ")).toBe(0);
    expect(casesOf("")).toBeUndefined();
  });
});

describe("fieldMessages", () => {
  it("puts each refusal beside its field: a line's by the order it was sent in", () => {
    expect(
      fieldMessages(
        [
          { field: "lines[1].substituteProductId", code: "INVALID", detail: "Not in stock." },
          { field: "note", code: "TOO_BIG", detail: "At most 1,000 characters." },
          { field: "If-Match", code: "INVALID", detail: "Send the ETag." },
        ],
        ["5001", "5002"],
      ),
    ).toEqual({ "5002": "Not in stock.", note: "At most 1,000 characters.", form: "Send the ETag." });
  });
});

describe("changesSince", () => {
  it("is the events past those seen", () => {
    const events = ["sent", "acknowledged", "accepted"].map((kind, i) => ({
      at: `2026-11-27T10:0${i}:00Z`,
      by: "Pat",
      side: "store" as const,
      kind: kind as ListDetail["events"][number]["kind"],
      detail: kind,
    }));
    expect(changesSince(2, { events }).map((e) => e.kind)).toEqual(["accepted"]);
  });
});
