import { describe, expect, it } from "vitest";
import type { AgingRow } from "@/lib/domain/ar-aging/aging";
import { idBatches, invoicesRequests } from "./requests";
import { compactInput } from "./today-data";
import { matchAccounts } from "@/lib/ui/today/match-accounts";
import { opensOnToday } from "@/lib/ui/today/start-page";
import { licenceOf } from "@/lib/domain/views/sentinels";
import { deliveriesOn, scheduleRows } from "@/lib/domain/delivery/schedule";
import { pastDueSteps, worstPastDue } from "./today-balances";
import { mapsHref, type TodayCustomer, type TodayInput, todayModel } from "./today";

const CA = {
  StateAbbreviation: "CA",
  TimeZone: "America/Los_Angeles",
  OrderCutOffTime: "2:30 PM",
  OrderCutOffDaysInAdvance: "1",
};
const NY = {
  StateAbbreviation: "NY",
  TimeZone: "America/New_York",
  OrderCutOffTime: "10:00 AM",
  OrderCutOffDaysInAdvance: "1",
};

const customer = (id: number, fields: Partial<TodayCustomer> = {}): TodayCustomer => ({
  CustomerID: id,
  CustomerName: `Store ${id}`,
  State: "CA",
  OnHold: false,
  DeliveryDays: "",
  DeliveryDates: [],
  ...fields,
});

function input(fields: Partial<TodayInput> & Pick<TodayInput, "now" | "customers">): TodayInput {
  return {
    customerIds: fields.customers.map((c) => c.CustomerID!),
    states: [CA, NY],
    aging: [],
    openInvoices: [],
    invoices: [],
    ...fields,
  };
}

const names = (cards: { name: string }[]) => cards.map((c) => c.name);

