import { describe, expect, it } from "vitest";
import { choiceOf, lastMonth, PERIOD_CHOICES } from "./periods";

const of = (id: string, today: string) => PERIOD_CHOICES.find((c) => c.id === id)!.of(today);

describe("the quick periods", () => {
  it.each([
    ["2026-11-21", { from: "2026-10-01", to: "2026-10-31" }],
    ["2026-11-01", { from: "2026-10-01", to: "2026-10-31" }],
    ["2026-01-05", { from: "2025-12-01", to: "2025-12-31" }],
    ["2024-03-15", { from: "2024-02-01", to: "2024-02-29" }],
  ])("last month of %s is %j", (today, period) => {
    expect(lastMonth(today)).toEqual(period);
  });

  it.each([
    ["month-so-far", "2026-11-21", { from: "2026-11-01", to: "2026-11-21" }],
    ["month-so-far", "2026-11-01", { from: "2026-11-01", to: "2026-11-01" }],
    ["last-7-days", "2026-11-21", { from: "2026-11-15", to: "2026-11-21" }],
    ["last-7-days", "2026-03-02", { from: "2026-02-24", to: "2026-03-02" }],
  ])("%s on %s is %j", (id, today, period) => {
    expect(of(id, today)).toEqual(period);
  });

  it("tells which choice a period is, if any", () => {
    expect(choiceOf({ from: "2026-11-01", to: "2026-11-21" }, "2026-11-21")).toBe("month-so-far");
    expect(choiceOf({ from: "2026-10-01", to: "2026-10-31" }, "2026-11-21")).toBe("last-month");
    expect(choiceOf({ from: "2026-10-02", to: "2026-10-31" }, "2026-11-21")).toBeUndefined();
  });
});
