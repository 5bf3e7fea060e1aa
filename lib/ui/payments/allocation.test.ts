import { describe, expect, it } from "vitest";
import { daysOverdue } from "@/lib/domain/payments/open-invoice-order";
import { isPositiveDecimalText } from "@/lib/data-api/values";
import { paymentApplicationParams } from "@/lib/data-api/writes";
import { compareDecimals } from "@/lib/format/decimal";
import { formatMoneyExact } from "@/lib/format/display";
import { subCentWords } from "@/lib/domain/payments/allocation-room";
import {
  allocatedTotal,
  allocationSchema,
  amountsReadable,
  allocationsOf,
  type AllocationValues,
  creditLeft,
  fillOldestFirst,
  fillOne,
  isEntered,
  notPayable,
  type OpenInvoiceRef,
  owes,
  sendingOrder,
} from "./allocation";

type Lines = AllocationValues["lines"];

/** Lines named A, B, C, … with the given amounts, in order. */
function lines(...amounts: string[]): Lines {
  return amounts.map((amount, i) => ({ invoiceNum: String.fromCharCode(65 + i), amount }));
}

/** The issues of a refused parse, as path and message, or [] when it was accepted. */
function issuesOf(credit: string, values: AllocationValues, invoices: OpenInvoiceRef[] = []) {
  const result = allocationSchema(credit, invoices).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

describe("isEntered", () => {
  it("treats an empty or blank amount as not entered and anything else as entered", () => {
    expect(isEntered("")).toBe(false);
    expect(isEntered("   ")).toBe(false);
    expect(isEntered("\t")).toBe(false);
    expect(isEntered("0")).toBe(true);
    expect(isEntered(" abc ")).toBe(true);
  });
});

describe("allocatedTotal", () => {
  it("counts only positive amounts: a negative or zero one is flagged on its field and takes no credit", () => {
    expect(allocatedTotal(lines("10.00", "-5", "0", "2.50"))).toBe("12.500000");
    expect(creditLeft("800.80", lines("-5"))).toBe("800.800000");
  });

  it("adds amounts exactly where floats drift", () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the drift this guards against
    expect(allocatedTotal(lines("0.10", "0.20"))).toBe("0.300000");
    expect(compareDecimals(allocatedTotal(lines("0.10", "0.20")), "0.3")).toBe(0);
  });

  it("adds a hundred 0.01s to exactly 1", () => {
    const many = lines(...Array.from({ length: 100 }, () => "0.01"));
    expect(many.reduce((sum, l) => sum + Number(l.amount), 0)).not.toBe(1);
    expect(allocatedTotal(many)).toBe("1.000000");
  });

  it("keeps all 6 decimals", () => {
    expect(allocatedTotal(lines("0.000001", "1234.567891", "0.000009"))).toBe("1234.567901");
    expect(allocatedTotal(lines("99999999999999.999999", "0.000001"))).toBe("100000000000000.000000");
  });

  it("ignores blank amounts and trims the others", () => {
    expect(allocatedTotal(lines("10.10", "", "  ", " 0.20 "))).toBe("10.300000");
  });

  it("ignores amounts it cannot read, which are flagged on their own field", () => {
    expect(allocatedTotal(lines("5", "abc", "1,000", "1e3", "1.0000001", "7.25"))).toBe("12.250000");
  });

  it("is zero when nothing is entered", () => {
    expect(allocatedTotal([])).toBe("0.000000");
    expect(allocatedTotal(lines("", " "))).toBe("0.000000");
  });
});

describe("creditLeft", () => {
  it("takes the entered amounts from the credit, exactly", () => {
    expect(creditLeft("100.00", lines("40.125"))).toBe("59.875000");
    expect(creditLeft("0.30", lines("0.10", "0.20"))).toBe("0.000000");
    expect(creditLeft("1", lines(...Array.from({ length: 99 }, () => "0.01")))).toBe("0.010000");
  });

  it("is negative by the excess when the amounts exceed the credit", () => {
    expect(creditLeft("100.00", lines("60", "50"))).toBe("-10.000000");
    expect(creditLeft("0.000001", lines("0.000002"))).toBe("-0.000001");
  });

  it("ignores blank and unreadable amounts", () => {
    expect(creditLeft("100", lines("", "abc", "25.5"))).toBe("74.500000");
    expect(creditLeft("100", [])).toBe("100.000000");
  });
});

