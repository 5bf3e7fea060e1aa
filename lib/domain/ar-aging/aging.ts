/**
 * The AR aging report's arithmetic: the buckets, exact totals, the order of the rows, the bars the chart draws and
 * where their segments go, and the words that name them. Money stays in decimal strings and is added exactly
 * (lib/format/decimal); only the chart's geometry becomes floating-point numbers. Pure and browser-safe: the report
 * renders it, the unit tests check it.
 */
import type { RecordOf } from "@/lib/data-api/client";
import {
  addDecimals,
  compareDecimals,
  DECIMAL_SCALE,
  parseDecimal,
  subtractDecimal,
  toDecimalString,
} from "@/lib/format/decimal";
import { formatMoney, formatMoneyExact } from "@/lib/format/display";

/** One row of `listArAging`: an AR account and a supplier, as of the last end-of-day recalculation. */
export type AgingRow = RecordOf<"listArAging">;
/** An invoice behind a bucket of a row, as the API lists it. */
export type AgingInvoiceRef = NonNullable<AgingRow["CurrentInvoices"]>[number];

/**
 * The aging buckets, oldest last, in the order the chart stacks them (left to right) and the table lists them.
 * Colours: one sequential, colour-blind-safe ramp per theme (steps of viridis, the light theme's extended to a darker
 * purple), each step at least 3:1 against the page and the bar track in its theme. The ramp moves away from the
 * page's background as the debt ages (darker in the light theme, brighter in the dark one), so lightness alone
 * orders the buckets; the hue changes too, so that neighbours stay apart.
 */
export const BUCKETS = [
  {
    id: "current",
    label: "Current",
    amount: "CurrentDue",
    invoices: "CurrentInvoices",
    color: { light: "#21918c", dark: "#26828e" },
  },
  {
    id: "1-30",
    label: "1–30 days",
    amount: "Due_1_30",
    invoices: "Invoices_1_30",
    color: { light: "#31688e", dark: "#1fa187" },
  },
  {
    id: "31-60",
    label: "31–60 days",
    amount: "Due_31_60",
    invoices: "Invoices_31_60",
    color: { light: "#443983", dark: "#4ac16d" },
  },
  {
    id: "61-90",
    label: "61–90 days",
    amount: "Due_61_90",
    invoices: "Invoices_61_90",
    color: { light: "#481a6c", dark: "#a0da39" },
  },
  {
    id: "91",
    label: "91+ days",
    amount: "Due_91",
    invoices: "Invoices_91",
    color: { light: "#2c0a3d", dark: "#fde725" },
  },
] as const;

export type Bucket = (typeof BUCKETS)[number];
export type BucketId = Bucket["id"];

/**
 * The open credit, listed beside the buckets: credits are not aged, so it is no bucket of the chart, but its amount
 * (OpenCredit) has invoices behind it as the buckets do (CreditInvoices), and the table and the panel show them alike.
 */
export const CREDIT = { id: "credit", label: "Open credit", amount: "OpenCredit", invoices: "CreditInvoices" } as const;
export type Credit = typeof CREDIT;
/** What the invoices panel can list: an age bucket or the open credit. */
export type Listed = Bucket | Credit;
/** An amount per bucket, as a decimal string. */
export type BucketAmounts = Record<BucketId, string>;

/** A bucket's colour as CSS: the theme's side of the pair (the page's `color-scheme` picks it). */
export function bucketColor(bucket: Bucket): string {
  return `light-dark(${bucket.color.light}, ${bucket.color.dark})`;
}

/** What a row (or the sum of rows) owes: per bucket, its open credit and its total outstanding, all decimal strings. */
export interface AgingAmounts {
  buckets: BucketAmounts;
  openCredit: string;
  /** TotalBalanceOutstanding: the buckets less the open credit. */
  total: string;
}

/** One invoice in a bucket, with the row it belongs to (the total bar's panel lists invoices of every row). */
export interface BucketInvoice {
  invoiceId?: number;
  invoiceNum?: string;
  /** The open balance aged in this bucket for this row's supplier, as a decimal string. */
  openBalance: string;
  arAccountId?: number;
  supplierId?: number;
}