describe("todayModel: deliveries of today and tomorrow, on each state's clock", () => {
  const cases: {
    name: string;
    now: string;
    customers: TodayCustomer[];
    today: string[];
    tomorrow: string[];
    cutOff?: string;
    passed?: boolean;
  }[] = [
    {
      name: "by weekday: Tuesday today, Wednesday tomorrow with the state's cut-off (noon on a Tuesday in California)",
      now: "2026-11-24T20:00:00Z",
      customers: [
        customer(1, { DeliveryDays: "2" }),
        customer(2, { DeliveryDays: "3" }),
        customer(3, { DeliveryDays: "4;1" }),
      ],
      today: ["Store 1"],
      tomorrow: ["Store 2"],
      cutOff: "2026-11-24T22:30:00.000Z",
      passed: false,
    },
    {
      name: "the API's dates win over the weekdays (a delivery moved by a holiday)",
      now: "2026-11-24T20:00:00Z",
      customers: [
        customer(1, { DeliveryDays: "5", NextDeliveryDates: "2026-11-25;2026-11-27" }),
        customer(2, { DeliveryDays: "3", DeliveryDates: ["2026-11-26"] }),
      ],
      today: [],
      tomorrow: ["Store 1"],
      cutOff: "2026-11-24T22:30:00.000Z",
      passed: false,
    },
    {
      name: "a cut-off passed: Tuesday 3 PM in California, too late for Wednesday",
      now: "2026-11-24T23:00:00Z",
      customers: [customer(2, { DeliveryDays: "3" })],
      today: [],
      tomorrow: ["Store 2"],
      cutOff: "2026-11-24T22:30:00.000Z",
      passed: true,
    },
    {
      name: "each state's own day: 11:30 PM Tuesday in California is 2:30 AM Wednesday in New York",
      now: "2026-11-25T07:30:00Z",
      customers: [
        customer(1, { DeliveryDays: "3" }),
        customer(2, { DeliveryDays: "3", State: "NY" }),
        customer(3, { DeliveryDays: "4", State: "NY" }),
      ],
      today: ["Store 2"],
      tomorrow: ["Store 1", "Store 3"],
    },
    {
      name: "across the clocks' change: Monday's cut-off on Sunday 1 November is 2:30 PM PST (UTC-8), not PDT",
      now: "2026-11-01T21:00:00Z",
      customers: [customer(1, { DeliveryDays: "1" }), customer(2, { DeliveryDays: "7" })],
      today: ["Store 2"],
      tomorrow: ["Store 1"],
      cutOff: "2026-11-01T22:30:00.000Z",
      passed: false,
    },
    {
      name: "the day before the change: Sunday's cut-off is Saturday 2:30 PM PDT (UTC-7)",
      now: "2026-10-31T21:00:00Z",
      customers: [customer(2, { DeliveryDays: "7" })],
      today: [],
      tomorrow: ["Store 2"],
      cutOff: "2026-10-31T21:30:00.000Z",
      passed: false,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const model = todayModel(input({ now: new Date(c.now), customers: c.customers }));
      expect(model.today.flatMap((g) => names(g.cards))).toEqual(c.today);
      expect(model.tomorrow.flatMap((g) => names(g.cards))).toEqual(c.tomorrow);
      // Each card says so of its next delivery.
      for (const g of model.today) for (const card of g.cards) expect(card.nextDeliveryWhen).toBe("today");
      for (const g of model.tomorrow)
        for (const card of g.cards) expect(card.nextDeliveryWhen ?? "today").toMatch(/today|tomorrow/);
      if (c.cutOff) {
        expect(model.tomorrow[0]?.cutOff?.toISOString()).toBe(c.cutOff);
        expect(model.tomorrow[0]?.cutOffPassed).toBe(c.passed);
      }
    });
  }

  it("groups a day's deliveries by state, each with its own cut-off", () => {
    const model = todayModel(
      input({
        now: new Date("2026-11-24T14:00:00Z"),
        customers: [customer(1, { DeliveryDays: "3" }), customer(2, { DeliveryDays: "3", State: "NY" })],
      }),
    );
    expect(model.tomorrow.map((g) => [g.state, g.day, g.cutOff?.toISOString(), g.cutOffPassed])).toEqual([
      ["CA", "2026-11-25", "2026-11-24T22:30:00.000Z", false],
      ["NY", "2026-11-25", "2026-11-24T15:00:00.000Z", false],
    ]);
  });

  it("says a state without a usable cut-off has none, rather than guessing one", () => {
    const model = todayModel(
      input({ now: new Date("2026-11-24T20:00:00Z"), customers: [customer(1, { DeliveryDays: "3", State: "ZZ" })] }),
    );
    expect(model.tomorrow).toEqual([
      expect.objectContaining({ state: "ZZ", cutOff: undefined, cutOffPassed: undefined }),
    ]);
  });
});

describe("todayModel: sparse records", () => {
  it("counts accounts whose delivery days or hold the key was not shown, and the rep's accounts it did not return", () => {
    const model = todayModel({
      ...input({
        now: new Date("2026-11-24T20:00:00Z"),
        customers: [{ CustomerID: 1, CustomerName: "Bare" }, customer(2, { OnHold: true, DeliveryDays: "3" })],
      }),
      customerIds: [1, 2, 3],
    });
    expect(model.unknownSchedules).toBe(1);
    expect(model.unknownHolds).toBe(1);
    expect(model.missing).toBe(1);
    expect(names(model.onHold)).toEqual(["Store 2"]);
    // A card of what is known only.
    expect(model.accounts.find((c) => c.customerId === 1)).toMatchObject({
      name: "Bare",
      onHold: undefined,
      balances: [],
      lastOrder: undefined,
      nextDeliveries: [],
    });
  });

  it("keeps a customer no rep account names out, and each account once", () => {
    const model = todayModel({
      ...input({ now: new Date("2026-11-24T20:00:00Z"), customers: [customer(1), customer(1), customer(9)] }),
      customerIds: [1],
    });
    expect(model.accounts.map((c) => c.customerId)).toEqual([1]);
  });
});

