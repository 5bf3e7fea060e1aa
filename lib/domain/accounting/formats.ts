/**
 * The files each program imports as it is, written from the bills (`bills.ts`) and the payments
 * (`bill-payments.ts`), pure. Every amount is whole cents, written exactly; every file's lines sum to its bills' and
 * payments' totals to the cent (the tests read each file back and reconcile it). Each cell is written as it is (the
 * house CSV writer with its spreadsheet guard off: a program, not a spreadsheet, reads these files), and a name (the
 * vendor's, an account's) always exactly as the mapping holds it: one a program could not carry is refused when the
 * mapping is saved (`nameProblem`), never changed here. The published source of every column and rule is in
 * docs/accounting.md.
 *
 * - `qbo-bills`: QuickBooks Online's bills (CSV), bills only: a row per line, the bill's columns repeated; a discount
 *   is a line of its own (negative, to the same account). Bill importers refuse a negative bill.
 * - `qbo-vendor-credits`: QuickBooks Online's vendor credits (CSV), the returns, their amounts positive.
 * - `xero-bills`: Xero's bills template (CSV), a row per line repeating the bill's contact, number and dates; Xero's
 *   bills take no discount, so a discount is a line of its own, and every line is told so that Quantity × UnitAmount is
 *   its amount exactly; a credit (a return) is negative quantities, which Xero imports as a credit note. At most 500
 *   bills a file (Xero's limit): more are several files.
 * - `iif`: QuickBooks Desktop's IIF (tab-separated): per bill a `TRNS` line (accounts payable, minus the total), its
 *   `SPL` lines (each line's account, its amount) and `ENDTRNS`, summing to zero; a return is a `BILL REFUND` (a
 *   vendor credit). Dates month first, as QuickBooks Desktop reads an IIF.
 * - `qbo-payments`: QuickBooks Online's bill payments (CSV): a payment's rows consecutive under its number, one per
 *   bill it pays (a credit netted: negative) and the rest to the prepayments account, summing to its total.
 * - `xero-bank-statement`: Xero's bank statement (CSV): a line per payment from the bank, money out negative. Xero
 *   imports no payments: its reconciliation matches each line with the bills it pays.
 * - `iif-payments`: QuickBooks Desktop's IIF: a payment is a `BILLPMT` out of the bank, its splits on accounts payable
 *   (one per bill) and the prepayments account; a returned payment a `DEPOSIT`.
 *
 * QuickBooks' files name accounts by the mapping's QuickBooks names and write dates month first; Xero's name them by
 * the mapping's Xero codes and write dates as the mapping says.
 */
import { csvLine } from "@/lib/format/csv";
import { plural } from "@/lib/format/plural";
import type { BillPayment, PaymentLine } from "./bill-payments";
import type { Bill, BillLine, HeldBill } from "./bills";
import { type ExportFormat, formatChoice, type Program } from "./format-names";
import { type AccountingMapping, type DateFormat, formatBookDay, xeroAccountFor } from "./mapping";
import { centsText, decimalsOf, microsOfCents, priceText } from "./money";

export { EXPORT_FORMATS, type ExportFormat, isExportFormat, type Program } from "./format-names";

/** Xero's limit of bills in one imported file. */
export const XERO_BILLS_PER_FILE = 500;
/** Xero's limit of lines in one imported bank statement. */
export const XERO_STATEMENT_LINES_PER_FILE = 1000;
/** The longest bill or vendor credit number QuickBooks Online takes (its `DocNumber`: 21 characters). */
export const QBO_NUMBER_LENGTH = 21;
/** How QuickBooks reads its files' dates: month first, always. */
const QUICKBOOKS_DATES: DateFormat = "MM/DD/YYYY";

export interface FormatInfo {
  label: string;
  /** What the file holds: the invoices (as bills, vendor credits or both), or the payments. */
  kind: "bills" | "payments";
  /** The program whose books it goes into: each keeps its own marks of what it holds. */
  program: Program;
  extension: "csv" | "iif";
  contentType: string;
  /** Bills (or a statement's lines) a file holds at most: more are several files. */
  perFile?: number;
  /** The invoices the file takes: bills only, or vendor credits only; both when absent. */
  holds?: Bill["kind"];
  /** The longest bill number the program takes: a longer one is refused, the invoice named. */
  numberLength?: number;
}