/**
 * The credit invoices of a line. The documentation does not show their shape: entries shaped like the buckets' are
 * read as invoices; any other is counted (`unread`), so the report says there is more than it can show.
 */
export interface CreditInvoices {
  invoices: BucketInvoice[];
  unread: number;
}

/** A line of the report: one API row, or the total of all rows (`total: true`). */
export interface AgingLine {
  key: string;
  total: boolean;
  arAccountId?: number;
  supplierId?: number;
  amounts: AgingAmounts;
  invoices: Record<BucketId, BucketInvoice[]>;
  credits: CreditInvoices;
  /**
   * Buckets (and the open credit) whose invoices are too many to send with the report (the total of a whole aging:
   * thousands), by how many there are; their lists above are empty. Absent when every list is whole.
   */
  unlisted?: Partial<Record<Listed["id"], number>>;
}

/**
 * A decimal string the exact arithmetic accepts: a missing value is "0"; more than 6 decimals (which the API never
 * sends for money) is cut to 6; anything else that is not a decimal counts as "0".
 *
 * @example
 * decimalOf("1234.50"); // "1234.50"
 * decimalOf(null); // "0"
 * decimalOf("1.12345678"); // "1.123456"
 */
export function decimalOf(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "0";
  const text = String(value);
  if (parseDecimal(text) !== undefined) return text;
  const long = /^(-?\d+)\.(\d{7,})$/.exec(text);
  return long ? `${long[1]}.${long[2]!.slice(0, 6)}` : "0";
}

/**
 * A row's amounts. The total outstanding is the API's TotalBalanceOutstanding, or, when the row lacks it, the
 * buckets less the open credit (the API's own definition).
 *
 * @example
 * amountsOf({ CurrentDue: "10", Due_91: "5.5", OpenCredit: "1" }).total; // "14.500000"
 */
export function amountsOf(row: AgingRow): AgingAmounts {
  const buckets = Object.fromEntries(BUCKETS.map((b) => [b.id, decimalOf(row[b.amount])])) as BucketAmounts;
  const openCredit = decimalOf(row.OpenCredit);
  const sent = row.TotalBalanceOutstanding;
  const total =
    sent === null || sent === undefined || sent === ""
      ? subtractDecimal(addDecimals(...Object.values(buckets)), openCredit)
      : decimalOf(sent);
  return { buckets, openCredit, total };
}

/**
 * The exact sum of amounts, field by field (6 decimals); an empty list sums to zeros.
 *
 * @example
 * sumAmounts([amountsOf(a), amountsOf(b)]).buckets["91"]; // a's Due_91 + b's Due_91
 */
export function sumAmounts(list: AgingAmounts[]): AgingAmounts {
  const buckets = Object.fromEntries(
    BUCKETS.map((b) => [b.id, addDecimals(...list.map((a) => a.buckets[b.id]))]),
  ) as BucketAmounts;
  return {
    buckets,
    openCredit: addDecimals(...list.map((a) => a.openCredit)),
    total: addDecimals(...list.map((a) => a.total)),
  };
}

/**
 * What is more than 30, 60 and 90 days past due, from an account's (or a row's) buckets: over 30 is 31–60, 61–90 and
 * 91+ together, over 60 is 61–90 and 91+, over 90 is 91+. The one rule of Today's figures and the collections list's
 * columns (and so of a customer's page), added exactly.
 *
 * @example
 * pastDue(sumAmounts(rows.map(amountsOf)).buckets); // { over30: "2104.180000", over60: "2104.180000", over90: "2104.180000" }
 */
export function pastDue(buckets: BucketAmounts): { over30: string; over60: string; over90: string } {
  return {
    over30: addDecimals(buckets["31-60"], buckets["61-90"], buckets["91"]),
    over60: addDecimals(buckets["61-90"], buckets["91"]),
    over90: addDecimals(buckets["91"]),
  };
}

