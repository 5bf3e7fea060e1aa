/**
 * The files each tool imports as it is, written from the bills (`bills.ts`) and the bill payments
 * (`bill-payments.ts`), pure. Every amount is whole cents, written exactly; every file's lines sum to its bills' and
 * payments' totals to the cent (the tests read each file back and reconcile it).
 *
 * - `qbo-bills`: QuickBooks Online's bill import (CSV): Bill No, Vendor, Bill Date, Due Date, Terms, Memo, per line
 *   Account, Product/Service, Line Description, Qty, Rate, Line Amount; a discount is a line of its own (negative, to
 *   the same account). A vendor credit (a return) is in the same file with `Type` "Vendor Credit" and negative amounts:
 *   QuickBooks Online's own bill import refuses a negative bill rather than take it for one (see docs/accounting.md).
 * - `xero-bills`: Xero's bills template (CSV), a line per row repeating the bill's contact and number; the discount is
 *   its `Discount` column (a percentage) where Xero's arithmetic gives the line's amount to the cent, else the line's
 *   net unit price; a negative bill is a credit note. At most 500 bills a file (Xero's limit): more are several files.
 * - `iif`: QuickBooks Desktop's IIF (tab-separated): per bill a `TRNS` line (accounts payable, minus the total), its
 *   `SPL` lines (each line's account, its amount) and `ENDTRNS`, summing to zero; a return is a `BILL REFUND` (a
 *   vendor credit).
 * - `qbo-payments`: QuickBooks Online's bill payments (CSV): a row per bill paid (a vendor credit applied: negative),
 *   with the payment's number, vendor, date, account and total.
 * - `xero-payments`: Xero's payments (CSV): a row per bill and what paid it, from the account, or a credit note.
 */
import { csvField } from "@/lib/format/csv";
import { allocateCredits, type BillPayment } from "./bill-payments";
import type { Bill, BillLine } from "./bills";
import { type ExportFormat, formatChoice } from "./format-names";
import { type AccountingMapping, type DateFormat, formatBookDay } from "./mapping";
import { centsText, decimalsOf, microsOfCents, priceText } from "./money";
import { plural } from "@/lib/format/plural";

export { EXPORT_FORMATS, type ExportFormat, isExportFormat } from "./format-names";

/** Xero's limit of bills in one imported file. */
export const XERO_BILLS_PER_FILE = 500;

export interface FormatInfo {
  label: string;
  /** What the file holds: the bills (and vendor credits), or the bill payments. */
  kind: "bills" | "payments";
  extension: "csv" | "iif";
  contentType: string;
  /** Bills a file holds at most (more are several files). */
  perFile?: number;
}

export const FORMATS: Record<ExportFormat, FormatInfo> = {
  "qbo-bills": {
    label: formatChoice("qbo-bills").label,
    kind: formatChoice("qbo-bills").kind,
    extension: "csv",
    contentType: CSV(),
  },
  "xero-bills": {
    label: formatChoice("xero-bills").label,
    kind: formatChoice("xero-bills").kind,
    extension: "csv",
    contentType: CSV(),
    perFile: XERO_BILLS_PER_FILE,
  },
  iif: {
    label: formatChoice("iif").label,
    kind: formatChoice("iif").kind,
    extension: "iif",
    contentType: "text/plain; charset=windows-1252",
  },
  "qbo-payments": {
    label: formatChoice("qbo-payments").label,
    kind: formatChoice("qbo-payments").kind,
    extension: "csv",
    contentType: CSV(),
  },
  "xero-payments": {
    label: formatChoice("xero-payments").label,
    kind: formatChoice("xero-payments").kind,
    extension: "csv",
    contentType: CSV(),
  },
};

function CSV(): string {
  return "text/csv; charset=utf-8";
}

/**
 * How many files a format's bills make, and the bills of one (1-based).
 *
 * @example
 * partsOf("xero-bills", 501); // 2
 * partOf("xero-bills", bills, 2); // the 501st bill on
 */
export function partsOf(format: ExportFormat, count: number): number {
  const per = FORMATS[format].perFile;
  return per ? Math.max(1, Math.ceil(count / per)) : 1;
}

export function partOf<T>(format: ExportFormat, items: readonly T[], part: number): T[] {
  const per = FORMATS[format].perFile;
  return per ? items.slice((part - 1) * per, part * per) : [...items];
}