const CSV_TYPE = "text/csv; charset=utf-8";
const IIF_TYPE = "text/plain; charset=windows-1252";

function info(format: ExportFormat, rest: Omit<FormatInfo, "label" | "kind" | "program">): FormatInfo {
  const choice = formatChoice(format);
  return { label: choice.label, kind: choice.kind, program: choice.program, ...rest };
}

export const FORMATS: Record<ExportFormat, FormatInfo> = {
  "qbo-bills": info("qbo-bills", {
    extension: "csv",
    contentType: CSV_TYPE,
    holds: "bill",
    numberLength: QBO_NUMBER_LENGTH,
  }),
  "qbo-vendor-credits": info("qbo-vendor-credits", {
    extension: "csv",
    contentType: CSV_TYPE,
    holds: "credit",
    numberLength: QBO_NUMBER_LENGTH,
  }),
  "xero-bills": info("xero-bills", { extension: "csv", contentType: CSV_TYPE, perFile: XERO_BILLS_PER_FILE }),
  iif: info("iif", { extension: "iif", contentType: IIF_TYPE }),
  "qbo-payments": info("qbo-payments", { extension: "csv", contentType: CSV_TYPE }),
  "xero-bank-statement": info("xero-bank-statement", {
    extension: "csv",
    contentType: CSV_TYPE,
    perFile: XERO_STATEMENT_LINES_PER_FILE,
  }),
  "iif-payments": info("iif-payments", { extension: "iif", contentType: IIF_TYPE }),
};

/**
 * The bills a format's file takes (its kind: bills, vendor credits or both), and those it refuses, each named with
 * why (a number longer than the program takes).
 *
 * @example
 * billsFor("qbo-vendor-credits", bills).bills; // the returns only
 */
export function billsFor(format: ExportFormat, bills: readonly Bill[]): { bills: Bill[]; refused: HeldBill[] } {
  const { holds, numberLength, label } = FORMATS[format];
  const taken = bills.filter((bill) => holds === undefined || bill.kind === holds);
  if (numberLength === undefined) return { bills: taken, refused: [] };
  const refused = taken
    .filter((bill) => bill.number.length > numberLength)
    .map((bill) => ({
      invoiceId: bill.invoiceId,
      number: bill.number,
      customerName: bill.customerName,
      reason: `its number has ${bill.number.length} characters and ${label} takes at most ${numberLength}: enter it by hand`,
    }));
  return { bills: taken.filter((bill) => bill.number.length <= numberLength), refused };
}

/** The bills formats of each program: together, every bill its books hold. */
const BILLS_FORMATS: Record<Program, ExportFormat[]> = {
  qbo: ["qbo-bills", "qbo-vendor-credits"],
  qbd: ["iif"],
  xero: ["xero-bills"],
};

/**
 * The bills a program's bills files take (a vendor credit among them), by number: what a payment's line may name; and
 * those its files refuse, each with why (a number the program does not take). One held back (an update being applied)
 * is neither: `billsOf` holds it back before.
 *
 * @example
 * billsInBooks(billsOf(targets, mapping, everyDay).bills, "qbo").numbers.has("INV-129935"); // false while it is held
 */
export function billsInBooks(bills: readonly Bill[], program: Program): { numbers: Set<string>; refused: HeldBill[] } {
  const taken = BILLS_FORMATS[program].map((format) => billsFor(format, bills));
  return {
    numbers: new Set(taken.flatMap((t) => t.bills.map((b) => b.number))),
    refused: taken.flatMap((t) => t.refused),
  };
}

/**
 * How many files a format's bills (or a statement's payments) make, and those of one (1-based).
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

/** A file a program imports: every cell as it is, quoted only where RFC 4180 needs it (no spreadsheet guard). */
function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => csvLine(row, { formulaGuard: false })).join("");
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