describe("owes: which invoices take a payment", () => {
  it.each([
    ["120.500000", true, undefined],
    ["0.000001", true, undefined],
    ["0", false, "Paid: nothing is owed"],
    ["0.000000", false, "Paid: nothing is owed"],
    ["-25.000000", false, "A credit of $25.00: nothing is owed"],
    ["abc", false, "Its open balance is not known"],
    [null, false, "Its open balance is not known"],
  ])("%j", (open, owed, why) => {
    expect(owes(open)).toBe(owed);
    expect(notPayable(open)).toBe(why);
  });

  it("an invoice already requested in full takes none until the ERP settles it; one with room left does", () => {
    const full = "Already requested in full: nothing is left to allocate";
    expect(notPayable("431.600000", "431.60")).toBe(full);
    expect(notPayable("431.60", "500.00")).toBe(full);
    expect(notPayable("431.60", "431.59")).toBeUndefined();
    expect(notPayable("-25.00", "0")).toBe("A credit of $25.00: nothing is owed");
  });
});

describe("allocationSchema", () => {
  it("refuses an amount toward an invoice that owes nothing: a credit (a negative open balance) or a paid one", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "80.00" },
      { invoiceNum: "B", openBalance: "-25.000000" },
      { invoiceNum: "C", openBalance: "0.000000" },
    ];
    expect(issuesOf("100", { lines: lines("10", "5", "") }, invoices)).toEqual([
      { path: ["lines", 1, "amount"], message: "Invoice B takes no payment. A credit of $25.00: nothing is owed." },
    ]);
    expect(issuesOf("100", { lines: lines("", "", "1") }, invoices)).toEqual([
      { path: ["lines", 2, "amount"], message: "Invoice C takes no payment. Paid: nothing is owed." },
    ]);
    // Nothing entered on them: the others go through.
    expect(issuesOf("100", { lines: lines("80", "", "") }, invoices)).toEqual([]);
  });

  it("checks an amount with the contract's rule for Amount (the form has no copy of the parameter's schema)", () => {
    const contract = paymentApplicationParams.Amount.make("Amount");
    for (const text of [
      "125.50",
      "1",
      "0.01",
      "007",
      "10.000000",
      "0",
      "0.00",
      "000",
      "-5",
      "+5",
      "1e3",
      "1.",
      ".5",
      "1,5",
      "abc",
      "",
      " 5",
      "12.5.0",
    ]) {
      expect(isPositiveDecimalText(text), text).toBe(contract.safeParse(text).success);
    }
  });

  it("accepts amounts within the credit, with blank lines between", () => {
    const result = allocationSchema("100.00", []).safeParse({ lines: lines("40", "", "59.99") });
    expect(result.success).toBe(true);
  });

  it("accepts a sum exactly equal to the credit", () => {
    expect(issuesOf("100.00", { lines: lines("60", "40") })).toEqual([]);
    expect(issuesOf("0.30", { lines: lines("0.10", "0.20") })).toEqual([]);
    expect(issuesOf("1", { lines: lines(...Array.from({ length: 100 }, () => "0.01")) })).toEqual([]);
  });

  it("accepts an amount with surrounding spaces", () => {
    expect(issuesOf("100", { lines: lines(" 12.50 ") })).toEqual([]);
  });

  it("accepts 6 decimals only where they clear a figure exactly: the invoice's room, or the rest of the credit", () => {
    expect(issuesOf("1", { lines: lines("0.000001") }, [{ invoiceNum: "A", openBalance: "0.000001" }])).toEqual([]);
    expect(issuesOf("0.000001", { lines: lines("0.000001") })).toEqual([]);
    expect(issuesOf("1", { lines: lines("0.000001") })).toEqual([
      { path: ["lines", 0, "amount"], message: subCentWords("Amount for invoice A", "0.000001") },
    ]);
  });

  it.each(["0", "0.00", "0.000000"])("refuses a zero amount %j", (amount) => {
    expect(issuesOf("100", { lines: lines("10", amount) })).toEqual([
      { path: ["lines", 1, "amount"], message: "Enter a positive amount, like 125.50" },
    ]);
  });

  it.each(["-5", "-0.01"])("refuses a negative amount %j", (amount) => {
    expect(issuesOf("100", { lines: lines(amount) })).toContainEqual({
      path: ["lines", 0, "amount"],
      message: "Enter a positive amount, like 125.50",
    });
  });

  it.each(["abc", "1,000", "1e3", "$5", "+5", ".5", "1.2.3", "5 0"])(
    "refuses an amount that is not a plain decimal: %j",
    (amount) => {
      expect(issuesOf("100000", { lines: lines(amount) })).toEqual([
        { path: ["lines", 0, "amount"], message: "Enter a positive amount, like 125.50" },
      ]);
    },
  );

  it.each(["1.0000001", "0.0000001", "12.12345678"])("refuses more than 6 decimals, naming the field: %j", (amount) => {
    expect(issuesOf("100", { lines: lines(amount) })).toEqual([
      { path: ["lines", 0, "amount"], message: subCentWords("Amount for invoice A", amount) },
    ]);
  });

  it("refuses when nothing is entered, on the lines", () => {
    expect(issuesOf("100", { lines: lines("", "  ", "") })).toEqual([
      { path: ["lines"], message: "Enter an amount for at least one invoice" },
    ]);
    expect(issuesOf("100", { lines: [] })).toEqual([
      { path: ["lines"], message: "Enter an amount for at least one invoice" },
    ]);
  });

  it("refuses a sum above the credit on the last entered amount, naming the credit and the excess", () => {
    const issues = issuesOf("100.00", { lines: lines("60", "50") });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(["lines", 1, "amount"]);
    expect(issues[0]!.message).toContain("$100.00");
    expect(issues[0]!.message).toContain("$10.00");
  });

  it("puts the excess on the last entered amount even when blank lines follow it", () => {
    const issues = issuesOf("100.00", { lines: lines("", "70", "", "30.01", "", " ") });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(["lines", 3, "amount"]);
    expect(issues[0]!.message).toContain("$100.00");
    expect(issues[0]!.message).toContain("$0.01");
  });

  it("refuses an excess of a single micro-unit", () => {
    // 0.200001 is all B owes (a sub-cent amount is taken only as an exact figure it clears).
    const invoices = [
      { invoiceNum: "A", openBalance: "5" },
      { invoiceNum: "B", openBalance: "0.200001" },
    ];
    const issues = issuesOf("0.30", { lines: lines("0.10", "0.200001") }, invoices);
    expect(issues.map((i) => i.path)).toEqual([["lines", 1, "amount"]]);
  });

  it("groups thousands in the credit and excess it names", () => {
    const [issue] = issuesOf("1234.5", { lines: lines("1000", "2234.5") });
    expect(issue!.message).toContain("$1,234.50");
    expect(issue!.message).toContain("$2,000.00");
  });

  it("flags a bad amount on its own field and still checks the readable ones against the credit", () => {
    const issues = issuesOf("100", { lines: lines("abc", "150") });
    expect(issues).toHaveLength(2);
    expect(issues[0]).toEqual({ path: ["lines", 0, "amount"], message: "Enter a positive amount, like 125.50" });
    expect(issues[1]!.path).toEqual(["lines", 1, "amount"]);
    expect(issues[1]!.message).toContain("$50.00");
  });

  it("refuses an amount above what the invoice can still take: its open balance less what is already requested", () => {
    const invoices = [
      { invoiceNum: "A", openBalance: "456.00" },
      { invoiceNum: "B", openBalance: "456.00", outstanding: "100.00" },
    ];
    expect(issuesOf("1000", { lines: lines("500.00", "") }, invoices)).toEqual([
      { path: ["lines", 0, "amount"], message: "A owes $456.00: allocate at most $456.00, not $500.00." },
    ]);
    expect(issuesOf("1000", { lines: lines("456.00", "356.01") }, invoices)).toEqual([
      {
        path: ["lines", 1, "amount"],
        message: "B owes $456.00 less $100.00 already requested toward it: allocate at most $356.00, not $356.01.",
      },
    ]);
    expect(issuesOf("1000", { lines: lines("456.00", "356.00") }, invoices)).toEqual([]);
    // An invoice the form does not offer is the proxy's to judge.
    expect(issuesOf("1000", { lines: lines("999") })).toEqual([]);
  });
});

