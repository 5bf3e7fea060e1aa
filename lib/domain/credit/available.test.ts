import { describe, expect, it } from "vitest";
import type { ListMatch, MatchStatus } from "@/lib/domain/order-guide/shared-list";
import { availableCredit, creditWords, openListAmount, usedShare } from "./available";

const match = (status: MatchStatus, lines: [asked: number, invoiced: string][]): ListMatch => ({
  status,
  invoices: [],
  lines: lines.map(([asked, invoiced], i) => ({ productId: 100 + i, asked, invoiced })),
  checkedAt: "2026-11-20T10:00:00Z",
});

describe("openListAmount: what of a sent list is not yet invoiced", () => {
  const cases: { name: string; total: string; withdrawn: boolean; match: ListMatch | null; open: string }[] = [
    { name: "no match yet: all of it", total: "1000.000000", withdrawn: false, match: null, open: "1000.00" },
    { name: "withdrawn: none", total: "1000.00", withdrawn: true, match: null, open: "0.00" },
    {
      name: "withdrawn after a partial invoice: none",
      total: "1000.00",
      withdrawn: true,
      match: match("partly", [[10, "5"]]),
      open: "0.00",
    },
    {
      name: "invoiced: none",
      total: "1000.00",
      withdrawn: false,
      match: match("invoiced", [[10, "10"]]),
      open: "0.00",
    },
    {
      name: "waiting, nothing invoiced: all of it",
      total: "1000.00",
      withdrawn: false,
      match: match("waiting", [[10, "0"]]),
      open: "1000.00",
    },
    {
      name: "not invoiced after 7 days: still all of it until withdrawn",
      total: "1000.00",
      withdrawn: false,
      match: match("not-invoiced", [[10, "0.00"]]),
      open: "1000.00",
    },
    {
      name: "partly: the share of the cases still short (4 of 15)",
      total: "1000.00",
      withdrawn: false,
      match: match("partly", [
        [10, "6.00"],
        [5, "5"],
      ]),
      open: "266.67",
    },
    {
      name: "a line invoiced beyond its cases covers no other line",
      total: "1000.00",
      withdrawn: false,
      match: match("partly", [
        [2, "5"],
        [2, "0"],
      ]),
      open: "500.00",
    },
    {
      name: "part cases invoiced",
      total: "300.00",
      withdrawn: false,
      match: match("partly", [[3, "1.5"]]),
      open: "150.00",
    },
    {
      name: "lines no longer asked (0 cases) are left out",
      total: "200.00",
      withdrawn: false,
      match: match("partly", [
        [0, "0"],
        [4, "2"],
      ]),
      open: "100.00",
    },
    {
      name: "no line asking a case: the total",
      total: "200.00",
      withdrawn: false,
      match: match("waiting", [[0, "0"]]),
      open: "200.00",
    },
    { name: "a total of 0", total: "0", withdrawn: false, match: null, open: "0.00" },
  ];
  it.each(cases)("$name: $open", ({ total, withdrawn, match: m, open }) => {
    expect(openListAmount({ total, withdrawn, match: m })).toBe(open);
  });
});

describe("availableCredit: limit − balance − open lists, in cents", () => {
  const cases: [limit: string | null, balance: string, openLists: string, available: string | null][] = [
    ["10000.00", "7360.000000", "500.00", "2140.00"],
    ["5000.00", "5310.00", "0", "-310.00"],
    ["5000.00", "4000.00", "1310.00", "-310.00"],
    ["1000.00", "-200.00", "0", "1200.00"],
    // Rounded once, at the end: 100 − 33.333333 − 33.333333 = 33.333334.
    ["100", "33.333333", "33.333333", "33.33"],
    // Half away from zero.
    ["0", "0.005", "0", "-0.01"],
    ["0", "0", "0", "0.00"],
    [null, "7360.00", "500.00", null],
  ];
  it.each(cases)("limit %s, balance %s, lists %s: %s", (limit, balance, openLists, available) => {
    expect(availableCredit(limit, balance, openLists)).toBe(available);
  });
});

describe("usedShare: (balance + open lists) / limit, 4 decimals", () => {
  const cases: [limit: string | null, balance: string, openLists: string, used: number | null][] = [
    ["10000.00", "7360.00", "500.00", 0.786],
    ["5000.00", "5310.00", "0", 1.062],
    ["3", "1", "0", 0.3333],
    ["3", "2", "0", 0.6667],
    ["1000", "-100", "0", -0.1],
    ["1000", "0", "0", 0],
    ["0.00", "10.00", "0", null],
    [null, "10.00", "0", null],
  ];
  it.each(cases)("limit %s, balance %s, lists %s: %s", (limit, balance, openLists, used) => {
    expect(usedShare(limit, balance, openLists)).toBe(used);
  });
});

describe("creditWords", () => {
  const cases: [available: string | null, limit: string | null, words: string][] = [
    ["2140.00", "10000.00", "$2,140.00 of $10,000.00 available"],
    ["0.00", "10000.00", "$0.00 of $10,000.00 available"],
    ["-310.00", "5000.00", "$310.00 over the limit of $5,000.00"],
    [null, null, "No credit limit set"],
  ];
  it.each(cases)("%s of %s: %s", (available, limit, words) => {
    expect(creditWords(available, limit)).toBe(words);
  });
});