/** The invoices the API lists behind one bucket of a row (entries it could not read are left out). */
function invoicesOf(row: AgingRow, bucket: Bucket): BucketInvoice[] {
  const refs = (row[bucket.invoices] ?? []) as AgingInvoiceRef[];
  return refs
    .filter((r) => r.InvoiceID != null || (r.InvoiceNum != null && r.InvoiceNum !== ""))
    .map((r) => ({
      invoiceId: r.InvoiceID ?? undefined,
      invoiceNum: r.InvoiceNum ?? undefined,
      openBalance: decimalOf(r.OpenBalance),
      arAccountId: row.ARAccountID ?? undefined,
      supplierId: row.SupplierID ?? undefined,
    }));
}

/** A whole number read from a number or its digits (an id sent as text is still an id); undefined otherwise. */
function idOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * A row's credit invoices. Their item shape is "not shown" in the documentation, so every entry is read with care: an
 * object naming an invoice (InvoiceID or InvoiceNum) is read as the buckets' entries are, its OpenBalance as sent (a
 * credit's is negative in the sandbox, which follows the buckets' shape there); anything else is counted unread.
 *
 * @example
 * creditInvoicesOf({ ARAccountID: 1, CreditInvoices: [{ InvoiceID: 7, InvoiceNum: "INV-7", OpenBalance: "-5.00" }, "?"] });
 * // { invoices: [{ invoiceId: 7, invoiceNum: "INV-7", openBalance: "-5.00", arAccountId: 1 }], unread: 1 }
 */
export function creditInvoicesOf(row: AgingRow): CreditInvoices {
  const entries: unknown[] = Array.isArray(row.CreditInvoices) ? row.CreditInvoices : [];
  const invoices: BucketInvoice[] = [];
  let unread = 0;
  for (const entry of entries) {
    const item = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>) : undefined;
    const invoiceId = idOf(item?.InvoiceID);
    const invoiceNum = typeof item?.InvoiceNum === "string" && item.InvoiceNum !== "" ? item.InvoiceNum : undefined;
    if (invoiceId === undefined && invoiceNum === undefined) {
      unread += 1;
      continue;
    }
    const balance = item?.OpenBalance;
    invoices.push({
      invoiceId,
      invoiceNum,
      openBalance: decimalOf(typeof balance === "string" || typeof balance === "number" ? balance : undefined),
      arAccountId: row.ARAccountID ?? undefined,
      supplierId: row.SupplierID ?? undefined,
    });
  }
  return { invoices, unread };
}

/**
 * Whether credit invoices' balances account for an open credit: they sum to it, or to its negative (a credit's open
 * balance may be sent negative, while OpenCredit is positive).
 *
 * @example
 * creditsMatch(["-40", "-25"], "65"); // true
 */
export function creditsMatch(balances: string[], openCredit: string): boolean {
  const sum = addDecimals(...balances);
  return compareDecimals(sum, openCredit) === 0 || compareDecimals(subtractDecimal("0", sum), openCredit) === 0;
}

/** A line's amount for a bucket or for its open credit. */
export function listedAmount(line: AgingLine, listed: Listed): string {
  return listed.id === "credit" ? line.amounts.openCredit : line.amounts.buckets[listed.id];
}

/** A line's invoices behind a bucket or its open credit. */
export function listedInvoices(line: AgingLine, listed: Listed): BucketInvoice[] {
  return listed.id === "credit" ? line.credits.invoices : line.invoices[listed.id];
}

/** How many invoices a line lists behind a bucket or its open credit (those too many to send, counted). */
export function listedCount(line: AgingLine, listed: Listed): number {
  return line.unlisted?.[listed.id] ?? listedInvoices(line, listed).length;
}

/**
 * The report's lines, one per API row, in the API's order; the key joins the row's ids and its index, so a repeated
 * row never collides.
 */
export function linesOf(rows: AgingRow[]): AgingLine[] {
  return rows.map((row, index) => ({
    key: `${row.ARAccountID ?? ""}:${row.SupplierID ?? ""}:${index}`,
    total: false,
    arAccountId: row.ARAccountID ?? undefined,
    supplierId: row.SupplierID ?? undefined,
    amounts: amountsOf(row),
    invoices: Object.fromEntries(BUCKETS.map((b) => [b.id, invoicesOf(row, b)])) as Record<BucketId, BucketInvoice[]>,
    credits: creditInvoicesOf(row),
  }));
}

