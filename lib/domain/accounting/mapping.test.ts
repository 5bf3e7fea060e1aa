import { describe, expect, it } from "vitest";
import {
  accountFor,
  DATE_FORMATS,
  DEFAULT_MAPPING,
  formatBookDay,
  mappingGaps,
  nameProblem,
  storedMapping,
  XERO_TAX_TYPES,
  xeroAccountFor,
  xeroCodeProblem,
} from "./mapping";

describe("formatBookDay", () => {
  it.each([
    ["2026-11-05", "MM/DD/YYYY", "11/05/2026"],
    ["2026-11-05", "DD/MM/YYYY", "05/11/2026"],
    ["2026-11-05", "YYYY-MM-DD", "2026-11-05"],
    ["2027-01-31", "MM/DD/YYYY", "01/31/2027"],
    ["2027-01-31", "DD/MM/YYYY", "31/01/2027"],
  ] as const)("writes %s in %s as %s", (day, format, text) => {
    expect(formatBookDay(day, format)).toBe(text);
  });

  it("has QuickBooks' default first, and it is the default mapping's", () => {
    expect(DATE_FORMATS[0]).toBe("MM/DD/YYYY");
    expect(DEFAULT_MAPPING.dateFormat).toBe("MM/DD/YYYY");
  });
});

describe("accountFor", () => {
  const mapping = { ...DEFAULT_MAPPING, accounts: { "Edible: Chocolate": " 5010 ", Flower: "   " } };
  it.each([
    ["Edible: Chocolate", "5010"],
    ["Flower", "Inventory Asset"],
    ["Vape", "Inventory Asset"],
    [undefined, "Inventory Asset"],
  ])("gives a line of type %j the account %j", (type, account) => {
    expect(accountFor(mapping, type)).toBe(account);
  });
});

describe("xeroAccountFor", () => {
  const mapping = { ...DEFAULT_MAPPING, xeroDefaultAccount: "630", xeroAccounts: { Flower: " 631 ", Vape: "" } };
  it.each([
    ["Flower", "631"],
    ["Vape", "630"],
    [undefined, "630"],
  ])("gives a line of type %j the code %j", (type, code) => {
    expect(xeroAccountFor(mapping, type)).toBe(code);
  });
});

describe("nameProblem: a name every program's file carries exactly as it is", () => {
  it.each([
    ["Valley Wholesale, Ltd", {}, undefined],
    ["Café · Crème & Co.", {}, undefined],
    ['=@Home "Wholesale", Inc.', { vendor: true }, 'holds a double quote (")'],
    ["Check\ting", {}, "holds a tab"],
    ["Two\nlines", {}, "holds a line break"],
    ["Two\rlines", {}, "holds a line break"],
    ["V".repeat(41), { vendor: true }, undefined],
    ["V".repeat(42), { vendor: true }, "at most 41 characters: QuickBooks Desktop's longest vendor name"],
    ["A".repeat(100), {}, undefined],
    ["A".repeat(101), {}, "at most 100 characters: QuickBooks Online's longest account name"],
  ])("%j: %j", (text, options, problem) => {
    const found = nameProblem(text, options);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(new RegExp(`^${problem.replace(/[()]/g, "\\$&")}`));
  });
});

describe("a Xero account code", () => {
  it.each([
    ["630", undefined],
    ["SALES", undefined],
    ["A1B2C3D4E5", undefined],
    ["", "not set"],
    ["Inventory Asset", "a Xero account code: letters and digits, at most 10"],
    ["12345678901", "a Xero account code: letters and digits, at most 10"],
    ["630-1", "a Xero account code: letters and digits, at most 10"],
  ])("%j: %j", (code, problem) => {
    expect(xeroCodeProblem(code, true)).toBe(problem);
  });
});