describe("money in cents: what a person types", () => {
  // The issue's account: a credit of $650.30, INV-126577 owing $3,646.09 before 100.005 went to it and 3,546.085 after.
  const before: OpenInvoiceRef[] = [{ invoiceNum: "INV-126577", openBalance: "3646.090000" }];
  const after: OpenInvoiceRef[] = [{ invoiceNum: "INV-126577", openBalance: "3546.085000" }];

  it("refuses 100.005 with its field named, and the cents either side of it, rounding nothing", () => {
    expect(issuesOf("650.30", { lines: [{ invoiceNum: "INV-126577", amount: "100.005" }] }, before)).toEqual([
      {
        path: ["lines", 0, "amount"],
        message:
          "Amount for invoice INV-126577: 100.005 has more than two decimals. Enter dollars and cents, like 100.00 or 100.01 (more decimals only to clear an open balance or the credit left exactly).",
      },
    ]);
    // In cents, whatever its writing.
    for (const amount of ["100.00", "100.01", "100.010", "100"])
      expect(issuesOf("650.30", { lines: [{ invoiceNum: "INV-126577", amount }] }, before), amount).toEqual([]);
  });

  it("takes a sub-cent balance exactly, and its own suggestion names that exact figure", () => {
    const line = (amount: string) => ({ lines: [{ invoiceNum: "INV-126577", amount }] });
    expect(issuesOf("5000", line("3546.085"), after)).toEqual([]);
    expect(issuesOf("5000", line("3546.09"), after)).toEqual([
      {
        path: ["lines", 0, "amount"],
        message: "INV-126577 owes $3,546.085: allocate at most $3,546.085, not $3,546.09.",
      },
    ]);
    // Less than the balance, in cents: fine; a sub-cent amount that clears nothing: refused.
    expect(issuesOf("5000", line("3546.08"), after)).toEqual([]);
    expect(issuesOf("5000", line("3546.084"), after)[0]?.message).toContain("3546.084 has more than two decimals");
  });

  it("takes a sub-cent room left after requests outstanding, exactly", () => {
    const invoices = [{ invoiceNum: "A", openBalance: "200.00", outstanding: "100.005" }];
    expect(issuesOf("500", { lines: lines("99.995") }, invoices)).toEqual([]);
    expect(issuesOf("500", { lines: lines("99.99") }, invoices)).toEqual([]);
    expect(issuesOf("500", { lines: lines("99.996") }, invoices)[0]?.message).toContain("more than two decimals");
  });

  it("takes the rest of a sub-cent credit exactly, on one line only", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "3546.085" },
      { invoiceNum: "B", openBalance: "80.00" },
    ];
    // The credit left after 100.005 went from $650.30: $550.295, cleared in one amount or two.
    expect(issuesOf("550.295", { lines: lines("550.295", "") }, invoices)).toEqual([]);
    expect(issuesOf("550.295", { lines: lines("470.295", "80.00") }, invoices)).toEqual([]);
    expect(issuesOf("550.295", { lines: lines("470.29", "80.00") }, invoices)).toEqual([]);
    // Not the rest: 470.296 leaves a credit of -0.001; 470.294 clears nothing.
    expect(issuesOf("550.295", { lines: lines("470.294", "80.00") }, invoices)[0]?.message).toContain(
      "more than two decimals",
    );
    // Two sub-cent amounts that together make the rest: neither is a figure either clears alone.
    const two = issuesOf("100.005", { lines: lines("50.0025", "50.0025") }, invoices);
    expect(two.map((i) => i.path)).toEqual([
      ["lines", 0, "amount"],
      ["lines", 1, "amount"],
    ]);
  });

  it("fills exactly: Fill and Fill oldest first type the sub-cent figure, which the form then accepts", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "INV-126577", openBalance: "3546.085000", dueDate: "2026-10-01" },
      { invoiceNum: "INV-2", openBalance: "80.00", dueDate: "2026-11-01" },
    ];
    const oldest = fillOldestFirst("5000", invoices);
    expect(oldest.map((l) => l.amount)).toEqual(["3546.085", "80.00"]);
    expect(issuesOf("5000", { lines: oldest }, invoices)).toEqual([]);
    const empty = lines("", "").map((l, i) => ({ ...l, invoiceNum: invoices[i]!.invoiceNum }));
    expect(fillOne("5000", invoices, empty, 0)).toBe("3546.085");
    // The credit is less than the balance: Fill takes the credit, exactly; with 80.00 on the other line, the rest.
    expect(fillOne("550.295", invoices, empty, 0)).toBe("550.295");
    const withOther = [empty[0]!, { invoiceNum: "INV-2", amount: "80.00" }];
    expect(fillOne("550.295", invoices, withOther, 0)).toBe("470.295");
    expect(issuesOf("550.295", { lines: [{ ...empty[0]!, amount: "470.295" }, withOther[1]!] }, invoices)).toEqual([]);
    // Nothing left: nothing filled.
    expect(fillOne("80.00", invoices, withOther, 0)).toBe("");
    expect(fillOne("5000", [{ invoiceNum: "INV-126577", openBalance: "-5" }], empty, 0)).toBe("");
  });

  it("fills a sub-cent credit to the last cent, and the rest goes last to the API", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "50.005", dueDate: "2026-10-01" },
      { invoiceNum: "B", openBalance: "80.00", dueDate: "2026-11-01" },
      { invoiceNum: "C", openBalance: "10.00", dueDate: "2026-12-01" },
    ];
    const filled = fillOldestFirst("100.00", invoices);
    expect(filled.map((l) => l.amount)).toEqual(["50.005", "49.995", ""]);
    expect(creditLeft("100.00", filled)).toBe("0.000000");
    expect(issuesOf("100.00", { lines: filled }, invoices)).toEqual([]);
    // Typed in another order, the rest still goes last: only then is the payment's credit left that rest.
    const typed = [
      { invoiceNum: "B", amount: "49.995" },
      { invoiceNum: "A", amount: "50.005" },
      { invoiceNum: "C", amount: "10.00" },
    ];
    expect(sendingOrder(typed, invoices).map((a) => a.invoiceNum)).toEqual(["A", "C", "B"]);
  });

  it("reviews and sends the same string: the review's figure is the request's amount, dollar sign and commas aside", () => {
    for (const amount of ["10.5", "3546.085", "0.000001", "1234567.1", "007.10"]) {
      const [sent] = allocationsOf({ lines: lines(amount) });
      expect(formatMoneyExact(sent!.amount).replace(/[$,]/g, ""), amount).toBe(sent!.amount);
    }
  });
});