/**
 * The line of all lines: exact sums, and every bucket's invoices of every row (in the lines' order).
 *
 * @example
 * totalLine(linesOf(rows)).amounts.total; // the report's total outstanding
 */
export function totalLine(lines: AgingLine[]): AgingLine {
  return {
    key: "total",
    total: true,
    amounts: sumAmounts(lines.map((l) => l.amounts)),
    invoices: Object.fromEntries(BUCKETS.map((b) => [b.id, lines.flatMap((l) => l.invoices[b.id])])) as Record<
      BucketId,
      BucketInvoice[]
    >,
    credits: {
      invoices: lines.flatMap((l) => l.credits.invoices),
      unread: lines.reduce((n, l) => n + l.credits.unread, 0),
    },
  };
}

/**
 * Lines by total outstanding, largest first; equal totals keep their order (the API's: by AR account, then supplier).
 *
 * @example
 * byOutstanding(lines)[0]; // the line that owes the most
 */
export function byOutstanding(lines: AgingLine[]): AgingLine[] {
  return [...lines].sort((a, b) => compareDecimals(b.amounts.total, a.amounts.total));
}

/** How many bars the chart draws at most (besides the total's). */
export const MAX_BARS = 25;

/**
 * The lines the chart draws: the `limit` largest by total outstanding (largest first), and how many are left out.
 *
 * @example
 * largestLines(lines, 25); // { shown: [...25 lines], omitted: lines.length - 25 }
 */
export function largestLines(lines: AgingLine[], limit = MAX_BARS): { shown: AgingLine[]; omitted: number } {
  const sorted = byOutstanding(lines);
  const shown = sorted.slice(0, Math.max(0, limit));
  return { shown, omitted: sorted.length - shown.length };
}

function micros(text: string): bigint {
  return parseDecimal(text) ?? 0n;
}

/** A bar's length in micro-units: the sum of its buckets (a negative amount, which no bucket should hold, counts as 0). */
function barMicros(buckets: BucketAmounts): bigint {
  return BUCKETS.reduce((sum, b) => {
    const m = micros(buckets[b.id]);
    return m > 0n ? sum + m : sum;
  }, 0n);
}

/**
 * The length of the longest of these bars (the sum of its buckets), as a decimal string with 6 decimals: the amount
 * the full width of the chart stands for. "0.000000" when every bar is empty.
 *
 * @example
 * barScale([a.amounts.buckets, b.amounts.buckets]); // the larger of a's and b's bucket sums
 */
export function barScale(bars: BucketAmounts[]): string {
  const longest = bars.reduce((max, b) => {
    const m = barMicros(b);
    return m > max ? m : max;
  }, 0n);
  return toDecimalString(longest, DECIMAL_SCALE);
}

/** One drawn segment: its bucket and where it lies, in percent of the chart's width. */
export interface Segment {
  bucket: Bucket;
  amount: string;
  /** Left edge, 0 to 100. */
  x: number;
  /** Width, more than 0. */
  width: number;
}

/** Percent of `scale` (micro-units) to 6 decimals, by integer division first so that equal inputs give equal outputs. */
function percent(value: bigint, scale: bigint): number {
  return Number((value * 100_000_000n) / scale) / 1_000_000;
}

/**
 * Where a bar's segments go: the buckets in order, each as wide as its share of `scale`, each starting where the last
 * ended (computed from the running sum, so the segments tile with no gap or overlap). Buckets of zero (or less) are
 * not drawn; with a scale of zero nothing is.
 *
 * @example
 * segmentsOf({ current: "50", "1-30": "0", "31-60": "25", "61-90": "0", "91": "0" }, "100");
 * // [{ bucket: Current, x: 0, width: 50 }, { bucket: 31–60, x: 50, width: 25 }]
 */
