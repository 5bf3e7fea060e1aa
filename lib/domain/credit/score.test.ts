import { describe, expect, it } from "vitest";
import {
  reliability,
  SCORE_DEFINITIONS,
  SCORE_WEIGHTS,
  type ScoreAging,
  type ScoreApplication,
  type ScoreInvoice,
} from "./score";
import type { Reliability, ScoreComponentKey } from "./view";

/** The day of every score here: a Friday. Its window opens after 2025-11-20; its last 90 days after 2026-08-22. */
const AS_OF = "2026-11-20";

const inv = (invoiceNum: string, dueDate: string, total = "100.000000", status = 7): ScoreInvoice => ({
  invoiceNum,
  dueDate,
  total,
  status,
});
const app = (
  targetInvoiceNum: string,
  amount: string,
  timeApplied: string | null,
  status = "Confirmed",
): ScoreApplication => ({ targetInvoiceNum, amount, status, timeApplied });
const at = (day: string) => `${day}T17:30:00Z`;

const NOTHING_OPEN: ScoreAging = { current: "0", due1to30: "0", due31to60: "0", due61to90: "0", due91: "0" };

const value = (r: Reliability, key: ScoreComponentKey) => r.components.find((c) => c.key === key)!.value;
const points = (r: Reliability, key: ScoreComponentKey) => r.components.find((c) => c.key === key)!.points;

describe("reliability: days beyond terms and paid by the due date, one $100 invoice due 2026-10-01", () => {
  // 50 days past due on AS_OF.
  const cases: { name: string; applications: ScoreApplication[]; days: number; onTime: number }[] = [
    { name: "paid early", applications: [app("A", "100.00", at("2026-09-25"))], days: 0, onTime: 1 },
    {
      name: "paid on the day, late in the (UTC) day",
      applications: [app("A", "100", "2026-10-01T23:59:59Z")],
      days: 0,
      onTime: 1,
    },
    { name: "paid 10 days late", applications: [app("A", "100.00", at("2026-10-11"))], days: 10, onTime: 0 },
    {
      name: "paid partly on the day, the rest 20 days late",
      applications: [app("A", "60.00", at("2026-10-01")), app("A", "40.00", at("2026-10-21"))],
      days: 8, // 40 × 20 / 100
      onTime: 0.6,
    },
    {
      name: "paid partly on the day, the rest never: it counts its 50 days past due",
      applications: [app("A", "60.00", at("2026-10-01"))],
      days: 20, // 40 × 50 / 100
      onTime: 0.6,
    },
    { name: "never paid", applications: [], days: 50, onTime: 0 },
    {
      name: "paid, then reversed in full",
      applications: [app("A", "100.00", at("2026-10-01")), app("A", "-100.00", at("2026-10-05"))],
      days: 50,
      onTime: 0,
    },
    {
      name: "a partial reversal takes back from the latest payment first",
      applications: [
        app("A", "60.00", at("2026-09-30")),
        app("A", "40.00", at("2026-10-11")),
        app("A", "-30.00", at("2026-10-12")),
      ],
      days: 16, // 10 × 10 (what is left of the late 40) + 30 × 50 (unpaid again), over 100
      onTime: 0.6,
    },
    {
      name: "applications are put in time order whatever order they come in",
      applications: [
        app("A", "-30.00", at("2026-10-12")),
        app("A", "40.00", at("2026-10-11")),
        app("A", "60.00", at("2026-09-30")),
      ],
      days: 16,
      onTime: 0.6,
    },
    {
      name: "overpaid late: what is beyond the total counts no further",
      applications: [app("A", "150.00", at("2026-10-11"))],
      days: 10,
      onTime: 0,
    },
    {
      name: "overpaid, the excess reversed: paid in full on the day",
      applications: [app("A", "120.00", at("2026-10-01")), app("A", "-20.00", at("2026-10-03"))],
      days: 0,
      onTime: 1,
    },
    {
      name: "a pending, exported or rejected application does not count",
      applications: [
        app("A", "100.00", at("2026-10-01"), "Pending"),
        app("A", "100.00", at("2026-10-01"), "Exported"),
        app("A", "100.00", at("2026-10-01"), "Rejected"),
        app("A", "100.00", null),
      ],
      days: 50,
      onTime: 0,
    },
    {
      name: "an application after the day of the score does not count yet",
      applications: [app("A", "100.00", at("2026-11-21"))],
      days: 50,
      onTime: 0,
    },
    {
      name: "an application to another invoice does not count",
      applications: [app("B", "100.00", at("2026-10-01"))],
      days: 50,
      onTime: 0,
    },
  ];
  it.each(cases)("$name: $days days, $onTime on time", ({ applications, days, onTime }) => {
    const r = reliability({ invoices: [inv("A", "2026-10-01")], applications, aging: NOTHING_OPEN }, AS_OF);
    expect(r.invoices).toBe(1);
    expect(r.invoiced).toBe("100.00");
    expect(value(r, "daysBeyondTerms")).toBe(days);
    expect(value(r, "paidOnTime")).toBe(onTime);
  });

  it("weighs by amount across invoices", () => {
    // $300 paid 10 days late and $100 paid on time: (300 × 10) / 400 = 7.5 days; 100 / 400 on time.
    const r = reliability(
      {
        invoices: [inv("A", "2026-10-01", "300.00"), inv("B", "2026-10-01", "100.00")],
        applications: [app("A", "300.00", at("2026-10-11")), app("B", "100.00", at("2026-10-01"))],
        aging: NOTHING_OPEN,
      },
      AS_OF,
    );
    expect(value(r, "daysBeyondTerms")).toBe(7.5);
    expect(value(r, "paidOnTime")).toBe(0.25);
    expect(r.invoiced).toBe("400.00");
  });
});

