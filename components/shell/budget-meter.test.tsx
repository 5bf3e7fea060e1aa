import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BudgetMeter } from "./budget-meter";

const SEEN = Date.parse("2026-11-23T22:10:00Z"); // 2:10 PM in Los Angeles
const html = (remaining: number) =>
  renderToString(
    <BudgetMeter
      initial={{ limit: 1028, remaining, resetsAt: SEEN + 50 * 60_000, seenAt: SEEN }}
      timeZone="America/Los_Angeles"
    />,
  ).replace(/<!-- -->/g, "");

describe("BudgetMeter", () => {
  it("shows the requests left, without a warning while a tenth or more is left", () => {
    const text = html(200);
    expect(text).toContain("200 of 1,028 left");
    expect(text).toContain('data-budget="ok"');
    expect(text).not.toContain("back at");
  });

  it("turns to its warning under a tenth, with when the budget returns in the person's zone", () => {
    expect(html(90)).toContain("Low · back at 3:00 PM");
    expect(html(90)).toContain('data-budget="low"');
    expect(html(0)).toContain("Spent · back at 3:00 PM");
  });
});
