import { describe, expect, it } from "vitest";
import type { CreditView } from "@/lib/domain/credit/view";
import { type StoreReads, storeCreditsOf } from "./credit-view";
import type { LimitNow } from "./limits-store";
import type { OpenLists } from "./open-lists";

// The store's overview card combines its key's aging and open invoices (the overview's own walks, as the API answers
// them) with the place's limits and the stores' open reorder lists: each account once, its figures as the store's
// view says them (`creditFor`, score left out).

const SCOPE = [
  { id: 20001, name: "Cloud Station - Sacramento" },
  { id: 20002, name: "Cloud Station - San Francisco" },
  { id: 20003, name: "Cloud Station - Oakland" },
];

/** An aging row as the API sends it (ids may come as text, decimals as numbers). */
const aging = (account: number | string, total: string | number, extra: Record<string, unknown> = {}) => ({
  ARAccountID: account,
  SupplierID: 10,
  CurrentDue: total,
  Due_1_30: "0",
  Due_31_60: "0",
  Due_61_90: "0",
  Due_91: "0",
  OpenCredit: "0",
  TotalBalanceOutstanding: total,
  CloseDate: "2026-11-27T00:00:00",
  ...extra,
});
const open = (account: number, customer: number) => ({ ARAccountID: account, CustomerID: customer, InvoiceNum: "1" });
const limit = (text: string): LimitNow => ({ limit: text, version: 1 });

type Row = Pick<
  CreditView,
  "arAccountId" | "customerIds" | "limit" | "balance" | "openLists" | "openListCount" | "available" | "over60"
>;

const cases: {
  name: string;
  reads: Partial<StoreReads>;
  limits?: [number, string][];
  lists?: [number, OpenLists][];
  want: Row[];
}[] = [
  {
    name: "no limit: nothing available, the balance still said",
    reads: { aging: [aging(50001, "7360.000000")], openInvoices: [open(50001, 20001)] },
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001],
        limit: null,
        balance: "7360.00",
        openLists: "0.00",
        openListCount: 0,
        available: null,
        over60: "0.00",
      },
    ],
  },
  {
    name: "under the limit, its open lists used too",
    reads: { aging: [aging(50001, "7360.000000")], openInvoices: [open(50001, 20001)] },
    limits: [[50001, "10000.00"]],
    lists: [[20001, { amount: "500.00", count: 1 }]],
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001],
        limit: "10000.00",
        balance: "7360.00",
        openLists: "500.00",
        openListCount: 1,
        available: "2140.00",
        over60: "0.00",
      },
    ],
  },
  {
    name: "over the limit, two suppliers' rows added, over 60 from 61-90 and 91+",
    reads: {
      aging: [
        aging(50001, "3000.004", { Due_61_90: "200" }),
        aging("50001", 2310.001, { SupplierID: 11, Due_91: 100.5 }),
      ],
      openInvoices: [open(50001, 20001)],
    },
    limits: [[50001, "5000.00"]],
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001],
        limit: "5000.00",
        balance: "5310.01",
        openLists: "0.00",
        openListCount: 0,
        available: "-310.01",
        over60: "300.50",
      },
    ],
  },
  {
    name: "several accounts, each with its stores' lists (a limit of 0 is a limit); an account no store asked names: not shown",
    reads: {
      aging: [aging(50001, "1000"), aging(50002, "250.5"), aging(50009, "1")],
      openInvoices: [open(50001, 20001), open(50002, 20002), open(50002, 20003)],
    },
    limits: [
      [50001, "2000.00"],
      [50002, "0.00"],
      [50009, "99.00"],
    ],
    lists: [
      [20001, { amount: "100.00", count: 1 }],
      [20002, { amount: "10.00", count: 1 }],
      [20003, { amount: "5.25", count: 2 }],
    ],
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001],
        limit: "2000.00",
        balance: "1000.00",
        openLists: "100.00",
        openListCount: 1,
        available: "900.00",
        over60: "0.00",
      },
      {
        arAccountId: 50002,
        customerIds: [20002, 20003],
        limit: "0.00",
        balance: "250.50",
        openLists: "15.25",
        openListCount: 3,
        available: "-265.75",
        over60: "0.00",
      },
    ],
  },
  {
    name: "one account and no open invoice: the key's stores are its, their lists added",
    reads: { aging: [aging(50001, "-40")], openInvoices: [] },
    limits: [[50001, "100.00"]],
    lists: [
      [20001, { amount: "30.00", count: 1 }],
      [20002, { amount: "20.00", count: 1 }],
    ],
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001, 20002, 20003],
        limit: "100.00",
        balance: "-40.00",
        openLists: "50.00",
        openListCount: 2,
        available: "90.00",
        over60: "0.00",
      },
    ],
  },
  {
    name: "a store no open invoice names among several accounts, and an account the aging does not list: left out",
    reads: {
      aging: [aging(50001, "10"), aging(50002, "20")],
      openInvoices: [open(50001, 20001), open(50077, 20002)],
    },
    want: [
      {
        arAccountId: 50001,
        customerIds: [20001],
        limit: null,
        balance: "10.00",
        openLists: "0.00",
        openListCount: 0,
        available: null,
        over60: "0.00",
      },
    ],
  },
];

describe("storeCreditsOf: the store's overview card", () => {
  it.each(cases)("$name", ({ reads, limits = [], lists = [], want }) => {
    const views = storeCreditsOf(
      {
        scope: SCOPE,
        aging: [],
        openInvoices: [],
        customerIds: SCOPE.map((c) => c.id),
        today: "2026-11-28",
        ...reads,
      },
      new Map(limits.map(([account, text]) => [account, limit(text)])),
      new Map(lists),
    );
    expect(
      views.map(({ arAccountId, customerIds, limit, balance, openLists, openListCount, available, over60 }) => ({
        arAccountId,
        customerIds,
        limit,
        balance,
        openLists,
        openListCount,
        available,
        over60,
      })),
    ).toEqual(want);
    for (const view of views) expect(view).toMatchObject({ side: "store", reliability: null, history: [] });
  });

  it("asks about the stores given, in their order, at most `max` of them", () => {
    const reads: StoreReads = {
      scope: SCOPE,
      aging: [aging(50001, "1"), aging(50002, "2"), aging(50003, "3")],
      openInvoices: [open(50001, 20001), open(50002, 20002), open(50003, 20003)],
      customerIds: [20003, 20001, 20002],
      today: "2026-11-28",
      max: 2,
    };
    expect(storeCreditsOf(reads, new Map(), new Map()).map((v) => v.arAccountId)).toEqual([50003, 50001]);
  });

  it("takes the aging's close as the figures' day", () => {
    const [view] = storeCreditsOf(
      {
        scope: SCOPE,
        aging: [aging(50001, "1")],
        openInvoices: [open(50001, 20001)],
        customerIds: [20001],
        today: "2026-11-28",
      },
      new Map(),
      new Map(),
    );
    expect(view!.asOf).toBe("2026-11-27");
  });
});
