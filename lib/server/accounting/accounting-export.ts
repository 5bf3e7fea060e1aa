import "server-only";
import { type BillPayment, billPaymentsOf } from "@/lib/domain/accounting/bill-payments";
import { type Bill, billsOf, type HeldBill, totalOf } from "@/lib/domain/accounting/bills";
import {
  billsFile,
  billsFor,
  type ExportFormat,
  exportFileName,
  FORMATS,
  fileBytes,
  fileTable,
  partOf,
  partsOf,
  paymentsFile,
} from "@/lib/domain/accounting/formats";
import { type AccountingMapping, type MappingGap, mappingGaps } from "@/lib/domain/accounting/mapping";
import { readBills, readPayments, type Reader } from "./accounting-reads";
import type { AccountingStore, Exported } from "./accounting-store";

/**
 * An export, made the one way for the download, the preview, the API and the scheduled mail: read the
 * period, make the bills or the bill payments (`lib/domain/accounting/`), keep those the format's file takes (bills or
 * vendor credits; a number the program refuses is held back, named), compare them with what earlier marked exports
 * held (the ledger), keep only what is new or changed when asked, and write the file (or one of Xero's parts). A file
 * whose program needs what the mapping lacks (Xero's codes) is not written: its gaps are named instead.
 */

export interface ExportQuery {
  format: ExportFormat;
  from: string;
  to: string;
  statuses: readonly number[];
  customerId?: number;
  /** Only what no earlier marked export held, or held otherwise (changed since). */
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

export interface ExportPlan {
  query: ExportQuery;
  kind: "bills" | "payments";
  bills: Bill[];
  payments: BillPayment[];
  held: HeldBill[];
  /** Of the period's records (bills, or allocations): */
  counts: {
    /** In the period (the statuses chosen), before `newOnly`. */
    period: number;
    /** Never exported. */
    new: number;
    /** Exported, and changed since. */
    changed: number;
    /** Exported as they are: left out with `newOnly`. */
    unchanged: number;
    /** In the file(s). */
    inFile: number;
  };
  changed: ChangedRecord[];
  parts: number;
  /** The file's total, whole cents (all parts). */
  totalCents: bigint;
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

/**
 * Reads and plans an export.
 *
 * @example
 * const plan = await planExport(reader(api), store, { workspaceId, environment: "test" }, mapping, query);
 */
export async function planExport(
  read: Reader,
  store: Pick<AccountingStore, "exported">,
  scope: LedgerScope,
  mapping: AccountingMapping,
  query: ExportQuery,
): Promise<ExportPlan> {
  const kind = FORMATS[query.format].kind;
  if (kind === "bills") {
    const input = await readBills(read, query);
    const made = billsOf(input, mapping, query);
    const { bills, refused } = billsFor(query.format, made.bills);
    const held = [...made.held, ...refused];
    const earlier = await store.exported(
      scope.workspaceId,
      scope.environment,
      "bills",
      bills.map((b) => String(b.invoiceId)),
    );
    const judged = bills.map((bill) => ({
      bill,
      state: stateOf(earlier.get(String(bill.invoiceId)), bill.fingerprint),
    }));
    const kept = judged.filter((j) => !query.newOnly || j.state !== "unchanged").map((j) => j.bill);
    return {
      query,
      kind,
      bills: kept,
      payments: [],
      held,
      counts: counted(
        judged.map((j) => j.state),
        kept.length,
      ),
      changed: judged
        .filter((j) => j.state === "changed")
        .map((j) => ({ number: j.bill.number, ...pick(earlier.get(String(j.bill.invoiceId))!) })),
      parts: partsOf(query.format, kept.length),
      totalCents: totalOf(kept),
      requests: read.requests,
      gaps: mappingGaps(query.format, mapping),
    };
  }
  const { input, timeZone } = await readPayments(read, query);
  const all = billPaymentsOf(input, mapping, { from: query.from, to: query.to, timeZone });
  const keys = all.flatMap((p) => p.applications.map((a) => a.key));
  const earlier = await store.exported(scope.workspaceId, scope.environment, "payments", keys);
  const states: ("new" | "changed" | "unchanged")[] = [];
  const changed: ChangedRecord[] = [];
  const kept: BillPayment[] = [];
  for (const payment of all) {
    const applications = payment.applications.filter((a) => {
      const was = earlier.get(a.key);
      const state = stateOf(was, String(a.amountCents));
      states.push(state);
      if (state === "changed") changed.push({ number: `${payment.reference} → ${a.billNumber}`, ...pick(was!) });
      return !query.newOnly || state !== "unchanged";
    });
    if (applications.length)
      kept.push({ ...payment, applications, totalCents: applications.reduce((t, a) => t + a.amountCents, 0n) });
  }
  return {
    query,
    kind,
    bills: [],
    payments: kept,
    held: [],
    counts: counted(
      states,
      kept.reduce((n, p) => n + p.applications.length, 0),
    ),
    changed,
    parts: 1,
    totalCents: totalOf(kept),
    requests: read.requests,
    gaps: mappingGaps(query.format, mapping, { brandCredits: kept.some((p) => p.brandCredit) }),
  };
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
  const payments = asked.payments.flatMap((p) => {
    const applications = p.applications.filter((a) => held.has(a.key));
    const totalCents = applications.reduce((t, a) => t + a.amountCents, 0n);
    return applications.length ? [{ ...p, applications, totalCents }] : [];
  });
  const plan: ExportPlan = {
    ...asked,
    bills,
    payments,
    parts: 1,
    totalCents: asked.kind === "bills" ? totalOf(bills) : totalOf(payments),
  };
  return { plan, parts: asked.parts };
}

function stateOf(was: Exported | undefined, fingerprint: string): "new" | "changed" | "unchanged" {
  if (!was) return "new";
  return was.fingerprint === fingerprint ? "unchanged" : "changed";
}

function pick(was: Exported): { exportedAt: string; fileName: string } {
  return { exportedAt: was.exportedAt, fileName: was.fileName };
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
 * One file of a planned export (`part`, 1-based, of Xero's bills; 1 otherwise).
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
  const text = paymentsFile(format, plan.payments, mapping);
  return {
    name,
    text,
    bytes: fileBytes(format, text),
    records: plan.payments.flatMap((p) =>
      p.applications.map((a) => ({ key: a.key, fingerprint: String(a.amountCents) })),
    ),
    totalCents: plan.totalCents,
    count: plan.payments.length,
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
