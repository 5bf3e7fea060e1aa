import { describe, expect, it } from "vitest";
import { listOverCredit } from "./list-warning";

describe("listOverCredit", () => {
  it.each([
    { total: "500.00", credit: undefined, warns: null },
    { total: "500.00", credit: { limit: null, available: null }, warns: null },
    { total: "2140.00", credit: { limit: "10000.00", available: "2140.00" }, warns: null },
    { total: "0.00", credit: { limit: "0.00", available: "0.00" }, warns: null },
    {
      total: "2140.01",
      credit: { limit: "10000.00", available: "2140.00" },
      warns:
        "This list ($2,140.01) is above the $2,140.00 of credit available (limit $10,000.00): it would put the account $0.01 over its limit.",
    },
    {
      total: "3210.00",
      credit: { limit: "10000.00", available: "2140.00" },
      warns:
        "This list ($3,210.00) is above the $2,140.00 of credit available (limit $10,000.00): it would put the account $1,070.00 over its limit.",
    },
    {
      total: "100.00",
      credit: { limit: "5000.00", available: "-310.00" },
      warns:
        "The account is already $310.00 over its credit limit of $5,000.00: this list ($100.00) would put it $410.00 over.",
    },
  ])("a list of $total against $credit", ({ total, credit, warns }) => {
    const words = listOverCredit(total, credit);
    if (warns === null) expect(words).toBeNull();
    else
      expect(words).toBe(
        `${warns} You can still send it: your rep decides what is delivered, and may ask for a payment first.`,
      );
  });
});
