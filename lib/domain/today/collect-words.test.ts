import { describe, expect, it } from "vitest";
import type { CollectedView } from "@/lib/domain/credit/view";
import { collectedWords, collectWhy, deliveryWhen, leftToCollect, matchWords, overLimitBy } from "./collect-words";

describe("overLimitBy", () => {
  it.each([
    [null, undefined],
    ["25.00", undefined],
    ["0.00", undefined],
    ["-310.00", "310.00"],
    ["-0.01", "0.01"],
  ])("available %s → %s", (available, over) => expect(overLimitBy(available)).toBe(over));
});

describe("collectWhy", () => {
  it.each([
    [{ reasons: ["over60"] as const, over60: "1240.00", available: null }, ["over 60 days: $1,240.00"]],
    [{ reasons: ["overLimit"] as const, over60: "0.00", available: "-310.00" }, ["over its limit by $310.00"]],
    [
      { reasons: ["over60", "overLimit"] as const, over60: "1240.5", available: "-10000.00" },
      ["over 60 days: $1,240.50", "over its limit by $10,000.00"],
    ],
    // A reason the figures do not bear out says nothing rather than "$0.00".
    [{ reasons: ["overLimit"] as const, over60: "0.00", available: "5.00" }, []],
  ])("%o", (stop, words) => expect(collectWhy({ ...stop, reasons: [...stop.reasons] })).toEqual(words));
});

describe("deliveryWhen", () => {
  it.each([
    ["2026-11-25", "2026-11-25", "today"],
    ["2026-11-26", "2026-11-25", "tomorrow"],
    ["2026-12-01", "2026-11-30", "tomorrow"],
    ["2026-11-28", "2026-11-25", "Nov 28, 2026"],
  ])("%s seen on %s → %s", (day, today, words) => expect(deliveryWhen(day, today)).toBe(words));
});

describe("collectedWords", () => {
  it.each([
    [{ amount: "420.00", method: "check", reference: "4417" }, "$420.00 by check 4417"],
    [{ amount: "80.00", method: "cash", reference: null }, "$80.00 in cash"],
    [{ amount: "80.00", method: "cash", reference: "envelope 2" }, "$80.00 in cash (envelope 2)"],
    [{ amount: "1500.00", method: "money-order", reference: "MO-88" }, "$1,500.00 by money order MO-88"],
    [{ amount: "12.00", method: "ach", reference: null }, "$12.00 by ACH"],
    [{ amount: "12.00", method: "other", reference: "barter" }, "$12.00 (barter)"],
  ] as const)("%o → %s", (record, words) => expect(collectedWords(record)).toBe(words));
});

describe("matchWords", () => {
  const payment = { paymentId: 7, paymentInvoiceNum: "PMT-000812", amount: "420.00", postDate: "2026-11-27T00:00:00Z" };
  it.each<[Pick<CollectedView, "status" | "dueBy" | "payment">, string]>([
    [{ status: "waiting", dueBy: "2026-12-02", payment: null }, "waiting for its payment in the ERP (by Dec 2, 2026)"],
    [{ status: "matched", dueBy: "2026-12-02", payment }, "matched to payment PMT-000812 of Nov 27, 2026"],
    [{ status: "matched", dueBy: "2026-12-02", payment: null }, "matched to its payment"],
    [
      { status: "unmatched", dueBy: "2026-12-02", payment: null },
      "not matched: no payment of this amount in 5 business days (since Dec 2, 2026)",
    ],
  ])("%o → %s", (record, words) => expect(matchWords(record)).toBe(words));
});

describe("leftToCollect", () => {
  it.each([
    ["1240.00", [], "1240.00"],
    ["1240.00", ["1000.00"], "240.00"],
    ["1240.00", ["1000.00", "300.00"], "0.00"],
    ["0.10", ["0.05", "0.02"], "0.03"],
  ])("%s less %o → %s", (toCollect, amounts, left) =>
    expect(
      leftToCollect(
        toCollect,
        amounts.map((amount) => ({ amount })),
      ),
    ).toBe(left),
  );
});
