import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  type CollectedRecord,
  collectReasons,
  matchCollected,
  type PaymentSeen,
  toCollect,
} from "./collect";

describe("toCollect: the over-60 balance or what brings the account under its limit, the larger", () => {
  const cases: [over60: string, available: string | null, collect: string][] = [
    ["1240.000000", "-300.00", "1240.00"],
    ["100.00", "-310.00", "310.00"],
    ["0", "-310.00", "310.00"],
    ["0", "2140.00", "0.00"],
    ["0", null, "0.00"],
    ["250.005", null, "250.01"],
    ["-20.00", "5.00", "0.00"],
  ];
  it.each(cases)("over 60 %s, available %s: %s", (over60, available, collect) => {
    expect(toCollect(over60, available)).toBe(collect);
  });
});

describe("collectReasons", () => {
  const cases: [over60: string, available: string | null, reasons: string[]][] = [
    ["50.00", "-1.00", ["over60", "overLimit"]],
    ["50.00", "10.00", ["over60"]],
    ["0", "-0.01", ["overLimit"]],
    ["0", "0.00", []],
    ["0.000000", null, []],
  ];
  it.each(cases)("over 60 %s, available %s: %j", (over60, available, reasons) => {
    expect(collectReasons(over60, available)).toEqual(reasons);
  });
});

describe("addBusinessDays: Monday to Friday", () => {
  const cases: [day: string, n: number, result: string][] = [
    ["2026-11-20", 5, "2026-11-27"], // Friday → the next Friday, over a weekend
    ["2026-11-19", 5, "2026-11-26"], // Thursday → the next Thursday
    ["2026-11-23", 5, "2026-11-30"], // Monday → the next Monday
    ["2026-11-21", 1, "2026-11-23"], // Saturday → Monday
    ["2026-11-22", 5, "2026-11-27"], // Sunday → Friday
    ["2026-11-20", 1, "2026-11-23"], // Friday → Monday
    ["2026-11-20", 0, "2026-11-20"],
    ["2026-11-23", -1, "2026-11-20"], // Monday, back one → Friday
  ];
  it.each(cases)("%s + %i: %s", (day, n, result) => {
    expect(addBusinessDays(day, n)).toBe(result);
  });
});

const record = (id: string, change: Partial<CollectedRecord> = {}): CollectedRecord => ({
  id,
  arAccountId: 50001,
  amount: "1240.00",
  reference: null,
  recordedDay: "2026-11-19",
  paymentId: null,
  ...change,
});
const payment = (paymentId: number, change: Partial<PaymentSeen> = {}): PaymentSeen => ({
  paymentId,
  arAccountId: 50001,
  amount: "1240.000000",
  memo: null,
  paymentInvoiceNum: `PMT-${paymentId}`,
  postDate: "2026-11-20T15:00:00Z",
  ...change,
});
const TODAY = "2026-11-20";

describe("matchCollected", () => {
  const cases: {
    name: string;
    records: CollectedRecord[];
    payments: PaymentSeen[];
    today?: string;
    expected: Record<string, [string, number | null]>;
  }[] = [
    {
      name: "the same account and amount to the cent",
      records: [record("c1")],
      payments: [payment(9001)],
      expected: { c1: ["matched", 9001] },
    },
    {
      name: "a reference with digits wins over an earlier payment of the amount alone",
      records: [record("c1", { reference: "Check 4417" })],
      payments: [payment(9001, { postDate: "2026-11-19T09:00:00Z" }), payment(9002, { memo: "Check #4417" })],
      expected: { c1: ["matched", 9002] },
    },
    {
      name: "the reference's number in the payment's invoice number",
      records: [record("c1", { reference: "004417" })],
      payments: [payment(9001, { postDate: "2026-11-19T09:00:00Z" }), payment(9002, { paymentInvoiceNum: "CHK4417" })],
      expected: { c1: ["matched", 9002] },
    },
    {
      name: "44170 does not hold 4417: the earliest of the amount",
      records: [record("c1", { reference: "4417" })],
      payments: [payment(9002, { memo: "Check 44170" }), payment(9001, { postDate: "2026-11-19T09:00:00Z" })],
      expected: { c1: ["matched", 9001] },
    },
    {
      name: "two records of equal amounts take one payment each, the oldest record the earliest",
      records: [record("c2", { recordedDay: "2026-11-20" }), record("c1")],
      payments: [payment(9002, { postDate: "2026-11-21T09:00:00Z" }), payment(9001)],
      today: "2026-11-23",
      expected: { c1: ["matched", 9001], c2: ["matched", 9002] },
    },
    {
      name: "a reversal (a negative payment) never matches",
      records: [record("c1", { amount: "1240.00" })],
      payments: [payment(9001, { amount: "-1240.000000" })],
      expected: { c1: ["waiting", null] },
    },
    {
      name: "a payment already matched to a record is not used again",
      records: [record("c0", { paymentId: 9001 }), record("c1")],
      payments: [payment(9001)],
      expected: { c0: ["matched", 9001], c1: ["waiting", null] },
    },
    {
      name: "a record already matched keeps its payment though it is no longer seen",
      records: [record("c0", { paymentId: 7777 })],
      payments: [],
      expected: { c0: ["matched", 7777] },
    },
    {
      name: "another account's payment, or a cent apart, does not match",
      records: [record("c1")],
      payments: [payment(9001, { arAccountId: 50002 }), payment(9002, { amount: "1240.01" })],
      expected: { c1: ["waiting", null] },
    },
    {
      name: "posted the day before the record: matches",
      records: [record("c1")],
      payments: [payment(9001, { postDate: "2026-11-18T23:00:00Z" })],
      expected: { c1: ["matched", 9001] },
    },
    {
      name: "posted two days before: does not",
      records: [record("c1")],
      payments: [payment(9001, { postDate: "2026-11-17T23:00:00Z" })],
      expected: { c1: ["waiting", null] },
    },
    {
      name: "posted 30 days after: matches; 31: does not",
      records: [record("c1"), record("c2", { amount: "99.00" })],
      payments: [
        payment(9001, { postDate: "2026-12-19T10:00:00Z" }),
        payment(9002, { amount: "99", postDate: "2026-12-20T10:00:00Z" }),
      ],
      today: "2026-12-21",
      expected: { c1: ["matched", 9001], c2: ["unmatched", null] },
    },
    {
      name: "the 5th business day after a Thursday is the next Thursday: waiting the day before",
      records: [record("c1")],
      payments: [],
      today: "2026-11-25",
      expected: { c1: ["waiting", null] },
    },
    {
      name: "unmatched from the 5th business day on",
      records: [record("c1")],
      payments: [],
      today: "2026-11-26",
      expected: { c1: ["unmatched", null] },
    },
    {
      name: "an unmatched record still matches a payment that shows later in its window",
      records: [record("c1")],
      payments: [payment(9001, { postDate: "2026-12-01T10:00:00Z" })],
      today: "2026-12-02",
      expected: { c1: ["matched", 9001] },
    },
  ];
  it.each(cases)("$name", ({ records, payments, today, expected }) => {
    const result = matchCollected(records, payments, today ?? TODAY);
    expect(Object.fromEntries([...result].map(([id, r]) => [id, [r.status, r.paymentId]]))).toEqual(expected);
  });
});