describe("todayModel: balances from the AR aging, and last orders", () => {
  const aging = (
    id: number,
    supplier: number,
    amounts: Partial<Record<"CurrentDue" | "Due_1_30" | "Due_31_60" | "Due_61_90" | "Due_91" | "OpenCredit", string>>,
  ): AgingRow =>
    ({
      ARAccountID: id,
      SupplierID: supplier,
      CloseDate: "2026-11-23T00:00:00.000Z",
      CurrentDue: "0",
      Due_1_30: "0",
      Due_31_60: "0",
      Due_61_90: "0",
      Due_91: "0",
      OpenCredit: "0",
      ...amounts,
    }) as AgingRow;
  const model = todayModel(
    input({
      now: new Date("2026-11-24T20:00:00Z"),
      customers: [customer(1), customer(2), customer(3), customer(4)],
      aging: [
        aging(501, 10, { CurrentDue: "100.00", Due_31_60: "40.10" }),
        aging(501, 11, { Due_91: "9.90" }),
        aging(502, 10, { Due_61_90: "300" }),
        aging(503, 10, { Due_1_30: "5" }),
      ],
      openInvoices: [
        { InvoiceID: 1, CustomerID: 1, ARAccountID: 501, OpenBalance: "150.00" },
        { InvoiceID: 2, CustomerID: 2, ARAccountID: 502, OpenBalance: "200" },
        { InvoiceID: 3, CustomerID: 3, ARAccountID: 502, OpenBalance: "100" },
        { InvoiceID: 4, CustomerID: 4, ARAccountID: 503, OpenBalance: "5" },
        { InvoiceID: 5, CustomerID: 77, ARAccountID: 502, OpenBalance: "1" },
      ],
      invoices: [
        { InvoiceID: 10, CustomerID: 1, InvoiceNum: "INV-10", Date: "2026-11-20T00:00:00.000Z", Status: 7 },
        { InvoiceID: 11, CustomerID: 1, InvoiceNum: "INV-11", Date: "2026-11-22T00:00:00.000Z", Status: 4 },
        { InvoiceID: 12, CustomerID: 1, InvoiceNum: "INV-12", Date: "2026-10-02T00:00:00.000Z", Status: 5 },
      ],
    }),
  );

  it("adds an AR account's rows (one per supplier) exactly, over 30, 60 and 90 days past due", () => {
    expect(model.accounts.find((c) => c.customerId === 1)?.balances).toEqual([
      {
        arAccountId: 501,
        total: "150.000000",
        over30: "50.000000",
        over60: "9.900000",
        over90: "9.900000",
        sharedWith: 0,
      },
    ]);
  });

  it("gives a chain's account to each of its stores, saying it is shared, and lists it once, worst first", () => {
    expect(model.accounts.find((c) => c.customerId === 2)?.balances[0]).toMatchObject({
      arAccountId: 502,
      total: "300.000000",
      sharedWith: 1,
    });
    expect(model.overdue.map((o) => [o.arAccountId, o.worst, names(o.cards)])).toEqual([
      [501, 90, ["Store 1"]],
      [502, 60, ["Store 2", "Store 3"]],
    ]);
    expect(model.agingAsOf).toBe("2026-11-23");
  });

  it("takes the newest order that is not a return as the last order", () => {
    expect(model.accounts.find((c) => c.customerId === 1)?.lastOrder).toEqual({
      day: "2026-11-20",
      invoiceNum: "INV-10",
      invoiceId: 10,
    });
    expect(model.accounts.find((c) => c.customerId === 2)?.lastOrder).toBeUndefined();
  });
});

