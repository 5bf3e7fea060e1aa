import { describe, expect, it } from "vitest";
import {
  accountCustomers,
  accountsFromOpenInvoices,
  accountInvoices,
  accountLabel,
  type AgingLine,
  type AgingRow,
  amountsOf,
  barScale,
  BUCKETS,
  type BucketAmounts,
  bucketName,
  byOutstanding,
  chartSummary,
  CREDIT,
  creditInvoicesOf,
  creditsMatch,
  decimalOf,
  largestLines,
  pastDue,
  linesOf,
  listedAmount,
  listedInvoices,
  MAX_BARS,
  nameMap,
  newestUpdate,
  segmentsOf,
  supplierLabel,
  totalLine,
} from "./aging";

const bucket = (id: string) => BUCKETS.find((b) => b.id === id)!;
const amounts = (current: string, d30 = "0", d60 = "0", d90 = "0", d91 = "0"): BucketAmounts => ({
  current,
  "1-30": d30,
  "31-60": d60,
  "61-90": d90,
  "91": d91,
});

/** A row as the API sends it, with every bucket given. */
function row(
  account: number,
  supplier: number,
  due: [string, string, string, string, string],
  credit = "0",
  total?: string,
): AgingRow {
  return {
    ARAccountID: account,
    SupplierID: supplier,
    CurrentDue: due[0],
    Due_1_30: due[1],
    Due_31_60: due[2],
    Due_61_90: due[3],
    Due_91: due[4],
    OpenCredit: credit,
    TotalBalanceOutstanding: total,
  };
}

describe("decimalOf", () => {
  it.each([
    ["1234.50", "1234.50"],
    ["-3", "-3"],
    [null, "0"],
    [undefined, "0"],
    ["", "0"],
    ["1.12345678", "1.123456"],
    ["abc", "0"],
    [12.5, "12.5"],
  ])("reads %j as %j", (value, text) => {
    expect(decimalOf(value)).toBe(text);
  });
});

describe("amountsOf", () => {
  it("keeps the API's total outstanding", () => {
    expect(amountsOf(row(1, 2, ["10", "0", "0", "0", "0"], "0", "7.25")).total).toBe("7.25");
  });

  it("computes it as the buckets less the open credit when the API leaves it out", () => {
    expect(amountsOf(row(1, 2, ["10.10", "0.20", "0", "0", "5"], "1.30")).total).toBe("14.000000");
  });

  it("counts missing buckets as zero", () => {
    expect(amountsOf({ ARAccountID: 1, Due_91: "4" }).buckets).toEqual(amounts("0", "0", "0", "0", "4"));
  });
});

describe("totalLine", () => {
  it("sums every field exactly (no floating-point drift)", () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(i, 1, ["0.10", "0.20", "0.30", "0", "0.01"], "0.05", "0.56"));
    const total = totalLine(linesOf(rows));
    expect(total.total).toBe(true);
    expect(total.amounts.buckets).toEqual(amounts("1.000000", "2.000000", "3.000000", "0.000000", "0.100000"));
    expect(total.amounts.openCredit).toBe("0.500000");
    expect(total.amounts.total).toBe("5.600000");
  });

  it("sums large amounts exactly", () => {
    const total = totalLine(
      linesOf([row(1, 1, ["9007199254740993.01", "0", "0", "0", "0"]), row(2, 1, ["0.02", "0", "0", "0", "0"])]),
    );
    expect(total.amounts.buckets.current).toBe("9007199254740993.030000");
  });

  it("gathers every row's invoices per bucket, with their rows", () => {
    const a: AgingRow = {
      ...row(1, 5, ["0", "0", "30", "0", "0"]),
      Invoices_31_60: [{ InvoiceID: 11, InvoiceNum: "A-11", OpenBalance: "30" }],
    };
    const b: AgingRow = {
      ...row(2, 6, ["0", "0", "5", "0", "0"]),
      Invoices_31_60: [{ InvoiceID: 12, InvoiceNum: "B-12", OpenBalance: "5.00" }],
    };
    const total = totalLine(linesOf([a, b]));
    expect(total.invoices["31-60"]).toEqual([
      { invoiceId: 11, invoiceNum: "A-11", openBalance: "30", arAccountId: 1, supplierId: 5 },
      { invoiceId: 12, invoiceNum: "B-12", openBalance: "5.00", arAccountId: 2, supplierId: 6 },
    ]);
    expect(total.invoices.current).toEqual([]);
  });

  it("is all zeros for no rows", () => {
    const total = totalLine([]);
    expect(total.amounts.total).toBe("0.000000");
    expect(Object.values(total.amounts.buckets)).toEqual(Array(5).fill("0.000000"));
  });
});