describe("amountsReadable", () => {
  it("is true once something is entered and every amount entered is a positive decimal, whatever the figures", () => {
    expect(amountsReadable({ lines: lines("10.005", "", "7") })).toBe(true);
    expect(amountsReadable({ lines: lines("", " ") })).toBe(false);
    expect(amountsReadable({ lines: lines("10", "abc") })).toBe(false);
    expect(amountsReadable({ lines: lines("0.00") })).toBe(false);
  });
});

describe("fillOldestFirst", () => {
  it("pays the oldest due date first and gives the rest to the next, keeping the input order", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "B", openBalance: "80", dueDate: "2026-11-02T00:00:00.000Z" },
      { invoiceNum: "A", openBalance: "50", dueDate: "2026-11-01T00:00:00.000Z" },
    ];
    expect(fillOldestFirst("100", invoices)).toEqual([
      { invoiceNum: "B", amount: "50.00" },
      { invoiceNum: "A", amount: "50.00" },
    ]);
  });

  it("orders across a year boundary by date, not by the order given", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "JAN", openBalance: "30", dueDate: "2026-01-05T00:00:00.000Z" },
      { invoiceNum: "DEC", openBalance: "30", dueDate: "2025-12-20T00:00:00.000Z" },
      { invoiceNum: "FEB", openBalance: "30", dueDate: "2026-02-01T00:00:00.000Z" },
    ];
    expect(fillOldestFirst("40", invoices)).toEqual([
      { invoiceNum: "JAN", amount: "10.00" },
      { invoiceNum: "DEC", amount: "30.00" },
      { invoiceNum: "FEB", amount: "" },
    ]);
  });

  it("breaks ties of due date by invoice number", () => {
    const due = "2026-11-01T00:00:00.000Z";
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "INV-C", openBalance: "10", dueDate: due },
      { invoiceNum: "INV-A", openBalance: "10", dueDate: due },
      { invoiceNum: "INV-B", openBalance: "10", dueDate: due },
    ];
    expect(fillOldestFirst("15", invoices)).toEqual([
      { invoiceNum: "INV-C", amount: "" },
      { invoiceNum: "INV-A", amount: "10.00" },
      { invoiceNum: "INV-B", amount: "5.00" },
    ]);
  });

  it("puts invoices without a due date last", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "10" },
      { invoiceNum: "Z", openBalance: "10", dueDate: "2030-01-01T00:00:00.000Z" },
    ];
    expect(fillOldestFirst("10", invoices)).toEqual([
      { invoiceNum: "A", amount: "" },
      { invoiceNum: "Z", amount: "10.00" },
    ]);
  });

  it("stops when the credit runs out", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "25", dueDate: "2026-01-01" },
      { invoiceNum: "B", openBalance: "25", dueDate: "2026-01-02" },
      { invoiceNum: "C", openBalance: "25", dueDate: "2026-01-03" },
      { invoiceNum: "D", openBalance: "25", dueDate: "2026-01-04" },
    ];
    expect(fillOldestFirst("50", invoices).map((l) => l.amount)).toEqual(["25.00", "25.00", "", ""]);
  });

  it("skips invoices with nothing owed, or a credit balance", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "0.00", dueDate: "2026-01-01" },
      { invoiceNum: "B", openBalance: "-20", dueDate: "2026-01-02" },
      { invoiceNum: "C", openBalance: "15", dueDate: "2026-01-03" },
      { invoiceNum: "D", openBalance: "not a number", dueDate: "2026-01-04" },
    ];
    expect(fillOldestFirst("100", invoices)).toEqual([
      { invoiceNum: "A", amount: "" },
      { invoiceNum: "B", amount: "" },
      { invoiceNum: "C", amount: "15.00" },
      { invoiceNum: "D", amount: "" },
    ]);
  });

  it("leaves the rest unallocated when the credit is larger than all balances", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "10.10", dueDate: "2026-01-01" },
      { invoiceNum: "B", openBalance: "0.20", dueDate: "2026-01-02" },
    ];
    const filled = fillOldestFirst("500", invoices);
    expect(filled).toEqual([
      { invoiceNum: "A", amount: "10.10" },
      { invoiceNum: "B", amount: "0.20" },
    ]);
    expect(creditLeft("500", filled)).toBe("489.700000");
  });

  it("allocates exact amounts, keeping decimals beyond the second", () => {
    const invoices: OpenInvoiceRef[] = [
      { invoiceNum: "A", openBalance: "12.345600", dueDate: "2026-01-01" },
      { invoiceNum: "B", openBalance: "0.000001", dueDate: "2026-01-02" },
      { invoiceNum: "C", openBalance: "7.1", dueDate: "2026-01-03" },
    ];
    expect(fillOldestFirst("100", invoices).map((l) => l.amount)).toEqual(["12.3456", "0.000001", "7.10"]);
    // The credit running out mid-invoice gives the exact remainder.
    expect(fillOldestFirst("12.345601", invoices).map((l) => l.amount)).toEqual(["12.3456", "0.000001", ""]);
    expect(fillOldestFirst("0.3", invoices).map((l) => l.amount)).toEqual(["0.30", "", ""]);
  });

  it("gives nothing when the credit is zero, negative or unreadable", () => {
    const invoices: OpenInvoiceRef[] = [{ invoiceNum: "A", openBalance: "10", dueDate: "2026-01-01" }];
    for (const credit of ["0", "-5", "abc", ""]) {
      expect(fillOldestFirst(credit, invoices)).toEqual([{ invoiceNum: "A", amount: "" }]);
    }
  });

  it("never allocates more than the credit: what it fills passes the schema and leaves no negative credit", () => {
    const invoices: OpenInvoiceRef[] = Array.from({ length: 30 }, (_, i) => ({
      invoiceNum: `INV-${String(i).padStart(2, "0")}`,
      openBalance: i % 7 === 0 ? "0" : `${(i * 37) % 101}.${String((i * 7919) % 1_000_000).padStart(6, "0")}`,
      dueDate: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`,
    }));
    for (const credit of ["0.01", "0.1", "1", "33.333333", "100", "517.000001", "1000", "99999"]) {
      const filled = fillOldestFirst(credit, invoices);
      expect(filled.map((l) => l.invoiceNum)).toEqual(invoices.map((i) => i.invoiceNum));
      expect(compareDecimals(creditLeft(credit, filled), "0")).toBeGreaterThanOrEqual(0);
      // Every credit here is positive and some invoices are open, so something is filled and checked.
      expect(filled.filter((l) => l.amount !== "").length, credit).toBeGreaterThan(0);
      for (const [index, line] of filled.entries()) {
        if (line.amount !== "")
          expect(compareDecimals(line.amount, invoices[index]!.openBalance)).toBeLessThanOrEqual(0);
      }
      expect(allocationSchema(credit, invoices).safeParse({ lines: filled }).success).toBe(true);
    }
  });

  it("returns nothing for no invoices", () => {
    expect(fillOldestFirst("100", [])).toEqual([]);
  });
});

describe("allocationsOf", () => {
  it("keeps the entered amounts in the order shown, trimmed", () => {
    expect(
      allocationsOf({
        lines: [
          { invoiceNum: "C", amount: " 5.00 " },
          { invoiceNum: "A", amount: "" },
          { invoiceNum: "B", amount: "10" },
          { invoiceNum: "D", amount: "   " },
          { invoiceNum: "E", amount: "\t0.000001\n" },
        ],
      }),
    ).toEqual([
      { invoiceNum: "C", amount: "5.00" },
      { invoiceNum: "B", amount: "10.00" },
      { invoiceNum: "E", amount: "0.000001" },
    ]);
  });

  it("writes each amount as the review shows it: cents always, sub-cent digits kept, nothing rounded", () => {
    expect(allocationsOf({ lines: lines("10.50", "10.5", "007", "3546.085000", "100.000") })).toEqual([
      { invoiceNum: "A", amount: "10.50" },
      { invoiceNum: "B", amount: "10.50" },
      { invoiceNum: "C", amount: "7.00" },
      { invoiceNum: "D", amount: "3546.085" },
      { invoiceNum: "E", amount: "100.00" },
    ]);
  });

  it("is empty when nothing is entered", () => {
    expect(allocationsOf({ lines: lines("", " ") })).toEqual([]);
  });
});

describe("daysOverdue", () => {
  it("is 0 before the due date", () => {
    expect(daysOverdue("2026-11-30T00:00:00.000Z", "2026-11-21")).toBe(0);
  });

  it("is 0 on the due date", () => {
    expect(daysOverdue("2026-11-21T00:00:00.000Z", "2026-11-21")).toBe(0);
    expect(daysOverdue("2026-11-21", "2026-11-21")).toBe(0);
  });

  it("counts the calendar days past the due date", () => {
    expect(daysOverdue("2026-11-01T00:00:00.000Z", "2026-11-21")).toBe(20);
    expect(daysOverdue("2026-11-20T00:00:00.000Z", "2026-11-21")).toBe(1);
  });

  it("counts the calendar day of the due date, whatever its time", () => {
    expect(daysOverdue("2026-11-01T23:59:59.999Z", "2026-11-21")).toBe(20);
  });

  it("counts across a month boundary", () => {
    expect(daysOverdue("2026-01-31T00:00:00.000Z", "2026-02-01")).toBe(1);
    expect(daysOverdue("2026-02-28T00:00:00.000Z", "2026-03-01")).toBe(1);
    expect(daysOverdue("2024-02-28T00:00:00.000Z", "2024-03-01")).toBe(2); // leap year
  });

  it("counts across a year boundary", () => {
    expect(daysOverdue("2025-12-31T00:00:00.000Z", "2026-01-01")).toBe(1);
    expect(daysOverdue("2025-12-01T00:00:00.000Z", "2026-01-15")).toBe(45);
    expect(daysOverdue("2025-01-15T00:00:00.000Z", "2026-01-15")).toBe(365);
  });

  it("is 0 without a readable due date", () => {
    expect(daysOverdue(undefined, "2026-11-21")).toBe(0);
    expect(daysOverdue("", "2026-11-21")).toBe(0);
    expect(daysOverdue("soon", "2026-11-21")).toBe(0);
    expect(daysOverdue("2026-13-45", "2026-11-21")).toBe(0);
  });
});