describe("mappingGaps: what a file needs of the mapping and lacks, or holds that its program could not carry", () => {
  const xero = { ...DEFAULT_MAPPING, xeroDefaultAccount: "630", xeroTaxType: "Tax Exempt" };
  /** A mapping saved before the names' rules: a double quote in the vendor's, a line break in an account's. */
  const older = { ...xero, vendorName: '=@Home "Wholesale", Inc.', accounts: { Flower: "5010\nFlower" } };
  it.each([
    ["qbo-bills", DEFAULT_MAPPING, []],
    ["qbo-vendor-credits", DEFAULT_MAPPING, []],
    ["iif", DEFAULT_MAPPING, []],
    ["qbo-payments", DEFAULT_MAPPING, []],
    ["iif-payments", DEFAULT_MAPPING, []],
    ["xero-bank-statement", DEFAULT_MAPPING, []],
    ["xero-bills", DEFAULT_MAPPING, ["xeroDefaultAccount: not set", "xeroTaxType: not set"]],
    ["xero-bills", xero, []],
    [
      "xero-bills",
      { ...xero, xeroTaxType: "NONE", xeroAccounts: { Flower: "Flower stock" } },
      [
        "xeroAccounts.Flower: a Xero account code: letters and digits, at most 10",
        `xeroTaxType: one of Xero's tax rates: ${XERO_TAX_TYPES.join(", ")}`,
      ],
    ],
    [
      "iif",
      older,
      [
        `vendorName: holds a double quote ("), which QuickBooks Desktop's IIF cannot carry: it would arrive as another name`,
        "accounts.Flower: holds a line break, which QuickBooks Desktop's IIF cannot carry: it would arrive as another name",
      ],
    ],
    [
      "xero-bank-statement",
      older,
      [
        `vendorName: holds a double quote ("), which QuickBooks Desktop's IIF cannot carry: it would arrive as another name`,
      ],
    ],
  ] as const)("%s", (format, mapping, gaps) => {
    expect(mappingGaps(format, mapping).map((g) => `${g.field}: ${g.problem}`)).toEqual(gaps);
  });

  it("names each gap as the page's form labels its field", () => {
    expect(mappingGaps("xero-bills", DEFAULT_MAPPING).map((g) => g.label)).toEqual([
      "Xero default account code",
      "Xero tax rate",
    ]);
  });
});

describe("storedMapping: a mapping of any earlier shape made whole", () => {
  it("keeps the QuickBooks names of a mapping stored before Xero had its own fields; its Xero fields start empty", () => {
    const earlier = {
      vendorName: "Valley",
      defaultAccount: "5000 Purchases",
      accounts: { Flower: "5010 Flower" },
      taxCode: "Tax Exempt",
      bankAccount: "1000 Checking",
      creditsAccount: "1200 Credits",
      payablesAccount: "Accounts Payable",
      dateFormat: "DD/MM/YYYY",
    };
    expect(storedMapping(earlier)).toEqual({
      vendorName: "Valley",
      defaultAccount: "5000 Purchases",
      accounts: { Flower: "5010 Flower" },
      bankAccount: "1000 Checking",
      creditsAccount: "1200 Credits",
      payablesAccount: "Accounts Payable",
      prepaymentsAccount: "Vendor Prepayments",
      xeroDefaultAccount: "",
      xeroAccounts: {},
      xeroTaxType: "",
      dateFormat: "DD/MM/YYYY",
    });
  });

  it("drops the Xero bank and credits codes of a mapping stored when Xero had a payments file", () => {
    expect(storedMapping({ ...DEFAULT_MAPPING, xeroBankAccount: "090", xeroCreditsAccount: "091" })).toEqual(
      DEFAULT_MAPPING,
    );
  });

  it.each([null, "text", 12, { dateFormat: "YYYY/MM/DD", accounts: { Flower: 12 } }])(
    "answers the defaults for what is not a mapping (%j)",
    (stored) => {
      expect(storedMapping(stored)).toEqual(DEFAULT_MAPPING);
    },
  );
});
