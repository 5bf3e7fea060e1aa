/**
 * The distributor's invoices as bills in a retailer's books, pure: each invoice of the period and statuses
 * chosen becomes one bill (one with a negative total, a return, a vendor credit), its lines the invoice's
 * lines, each to the account of its product type. Money is whole cents (BigInt); a bill's lines always sum to its
 * invoice's `InvoiceTotal` to the cent:
 *
 * - a line's amount is its `ExtPrice` to the cent; a discounted line keeps its full price (`NumUnits` × `FullPrice`)
 *   and its discount apart, the two summing to the line's amount, for the tools that show a discount;
 * - the rounding of the lines (at most half a cent each) is put on the largest line, so the bill equals the invoice;
 * - what the invoice's total holds beyond its lines (fees or taxes the live service may add, lines not read) is one
 *   line of its own, "Charges beyond the invoice's lines", to the default account.
 *
 * An invoice with `RevisionStatus` set is being updated in the ordering application, its figures not yet the new
 * ones: it is held back with a note, never exported half-updated. Every format (`formats.ts`) writes these bills.
 */
import type { RecordOf } from "@/lib/data-api/client";
import { invoiceDay } from "@/lib/domain/insights/definitions";
import { type AccountingMapping, accountFor } from "./mapping";
import { centsOf, fingerprint, microsOf } from "./money";

export type InvoiceRecord = RecordOf<"listInvoices">;
export type LineRecord = RecordOf<"listInvoiceTransactions">;
export type ProductRecord = RecordOf<"listProducts">;
export type CreditTermRecord = RecordOf<"listInvoiceCreditTerms">;
export type CustomerRecord = RecordOf<"listCustomers">;
export type StateRecord = RecordOf<"listStates">;

/** Every invoice status the documentation lists: an export's default. */
export const ALL_INVOICE_STATUSES = [1, 2, 3, 4, 5, 7] as const;

export interface BillsInput {
  invoices: readonly InvoiceRecord[];
  /** The invoices' lines (`/invoiceTransactions?InvoiceIDs=`). */
  lines: readonly LineRecord[];
  /** The lines' products (`/products?ProductIDs=`): each one's `ProductTypeName`. */
  products: readonly ProductRecord[];
  /** The invoices' terms (`/invoices/creditTerms`): their names. */
  terms: readonly CreditTermRecord[];
  /** The invoices' customers, for their names and states (the zone an invoice's day is read in). */
  customers: readonly CustomerRecord[];
  states: readonly StateRecord[];
}

export interface BillsOptions {
  /** Inclusive, YYYY-MM-DD: the invoice's calendar day as the insights read it. */
  from: string;
  to: string;
  statuses: readonly number[];
}

export interface BillLine {
  /** The product's name, as the invoice names it (or the charges' words). */
  description: string;
  productId?: number;
  productType?: string;
  account: string;
  /** Units (negative on a return); absent on the charges' line. */
  quantity?: number;
  /** Per unit, micro-units, as the API gives them. */
  fullPrice?: bigint;
  unitPrice?: bigint;
  /** The line's amount in cents: what the bill holds for it. */
  amountCents: bigint;
  /** The line before its discount, and the discount, in cents: `fullCents - discountCents = amountCents`. */
  fullCents: bigint;
  discountCents: bigint;
  /** The line's amount was moved by the bill's rounding (its unit price no longer says it). */
  rounded: boolean;
  kind: "goods" | "charges";
}

export interface Bill {
  invoiceId: number;
  /** The invoice's number: the bill's number in the books. */
  number: string;
  kind: "bill" | "credit";
  status: number;
  customerId?: number;
  customerName: string;
  /** Calendar days, YYYY-MM-DD. */
  day: string;
  dueDay: string;
  terms?: string;
  poNum?: string;
  memo?: string;
  lines: BillLine[];
  /** The invoice's total in cents (negative for a credit): the lines sum to it. */
  totalCents: bigint;
  /** What the books hold of it, to tell later whether it changed: its kind, days, total and lines. */
  fingerprint: string;
}