describe("reliability: which invoices are judged", () => {
  const cases: { name: string; invoices: ScoreInvoice[]; judged: number }[] = [
    { name: "no history", invoices: [], judged: 0 },
    { name: "an invoice not yet due", invoices: [inv("A", "2026-11-21")], judged: 0 },
    { name: "an invoice due on the day of the score", invoices: [inv("A", "2026-11-20")], judged: 1 },
    { name: "a credit memo (status 4)", invoices: [inv("A", "2026-10-01", "-100.00", 4)], judged: 0 },
    {
      name: "a returned invoice with a positive total (status 4)",
      invoices: [inv("A", "2026-10-01", "100", 4)],
      judged: 0,
    },
    { name: "a negative total whatever its status", invoices: [inv("A", "2026-10-01", "-100.00", 7)], judged: 0 },
    { name: "a total of 0", invoices: [inv("A", "2026-10-01", "0.00")], judged: 0 },
    {
      name: "invoices not delivered (status 1 and 2)",
      invoices: [inv("A", "2026-10-01", "100", 1), inv("B", "2026-10-01", "100", 2)],
      judged: 0,
    },
    {
      name: "delivered: status 3, 5 and 7",
      invoices: [inv("A", "2026-10-01", "1", 3), inv("B", "2026-10-01", "1", 5), inv("C", "2026-10-01", "1", 7)],
      judged: 3,
    },
    { name: "due 365 days before: out of the window", invoices: [inv("A", "2025-11-20")], judged: 0 },
    { name: "due 364 days before: in it", invoices: [inv("A", "2025-11-21")], judged: 1 },
    { name: "a due date as a date-time", invoices: [inv("A", "2026-10-01T00:00:00")], judged: 1 },
    {
      name: "the same invoice twice counts once",
      invoices: [inv("A", "2026-10-01"), inv("A", "2026-10-01")],
      judged: 1,
    },
  ];
  it.each(cases)("$name: $judged judged", ({ invoices, judged }) => {
    const r = reliability({ invoices, applications: [], aging: NOTHING_OPEN }, AS_OF);
    expect(r.invoices).toBe(judged);
    if (judged === 0) {
      expect(r.score).toBeNull();
      expect(r.invoiced).toBe("0.00");
      expect(value(r, "daysBeyondTerms")).toBeNull();
      expect(value(r, "paidOnTime")).toBeNull();
      expect(r.advice).toEqual([]);
    } else expect(r.score).not.toBeNull();
  });
});

