import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AccountCard as Card, CardBalance } from "@/lib/domain/today/today";
import { AccountCard } from "./account-card";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const card = (balance: Partial<CardBalance>): Card => ({
  customerId: 20001,
  name: "Valley",
  state: "CA",
  balances: [{ arAccountId: 50001, total: "0", over30: "0", over60: "0", over90: "0", sharedWith: 0, ...balance }],
  nextDeliveries: [],
});

const shown = (balance: Partial<CardBalance>, kind: "account" | "line" = "account") =>
  text(renderToString(<AccountCard card={card(balance)} kind={kind} />));

describe("AccountCard's balance names the oldest bucket its past-due amount is in", () => {
  it("says over 90 days where all of it is over 90 (it said over 30 days)", () => {
    const all90 = { total: "2104.180000", over30: "2104.180000", over60: "2104.180000", over90: "2104.180000" };
    expect(shown(all90)).toContain("Balance $2,104.18 · $2,104.18 over 90 days");
    expect(shown(all90)).not.toContain("over 30 days");
    expect(shown(all90, "line")).toContain("$2,104.18 over 90 days");
  });

  it("says over 60 days where the oldest is 61 to 90 days old", () => {
    expect(shown({ total: "900", over30: "400", over60: "400", over90: "0" })).toContain("$400.00 over 60 days");
  });

  it("gives the oldest bucket's amount, and what is over 30 days beside it when that is more", () => {
    expect(shown({ total: "5000", over30: "3000", over60: "2104.18", over90: "2104.18" })).toContain(
      "$2,104.18 over 90 days ($3,000.00 over 30)",
    );
    expect(shown({ total: "5000", over30: "300", over60: "0", over90: "0" })).toContain("$300.00 over 30 days");
  });

  it("says nothing past due when nothing is more than 30 days old", () => {
    expect(shown({ total: "120" })).toContain("Balance $120.00");
    expect(shown({ total: "120" })).not.toContain(" over ");
  });
});
