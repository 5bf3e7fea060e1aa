import "server-only";
import {
  appliedKey,
  applicationKey,
  type BillPayment,
  type PaymentSums,
  paymentKey,
  paymentSums,
  paymentsOf,
} from "@/lib/domain/accounting/bill-payments";
import { ALL_INVOICE_STATUSES, type Bill, billsOf, type HeldBill, totalOf } from "@/lib/domain/accounting/bills";
import {
  billsFile,
  billsFor,
  billsInBooks,
  type ExportFormat,
  exportFileName,
  FORMATS,
  fileBytes,
  fileTable,
  partOf,
  partsOf,
  paymentsFile,
  type Program,
  statementPayments,
} from "@/lib/domain/accounting/formats";
import { PROGRAMS } from "@/lib/domain/accounting/format-names";
import { type AccountingMapping, type MappingGap, mappingGaps } from "@/lib/domain/accounting/mapping";
import { centsText } from "@/lib/domain/accounting/money";
import { formatMoney } from "@/lib/format/display";
import { readBills, readPayments, type Reader } from "./accounting-reads";
import type { AccountingStore, Exported } from "./accounting-store";

/**
 * An export, made the one way for the download, the preview, the API and the scheduled mail: read the
 * period, make the bills or the payments (`lib/domain/accounting/`), keep those the format's file takes (bills or
 * vendor credits; a number the program refuses is held back, named), compare them with what earlier marked exports
 * to the same program held (the ledger: each program's books are their own), keep only what is new or changed when
 * asked, and write the file (or one of its parts). A file whose program needs what the mapping lacks (Xero's codes)
 * or holds a name it could not carry is not written: its gaps are named instead.
 */

export interface ExportQuery {
  format: ExportFormat;
  from: string;
  to: string;
  statuses: readonly number[];
  customerId?: number;
  /** Only what no earlier marked export to the program held, or held otherwise (changed since). */
  newOnly: boolean;
}

/** Where the ledger is kept: the workspace, and the key's environment. */
export interface LedgerScope {
  workspaceId: string;
  environment: string;
}

/** A record exported before, changed since: it is in the file again, and the books hold the earlier one. */
export interface ChangedRecord {
  number: string;
  exportedAt: string;
  fileName: string;
}

/** The records of the period exported to the program before, as they are: how many, when, in which files. */
export interface ExportedBefore {
  count: number;
  /** Each distinct moment, earliest first. */
  exportedAt: string[];
  fileNames: string[];
}

export interface ExportPlan {
  query: ExportQuery;
  kind: "bills" | "payments";
  program: Program;
  bills: Bill[];
  payments: BillPayment[];
  /** What the period holds and the file does not: invoices held back, allocations waiting for their bill. */
  held: HeldBill[];
  /** Of the period's records (bills; or payments and the allocations applied later from a prepayment): */
  counts: {
    /** In the period (the statuses chosen), before `newOnly`. */
    period: number;
    /** Never exported to the program. */
    new: number;
    /** Exported, and changed since. */
    changed: number;
    /** Exported as they are: left out with `newOnly`. */
    unchanged: number;
    /** In the file(s). */
    inFile: number;
  };
  changed: ChangedRecord[];
  exportedBefore: ExportedBefore;
  parts: number;
  /** The file's total, whole cents (all parts): the bills', or what the payments moved out of the bank and credits. */
  totalCents: bigint;
  /** A payments file's sums: the bank, the brands' credits, allocated, prepaid, returned. */
  sums?: PaymentSums;
  /** Requests the reads made. */
  requests: number;
  /** What the file needs of the mapping and lacks: while any, the file is not written. */
  gaps: MappingGap[];
}

/** One file of an export: its name, text, what the ledger remembers of it, and its total. */
export interface ExportFile {
  name: string;
  text: string;
  /** As its tool reads it: an IIF in Windows-1252, a CSV in UTF-8. */
  bytes: Uint8Array;
  records: { key: string; fingerprint: string }[];
  totalCents: bigint;
  count: number;
}

type Ledger = Pick<AccountingStore, "exported">;

/**
 * Reads and plans an export.
 *
 * @example
 * const plan = await planExport(reader(api), store, { workspaceId, environment: "test" }, mapping, query);
 */
export async function planExport(
  read: Reader,
  store: Ledger,
  scope: LedgerScope,
  mapping: AccountingMapping,
  query: ExportQuery,
): Promise<ExportPlan> {
  return FORMATS[query.format].kind === "bills"
    ? planBills(read, store, scope, mapping, query)
    : planPayments(read, store, scope, mapping, query);
}

