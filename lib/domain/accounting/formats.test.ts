import { describe, expect, it } from "vitest";
import {
  type AmountRow,
  EXPORT_FORMATS,
  type ExportFormat,
  exportFileName,
  FORMATS,
  fileBytes,
  iifText,
  isExportFormat,
  XERO_BILLS_PER_FILE,
  XERO_STATEMENT_LINES_PER_FILE,
  xeroRow,
} from "./formats";
import { programOf, storedFormat } from "./format-names";

describe("xeroRow: Quantity × UnitAmount is the row's amount exactly, the sign on the quantity", () => {
  it.each([
    [
      "a price that says the amount",
      { description: "OG Kush", quantity: 3, price: 8_000_000n, cents: 2_400n },
      { quantity: "3", unitAmount: "8.00" },
    ],
    [
      "a discount: one unit, negative",
      { description: "Discount: OG Kush", cents: -300n },
      { quantity: "-1", unitAmount: "3.00" },
    ],
    [
      "a unit price of 4 decimals that says the amount: kept",
      { description: "x", quantity: 100, price: 1_234_500n, cents: 12_345n },
      { quantity: "100", unitAmount: "1.2345" },
    ],
    [
      "a unit price of 5 decimals (Xero takes 4), though exact: one unit of the amount",
      { description: "x", quantity: 1000, price: 1_234_560n, cents: 123_456n },
      { quantity: "1", unitAmount: "1234.56" },
    ],
    [
      "a price that no longer says the amount (the bill's rounding moved it)",
      { description: "x", quantity: 3, price: 2_000_000n, cents: 601n },
      { quantity: "1", unitAmount: "6.01" },
    ],
    ["the charges' row", { description: "Charges", cents: 875n }, { quantity: "1", unitAmount: "8.75" }],
    ["negative charges", { description: "Charges", cents: -875n }, { quantity: "-1", unitAmount: "8.75" }],
    [
      "no units but an amount",
      { description: "x", quantity: 0, price: 5_000_000n, cents: 500n },
      { quantity: "1", unitAmount: "5.00" },
    ],
    [
      "a quantity that is no whole number",
      { description: "x", quantity: 2.5, price: 8_000_000n, cents: 2_000n },
      { quantity: "1", unitAmount: "20.00" },
    ],
    [
      "a return at its unit price: negative units",
      { description: "x", quantity: -2, price: 18_000_000n, cents: -3_600n },
      { quantity: "-2", unitAmount: "18.00" },
    ],
    [
      "a negative price: never a negative unit amount",
      { description: "x", quantity: 2, price: -1_000_000n, cents: -200n },
      { quantity: "-1", unitAmount: "2.00" },
    ],
  ] satisfies [string, AmountRow, ReturnType<typeof xeroRow>][])("%s", (_, row, told) => {
    expect(xeroRow(row)).toEqual(told);
  });
});

describe("iifText: the API's texts in an IIF (memos, numbers), never a name", () => {
  it.each([
    ["plain", "plain"],
    ["a\tb", "a b"],
    ["a\r\nb", "a b"],
    ["a\n\n\tb", "a b"],
    ["a\rb", "a b"],
    ['12" "Tall"', "12' 'Tall'"],
    ["Café, crème", "Café, crème"],
  ])("writes %j as %j", (value, field) => {
    expect(iifText(value)).toBe(field);
  });
});

describe("the formats", () => {
  it("names seven, each a bills or payments file of its program and extension, which invoices it takes and their longest number", () => {
    expect(
      Object.fromEntries(
        EXPORT_FORMATS.map((f) => {
          const { kind, program, extension, perFile, holds, numberLength } = FORMATS[f];
          return [f, [kind, program, extension, perFile, holds, numberLength]];
        }),
      ),
    ).toEqual({
      "qbo-bills": ["bills", "qbo", "csv", undefined, "bill", 21],
      "qbo-vendor-credits": ["bills", "qbo", "csv", undefined, "credit", 21],
      "qbo-payments": ["payments", "qbo", "csv", undefined, undefined, undefined],
      "xero-bills": ["bills", "xero", "csv", XERO_BILLS_PER_FILE, undefined, undefined],
      "xero-bank-statement": ["payments", "xero", "csv", XERO_STATEMENT_LINES_PER_FILE, undefined, undefined],
      iif: ["bills", "qbd", "iif", undefined, undefined, undefined],
      "iif-payments": ["payments", "qbd", "iif", undefined, undefined, undefined],
    });
    expect([XERO_BILLS_PER_FILE, XERO_STATEMENT_LINES_PER_FILE]).toEqual([500, 1000]);
  });

  it.each([
    ["xero-payments", "xero-bank-statement", "xero"],
    ["iif-payments", "iif-payments", "qbd"],
    ["csv", undefined, "qbd"],
  ])("reads a stored format %j as %j, of the program %j", (stored, now, program) => {
    expect([storedFormat(stored), programOf(stored)]).toEqual([now, program]);
  });

  it.each([
    ["qbo-bills", true],
    ["qbo-vendor-credits", true],
    ["xero-bank-statement", true],
    ["xero-payments", false],
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
    ["xero-bank-statement", "xero-bank-statement-2026-10-01-to-2026-10-31.csv"],
    ["iif-payments", "iif-payments-2026-10-01-to-2026-10-31.iif"],
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
    expect([...fileBytes("iif-payments", text)]).toEqual(bytes);
  });

  it("a CSV is UTF-8", () => {
    expect([...fileBytes("qbo-bills", "Café")]).toEqual([67, 97, 102, 0xc3, 0xa9]);
  });
});