describe("linesOf", () => {
  it("keys rows by their ids and index, so repeated rows never collide", () => {
    const lines = linesOf([row(1, 2, ["1", "0", "0", "0", "0"]), row(1, 2, ["1", "0", "0", "0", "0"])]);
    expect(lines.map((l) => l.key)).toEqual(["1:2:0", "1:2:1"]);
  });

  it("leaves out invoice entries with neither id nor number", () => {
    const lines = linesOf([
      {
        ...row(1, 2, ["1", "0", "0", "0", "0"]),
        CurrentInvoices: [{ OpenBalance: "1" }, { InvoiceNum: "X-1", OpenBalance: null }],
      },
    ]);
    expect(lines[0]!.invoices.current).toEqual([
      { invoiceId: undefined, invoiceNum: "X-1", openBalance: "0", arAccountId: 1, supplierId: 2 },
    ]);
  });
});

describe("largestLines", () => {
  const lines = linesOf(
    Array.from({ length: 40 }, (_, i) =>
      row(i + 1, 1, [String(i % 7), "0", "0", "0", "0"], "0", `${(i * 37) % 41}.50`),
    ),
  );

  it("shows the 25 largest by total outstanding, largest first, and counts the rest", () => {
    const { shown, omitted } = largestLines(lines);
    expect(shown).toHaveLength(MAX_BARS);
    expect(omitted).toBe(15);
    const totals = shown.map((l) => Number(l.amounts.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const smallestShown = Math.min(...totals);
    const left = lines.filter((l) => !shown.includes(l)).map((l) => Number(l.amounts.total));
    expect(Math.max(...left)).toBeLessThanOrEqual(smallestShown);
  });

  it("shows every line when there are few, and leaves none out", () => {
    expect(largestLines(lines.slice(0, 3))).toMatchObject({ omitted: 0 });
    expect(largestLines(lines.slice(0, 3)).shown).toHaveLength(3);
  });

  it("compares decimals by value, not as text or floats", () => {
    const [nine, ten, big, tiny] = linesOf([
      row(1, 1, ["0", "0", "0", "0", "0"], "0", "9"),
      row(2, 1, ["0", "0", "0", "0", "0"], "0", "10.00"),
      row(3, 1, ["0", "0", "0", "0", "0"], "0", "9007199254740993"),
      row(4, 1, ["0", "0", "0", "0", "0"], "0", "9007199254740992.999999"),
    ]) as [AgingLine, AgingLine, AgingLine, AgingLine];
    expect(byOutstanding([nine, ten, tiny, big]).map((l) => l.arAccountId)).toEqual([3, 4, 2, 1]);
  });

  it("keeps the API's order among equal totals, and puts credits last", () => {
    const [a, b, c] = linesOf([
      row(1, 1, ["0", "0", "0", "0", "0"], "0", "5"),
      row(2, 1, ["0", "0", "0", "0", "0"], "2", "-2"),
      row(3, 1, ["0", "0", "0", "0", "0"], "0", "5.0"),
    ]) as [AgingLine, AgingLine, AgingLine];
    expect(largestLines([a, b, c], 2)).toEqual({ shown: [a, c], omitted: 1 });
  });
});

describe("barScale", () => {
  it("is the longest bar's bucket sum, credits aside", () => {
    expect(barScale([amounts("1", "2"), amounts("0", "0", "0", "0", "3.5"), amounts("-10", "1")])).toBe("3.500000");
  });

  it("is zero for no bars or empty bars", () => {
    expect(barScale([])).toBe("0.000000");
    expect(barScale([amounts("0")])).toBe("0.000000");
  });
});

describe("segmentsOf", () => {
  it("places each non-empty bucket after the last, in proportion to the scale", () => {
    const segments = segmentsOf(amounts("50", "0", "25", "0", "0"), "200");
    expect(segments.map((s) => [s.bucket.id, s.x, s.width, s.amount])).toEqual([
      ["current", 0, 25, "50"],
      ["31-60", 25, 12.5, "25"],
    ]);
  });

  it("tiles the full bar exactly, however the amounts divide", () => {
    const buckets = amounts("1", "1", "1", "0.000001", "3.333333");
    const scale = barScale([buckets]);
    const segments = segmentsOf(buckets, scale);
    expect(segments).toHaveLength(5);
    segments.slice(1).forEach((s, i) => expect(s.x).toBeCloseTo(segments[i]!.x + segments[i]!.width, 9));
    const last = segments.at(-1)!;
    expect(last.x + last.width).toBeCloseTo(100, 9);
    segments.forEach((s) => expect(s.width).toBeGreaterThan(0));
  });

  it("draws a shorter bar in proportion to a longer bar's scale", () => {
    const end = segmentsOf(amounts("10", "15"), "100").at(-1)!;
    expect(end.x + end.width).toBeCloseTo(25, 9);
  });

  it("draws nothing for a zero scale, and no segment for zero or negative buckets", () => {
    expect(segmentsOf(amounts("10"), "0")).toEqual([]);
    expect(segmentsOf(amounts("0", "-5", "0", "0", "0"), "10")).toEqual([]);
  });

  it("keeps the buckets in the legend's order", () => {
    const ids = segmentsOf(amounts("1", "1", "1", "1", "1"), "5").map((s) => s.bucket.id);
    expect(ids).toEqual(BUCKETS.map((b) => b.id));
  });
});

describe("bucketName", () => {
  it("names the owner, the bucket, the amount and the invoices", () => {
    expect(bucketName("Acme Retail, Supplier 7", bucket("31-60"), "1234.5", 3)).toBe(
      "Acme Retail, Supplier 7, 31–60 days: $1,234.50, 3 invoices",
    );
    // Exactly, as the button shows it: a sub-cent balance the ERP holds is not rounded in its name.
    expect(bucketName("All AR accounts", bucket("current"), "0.005", 1)).toBe(
      "All AR accounts, Current: $0.005, 1 invoice",
    );
  });
});

describe("chartSummary", () => {
  it("gives the totals, each bucket and which rows have bars", () => {
    const total = totalLine(linesOf([row(1, 1, ["100", "20", "3", "0.5", "1000"], "10", "1113.50")]));
    const summary = chartSummary(total.amounts, 42, 25);
    expect(summary).toContain("$1,113.50 outstanding");
    expect(summary).toContain(
      "Current $100.00, 1–30 days $20.00, 31–60 days $3.00, 61–90 days $0.50, 91+ days $1,000.00",
    );
    expect(summary).toContain("open credit $10.00");
    expect(summary).toContain("25 largest of 42 rows");
  });
});

describe("names", () => {
  it("reads id → name maps from lookup records, skipping blank names", () => {
    const names = nameMap(
      [
        { CustomerID: 5, CustomerName: "Acme" },
        { CustomerID: "6", CustomerName: "Bolt" },
        { CustomerID: 7, CustomerName: " " },
        { CustomerName: "No id" },
      ],
      "CustomerID",
      "CustomerName",
    );
    expect([...names]).toEqual([
      [5, "Acme"],
      [6, "Bolt"],
    ]);
  });

  it("falls back to ids", () => {
    const accounts = new Map([[5, { name: "Acme", customerId: 5 }]]);
    expect(accountLabel(5, accounts)).toBe("Acme");
    expect(accountLabel(123, accounts)).toBe("AR account 123");
    expect(accountLabel(undefined, accounts)).toBe("Unknown AR account");
    expect(supplierLabel(7, new Map())).toBe("Supplier 7");
  });

  it("picks one invoice per AR account, its lowest id in any bucket", () => {
    const rows: AgingRow[] = [
      {
        ...row(50001, 1, ["1", "0", "0", "0", "1"]),
        CurrentInvoices: [{ InvoiceID: 9005 }],
        Invoices_91: [{ InvoiceID: 9002 }],
      },
      { ...row(50001, 2, ["1", "0", "0", "0", "0"]), CurrentInvoices: [{ InvoiceID: 9003 }] },
      { ...row(50002, 1, ["0", "2", "0", "0", "0"]), Invoices_1_30: [{ InvoiceNum: "no id" }, { InvoiceID: 9100 }] },
      { ...row(50003, 1, ["0", "0", "0", "0", "0"], "5") }, // credit only: no invoice to ask about
    ];
    expect([...accountInvoices(rows)]).toEqual([
      [9002, 50001],
      [9100, 50002],
    ]);
  });

  it("names accounts by their invoices' customers, else by the customer with the account's id", () => {
    const picked = new Map([
      [9002, 50001],
      [9100, 50002],
    ]);
    const invoices = [
      { InvoiceID: 9002, CustomerID: 20001, CustomerName: "Valley Cannabis - Oakland" },
      { InvoiceID: 9100, CustomerID: 20002, CustomerName: " " },
      { InvoiceID: 4242, CustomerID: 20003, CustomerName: "Not asked for" },
    ];
    const accounts = accountCustomers(
      picked,
      invoices,
      new Map([
        [50002, "Same id as the account"],
        [7, "Customer 7"],
      ]),
    );
    expect(accounts.get(50001)).toEqual({ name: "Valley Cannabis - Oakland", customerId: 20001 });
    expect(accounts.get(50002)).toEqual({ name: "Same id as the account", customerId: 50002 });
    expect(accountLabel(50003, accounts)).toBe("AR account 50003");
    expect(accountCustomers(picked, undefined, new Map()).size).toBe(0);
  });
});

describe("newestUpdate", () => {
  it("is the newest TimeUpdated, falling back to CloseDate, compared as instants", () => {
    expect(
      newestUpdate([
        { TimeUpdated: "2026-11-20T23:59:59.000Z" },
        { CloseDate: "2026-11-21T23:59:59Z" },
        { TimeUpdated: "2026-11-21T20:00:00-05:00" }, // 01:00 UTC on the 22nd: the newest
        { TimeUpdated: "not a date" },
      ]),
    ).toBe("2026-11-21T20:00:00-05:00");
  });

  it("reads a timestamp without a zone as UTC", () => {
    expect(newestUpdate([{ TimeUpdated: "2026-11-21T23:00:00" }, { TimeUpdated: "2026-11-21T22:00:00-02:00" }])).toBe(
      "2026-11-21T22:00:00-02:00",
    );
  });

  it("is undefined when no row says", () => {
    expect(newestUpdate([])).toBeUndefined();
    expect(newestUpdate([{ TimeUpdated: null, CloseDate: undefined }])).toBeUndefined();
  });
});

describe("palette", () => {
  /** WCAG relative luminance of "#rrggbb". */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  // The page (slate-50 / slate-950) and the bar track (slate-100 / slate-800), from app/globals.css.
  const backgrounds = { light: ["#f8fafc", "#f1f5f9"], dark: ["#020617", "#1e293b"] };

  it.each(["light", "dark"] as const)("has 3:1 or more against the page and the track in the %s theme", (theme) => {
    for (const b of BUCKETS)
      for (const bg of backgrounds[theme]) expect(contrast(b.color[theme], bg)).toBeGreaterThanOrEqual(3);
  });

  it.each(["light", "dark"] as const)(
    "is sequential in the %s theme: each older bucket stands further from the page",
    (theme) => {
      const fromPage = BUCKETS.map((b) => contrast(b.color[theme], backgrounds[theme][0]!));
      fromPage.slice(1).forEach((c, i) => expect(c).toBeGreaterThan(fromPage[i]!));
    },
  );
});

describe("accountsFromOpenInvoices", () => {
  const open = [
    { ARAccountID: 50001, CustomerID: 20001 },
    { ARAccountID: 50001, CustomerID: 20001 },
    { ARAccountID: 50002, CustomerID: 20002 },
  ];
  const names = new Map([
    [20001, "Valley Downtown"],
    [20002, "Valley Uptown"],
  ]);

  it("names every account of the aging from the open invoices and the customers' names", () => {
    expect(accountsFromOpenInvoices(open, true, names, [50002, 50001])).toEqual(
      new Map([
        [50001, { name: "Valley Downtown", customerId: 20001 }],
        [50002, { name: "Valley Uptown", customerId: 20002 }],
      ]),
    );
  });

  it("is undefined when the list is not whole, an account is missing, or a customer has no name", () => {
    expect(accountsFromOpenInvoices(open, false, names, [50001])).toBeUndefined();
    expect(accountsFromOpenInvoices(open, true, names, [50001, 50003])).toBeUndefined();
    expect(accountsFromOpenInvoices(open, true, new Map([[20001, "Valley Downtown"]]), [50001, 50002])).toBeUndefined();
    expect(accountsFromOpenInvoices(undefined, true, names, [])).toBeUndefined();
  });
});

describe("credit invoices", () => {
  it("are read like the buckets' invoices, their balances as sent (the sandbox sends a credit negative)", () => {
    const credit: AgingRow = {
      ...row(50002, 101, ["0", "0", "0", "0", "0"], "65"),
      CreditInvoices: [{ InvoiceID: 301490, InvoiceNum: "INV-101490", OpenBalance: "-65.000000" }],
    };
    const [line] = linesOf([credit]);
    expect(line!.credits).toEqual({
      invoices: [
        { invoiceId: 301490, invoiceNum: "INV-101490", openBalance: "-65.000000", arAccountId: 50002, supplierId: 101 },
      ],
      unread: 0,
    });
    expect(listedAmount(line!, CREDIT)).toBe("65");
    expect(listedInvoices(line!, CREDIT)).toBe(line!.credits.invoices);
    expect(bucketName("Valley, Mojave Sun", CREDIT, "65", 1)).toBe(
      "Valley, Mojave Sun, Open credit: $65.00, 1 invoice",
    );
  });

  it("count entries of another shape (the documentation does not show theirs) instead of inventing invoices", () => {
    const odd = {
      ...row(1, 2, ["0", "0", "0", "0", "0"], "5"),
      CreditInvoices: [
        { CreditMemo: "CM-1", Amount: "5" },
        "CM-2",
        null,
        { InvoiceNum: "INV-9", OpenBalance: 5 },
        { InvoiceID: "77" },
      ],
    };
    expect(creditInvoicesOf(odd as AgingRow)).toEqual({
      invoices: [
        { invoiceId: undefined, invoiceNum: "INV-9", openBalance: "5", arAccountId: 1, supplierId: 2 },
        { invoiceId: 77, invoiceNum: undefined, openBalance: "0", arAccountId: 1, supplierId: 2 },
      ],
      unread: 3,
    });
  });

  it("are none when the row has none, or sends something that is no list", () => {
    expect(creditInvoicesOf(row(1, 2, ["0", "0", "0", "0", "0"]))).toEqual({ invoices: [], unread: 0 });
    expect(creditInvoicesOf({ ARAccountID: 1, CreditInvoices: null })).toEqual({ invoices: [], unread: 0 });
  });

  it("of every row make the total's, with its unread count", () => {
    const a = {
      ...row(1, 5, ["0", "0", "0", "0", "0"], "1"),
      CreditInvoices: [{ InvoiceID: 11, InvoiceNum: "A-11", OpenBalance: "-1" }, 42],
    } as AgingRow;
    const b = {
      ...row(2, 6, ["0", "0", "0", "0", "0"], "2"),
      CreditInvoices: [{ InvoiceID: 12, InvoiceNum: "B-12", OpenBalance: "-2" }],
    } as AgingRow;
    const total = totalLine(linesOf([a, b]));
    expect(total.credits.invoices.map((i) => [i.invoiceNum, i.arAccountId])).toEqual([
      ["A-11", 1],
      ["B-12", 2],
    ]);
    expect(total.credits.unread).toBe(1);
    expect(totalLine([]).credits).toEqual({ invoices: [], unread: 0 });
  });

  it("account for the open credit when they sum to it with either sign", () => {
    expect(creditsMatch(["-40", "-25.000000"], "65.000000")).toBe(true);
    expect(creditsMatch(["40", "25"], "65")).toBe(true);
    expect(creditsMatch(["-40"], "65")).toBe(false);
  });
});

describe("pastDue: what an account owes more than 30, 60 and 90 days past due", () => {
  it("adds the older buckets exactly: over 30 is 31–60, 61–90 and 91+; over 60 is 61–90 and 91+; over 90 is 91+", () => {
    const buckets = { current: "5.00", "1-30": "7.00", "31-60": "100.005", "61-90": "0.000000", "91": "2104.18" };
    expect(pastDue(buckets)).toEqual({ over30: "2204.185000", over60: "2104.180000", over90: "2104.180000" });
  });
});