/** An invoice of the period left out, and why. */
export interface HeldBill {
  invoiceId?: number;
  number: string;
  customerName: string;
  reason: string;
}

export interface Bills {
  bills: Bill[];
  held: HeldBill[];
}

export const CHARGES_DESCRIPTION = "Charges beyond the invoice's lines (fees, taxes)";

/**
 * The bills of the invoices whose calendar day is within the period and whose status is chosen, in date and number
 * order, and those held back.
 *
 * @example
 * const { bills, held } = billsOf(input, mapping, { from: "2026-10-01", to: "2026-10-31", statuses: [1, 2, 3, 4, 5, 7] });
 */
export function billsOf(input: BillsInput, mapping: AccountingMapping, options: BillsOptions): Bills {
  const zones = new Map(input.states.flatMap((s) => (s.StateAbbreviation ? [[s.StateAbbreviation, s.TimeZone]] : [])));
  const customers = new Map(input.customers.flatMap((c) => (c.CustomerID != null ? [[c.CustomerID, c]] : [])));
  const types = new Map(input.products.flatMap((p) => (p.ProductID != null ? [[p.ProductID, p.ProductTypeName]] : [])));
  const terms = new Map(input.terms.flatMap((t) => (t.TermID != null && t.Term ? [[t.TermID, t.Term]] : [])));
  const linesOf = new Map<number, LineRecord[]>();
  for (const line of input.lines) {
    if (line.InvoiceID == null) continue;
    const list = linesOf.get(line.InvoiceID) ?? [];
    list.push(line);
    linesOf.set(line.InvoiceID, list);
  }
  const statuses = new Set(options.statuses);
  const bills: Bill[] = [];
  const held: HeldBill[] = [];
  for (const invoice of input.invoices) {
    if (invoice.InvoiceID == null || invoice.Date == null || invoice.Status == null) continue;
    if (!statuses.has(invoice.Status)) continue;
    const customer = invoice.CustomerID != null ? customers.get(invoice.CustomerID) : undefined;
    const zone = (customer?.State && zones.get(customer.State)) || "UTC";
    const day = invoiceDay(invoice.Date, zone);
    if (day === undefined || day < options.from || day > options.to) continue;
    const customerName = invoice.CustomerName ?? customer?.CustomerName ?? "";
    const number = invoice.InvoiceNum?.trim() ?? "";
    if (!number) {
      held.push({ invoiceId: invoice.InvoiceID, number: `#${invoice.InvoiceID}`, customerName, reason: "no number" });
      continue;
    }
    const lines = linesOf.get(invoice.InvoiceID) ?? [];
    const revision = invoice.RevisionStatus ?? lines.find((l) => l.RevisionStatus)?.RevisionStatus;
    if (revision) {
      held.push({
        invoiceId: invoice.InvoiceID,
        number,
        customerName,
        reason: `an update is being applied (RevisionStatus ${revision}): exported once the API has it`,
      });
      continue;
    }
    if (lines.length === 0 && (microsOf(invoice.InvoiceTotal) ?? 0n) === 0n) {
      held.push({
        invoiceId: invoice.InvoiceID,
        number,
        customerName,
        reason: "no lines and no total: nothing to book",
      });
      continue;
    }
    bills.push(
      billOf(invoice, lines, {
        number,
        customerName,
        day,
        dueDay: (invoice.DueDate && invoiceDay(invoice.DueDate, zone)) || day,
        terms: invoice.TermID != null ? terms.get(invoice.TermID) : undefined,
        typeOf: (productId) => (productId == null ? undefined : (types.get(productId) ?? undefined)),
        mapping,
      }),
    );
  }
  bills.sort((a, b) => a.day.localeCompare(b.day) || a.number.localeCompare(b.number, "en", { numeric: true }));
  return { bills, held };
}

interface BillContext {
  number: string;
  customerName: string;
  day: string;
  dueDay: string;
  terms?: string;
  typeOf: (productId: number | null | undefined) => string | undefined;
  mapping: AccountingMapping;
}

