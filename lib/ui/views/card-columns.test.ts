import { describe, expect, it } from "vitest";
import { CARD_COLUMNS, cardColumns } from "./card-columns";

describe("cardColumns", () => {
  it("takes the first drawn columns, the first as the title", () => {
    const parts = cardColumns(["a", "b", "c", "d", "e", "f", "g"]);
    expect([...parts.keys()]).toEqual(["a", "b", "c", "d", "e"].slice(0, CARD_COLUMNS));
    expect(parts.get("a")).toBe("title");
    expect(parts.get("b")).toBe("field");
    expect(parts.has("g")).toBe(false);
  });

  it("puts the view's own choice first, in its order, and fills up from the drawn columns", () => {
    expect([
      ...cardColumns(
        ["num", "customer", "date", "due", "status", "total", "open"],
        ["num", "open", "status"],
        4,
      ).entries(),
    ]).toEqual([
      ["num", "title"],
      ["open", "field"],
      ["status", "field"],
      ["customer", "field"],
    ]);
  });

  it("leaves out a chosen column the table does not draw (hidden by the person, or empty on this page)", () => {
    expect([...cardColumns(["customer", "date"], ["num", "open"]).keys()]).toEqual(["customer", "date"]);
  });

  it("shows every column of a narrow list, and nothing of an empty one", () => {
    expect([...cardColumns(["a", "b"]).keys()]).toEqual(["a", "b"]);
    expect(cardColumns([]).size).toBe(0);
  });
});
