import { describe, expect, it } from "vitest";
import {
  addedVisits,
  planStops,
  rankCandidates,
  type VisitAccount,
  type VisitReasonKind,
  VISIT_WEIGHTS,
  visitReasons,
} from "./reasons";
import { NOT_VISITED_DAYS } from "../visits";

const DAY = "2026-11-12";
/** Visited yesterday: no "not visited" reason, so each case below shows its own reason alone. */
const base: VisitAccount = { customerId: 1, name: "Green Leaf", lastVisit: "2026-11-11" };
const account = (fields: Partial<VisitAccount>): VisitAccount => ({ ...base, ...fields });
const ZERO = { over60: "0.000000", over90: "0.000000" };

describe("visitReasons", () => {
  it.each<[VisitReasonKind, Partial<VisitAccount>, string]>([
    ["deliveryToday", { nextDeliveryWhen: "today" }, "Delivery today"],
    ["deliveryTomorrow", { nextDeliveryWhen: "tomorrow" }, "Delivery tomorrow"],
    ["deliveryToday", { nextDeliveryWhen: "today", toCollect: "1240.00" }, "Delivery today: collect $1,240.00"],
    ["deliveryTomorrow", { nextDeliveryWhen: "tomorrow", toCollect: "310.5" }, "Delivery tomorrow: collect $310.50"],
    ["deliveryToday", { nextDeliveryWhen: "today", toCollect: "0.00" }, "Delivery today"],
    ["onHold", { onHold: true }, "On hold"],
    ["over90", { balance: { over60: "1500.000000", over90: "1234.500000" } }, "$1,234.50 over 90 days"],
    ["over60", { balance: { over60: "800.250000", over90: "0.000000" } }, "$800.25 over 60 days"],
    [
      "reorderLate",
      { reorder: { status: "late", nextOrder: "2026-11-20" } },
      "Late to reorder (expected Nov 20, 2026)",
    ],
    ["reorderDue", { reorder: { status: "due", nextOrder: "2026-11-10" } }, "Due to reorder"],
    ["notVisited", { lastVisit: "2026-10-01" }, "Not visited in 42 days"],
    ["notVisited", { lastVisit: undefined }, "No visit on record"],
  ])("%s: %j says %s", (kind, fields, words) => {
    expect(visitReasons(account(fields), DAY)).toEqual({
      reasons: [{ kind, words, weight: VISIT_WEIGHTS[kind] }],
      score: VISIT_WEIGHTS[kind],
    });
  });

  it.each<[string, Partial<VisitAccount>]>([
    ["nothing to say", {}],
    ["something to collect but no delivery", { toCollect: "500.00" }],
    ["not on hold", { onHold: false }],
    ["a balance with nothing over 60 days", { balance: ZERO }],
    ["a rhythm that is ok", { reorder: { status: "ok", nextOrder: "2026-11-30" } }],
    ["a rhythm that is unknown", { reorder: { status: "unknown", nextOrder: "2026-11-30" } }],
    ["a visit 29 days ago", { lastVisit: "2026-10-14" }],
    ["a visit after the day", { lastVisit: "2026-11-20" }],
  ])("gives no reason for %s", (_, fields) => {
    expect(visitReasons(account(fields), DAY)).toEqual({ reasons: [], score: 0 });
  });

  it.each([
    ["2026-10-13", NOT_VISITED_DAYS, ["Not visited in 30 days"]],
    ["2026-10-14", NOT_VISITED_DAYS, []],
    ["2026-11-05", 7, ["Not visited in 7 days"]],
    ["2026-11-06", 7, []],
  ])("a visit on %s with %s days to go counts from that many days: %j", (lastVisit, days, words) => {
    expect(visitReasons(account({ lastVisit }), DAY, days).reasons.map((r) => r.words)).toEqual(words);
  });

  it("adds the weights, the heaviest reason first", () => {
    const result = visitReasons(
      account({
        lastVisit: undefined,
        reorder: { status: "late", nextOrder: "2026-11-01" },
        onHold: true,
        nextDeliveryWhen: "tomorrow",
        balance: { over60: "90.000000", over90: "10.000000" },
      }),
      DAY,
    );
    expect(result.reasons.map((r) => r.kind)).toEqual([
      "over90",
      "onHold",
      "deliveryTomorrow",
      "reorderLate",
      "notVisited",
    ]);
    expect(result.score).toBe(45 + 40 + 30 + 30 + 15);
  });
});

describe("rankCandidates", () => {
  const accounts: VisitAccount[] = [
    account({ customerId: 1, name: "Quiet", lastVisit: "2026-11-10" }),
    account({ customerId: 2, name: "Bravo", onHold: true }),
    account({ customerId: 3, name: "Alpha", onHold: true }),
    account({ customerId: 4, name: "Owes", onHold: true, balance: { over60: "100.000000", over90: "0" } }),
    account({ customerId: 5, name: "Owes more", onHold: true, balance: { over60: "250.000000", over90: "0" } }),
    account({ customerId: 6, name: "Alpha", onHold: true }),
    account({ customerId: 7, name: "Delivery", nextDeliveryWhen: "today" }),
  ];

  it("leaves out the accounts with no reason, sorts by score, money over 60 days, name, id", () => {
    const ranked = rankCandidates(accounts, DAY);
    expect(ranked.map((c) => [c.account.customerId, c.score])).toEqual([
      [5, 75],
      [4, 75],
      [7, 50],
      [3, 40],
      [6, 40],
      [2, 40],
    ]);
  });

  it("keeps the caller's own account type", () => {
    const [first] = rankCandidates([{ ...base, onHold: true, licence: "C10-1" }], DAY);
    expect(first?.account.licence).toBe("C10-1");
  });
});

describe("addedVisits and planStops", () => {
  const accounts = Array.from({ length: 20 }, (_, i) =>
    account({ customerId: 100 + i, name: `Store ${String(i).padStart(2, "0")}`, lastVisit: undefined }),
  );
  // Every account but the last five has no visit on record; those five were visited yesterday (no reason).
  const everyone = accounts.map((a, i) => (i >= 15 ? { ...a, lastVisit: "2026-11-11" } : a));
  const ranked = rankCandidates(everyone, DAY);

  it.each<[string, number[], number[], number[]]>([
    ["a candidate", [110], [], [110]],
    ["the first ranked too (the day may not hold it otherwise)", [100], [], [100]],
    ["no account twice", [101, 110, 110], [], [101, 110]],
    ["no unknown account", [999], [], []],
    ["no account both added and removed", [110, 111], [110], [111]],
  ])("takes %s", (_, add, remove, expected) => {
    expect(addedVisits(ranked, add, remove, everyone).map((visit) => visit.account.customerId)).toEqual(expected);
  });

  it("marks the accounts the rep added, with their reasons (none for one with no reason)", () => {
    expect(addedVisits(ranked, [110, 117], [], everyone).map((v) => [v.account.customerId, v.added, v.score])).toEqual([
      [110, true, 15],
      [117, true, 0],
    ]);
  });

  it.each([
    [undefined, 8],
    [Number.NaN, 8],
    [6.7, 6],
    [-3, 1],
    [99, 15],
  ])("planStops(%s) is %s", (asked, stops) => {
    expect(planStops(asked)).toBe(stops);
  });
});