export function segmentsOf(buckets: BucketAmounts, scale: string): Segment[] {
  const full = micros(scale);
  if (full <= 0n) return [];
  const segments: Segment[] = [];
  let at = 0n;
  for (const bucket of BUCKETS) {
    const m = micros(buckets[bucket.id]);
    if (m <= 0n) continue;
    const x = percent(at, full);
    at += m;
    segments.push({ bucket, amount: buckets[bucket.id], x, width: percent(at, full) - x });
  }
  return segments;
}

const count = (n: number) => n.toLocaleString("en-US");

/** "1 invoice", "3 invoices". */
export function invoiceCount(n: number): string {
  return `${count(n)} ${n === 1 ? "invoice" : "invoices"}`;
}

/** "1 row", "42 rows". */
export function rowCount(n: number): string {
  return `${count(n)} ${n === 1 ? "row" : "rows"}`;
}

/**
 * The accessible name of a bucket's button: whose, which bucket, how much, how many invoices.
 *
 * @example
 * bucketName("Acme Retail, Supplier 7", BUCKETS[2], "1234.5", 3); // "Acme Retail, Supplier 7, 31–60 days: $1,234.50, 3 invoices"
 */
export function bucketName(owner: string, bucket: Listed, amount: string, invoices: number): string {
  return `${owner}, ${bucket.label}: ${formatMoneyExact(amount)}, ${invoiceCount(invoices)}`;
}

/**
 * The chart's summary for screen readers: the total outstanding, each bucket's total, the open credit, and which
 * rows have bars.
 *
 * @example
 * chartSummary(total.amounts, 42, 25); // "AR aging of 42 rows: $9,000.00 outstanding. Current $…; bars for the 25 largest rows."
 */
export function chartSummary(totals: AgingAmounts, rows: number, shown: number): string {
  const buckets = BUCKETS.map((b) => `${b.label} ${formatMoney(totals.buckets[b.id])}`).join(", ");
  const bars =
    shown < rows
      ? `bars for the ${count(shown)} largest of ${rowCount(rows)} by total outstanding`
      : `a bar for each of the ${rowCount(rows)}`;
  return `AR aging chart of ${rowCount(rows)}: ${formatMoney(totals.total)} outstanding in total. ${buckets}; open credit ${formatMoney(totals.openCredit)}. A bar for all rows, then ${bars}.`;
}

/** An id → name map from lookup records (`CustomerID` → `CustomerName`); blank names are left out. */
export function nameMap(
  records: readonly Record<string, unknown>[] | undefined,
  idField: string,
  nameField: string,
): Map<number, string> {
  const names = new Map<number, string>();
  for (const record of records ?? []) {
    const id = Number(record[idField]);
    const name = record[nameField];
    if (Number.isFinite(id) && typeof name === "string" && name.trim() !== "") names.set(id, name);
  }
  return names;
}

/** The customer an AR account belongs to, as far as the report can tell: its name, and its id when known. */
export interface AccountCustomer {
  name: string;
  customerId?: number;
}

/**
 * One invoice per AR account of the rows (the lowest InvoiceID in any of its buckets), as InvoiceID → ARAccountID.
 * An aging row names no customer, but an invoice does: asking for these invoices names each account's customer in
 * one request. An account without listed invoices (only credit) is left out.
 *
 * @example
 * accountInvoices(rows); // Map { 9001 => 50001, 9017 => 50002 }
 */
export function accountInvoices(rows: AgingRow[]): Map<number, number> {
  const lowest = new Map<number, number>();
  for (const row of rows) {
    const account = row.ARAccountID;
    if (account == null) continue;
    for (const bucket of BUCKETS) {
      for (const ref of (row[bucket.invoices] ?? []) as AgingInvoiceRef[]) {
        const id = ref.InvoiceID;
        if (id == null) continue;
        const known = lowest.get(account);
        if (known === undefined || id < known) lowest.set(account, id);
      }
    }
  }
  return new Map([...lowest].map(([account, invoice]) => [invoice, account]));
}

/**
 * The AR accounts' customers, from two sources: customers whose CustomerID is the account's id (the customers
 * lookup), overridden by the customer of the account's own invoice (`accountInvoices`, then those invoices fetched),
 * which holds wherever account and customer ids differ.
 *
 * @example
 * accountCustomers(new Map([[9001, 50001]]), [{ InvoiceID: 9001, CustomerID: 20001, CustomerName: "Acme" }], new Map());
 * // Map { 50001 => { name: "Acme", customerId: 20001 } }
 */