describe("todayModel: accounts whose orders stopped, from the history", () => {
  it("lists At risk and Lost accounts that ordered before, longest silent first; none without a history", () => {
    const customers = [customer(1), customer(2), customer(3), customer(4)];
    const health = [
      { customerId: 1, tier: "Active" as const, lastOrder: "2026-11-20", daysSince: 3, medianReorderDays: 7 },
      { customerId: 2, tier: "At risk" as const, lastOrder: "2026-09-10", daysSince: 74, medianReorderDays: 14 },
      { customerId: 3, tier: "Lost" as const, lastOrder: null, daysSince: null, medianReorderDays: null },
      { customerId: 4, tier: "Lost" as const, lastOrder: "2026-06-01", daysSince: 175, medianReorderDays: 30 },
    ];
    const model = todayModel(input({ now: new Date("2026-11-24T20:00:00Z"), customers, health }));
    expect(names(model.stopped!)).toEqual(["Store 4", "Store 2"]);
    // The history's last order where the last 90 days' invoices hold none.
    expect(model.accounts.find((c) => c.customerId === 4)?.lastOrder).toEqual({ day: "2026-06-01" });
    expect(todayModel(input({ now: new Date("2026-11-24T20:00:00Z"), customers })).stopped).toBeUndefined();
  });
});

describe("todayModel: accounts due to reorder this week, by their own rhythm", () => {
  // Tuesday Nov 24 in California: the week runs from Monday Nov 23 to Sunday Nov 29.
  const now = new Date("2026-11-24T20:00:00Z");
  const health = (customerId: number, lastOrder: string | null, cadenceDays: number | null) => ({
    customerId,
    tier: "Active" as const,
    lastOrder,
    daysSince: null,
    medianReorderDays: cadenceDays,
    cadenceDays,
  });

  it("lists this week's first by the day expected, then the due and late, the most recent first; not the silent", () => {
    const customers = [1, 2, 3, 4, 5, 6, 7].map((id) => customer(id));
    const model = todayModel(
      input({
        now,
        day: "2026-11-24",
        customers,
        health: [
          health(1, "2026-11-13", 14), // next Nov 27: this week
          health(2, "2026-11-10", 14), // next Nov 24: today
          health(3, "2026-11-01", 14), // next Nov 15: late
          health(4, "2026-11-12", 7), // next Nov 19: late, more recently expected than 3
          health(5, "2026-11-20", 14), // next Dec 4: not yet
          health(6, "2026-07-01", 14), // silent over 90 days: not due, stopped
          health(7, "2026-11-20", null), // fewer than three orders: no rhythm
        ],
      }),
    );
    expect(names(model.dueToReorder!)).toEqual(["Store 2", "Store 1", "Store 4", "Store 3"]);
    expect(model.accounts.find((c) => c.customerId === 3)?.reorder).toEqual({
      medianDays: 14,
      nextOrder: "2026-11-15",
      status: "late",
    });
    expect(model.accounts.find((c) => c.customerId === 7)?.reorder).toBeUndefined();
  });

  it("reads the rhythm from the freshest last order: one in the last 90 days' invoices moves the next expected", () => {
    const model = todayModel(
      input({
        now,
        day: "2026-11-24",
        customers: [customer(1)],
        invoices: [{ InvoiceID: 9, CustomerID: 1, InvoiceNum: "INV-9", Date: "2026-11-22T00:00:00Z", Status: 2 }],
        health: [health(1, "2026-11-08", 14)],
      }),
    );
    expect(model.accounts[0]?.reorder).toEqual({ medianDays: 14, nextOrder: "2026-12-06", status: "ok" });
    expect(model.dueToReorder).toEqual([]);
  });

  it("is undefined without a history, and an older copy's health without the cadence gives no rhythm", () => {
    expect(todayModel(input({ now, customers: [customer(1)] })).dueToReorder).toBeUndefined();
    const older = {
      customerId: 1,
      tier: "Active" as const,
      lastOrder: "2026-11-10",
      daysSince: 14,
      medianReorderDays: 14,
    };
    expect(todayModel(input({ now, customers: [customer(1)], health: [older] })).dueToReorder).toEqual([]);
  });
});

describe("a card's licence and address", () => {
  it.each([
    ["C10-0000123-LIC", "C10-0000123-LIC"],
    ["#N/A", undefined],
    ["N/A", undefined],
    ["LIC-99999-FAKE", undefined],
    ["  ", undefined],
    [null, undefined],
  ])("licenceOf(%j) is %j", (text, shown) => expect(licenceOf(text)).toBe(shown));

  it("links an address to the maps search every phone opens", () => {
    expect(mapsHref("1 Main St, Oakland, CA 94607")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Oakland%2C%20CA%2094607",
    );
    expect(mapsHref("")).toBeUndefined();
  });
});