function billOf(invoice: InvoiceRecord, records: readonly LineRecord[], context: BillContext): Bill {
  const sorted = [...records].sort((a, b) => (a.InvoiceTransID ?? 0) - (b.InvoiceTransID ?? 0));
  const lines: BillLine[] = sorted.map((record) => lineOf(record, context));
  const sum = lines.reduce((total, line) => total + line.amountCents, 0n);
  const total = microsOf(invoice.InvoiceTotal);
  const totalCents = total === undefined ? sum : centsOf(total);
  const difference = totalCents - sum;
  if (difference !== 0n) {
    const magnitude = difference < 0n ? -difference : difference;
    const largest = lines.reduce<BillLine | undefined>(
      (best, line) => (best === undefined || abs(line.amountCents) > abs(best.amountCents) ? line : best),
      undefined,
    );
    // Each line's cents are off by at most half a cent, and the total's too: (n + 1) / 2 cents in all.
    if (largest && magnitude * 2n <= BigInt(lines.length) + 1n) {
      // The lines' own rounding (at most half a cent each): the bill must equal the invoice.
      largest.amountCents += difference;
      largest.fullCents += difference;
      largest.rounded = true;
    } else {
      lines.push({
        description: CHARGES_DESCRIPTION,
        account: context.mapping.defaultAccount,
        amountCents: difference,
        fullCents: difference,
        discountCents: 0n,
        rounded: false,
        kind: "charges",
      });
    }
  }
  // The books take a bill that is owed and a vendor credit that is owed back: the total's sign says which (a Returned
  // invoice whose charges outweigh its returns is still owed).
  const kind = totalCents < 0n ? "credit" : "bill";
  const poNum = invoice.PONum?.trim() || undefined;
  const memo = invoice.Memo?.trim() || undefined;
  return {
    invoiceId: invoice.InvoiceID!,
    number: context.number,
    kind,
    status: invoice.Status!,
    customerId: invoice.CustomerID ?? undefined,
    customerName: context.customerName,
    day: context.day,
    dueDay: context.dueDay,
    terms: context.terms,
    poNum,
    memo,
    lines,
    totalCents,
    fingerprint: fingerprint(
      [
        kind,
        context.day,
        context.dueDay,
        String(totalCents),
        ...lines.map((l) => `${l.productId ?? "-"}:${l.quantity ?? ""}:${l.amountCents}:${l.discountCents}`),
      ].join("|"),
    ),
  };
}

function lineOf(record: LineRecord, context: BillContext): BillLine {
  const productType = context.typeOf(record.ProductID)?.trim() || undefined;
  const quantity = record.NumUnits ?? undefined;
  // NumUnits is a JSON number, not promised whole: BigInt(2.5) throws, so only a whole quantity is multiplied by.
  const units = quantity !== undefined && Number.isInteger(quantity) ? BigInt(quantity) : undefined;
  const fullPrice = microsOf(record.FullPrice);
  const unitPrice = microsOf(record.UnitPrice);
  const ext = microsOf(record.ExtPrice) ?? (unitPrice !== undefined && units !== undefined ? unitPrice * units : 0n);
  const amountCents = centsOf(ext);
  const discount = microsOf(record.Discount) ?? 0n;
  // The line before its discount, to the cent; the discount is what makes up the rest, so the two sum exactly.
  const fullCents =
    discount !== 0n && fullPrice !== undefined && units !== undefined ? centsOf(fullPrice * units) : amountCents;
  return {
    description: record.ProductName?.trim() || (record.ProductID != null ? `Product ${record.ProductID}` : "Product"),
    productId: record.ProductID ?? undefined,
    productType,
    account: accountFor(context.mapping, productType),
    quantity,
    fullPrice,
    unitPrice,
    amountCents,
    fullCents,
    discountCents: fullCents - amountCents,
    rounded: false,
    kind: "goods",
  };
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * The sum of some bills, in cents.
 *
 * @example
 * totalOf(bills); // 1234567n
 */
export function totalOf(bills: readonly { totalCents: bigint }[]): bigint {
  return bills.reduce((total, bill) => total + bill.totalCents, 0n);
}