export function accountCustomers(
  picked: Map<number, number>,
  invoices:
    | readonly { InvoiceID?: number | null; CustomerID?: number | null; CustomerName?: string | null }[]
    | undefined,
  customersById: Map<number, string>,
): Map<number, AccountCustomer> {
  const accounts = new Map<number, AccountCustomer>(
    [...customersById].map(([id, name]) => [id, { name, customerId: id }]),
  );
  for (const invoice of invoices ?? []) {
    const account = invoice.InvoiceID == null ? undefined : picked.get(invoice.InvoiceID);
    const name = invoice.CustomerName?.trim();
    if (account === undefined || !name) continue;
    accounts.set(account, { name, customerId: invoice.CustomerID ?? undefined });
  }
  return accounts;
}

/**
 * The AR accounts' customers from the key's open invoices (each names its account and its customer), named from
 * `customersById`; undefined unless the list is whole and names every one of `accounts`. An account in the aging owes
 * something, so it has open invoices: for a key with few accounts this names them all with requests that do not wait
 * for the aging (the open invoices and the customers are read beside it), and the invoices by id are not needed.
 *
 * @example
 * accountsFromOpenInvoices([{ ARAccountID: 50001, CustomerID: 20001 }], true, new Map([[20001, "Valley"]]), [50001]);
 * // Map { 50001 => { name: "Valley", customerId: 20001 } }
 */
export function accountsFromOpenInvoices(
  open: readonly { ARAccountID?: number | null; CustomerID?: number | null }[] | undefined,
  whole: boolean,
  customersById: Map<number, string>,
  accounts: Iterable<number>,
): Map<number, AccountCustomer> | undefined {
  if (!open || !whole) return undefined;
  const found = new Map<number, AccountCustomer>();
  for (const invoice of open) {
    if (invoice.ARAccountID == null || invoice.CustomerID == null || found.has(invoice.ARAccountID)) continue;
    const name = customersById.get(invoice.CustomerID);
    if (name) found.set(invoice.ARAccountID, { name, customerId: invoice.CustomerID });
  }
  for (const account of accounts) if (!found.has(account)) return undefined;
  return found;
}

/**
 * An AR account by its customer's name, or by its id.
 *
 * @example
 * accountLabel(123, new Map()); // "AR account 123"
 */
export function accountLabel(id: number | undefined, accounts: Map<number, AccountCustomer>): string {
  if (id === undefined) return "Unknown AR account";
  return accounts.get(id)?.name ?? `AR account ${id}`;
}

/**
 * A supplier by its name, or by its id.
 *
 * @example
 * supplierLabel(7, new Map()); // "Supplier 7"
 */
export function supplierLabel(id: number | undefined, names: Map<number, string>): string {
  if (id === undefined) return "Unknown supplier";
  return names.get(id) ?? `Supplier ${id}`;
}

/** An ISO timestamp as ms since the epoch (NaN if unreadable): the Data API's timestamps are UTC, so one without a zone is UTC. */
function instantOf(value: string): number {
  return Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
}

/**
 * When the report's figures were calculated: the newest TimeUpdated of the rows (CloseDate where a row has no
 * TimeUpdated), as sent; undefined when no row says.
 *
 * @example
 * newestUpdate([{ TimeUpdated: "2026-11-20T23:59:59Z" }, { CloseDate: "2026-11-21T23:59:59Z" }]); // "2026-11-21T23:59:59Z"
 */
export function newestUpdate(rows: Pick<AgingRow, "TimeUpdated" | "CloseDate">[]): string | undefined {
  let newest: { text: string; at: number } | undefined;
  for (const row of rows) {
    const text = row.TimeUpdated || row.CloseDate;
    if (!text) continue;
    const at = instantOf(text);
    if (Number.isNaN(at)) continue;
    if (!newest || at > newest.at) newest = { text, at };
  }
  return newest?.text;
}