describe("reliability: over 60 days now, from the aging", () => {
  const cases: { name: string; aging: ScoreAging | null; share: number | null; points: number }[] = [
    { name: "nothing open", aging: NOTHING_OPEN, share: 0, points: 100 },
    {
      name: "half over 60",
      aging: { current: "100", due1to30: "0", due31to60: "0", due61to90: "50", due91: "50" },
      share: 0.5,
      points: 50,
    },
    {
      name: "a negative bucket counts 0",
      aging: { current: "-100", due1to30: "0", due31to60: "0", due61to90: "0", due91: "100" },
      share: 1,
      points: 0,
    },
    {
      name: "a third over 60, 4 decimals",
      aging: { current: "100", due1to30: "100", due31to60: "0", due61to90: "100", due91: "0" },
      share: 0.3333,
      points: 67,
    },
    { name: "the aging not known: neutral", aging: null, share: null, points: 50 },
  ];
  it.each(cases)("$name: share $share, $points points", ({ aging, share, points: expected }) => {
    const r = reliability({ invoices: [inv("A", "2026-10-01")], applications: [], aging }, AS_OF);
    expect(value(r, "over60")).toBe(share);
    expect(points(r, "over60")).toBe(expected);
  });
  it("says when the aging is not known", () => {
    const r = reliability({ invoices: [inv("A", "2026-10-01")], applications: [], aging: null }, AS_OF);
    expect(r.components.find((c) => c.key === "over60")!.words).toMatch(/not known.*neutral 50/);
  });
});

describe("reliability: the trend, the last 90 days against the 275 before", () => {
  // Recent: due 2026-10-01; before: due 2026-06-01 (the last 90 days begin after 2026-08-22).
  const history = (recentLate: number, beforeLate: number) => ({
    invoices: [inv("R", "2026-10-01"), inv("B", "2026-06-01")],
    applications: [
      app("R", "100", at(addDay("2026-10-01", recentLate))),
      app("B", "100", at(addDay("2026-06-01", beforeLate))),
    ],
    aging: NOTHING_OPEN,
  });
  const cases: { name: string; recentLate: number; beforeLate: number; trend: number; points: number }[] = [
    { name: "paying sooner", recentLate: 2, beforeLate: 12, trend: 10, points: 67 },
    { name: "paying later", recentLate: 20, beforeLate: 0, trend: -20, points: 17 },
    { name: "much sooner: kept at 100", recentLate: 0, beforeLate: 45, trend: 45, points: 100 },
    { name: "much later: kept at 0", recentLate: 40, beforeLate: 0, trend: -40, points: 0 },
    { name: "the same", recentLate: 5, beforeLate: 5, trend: 0, points: 50 },
  ];
  it.each(cases)("$name: $trend days, $points points", ({ recentLate, beforeLate, trend, points: expected }) => {
    const r = reliability(history(recentLate, beforeLate), AS_OF);
    expect(value(r, "trend")).toBe(trend);
    expect(points(r, "trend")).toBe(expected);
  });
  it("puts an invoice due 90 days before in the 275 days before, one due 89 days before in the last 90", () => {
    const r = reliability(
      {
        invoices: [inv("R", "2026-08-23"), inv("B", "2026-08-22")],
        applications: [app("R", "100", at("2026-08-23")), app("B", "100", at("2026-09-01"))],
        aging: NOTHING_OPEN,
      },
      AS_OF,
    );
    expect(value(r, "trend")).toBe(10);
  });
  it("is null (neutral 50) with no invoice in one of the windows", () => {
    const r = reliability({ invoices: [inv("R", "2026-10-01")], applications: [], aging: NOTHING_OPEN }, AS_OF);
    expect(value(r, "trend")).toBeNull();
    expect(points(r, "trend")).toBe(50);
    expect(r.components.find((c) => c.key === "trend")!.words).toMatch(/Too little history/);
  });
  it("counts an unpaid recent invoice its days past due", () => {
    // Recent: unpaid, 50 days past due; before: paid on time. Trend 0 − 50 = −50 → 0 points.
    const r = reliability(
      {
        invoices: [inv("R", "2026-10-01"), inv("B", "2026-06-01")],
        applications: [app("B", "100", at("2026-06-01"))],
        aging: NOTHING_OPEN,
      },
      AS_OF,
    );
    expect(value(r, "trend")).toBe(-50);
  });
});

function addDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("reliability: the score", () => {
  it("weighs the parts' unrounded points: a never-paid invoice 50 days past due, nothing over 60", () => {
    const r = reliability(
      {
        invoices: [inv("A", "2026-10-01")],
        applications: [],
        aging: { ...NOTHING_OPEN, due31to60: "100" },
      },
      AS_OF,
    );
    // days 50 → 100 × (1 − 50/60) = 16.67 points; on time 0; over 60 share 0 → 100; trend unknown → 50.
    const expected = (40 * (100 * (1 - 50 / 60)) + 30 * 0 + 20 * 100 + 10 * 50) / 100;
    expect(r.score).toBe(Math.round(expected));
    expect(r.score).toBe(32);
    expect(r.components.map((c) => [c.key, c.weight, c.points])).toEqual([
      ["daysBeyondTerms", 40, 17],
      ["paidOnTime", 30, 0],
      ["over60", 20, 100],
      ["trend", 10, 50],
    ]);
  });
  it("is 95 for an account that always paid on time with nothing open and no trend to tell", () => {
    const r = reliability(
      { invoices: [inv("A", "2026-10-01")], applications: [app("A", "100", at("2026-09-30"))], aging: NOTHING_OPEN },
      AS_OF,
    );
    expect(r.score).toBe(95);
    expect(r.advice).toEqual([]);
  });
  it("refuses a day that is no YYYY-MM-DD", () => {
    expect(() => reliability({ invoices: [], applications: [], aging: null }, "2026-11-20T00:00:00Z")).toThrow(
      RangeError,
    );
    expect(() => reliability({ invoices: [], applications: [], aging: null }, "2026-13-01")).toThrow(RangeError);
  });
  it("publishes weights that add up to 100, and its definitions name each", () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    for (const weight of Object.values(SCORE_WEIGHTS)) expect(SCORE_DEFINITIONS).toContain(`${weight} %`);
  });
  it("says each part's figure in words", () => {
    const r = reliability(
      {
        invoices: [inv("A", "2026-10-01")],
        applications: [app("A", "60.00", at("2026-10-01"))],
        aging: { ...NOTHING_OPEN, current: "60", due91: "40" },
      },
      AS_OF,
    );
    expect(r.components.map((c) => c.words)).toEqual([
      "Paid 20.0 days past due on average, weighted by amount (what is unpaid counts the days it is past due).",
      "60.0 % of the invoiced value was paid by its due date.",
      "40.0 % of the open balance is over 60 days past due.",
      "Too little history to compare the last 90 days with the 275 days before: a neutral 50 points.",
    ]);
  });
});

describe("reliability: what would raise it", () => {
  it("past due: paying it today against nothing paid for 30 days, and paying by the due date", () => {
    // $100 due 2026-10-01, unpaid (50 days past due, in the aging's 31–60 days).
    const r = reliability(
      { invoices: [inv("A", "2026-10-01")], applications: [], aging: { ...NOTHING_OPEN, due31to60: "100" } },
      AS_OF,
    );
    // Nothing paid, 30 days on: 80 days → 0 points, 31–60 → 61–90: all over 60 → 0, trend 50: 5.
    // Paid today: 50 days → 16.67 points × 40 %, nothing open → 20, trend 5: 31.67. Gain 26.67 → 27.
    // By the due date: 40 + 30 + 20 + 5 = 95 against 31.67 today: 63.
    expect(r.advice).toEqual([
      { component: "paidOnTime", text: "Pay each invoice by its due date", amount: null, gain: 63 },
      { component: "daysBeyondTerms", text: "Pay the $100.00 past due", amount: "100.00", gain: 27 },
    ]);
  });
  it("over 60 days: its share falls to 0", () => {
    // $100 due 2026-09-01, unpaid (80 days past due, in the aging's 61–90 days). Today: 0 + 0 + 0 + 5 = 5.
    const r = reliability(
      {
        invoices: [inv("A", "2026-09-01")],
        applications: [],
        aging: { ...NOTHING_OPEN, due61to90: "100.000000" },
      },
      AS_OF,
    );
    // Nothing paid, 30 days on: 5. Paid today: days still 80 (0 points), nothing open → 20, trend 5: 25. Gain 20.
    expect(r.advice).toEqual([
      { component: "paidOnTime", text: "Pay each invoice by its due date", amount: null, gain: 70 },
      { component: "over60", text: "Pay the $100.00 over 60 days", amount: "100.00", gain: 20 },
    ]);
  });
  it("leaves out the money steps when the aging is not known", () => {
    const r = reliability({ invoices: [inv("A", "2026-10-01")], applications: [], aging: null }, AS_OF);
    expect(r.advice.map((a) => a.component)).toEqual(["paidOnTime"]);
  });
});
