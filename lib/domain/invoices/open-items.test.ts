import { describe, expect, it } from "vitest";
import { isCredit, isDebt, isDueSoon, isPastDue, openItems, owed } from "./open-items";

const item = (OpenBalance: string | null, DueDate?: string) => ({ OpenBalance, DueDate });

describe("open items: debts and credits", () => {
  it.each([
    ["250.250000", true, false],
    ["-121.000000", false, true],
    ["-0.000001", false, true],
    ["0.000000", false, false],
    [null, false, false],
    ["n/a", false, false],
  ])("%s is a debt: %s, a credit: %s", (balance, debt, credit) => {
    expect(isDebt(item(balance))).toBe(debt);
    expect(isCredit(item(balance))).toBe(credit);
  });

  it("splits a list, each part in the order given", () => {
    const list = [item("10"), item("-5"), item("0"), item("20"), item("-1")];
    const { debts, credits } = openItems(list);
    expect(debts.map((i) => i.OpenBalance)).toEqual(["10", "20"]);
    expect(credits.map((i) => i.OpenBalance)).toEqual(["-5", "-1"]);
  });

  it("past due and due soon are a debt's alone: a return due 44 days ago is neither", () => {
    const today = "2026-11-27";
    expect(isPastDue(item("100.00", "2026-10-14T00:00:00Z"), today)).toBe(true);
    expect(isPastDue(item("-121.00", "2026-10-14T00:00:00Z"), today)).toBe(false);
    expect(isPastDue(item("100.00", "2026-11-27T00:00:00Z"), today)).toBe(false);
    expect(isPastDue(item("100.00"), today)).toBe(false);
    expect(isDueSoon(item("100.00", "2026-11-27T00:00:00Z"), today)).toBe(true);
    expect(isDueSoon(item("100.00", "2026-12-11T00:00:00Z"), today)).toBe(true);
    expect(isDueSoon(item("100.00", "2026-12-12T00:00:00Z"), today)).toBe(false);
    expect(isDueSoon(item("-10.00", "2026-12-01T00:00:00Z"), today)).toBe(false);
  });
});

describe("owed: what an account owes on its open items", () => {
  it("adds the debts' open balances exactly, sub-cent digits kept, and counts them; a credit is no debt", () => {
    const items = [
      { OpenBalance: "3546.085000" },
      { OpenBalance: "-121.000000" },
      { OpenBalance: "100.00" },
      { OpenBalance: "0.000000" },
    ];
    expect(owed(items)).toEqual({ count: 2, amount: "3646.085000" });
  });

  it("is nothing on an account with credits alone", () => {
    expect(owed([{ OpenBalance: "-10.00" }])).toEqual({ count: 0, amount: "0.000000" });
  });
});