async function planBills(
  read: Reader,
  store: Ledger,
  scope: LedgerScope,
  mapping: AccountingMapping,
  query: ExportQuery,
): Promise<ExportPlan> {
  const program = FORMATS[query.format].program;
  const input = await readBills(read, query);
  const made = billsOf(input, mapping, query);
  const { bills, refused } = billsFor(query.format, made.bills);
  const held = [...made.held, ...refused];
  const earlier = await store.exported(
    scope.workspaceId,
    scope.environment,
    program,
    "bills",
    bills.map((b) => String(b.invoiceId)),
  );
  const judged = bills.map((bill) => {
    const was = earlier.get(String(bill.invoiceId));
    return { bill, was, state: stateOf(was, bill.fingerprint) };
  });
  const kept = judged.filter((j) => !query.newOnly || j.state !== "unchanged").map((j) => j.bill);
  return {
    query,
    kind: "bills",
    program,
    bills: kept,
    payments: [],
    held,
    counts: counted(
      judged.map((j) => j.state),
      kept.length,
    ),
    changed: judged.filter((j) => j.state === "changed").map((j) => ({ number: j.bill.number, ...pick(j.was!) })),
    exportedBefore: summed(judged.filter((j) => j.state === "unchanged").map((j) => j.was!)),
    parts: partsOf(query.format, kept.length),
    totalCents: totalOf(kept),
    requests: read.requests,
    gaps: mappingGaps(query.format, mapping),
  };
}

async function planPayments(
  read: Reader,
  store: Ledger,
  scope: LedgerScope,
  mapping: AccountingMapping,
  query: ExportQuery,
): Promise<ExportPlan> {
  const { format } = query;
  const program = FORMATS[format].program;
  const { input, timeZone, arAccountIds, targets } = await readPayments(read, query);
  // The bills the allocations name, as the program's bills files take them (all statuses, any day).
  const named = billsOf(targets, mapping, { from: "0000-01-01", to: "9999-12-31", statuses: ALL_INVOICE_STATUSES });
  const books = billsInBooks(named.bills, program);
  const why = new Map([...named.held, ...books.refused].map((h) => [h.number, h.reason]));
  const keys = [
    ...input.payments.map(paymentKey),
    ...input.applications.flatMap((a) => [applicationKey(a), appliedKey(applicationKey(a))]),
  ];
  const earlier = await store.exported(scope.workspaceId, scope.environment, program, "payments", keys);
  const made = paymentsOf(input, {
    from: query.from,
    to: query.to,
    timeZone,
    arAccountIds,
    inBooks: (number) => books.numbers.has(number),
    earlier: (key) => earlier.get(key),
    newOnly: query.newOnly,
    bankOnly: format === "xero-bank-statement",
  });
  const payments = format === "xero-bank-statement" ? statementPayments(made.payments) : made.payments;
  const held: HeldBill[] = [
    ...made.waiting.map((w) => ({
      number: `${w.reference} → ${w.billNumber}`,
      customerName: "",
      reason: `${w.billNumber} is in no ${PROGRAMS[program]} bills file yet (${
        why.get(w.billNumber) ?? "not among the invoices this key reads"
      }): its ${formatMoney(centsText(w.amountCents))} stays in the prepayment until it is`,
    })),
    ...made.notInBank.map((n) => ({
      number: n.reference,
      customerName: "",
      reason: `a brand's credit of ${formatMoney(centsText(n.amountCents))}: it never passed through the bank, so it is no line of a bank statement (apply it to its bills in Xero)`,
    })),
  ];
  return {
    query,
    kind: "payments",
    program,
    bills: [],
    payments,
    held,
    counts: counted(made.states, recordsIn(payments)),
    changed: made.changed,
    exportedBefore: summed(made.before),
    parts: partsOf(format, payments.length),
    totalCents: paymentsTotal(payments),
    sums: paymentSums(payments),
    requests: read.requests,
    gaps: mappingGaps(format, mapping),
  };
}

/** The records of payments in a file, as the counts count them: each payment, each allocation applied later. */
function recordsIn(payments: readonly BillPayment[]): number {
  return payments.reduce((n, p) => n + (p.kind === "payment" ? 1 : p.lines.length), 0);
}

/** What the payments moved out of the bank and the credits account (a returned payment: back in, negative). */
function paymentsTotal(payments: readonly BillPayment[]): bigint {
  return payments.reduce((t, p) => (p.kind === "payment" ? t + p.totalCents : t), 0n);
}

/**
 * An export marked before, planned again for a retry of the request that marked it (its Idempotency-Key; the first
 * answer lost): the same request planned as if that export were not in the ledger (what it held is new again, as it
 * was when asked), keeping only the records the ledger holds of it. So a retry gets what was marked, never an empty
 * "only what is new" nor records that were not marked; a record exported again since is the later export's. `parts`:
 * how many files the request's export was.
 *
 * @example
 * const { plan, parts } = await planMarkedAgain(reader(api), store, scope, mapping, query, earlier.id);
 * const file = exportFile(plan, mapping); // the one file the export was (name it as the ledger does)
 */