/**
 * The file's name: the format, the period, the part of several.
 *
 * @example
 * exportFileName("xero-bills", { from: "2026-10-01", to: "2026-10-31", part: 1, parts: 2 });
 * // "xero-bills-2026-10-01-to-2026-10-31-part-1-of-2.csv"
 */
export function exportFileName(
  format: ExportFormat,
  options: { from: string; to: string; part?: number; parts?: number },
): string {
  const part = options.parts && options.parts > 1 ? `-part-${options.part ?? 1}-of-${options.parts}` : "";
  return `${format}-${options.from}-to-${options.to}${part}.${FORMATS[format].extension}`;
}

const CRLF = "\r\n";

function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join(CRLF) + CRLF;
}

function memoOf(bill: Bill): string {
  return [bill.customerName, bill.poNum && `PO ${bill.poNum}`, bill.memo].filter(Boolean).join(" · ");
}

/** The quantity and unit price that say a line's amount exactly, or none (the amount alone says it). */
function exactly(quantity: number | undefined, price: bigint | undefined, cents: bigint) {
  // A quantity that is no whole number (NumUnits is a JSON number) is left to the amount: BigInt(2.5) throws.
  if (quantity === undefined || price === undefined || quantity === 0 || !Number.isInteger(quantity)) return undefined;
  return price * BigInt(quantity) === microsOfCents(cents)
    ? { quantity: String(quantity), rate: priceText(price) }
    : undefined;
}

// QuickBooks Online: bills.

export const QBO_BILL_COLUMNS = [
  "Bill No",
  "Vendor",
  "Bill Date",
  "Due Date",
  "Terms",
  "Memo",
  "Type",
  "Account",
  "Product/Service",
  "Line Description",
  "Qty",
  "Rate",
  "Line Amount",
] as const;

/** A bill's lines as rows of amounts: each goods line, then its discount (negative), then the charges. */
function amountRows(line: BillLine): { description: string; quantity?: number; price?: bigint; cents: bigint }[] {
  if (line.discountCents === 0n || line.kind === "charges")
    return [{ description: line.description, quantity: line.quantity, price: line.unitPrice, cents: line.amountCents }];
  return [
    { description: line.description, quantity: line.quantity, price: line.fullPrice, cents: line.fullCents },
    { description: `Discount: ${line.description}`, cents: -line.discountCents },
  ];
}

function qboBillsRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const bill of bills) {
    for (const line of bill.lines) {
      for (const row of amountRows(line)) {
        const exact = exactly(row.quantity, row.price, row.cents);
        rows.push([
          bill.number,
          mapping.vendorName,
          formatBookDay(bill.day, mapping.dateFormat),
          formatBookDay(bill.dueDay, mapping.dateFormat),
          bill.terms ?? "",
          memoOf(bill),
          bill.kind === "credit" ? "Vendor Credit" : "Bill",
          line.account,
          "",
          row.description,
          exact?.quantity ?? "",
          exact?.rate ?? "",
          centsText(row.cents),
        ]);
      }
    }
  }
  return rows;
}

export function qboBills(bills: readonly Bill[], mapping: AccountingMapping): string {
  return csv(QBO_BILL_COLUMNS, qboBillsRows(bills, mapping));
}

// Xero: bills.

export const XERO_BILL_COLUMNS = [
  "*ContactName",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
] as const;

/** Half away from zero: `numerator / denominator` to a whole number. */
function roundDivide(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n + d / 2n) / d;
  return negative ? -q : q;
}

/**
 * How Xero is told a line so that its own arithmetic (quantity × unit amount × (1 − discount %), to the cent; unit
 * amounts of up to 4 decimals, discounts of up to 2) gives the line's amount: with its discount, else at its net unit
 * price, else as one unit of the whole amount.
 */
export function xeroLine(line: BillLine): { quantity: string; unitAmount: string; discount: string } {
  const { quantity, fullPrice, unitPrice, amountCents } = line;
  // Only a whole quantity (BigInt(2.5) throws): Xero is told any other as one unit of the amount.
  if (
    quantity !== undefined &&
    quantity !== 0 &&
    Number.isInteger(quantity) &&
    line.kind === "goods" &&
    !line.rounded
  ) {
    const units = BigInt(quantity);
    if (line.discountCents !== 0n && fullPrice !== undefined && fullPrice !== 0n && decimalsOf(fullPrice) <= 4) {
      const discount = fullPrice - (unitPrice ?? fullPrice);
      // The discount in hundredths of a percent, when exact.
      if ((discount * 10_000n) % fullPrice === 0n) {
        const hundredths = (discount * 10_000n) / fullPrice;
        const cents = roundDivide(units * fullPrice * (10_000n - hundredths), 10_000n * 10_000n);
        if (hundredths > 0n && hundredths < 10_000n && cents === amountCents)
          return {
            quantity: String(quantity),
            unitAmount: priceText(fullPrice),
            discount: (Number(hundredths) / 100).toFixed(2),
          };
      }
    }
    if (unitPrice !== undefined && decimalsOf(unitPrice) <= 4 && unitPrice * units === microsOfCents(amountCents))
      return { quantity: String(quantity), unitAmount: priceText(unitPrice), discount: "" };
  }
  return { quantity: "1", unitAmount: centsText(amountCents), discount: "" };
}

function xeroBillsRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const bill of bills) {
    for (const line of bill.lines) {
      const told = xeroLine(line);
      const description =
        told.quantity === "1" && line.quantity !== undefined && line.quantity !== 1 && line.kind === "goods"
          ? `${line.description} (${plural(line.quantity, "unit")})`
          : line.description;
      rows.push([
        mapping.vendorName,
        bill.number,
        bill.poNum ?? "",
        formatBookDay(bill.day, mapping.dateFormat),
        formatBookDay(bill.dueDay, mapping.dateFormat),
        description,
        told.quantity,
        told.unitAmount,
        told.discount,
        line.account,
        mapping.taxCode,
      ]);
    }
  }
  return rows;
}

export function xeroBills(bills: readonly Bill[], mapping: AccountingMapping): string {
  return csv(XERO_BILL_COLUMNS, xeroBillsRows(bills, mapping));
}

// QuickBooks Desktop: IIF.

export const IIF_HEADER = [
  ["!TRNS", "TRNSID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO", "DUEDATE", "TERMS"],
  ["!SPL", "SPLID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"],
  ["!ENDTRNS"],
] as const;

/** A field of an IIF line: tabs and line ends would split it, and a double quote ends a quoted text there. */
export function iifField(value: string): string {
  return value
    .replace(/[\t\r\n]+/g, " ")
    .replace(/"/g, "'")
    .replace(/ · /g, " - ")
    .replace(/ × /g, " x ");
}

/** Windows-1252's characters at 0x80 to 0x9F (where Latin-1 has control codes), by their code point. */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/**
 * Text as Windows-1252 bytes: QuickBooks Desktop reads an IIF in the computer's ANSI code page, not UTF-8 (a UTF-8
 * "é" would come in as "Ã©"). A character the code page lacks is "?".
 *
 * @example
 * windows1252("Café – 12 €"); // Uint8Array [67, 97, 102, 233, 32, 150, 32, 49, 50, 32, 128]
 */
export function windows1252(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(CP1252_HIGH[code] ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}

/** QuickBooks Desktop reads dates by the computer's settings: month or day first; never YYYY-MM-DD. */
function iifDate(day: string, format: DateFormat): string {
  return formatBookDay(day, format === "DD/MM/YYYY" ? format : "MM/DD/YYYY");
}

function iifRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const lines: string[][] = [];
  for (const bill of bills) {
    const type = bill.kind === "credit" ? "BILL REFUND" : "BILL";
    const date = iifDate(bill.day, mapping.dateFormat);
    lines.push([
      "TRNS",
      "",
      type,
      date,
      mapping.payablesAccount,
      mapping.vendorName,
      centsText(-bill.totalCents),
      bill.number,
      memoOf(bill),
      iifDate(bill.dueDay, mapping.dateFormat),
      bill.terms ?? "",
    ]);
    for (const line of bill.lines)
      for (const row of amountRows(line)) {
        const exact = exactly(row.quantity, row.price, row.cents);
        const memo =
          exact && row.quantity !== 1 ? `${row.description} (${exact.quantity} × ${exact.rate})` : row.description;
        lines.push(["SPL", "", type, date, line.account, "", centsText(row.cents), bill.number, memo]);
      }
    lines.push(["ENDTRNS"]);
  }
  return lines.map((fields) => fields.map(iifField));
}

export function iif(bills: readonly Bill[], mapping: AccountingMapping): string {
  return (
    [...IIF_HEADER.map((h) => [...h]), ...iifRows(bills, mapping)]
      .map((fields) => fields.map(iifField).join("\t"))
      .join(CRLF) + CRLF
  );
}

// QuickBooks Online: bill payments.

export const QBO_PAYMENT_COLUMNS = [
  "Bill Payment No",
  "Vendor",
  "Payment Date",
  "Payment Account",
  "Memo",
  "Bill No",
  "Type",
  "Line Amount",
  "Total Amount",
] as const;

function qboPaymentsRows(payments: readonly BillPayment[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const payment of payments)
    for (const paid of payment.applications)
      rows.push([
        payment.reference,
        mapping.vendorName,
        formatBookDay(payment.day, mapping.dateFormat),
        payment.account,
        payment.memo,
        paid.billNumber,
        paid.amountCents < 0n ? "Vendor Credit" : "Bill",
        centsText(paid.amountCents),
        centsText(payment.totalCents),
      ]);
  return rows;
}

export function qboPayments(payments: readonly BillPayment[], mapping: AccountingMapping): string {
  return csv(QBO_PAYMENT_COLUMNS, qboPaymentsRows(payments, mapping));
}

// Xero: payments.

export const XERO_PAYMENT_COLUMNS = [
  "*InvoiceNumber",
  "CreditNoteNumber",
  "*Date",
  "*Amount",
  "AccountCode",
  "Reference",
] as const;

function xeroPaymentsRows(payments: readonly BillPayment[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const payment of payments) {
    const date = formatBookDay(payment.day, mapping.dateFormat);
    for (const bill of allocateCredits(payment)) {
      for (const credit of bill.credits)
        rows.push([bill.billNumber, credit.creditNumber, date, centsText(credit.cents), "", payment.reference]);
      if (bill.fromAccountCents !== 0n)
        rows.push([bill.billNumber, "", date, centsText(bill.fromAccountCents), payment.account, payment.reference]);
    }
  }
  return rows;
}

export function xeroPayments(payments: readonly BillPayment[], mapping: AccountingMapping): string {
  return csv(XERO_PAYMENT_COLUMNS, xeroPaymentsRows(payments, mapping));
}

/**
 * A file of a bills format.
 *
 * @example
 * billsFile("iif", bills, mapping);
 */
export function billsFile(format: ExportFormat, bills: readonly Bill[], mapping: AccountingMapping): string {
  if (format === "qbo-bills") return qboBills(bills, mapping);
  if (format === "xero-bills") return xeroBills(bills, mapping);
  if (format === "iif") return iif(bills, mapping);
  throw new RangeError(`${format} is a payments format`);
}

export function paymentsFile(
  format: ExportFormat,
  payments: readonly BillPayment[],
  mapping: AccountingMapping,
): string {
  if (format === "qbo-payments") return qboPayments(payments, mapping);
  if (format === "xero-payments") return xeroPayments(payments, mapping);
  throw new RangeError(`${format} is a bills format`);
}

/** A file as a table: its header and its rows, as written (the page's preview shows the first rows). */
export interface FileTable {
  header: string[];
  rows: string[][];
}

/**
 * The table of a file of bills or bill payments, as the file holds it.
 *
 * @example
 * fileTable("qbo-bills", { bills }, mapping).rows.slice(0, 10);
 */
export function fileTable(
  format: ExportFormat,
  items: { bills?: readonly Bill[]; payments?: readonly BillPayment[] },
  mapping: AccountingMapping,
): FileTable {
  const bills = items.bills ?? [];
  const payments = items.payments ?? [];
  switch (format) {
    case "qbo-bills":
      return { header: [...QBO_BILL_COLUMNS], rows: qboBillsRows(bills, mapping) };
    case "xero-bills":
      return { header: [...XERO_BILL_COLUMNS], rows: xeroBillsRows(bills, mapping) };
    case "iif":
      // The TRNS header names the columns; the SPL lines share them but the last two (DUEDATE, TERMS).
      return { header: [...IIF_HEADER[0]], rows: iifRows(bills, mapping) };
    case "qbo-payments":
      return { header: [...QBO_PAYMENT_COLUMNS], rows: qboPaymentsRows(payments, mapping) };
    case "xero-payments":
      return { header: [...XERO_PAYMENT_COLUMNS], rows: xeroPaymentsRows(payments, mapping) };
  }
}

/**
 * A file's bytes as its tool reads them: an IIF in Windows-1252 (QuickBooks Desktop's ANSI), the CSVs in UTF-8.
 *
 * @example
 * fileBytes("iif", text); // Windows-1252
 */
export function fileBytes(format: ExportFormat, text: string): Uint8Array {
  return format === "iif" ? windows1252(text) : new TextEncoder().encode(text);
}