/** A row of amounts of a bill: a goods line at full price, its discount, or the charges. */
export interface AmountRow {
  description: string;
  quantity?: number;
  price?: bigint;
  cents: bigint;
}

/** A bill's lines as rows of amounts: each goods line, then its discount (negative), then the charges. */
function amountRows(line: BillLine): AmountRow[] {
  if (line.discountCents === 0n || line.kind === "charges")
    return [{ description: line.description, quantity: line.quantity, price: line.unitPrice, cents: line.amountCents }];
  return [
    { description: line.description, quantity: line.quantity, price: line.fullPrice, cents: line.fullCents },
    { description: `Discount: ${line.description}`, cents: -line.discountCents },
  ];
}

/** A row of a vendor credit: its amount and units the other way round (a return's are negative in a bill). */
function credited(row: AmountRow): AmountRow {
  return { ...row, quantity: row.quantity === undefined ? undefined : -row.quantity, cents: -row.cents };
}

// QuickBooks Online: bills, and vendor credits.

export const QBO_BILL_COLUMNS = [
  "Bill No",
  "Vendor",
  "Bill Date",
  "Due Date",
  "Terms",
  "Memo",
  "Account",
  "Product/Service",
  "Line Description",
  "Qty",
  "Rate",
  "Line Amount",
] as const;

/** The line's columns of QuickBooks Online's bills and vendor credits: account, description, Qty × Rate, amount. */
function qboLineCells(line: BillLine, row: AmountRow): string[] {
  const exact = exactly(row.quantity, row.price, row.cents);
  return [line.account, "", row.description, exact?.quantity ?? "", exact?.rate ?? "", centsText(row.cents)];
}

function qboBillsRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const bill of bills.filter((b) => b.kind === "bill")) {
    const head = [
      bill.number,
      mapping.vendorName,
      formatBookDay(bill.day, QUICKBOOKS_DATES),
      formatBookDay(bill.dueDay, QUICKBOOKS_DATES),
      bill.terms ?? "",
      memoOf(bill),
    ];
    for (const line of bill.lines) for (const row of amountRows(line)) rows.push([...head, ...qboLineCells(line, row)]);
  }
  return rows;
}

export function qboBills(bills: readonly Bill[], mapping: AccountingMapping): string {
  return csv(QBO_BILL_COLUMNS, qboBillsRows(bills, mapping));
}

export const QBO_VENDOR_CREDIT_COLUMNS = [
  "Vendor Credit No",
  "Vendor",
  "Credit Date",
  "Memo",
  "Account",
  "Product/Service",
  "Line Description",
  "Qty",
  "Rate",
  "Line Amount",
] as const;

function qboVendorCreditsRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const bill of bills.filter((b) => b.kind === "credit")) {
    const head = [bill.number, mapping.vendorName, formatBookDay(bill.day, QUICKBOOKS_DATES), memoOf(bill)];
    for (const line of bill.lines)
      for (const row of amountRows(line)) rows.push([...head, ...qboLineCells(line, credited(row))]);
  }
  return rows;
}

export function qboVendorCredits(bills: readonly Bill[], mapping: AccountingMapping): string {
  return csv(QBO_VENDOR_CREDIT_COLUMNS, qboVendorCreditsRows(bills, mapping));
}

// Xero: bills.

/** Xero's bills import template, its columns in its order (`*`: required). */
export const XERO_BILL_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "*InvoiceDate",
  "*DueDate",
  "Total",
  "InventoryItemCode",
  "Description",
  "*Quantity",
  "*UnitAmount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
] as const;

/** Unit amounts Xero takes: up to 4 decimals. */
const XERO_UNIT_DECIMALS = 4;

