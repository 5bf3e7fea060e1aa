import { describe, expect, it } from "vitest";
import { filtersLabel, filtersSet } from "./filter-count";

describe("filtersSet", () => {
  it("counts the filters with a value, a list of several once", () => {
    expect(filtersSet({ Statuses: "1,2,7", States: "CA", CustomerIDs: undefined })).toBe(2);
  });

  it("does not count an empty or blank value, nor an empty list", () => {
    expect(filtersSet({ name: "", q: "  ", tags: [], state: null })).toBe(0);
  });

  it("counts a list of values once", () => {
    expect(filtersSet({ state: ["CA", "WA"], rep: "31" })).toBe(2);
  });
});

describe("filtersLabel", () => {
  it("says how many are set, and nothing more when none is", () => {
    expect(filtersLabel(0)).toBe("Filters");
    expect(filtersLabel(1)).toBe("Filters · 1 set");
    expect(filtersLabel(3)).toBe("Filters · 3 set");
    expect(filtersLabel(1, "Payment filters")).toBe("Payment filters · 1 set");
  });
});