describe("Today's requests", () => {
  it("asks for the accounts by id in sorted batches, the same ids making the same requests", () => {
    expect(idBatches([3, 1, 2, 2, -1], 2)).toEqual(["1,2", "3"]);
    expect(invoicesRequests([20002, 20001], "2026-11-24")).toEqual([
      {
        operation: "listInvoices",
        query: { CustomerIDs: "20001,20002", Statuses: "1,2,3,4,5,7", StartDate: "2026-08-26" },
      },
    ]);
  });
});

describe("matchAccounts: a rep's search over their accounts", () => {
  const model = todayModel(
    input({
      now: new Date("2026-11-24T20:00:00Z"),
      customers: [
        customer(1, { CustomerName: "Café Verde", Address: "1 Main St, Oakland, CA" }),
        customer(2, { CustomerName: "Green Leaf", Address: "9 Oak Ave, Fresno, CA", LicenseNum: "C10-77" }),
      ],
    }),
  );
  it.each([
    ["", ["Café Verde", "Green Leaf"]],
    ["cafe", ["Café Verde"]],
    ["oak", ["Café Verde", "Green Leaf"]],
    ["oakland main", ["Café Verde"]],
    ["c10-77", ["Green Leaf"]],
    ["2", ["Green Leaf"]],
    ["nowhere", []],
  ])("%j finds %j", (q, found) => expect(names(matchAccounts(model.accounts, q))).toEqual(found));
});

describe("compactInput: what Today's answer keeps of the lists", () => {
  it("draws the same Today as the whole lists, from one aging row per account, one open invoice per account and store, one invoice per store", () => {
    const raw = {
      ...input({
        now: new Date(0),
        customers: [customer(1, { DeliveryDays: "3" }), customer(2), customer(3, { OnHold: true })],
      }),
      aging: [
        {
          ARAccountID: 501,
          SupplierID: 10,
          CloseDate: "2026-11-23T00:00:00.000Z",
          CurrentDue: "100",
          Due_31_60: "40.10",
          Due_91: "0",
        },
        { ARAccountID: 501, SupplierID: 11, CloseDate: "2026-11-23T00:00:00.000Z", Due_91: "9.90" },
        { ARAccountID: 502, SupplierID: 10, CloseDate: "2026-11-23T00:00:00.000Z", Due_61_90: "300" },
        { ARAccountID: 503, SupplierID: 10, CloseDate: "2026-11-23T00:00:00.000Z", CurrentDue: "0", OpenCredit: "0" },
      ] as AgingRow[],
      openInvoices: [
        { InvoiceID: 1, CustomerID: 1, ARAccountID: 501, OpenBalance: "150" },
        { InvoiceID: 2, CustomerID: 1, ARAccountID: 501, OpenBalance: "1" },
        { InvoiceID: 3, CustomerID: 2, ARAccountID: 502, OpenBalance: "200" },
        { InvoiceID: 4, CustomerID: 3, ARAccountID: 502, OpenBalance: "100" },
      ],
      invoices: [
        {
          InvoiceID: 10,
          CustomerID: 1,
          InvoiceNum: "INV-10",
          Date: "2026-11-20T00:00:00.000Z",
          Status: 7,
          InvoiceTotal: "10",
        },
        { InvoiceID: 11, CustomerID: 1, InvoiceNum: "INV-11", Date: "2026-11-22T00:00:00.000Z", Status: 4 },
        { InvoiceID: 12, CustomerID: 2, InvoiceNum: "INV-12", Date: "2026-10-02T00:00:00.000Z", Status: 5 },
      ],
    };
    const compact = compactInput(raw);
    expect(compact.aging.map((r) => r.ARAccountID)).toEqual([501, 502]);
    expect(compact.openInvoices).toHaveLength(3);
    expect(compact.invoices.map((i) => i.InvoiceID)).toEqual([10, 12]);
    const now = new Date("2026-11-24T20:00:00Z");
    expect(todayModel({ ...compact, now })).toEqual(todayModel({ ...raw, now }));
  });
});

