import { describe, expect, it } from "vitest";
import type { BillLine } from "./bills";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportFileName,
  FORMATS,
  fileBytes,
  iifField,
  isExportFormat,
  XERO_BILLS_PER_FILE,
  xeroLine,
} from "./formats";

/** A goods line of the account "5000", its amount and its prices as given. */
function line(fields: Partial<BillLine> & Pick<BillLine, "amountCents">): BillLine {
  return {
    description: "OG Kush 3.5g",
    account: "5000",
    fullCents: fields.amountCents + (fields.discountCents ?? 0n),
    discountCents: 0n,
    rounded: false,
    kind: "goods",
    ...fields,
  };
}

describe("xeroLine: what Xero is told so that its own arithmetic gives the line's amount", () => {
  it.each([
    [
      "12.5% off 8.00: the Discount column",
      line({ quantity: 3, fullPrice: 8_000_000n, unitPrice: 7_000_000n, amountCents: 2_100n, discountCents: 300n }),
      { quantity: "3", unitAmount: "8.00", discount: "12.50" },
    ],
    [
      "a discount that is no percentage of 2 decimals: the net unit price",
      line({ quantity: 3, fullPrice: 3_000_000n, unitPrice: 2_000_000n, amountCents: 600n, discountCents: 300n }),
      { quantity: "3", unitAmount: "2.00", discount: "" },
    ],
    [
      "100% off: Xero takes no 100% discount, the net unit price (0) says it",
      line({ quantity: 2, fullPrice: 10_000_000n, unitPrice: 0n, amountCents: 0n, discountCents: 2_000n }),
      { quantity: "2", unitAmount: "0.00", discount: "" },
    ],
    [
      "a unit price of 4 decimals that says the amount: kept",
      line({ quantity: 100, unitPrice: 1_234_500n, amountCents: 12_345n }),
      { quantity: "100", unitAmount: "1.2345", discount: "" },
    ],
    [
      "a unit price of 5 decimals (Xero takes 4), though exact: one unit of the amount",
      line({ quantity: 1000, unitPrice: 1_234_560n, amountCents: 123_456n }),
      { quantity: "1", unitAmount: "1234.56", discount: "" },
    ],
    [
      "a line the bill's rounding moved: one unit of the amount",
      line({ quantity: 3, unitPrice: 2_000_000n, amountCents: 601n, rounded: true }),
      { quantity: "1", unitAmount: "6.01", discount: "" },
    ],
    [
      "the charges' line",
      { ...line({ amountCents: 875n }), kind: "charges" as const },
      { quantity: "1", unitAmount: "8.75", discount: "" },
    ],
    [
      "no units but an amount",
      line({ quantity: 0, unitPrice: 5_000_000n, amountCents: 500n }),
      { quantity: "1", unitAmount: "5.00", discount: "" },
    ],
    [
      "a quantity that is no whole number",
      line({ quantity: 2.5, unitPrice: 8_000_000n, amountCents: 2_000n }),
      { quantity: "1", unitAmount: "20.00", discount: "" },
    ],
    [
      "a return at its unit price",
      line({ quantity: -2, unitPrice: 18_000_000n, amountCents: -3_600n }),
      { quantity: "-2", unitAmount: "18.00", discount: "" },
    ],
  ] satisfies [string, BillLine, ReturnType<typeof xeroLine>][])("%s", (_, bill, told) => {
    expect(xeroLine(bill)).toEqual(told);
  });
});

describe("iifField", () => {
  it.each([
    ["plain", "plain"],
    ["a\tb", "a b"],
    ["a\r\nb", "a b"],
    ["a\n\n\tb", "a b"],
    ["a\rb", "a b"],
    ['12" "Tall"', "12' 'Tall'"],
    ["Café, crème", "Café, crème"],
  ])("writes %j as %j", (value, field) => {
    expect(iifField(value)).toBe(field);
  });
});

describe("the formats", () => {
  it("names five, each a bills or payments file of its extension", () => {
    expect(
      Object.fromEntries(EXPORT_FORMATS.map((f) => [f, [FORMATS[f].kind, FORMATS[f].extension, FORMATS[f].perFile]])),
    ).toEqual({
      "qbo-bills": ["bills", "csv", undefined],
      "xero-bills": ["bills", "csv", XERO_BILLS_PER_FILE],
      iif: ["bills", "iif", undefined],
      "qbo-payments": ["payments", "csv", undefined],
      "xero-payments": ["payments", "csv", undefined],
    });
    expect(XERO_BILLS_PER_FILE).toBe(500);
  });

  it.each([
    ["qbo-bills", true],
    ["xero-payments", true],
    ["iif", true],
    ["QBO-BILLS", false],
    ["csv", false],
    ["", false],
  ])("isExportFormat(%j) is %s", (text, known) => {
    expect(isExportFormat(text)).toBe(known);
  });

  it.each([
    ["qbo-bills", "qbo-bills-2026-10-01-to-2026-10-31.csv"],
    ["iif", "iif-2026-10-01-to-2026-10-31.iif"],
    ["xero-payments", "xero-payments-2026-10-01-to-2026-10-31.csv"],
  ] satisfies [ExportFormat, string][])("names a %s file %s", (format, name) => {
    expect(exportFileName(format, { from: "2026-10-01", to: "2026-10-31" })).toBe(name);
  });
});

describe("the bytes of a file", () => {
  it.each([
    ["plain ASCII", "Bill INV-1", [66, 105, 108, 108, 32, 73, 78, 86, 45, 49]],
    ["Latin-1 letters", "Café", [67, 97, 102, 233]],
    ["Windows-1252's own (euro, dashes, quotes)", "€ – ’", [0x80, 32, 0x96, 32, 0x92]],
    ["what the code page lacks", "✓ 大", [0x3f, 32, 0x3f]],
  ])("an IIF is Windows-1252: %s", (_, text, bytes) => {
    expect([...fileBytes("iif", text)]).toEqual(bytes);
  });

  it("a CSV is UTF-8", () => {
    expect([...fileBytes("qbo-bills", "Café")]).toEqual([67, 97, 102, 0xc3, 0xa9]);
  });
});