export async function planMarkedAgain(
  read: Reader,
  store: Pick<AccountingStore, "exported">,
  scope: LedgerScope,
  mapping: AccountingMapping,
  query: ExportQuery,
  exportId: string,
): Promise<{ plan: ExportPlan; parts: number }> {
  const held = new Set<string>();
  const without: Pick<AccountingStore, "exported"> = {
    async exported(...args) {
      const found = await store.exported(...args);
      for (const [key, was] of found)
        if (was.exportId === exportId) {
          held.add(key);
          found.delete(key);
        }
      return found;
    },
  };
  const asked = await planExport(read, without, scope, mapping, query);
  const bills = asked.bills.filter((b) => held.has(String(b.invoiceId)));
  const payments = asked.payments.flatMap((p) => heldOf(p, held));
  const plan: ExportPlan = {
    ...asked,
    bills,
    payments,
    parts: 1,
    totalCents: asked.kind === "bills" ? totalOf(bills) : paymentsTotal(payments),
    sums: asked.kind === "bills" ? undefined : paymentSums(payments),
  };
  return { plan, parts: asked.parts };
}

/**
 * A payment as an export held it: a payment whose record it held, with the allocations it held as lines (one confirmed
 * since is the prepayment's, as it was then); an application of a prepayment, the allocations it held.
 */
function heldOf(payment: BillPayment, held: ReadonlySet<string>): BillPayment[] {
  const [own, ...rest] = payment.records;
  if (payment.kind === "payment") {
    if (!own || !held.has(own.key)) return [];
    const lines = payment.lines.filter((l) => l.key !== undefined && held.has(l.key));
    const remainder = payment.totalCents - lines.reduce((t, l) => t + l.amountCents, 0n);
    if (remainder !== 0n)
      lines.push({ kind: payment.totalCents < 0n ? "returned" : "prepayment", amountCents: remainder });
    const keys = new Set(lines.flatMap((l) => (l.key ? [l.key] : [])));
    return [{ ...payment, lines, records: [own, ...rest.filter((r) => keys.has(r.key))] }];
  }
  const lines = payment.lines.filter((l) => l.key !== undefined && held.has(appliedKey(l.key)));
  if (lines.length === 0) return [];
  const keys = new Set(lines.map((l) => appliedKey(l.key!)));
  return [
    {
      ...payment,
      lines,
      totalCents: lines.reduce((t, l) => t + l.amountCents, 0n),
      records: payment.records.filter((r) => keys.has(r.key)),
    },
  ];
}

function stateOf(was: Exported | undefined, fingerprint: string): "new" | "changed" | "unchanged" {
  if (!was) return "new";
  return was.fingerprint === fingerprint ? "unchanged" : "changed";
}

function pick(was: Exported): { exportedAt: string; fileName: string } {
  return { exportedAt: was.exportedAt, fileName: was.fileName };
}

function summed(records: readonly Pick<Exported, "exportedAt" | "fileName">[]): ExportedBefore {
  return {
    count: records.length,
    exportedAt: [...new Set(records.map((r) => r.exportedAt))].sort(),
    fileNames: [...new Set(records.map((r) => r.fileName))].sort(),
  };
}

function counted(states: readonly ("new" | "changed" | "unchanged")[], inFile: number): ExportPlan["counts"] {
  return {
    period: states.length,
    new: states.filter((s) => s === "new").length,
    changed: states.filter((s) => s === "changed").length,
    unchanged: states.filter((s) => s === "unchanged").length,
    inFile,
  };
}

/**
 * One file of a planned export (`part`, 1-based, of Xero's bills or bank statement; 1 otherwise).
 *
 * @example
 * const file = exportFile(plan, mapping, 1);
 */
export function exportFile(plan: ExportPlan, mapping: AccountingMapping, part = 1): ExportFile {
  const { format, from, to } = plan.query;
  if (plan.gaps.length > 0) throw new RangeError(`${format} lacks ${plan.gaps.map((g) => g.field).join(", ")}`);
  const name = exportFileName(format, { from, to, part, parts: plan.parts });
  if (plan.kind === "bills") {
    const bills = partOf(format, plan.bills, part);
    const text = billsFile(format, bills, mapping);
    return {
      name,
      text,
      bytes: fileBytes(format, text),
      records: bills.map((b) => ({ key: String(b.invoiceId), fingerprint: b.fingerprint })),
      totalCents: totalOf(bills),
      count: bills.length,
    };
  }
  const payments = partOf(format, plan.payments, part);
  const text = paymentsFile(format, payments, mapping);
  return {
    name,
    text,
    bytes: fileBytes(format, text),
    records: payments.flatMap((p) => p.records),
    totalCents: paymentsTotal(payments),
    count: recordsIn(payments),
  };
}

/** Rows of the preview: the first bills' (or payments') rows of the file. */
export const PREVIEW_RECORDS = 5;

/**
 * The first records of a planned export as the file writes them.
 *
 * @example
 * exportPreview(plan, mapping).rows;
 */
export function exportPreview(plan: ExportPlan, mapping: AccountingMapping) {
  return fileTable(
    plan.query.format,
    { bills: plan.bills.slice(0, PREVIEW_RECORDS), payments: plan.payments.slice(0, PREVIEW_RECORDS) },
    mapping,
  );
}