describe("opensOnToday: where a rep's phone opens", () => {
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
  const pixel =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
  const tablet =
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  const desk = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  const rep = { keyType: "Employee", salesRepUserId: 1008, mobileHint: null, referer: null };
  it.each([
    ["a linked rep's iPhone from the home screen", { ...rep, userAgent: iphone }, true],
    ["an Android phone signing in", { ...rep, userAgent: pixel, referer: "https://b.example/sign-in?next=%2F" }, true],
    ["a phone's client hint", { ...rep, userAgent: desk, mobileHint: "?1" }, true],
    ["a tablet (no Mobile)", { ...rep, userAgent: tablet }, false],
    ["a desk", { ...rep, userAgent: desk }, false],
    [
      "Overview clicked from a dashboard page",
      { ...rep, userAgent: iphone, referer: "https://b.example/today" },
      false,
    ],
    ["a member linked to no rep", { ...rep, userAgent: iphone, salesRepUserId: null }, false],
    ["a Supplier key", { ...rep, userAgent: iphone, keyType: "Supplier" }, false],
  ])("%s: %j", (_name, request, expected) => expect(opensOnToday(request)).toBe(expected));
});

describe("todayModel and Delivery days: one reading of who gets a delivery on a date", () => {
  it("puts in today's and tomorrow's stops the accounts `deliveriesOn` lists for those dates, whatever their weekdays", () => {
    // Friday Nov 27, 10 AM in California.
    const now = new Date("2026-11-27T18:00:00Z");
    const customers = [
      customer(1, { DeliveryDays: "5", NextDeliveryDates: "2026-12-04;2026-12-11" }),
      customer(2, { DeliveryDays: "5", DeliveryDates: ["2026-11-26", "2026-11-27", "2026-12-04"] }),
      customer(3, { DeliveryDays: "5", DeliveryDates: undefined }),
      customer(4, { DeliveryDays: "6", NextDeliveryDates: "2026-11-28" }),
      customer(5, { DeliveryDays: "1", DeliveryDates: ["2026-11-28"] }),
    ];
    const model = todayModel(input({ now, customers }));
    const rows = scheduleRows(customers, [CA], [], {}, now);
    const on = (day: string) => deliveriesOn(rows, day).map((r) => r.name);
    expect(names(model.today.flatMap((g) => g.cards))).toEqual(on("2026-11-27"));
    expect(names(model.tomorrow.flatMap((g) => g.cards))).toEqual(on("2026-11-28"));
    expect(on("2026-11-27")).toEqual(["Store 2", "Store 3"]);
    expect(on("2026-11-28")).toEqual(["Store 4", "Store 5"]);
  });
});

describe("the oldest bucket past due, named", () => {
  it.each([
    [{ over30: "2104.18", over60: "2104.18", over90: "2104.18" }, 90, [[90, "2104.18"]]],
    [
      { over30: "500", over60: "300", over90: "100" },
      90,
      [
        [90, "100"],
        [60, "300"],
        [30, "500"],
      ],
    ],
    [
      { over30: "500", over60: "300", over90: "300" },
      90,
      [
        [90, "300"],
        [30, "500"],
      ],
    ],
    [{ over30: "400", over60: "400", over90: "0" }, 60, [[60, "400"]]],
    [{ over30: "250", over60: "0", over90: "0" }, 30, [[30, "250"]]],
  ] as const)("%j: worst over %i days, steps %j", (figures, days, steps) => {
    expect(worstPastDue(figures)?.days).toBe(days);
    expect(pastDueSteps(figures).map((s) => [s.days, s.amount])).toEqual(steps);
  });

  it("is none where nothing is more than 30 days past due", () => {
    expect(worstPastDue({ over30: "0", over60: "0", over90: "0" })).toBeUndefined();
    expect(pastDueSteps({ over30: "0.000000", over60: "0", over90: "0" })).toEqual([]);
  });
});