/**
 * How Xero is told a row so that Quantity × UnitAmount is its amount exactly: its units at its price where that says
 * it (a price of at most 4 decimals), else one unit of the whole amount, the sign on the quantity (a credit's rows are
 * negative quantities, Xero's credit note).
 *
 * @example
 * xeroRow({ description: "OG Kush", quantity: 10, price: 12_500_000n, cents: 12_500n }); // { quantity: "10", unitAmount: "12.50" }
 * xeroRow({ description: "Discount: OG Kush", cents: -1_250n }); // { quantity: "-1", unitAmount: "12.50" }
 */
export function xeroRow(row: AmountRow): { quantity: string; unitAmount: string } {
  const exact = exactly(row.quantity, row.price, row.cents);
  if (exact && row.price !== undefined && row.price >= 0n && decimalsOf(row.price) <= XERO_UNIT_DECIMALS)
    return { quantity: exact.quantity, unitAmount: exact.rate };
  const negative = row.cents < 0n;
  return { quantity: negative ? "-1" : "1", unitAmount: centsText(negative ? -row.cents : row.cents) };
}

/** A row told as one unit of its amount says its units in its description ("(12 units)"). */
function xeroDescription(row: AmountRow, quantity: string): string {
  const units = row.quantity;
  if (units === undefined || Math.abs(units) === 1 || String(units) === quantity) return row.description;
  return `${row.description} (${plural(Math.abs(units), "unit")})`;
}

function xeroBillsRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  const contact = [mapping.vendorName, "", "", "", "", "", "", "", "", ""];
  for (const bill of bills) {
    const dates = [formatBookDay(bill.day, mapping.dateFormat), formatBookDay(bill.dueDay, mapping.dateFormat)];
    for (const line of bill.lines) {
      const account = xeroAccountFor(mapping, line.kind === "charges" ? undefined : line.productType);
      for (const row of amountRows(line)) {
        const told = xeroRow(row);
        rows.push([
          ...contact,
          bill.number,
          ...dates,
          "",
          "",
          xeroDescription(row, told.quantity),
          told.quantity,
          told.unitAmount,
          account,
          mapping.xeroTaxType,
          "",
          "",
          "",
          "",
          "",
          "",
        ]);
      }
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

/**
 * A text of the API's in an IIF line (a memo, a number, a product's name): tabs and line ends would split the line,
 * and a double quote opens a quoted text there, so those are made plain. Never a name (the vendor's, an account's): a
 * name changed is another vendor or account to QuickBooks Desktop, so a name it cannot carry is refused when the
 * mapping is saved (`nameProblem`) and the file is not written with it (`mappingGaps`).
 *
 * @example
 * iifText('OG Kush "Indoor"\t3.5g'); // "OG Kush 'Indoor' 3.5g"
 */
export function iifText(value: string): string {
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

/** QuickBooks Desktop reads an IIF's dates as US dates, month first, whatever the computer's settings. */
function iifDate(day: string): string {
  return formatBookDay(day, QUICKBOOKS_DATES);
}

function iifRows(bills: readonly Bill[], mapping: AccountingMapping): string[][] {
  const lines: string[][] = [];
  for (const bill of bills) {
    const type = bill.kind === "credit" ? "BILL REFUND" : "BILL";
    const date = iifDate(bill.day);
    lines.push([
      "TRNS",
      "",
      type,
      date,
      mapping.payablesAccount,
      mapping.vendorName,
      centsText(-bill.totalCents),
      iifText(bill.number),
      iifText(memoOf(bill)),
      iifDate(bill.dueDay),
      iifText(bill.terms ?? ""),
    ]);
    for (const line of bill.lines)
      for (const row of amountRows(line)) {
        const exact = exactly(row.quantity, row.price, row.cents);
        const memo =
          exact && row.quantity !== 1 ? `${row.description} (${exact.quantity} × ${exact.rate})` : row.description;
        lines.push([
          "SPL",
          "",
          type,
          date,
          line.account,
          "",
          centsText(row.cents),
          iifText(bill.number),
          iifText(memo),
        ]);
      }
    lines.push(["ENDTRNS"]);
  }
  return lines;
}

/** An IIF file: its headers, then its lines, tab-separated, each ended by CRLF. */
function iifFile(header: readonly (readonly string[])[], lines: readonly string[][]): string {
  return [...header, ...lines].map((fields) => fields.join("\t")).join(CRLF) + CRLF;
}

export function iif(bills: readonly Bill[], mapping: AccountingMapping): string {
  return iifFile(IIF_HEADER, iifRows(bills, mapping));
}

// Payments: QuickBooks Online's bill payments, Xero's bank statement, QuickBooks Desktop's IIF.

/** A payment's number in a file: an application of its prepayment is a bill payment of its own, numbered by its day. */
function paymentNumber(payment: BillPayment): string {
  return payment.kind === "applied" ? `${payment.reference}-${payment.day.replaceAll("-", "")}` : payment.reference;
}

/** What a payment pays from: the bank, the credits account (a brand's credit), or the prepayment (applied later). */
function paidFrom(payment: BillPayment, mapping: AccountingMapping): string {
  if (payment.kind === "applied") return mapping.prepaymentsAccount;
  return payment.brandCredit ? mapping.creditsAccount : mapping.bankAccount;
}

/** The account a payment's line goes to: accounts payable (a bill, a credit, money returned), or the prepayment. */
function lineAccount(line: PaymentLine, mapping: AccountingMapping): string {
  return line.kind === "prepayment" ? mapping.prepaymentsAccount : mapping.payablesAccount;
}

const LINE_TYPES: Record<PaymentLine["kind"], string> = {
  bill: "Bill",
  credit: "Vendor Credit",
  prepayment: "Prepayment",
  returned: "Returned payment",
};

export const QBO_PAYMENT_COLUMNS = [
  "Bill Payment No",
  "Vendor",
  "Payment Date",
  "Payment Account",
  "Memo",
  "Bill No",
  "Type",
  "Account",
  "Line Amount",
  "Total Amount",
] as const;

function qboPaymentsRows(payments: readonly BillPayment[], mapping: AccountingMapping): string[][] {
  const rows: string[][] = [];
  for (const payment of payments) {
    const head = [
      paymentNumber(payment),
      mapping.vendorName,
      formatBookDay(payment.day, QUICKBOOKS_DATES),
      paidFrom(payment, mapping),
      payment.memo,
    ];
    for (const line of payment.lines)
      rows.push([
        ...head,
        line.billNumber ?? "",
        LINE_TYPES[line.kind],
        lineAccount(line, mapping),
        centsText(line.amountCents),
        centsText(payment.totalCents),
      ]);
  }
  return rows;
}

export function qboPayments(payments: readonly BillPayment[], mapping: AccountingMapping): string {
  return csv(QBO_PAYMENT_COLUMNS, qboPaymentsRows(payments, mapping));
}

/** Xero's bank statement import template: its columns (`*`: required), the cheque number's left out. */
export const XERO_STATEMENT_COLUMNS = ["*Date", "*Amount", "Payee", "Description", "Reference"] as const;

/** What a payment paid, in a statement line's words: each bill and its amount, the prepayment, the money returned. */
function paidWords(payment: BillPayment): string {
  const lines = payment.lines.map((line) => {
    const amount = centsText(line.amountCents);
    if (line.kind === "bill") return `${line.billNumber} ${amount}`;
    if (line.kind === "credit") return `credit ${line.billNumber} ${amount}`;
    if (line.kind === "prepayment") return `prepaid ${amount}`;
    return "payment returned";
  });
  return [payment.memo, lines.join("; ")].filter(Boolean).join(": ");
}

/** The statement's lines: the payments from the bank (a brand's credit never passes through it). */
export function statementPayments(payments: readonly BillPayment[]): BillPayment[] {
  return payments.filter((p) => p.kind === "payment" && !p.brandCredit);
}

function xeroStatementRows(payments: readonly BillPayment[], mapping: AccountingMapping): string[][] {
  return statementPayments(payments).map((payment) => [
    formatBookDay(payment.day, mapping.dateFormat),
    // Money out of the bank is negative; a returned payment, money in.
    centsText(-payment.totalCents),
    mapping.vendorName,
    paidWords(payment),
    payment.reference,
  ]);
}

export function xeroBankStatement(payments: readonly BillPayment[], mapping: AccountingMapping): string {
  return csv(XERO_STATEMENT_COLUMNS, xeroStatementRows(payments, mapping));
}

export const IIF_PAYMENT_HEADER = [
  ["!TRNS", "TRNSID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"],
  ["!SPL", "SPLID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO"],
  ["!ENDTRNS"],
] as const;

const IIF_LINE_MEMOS: Record<PaymentLine["kind"], (line: PaymentLine) => string> = {
  bill: (line) => `Bill ${line.billNumber}`,
  credit: (line) => `Vendor credit ${line.billNumber}`,
  prepayment: () => "Prepayment: not yet applied to a bill",
  returned: () => "Payment returned",
};

function iifPaymentsRows(payments: readonly BillPayment[], mapping: AccountingMapping): string[][] {
  const lines: string[][] = [];
  for (const payment of payments) {
    // A payment returned is money into the bank: a deposit, its split on accounts payable (the vendor is owed again).
    const type = payment.kind === "payment" && payment.totalCents < 0n ? "DEPOSIT" : "BILLPMT";
    const date = iifDate(payment.day);
    const number = iifText(payment.reference);
    lines.push([
      "TRNS",
      "",
      type,
      date,
      paidFrom(payment, mapping),
      mapping.vendorName,
      centsText(-payment.totalCents),
      number,
      iifText(payment.memo),
    ]);
    for (const line of payment.lines)
      lines.push([
        "SPL",
        "",
        type,
        date,
        lineAccount(line, mapping),
        mapping.vendorName,
        centsText(line.amountCents),
        line.billNumber ? iifText(line.billNumber) : number,
        iifText(IIF_LINE_MEMOS[line.kind](line)),
      ]);
    lines.push(["ENDTRNS"]);
  }
  return lines;
}

export function iifPayments(payments: readonly BillPayment[], mapping: AccountingMapping): string {
  return iifFile(IIF_PAYMENT_HEADER, iifPaymentsRows(payments, mapping));
}

/**
 * A file of a bills format.
 *
 * @example
 * billsFile("iif", bills, mapping);
 */
export function billsFile(format: ExportFormat, bills: readonly Bill[], mapping: AccountingMapping): string {
  if (format === "qbo-bills") return qboBills(bills, mapping);
  if (format === "qbo-vendor-credits") return qboVendorCredits(bills, mapping);
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
  if (format === "xero-bank-statement") return xeroBankStatement(payments, mapping);
  if (format === "iif-payments") return iifPayments(payments, mapping);
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
    case "qbo-vendor-credits":
      return { header: [...QBO_VENDOR_CREDIT_COLUMNS], rows: qboVendorCreditsRows(bills, mapping) };
    case "xero-bills":
      return { header: [...XERO_BILL_COLUMNS], rows: xeroBillsRows(bills, mapping) };
    case "iif":
      // The TRNS header names the columns; the SPL lines share them but the last two (DUEDATE, TERMS).
      return { header: [...IIF_HEADER[0]], rows: iifRows(bills, mapping) };
    case "qbo-payments":
      return { header: [...QBO_PAYMENT_COLUMNS], rows: qboPaymentsRows(payments, mapping) };
    case "xero-bank-statement":
      return { header: [...XERO_STATEMENT_COLUMNS], rows: xeroStatementRows(payments, mapping) };
    case "iif-payments":
      return { header: [...IIF_PAYMENT_HEADER[0]], rows: iifPaymentsRows(payments, mapping) };
  }
}

/**
 * A file's bytes as its tool reads them: an IIF in Windows-1252 (QuickBooks Desktop's ANSI), the CSVs in UTF-8.
 *
 * @example
 * fileBytes("iif", text); // Windows-1252
 */
export function fileBytes(format: ExportFormat, text: string): Uint8Array {
  return FORMATS[format].extension === "iif" ? windows1252(text) : new TextEncoder().encode(text);
}
