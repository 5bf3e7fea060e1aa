/**
 * The retailer's payments as its bank saw them, pure. Each payment of the API (`/payments`) posted in the period is
 * one payment in the books: its own number (`PaymentInvoiceNum`), its own day (`PostDate`), from the bank (a brand's
 * credit: from the mapping's credits account, not the bank), for its whole `Amount`. Its lines sum to that amount: one
 * per bill it pays (its confirmed allocations known when the file is made, `/payments/applications`), one per credit
 * netted in it (a negative allocation: the ERP nets credits in a cash receipt), and the rest to the vendor's
 * prepayment. A reversed payment (a negative `Amount`: a returned check) is money come back, a line of its own.
 *
 * The books hold what earlier files to the same program held (the ledger, `earlier`): an allocation confirmed after
 * its payment went into the books is applied later, from the prepayment, dated its own day. An allocation toward a
 * bill no bills file of the program holds (held back while the ERP applies an update) stays in the prepayment until
 * the bill is in the books: it is applied in the first file made after that. So after any sequence of files the bank
 * holds each payment once, and each bill what its allocations paid.
 *
 * Pending, exported and rejected allocations are not in the books: only confirmed ones are.
 */
import type { RecordOf } from "@/lib/data-api/client";
import { invoiceDay } from "@/lib/domain/insights/definitions";
import { GENERIC_PAYMENT_TYPE_ID, paymentTypeName } from "@/lib/domain/payments/payment-type";
import { localDay } from "@/lib/format/days";
import { MISSING } from "@/lib/format/display";
import { centsOf, microsOf } from "./money";

export type PaymentRecord = RecordOf<"listPayments">;
export type ApplicationRecord = RecordOf<"listPaymentApplications">;

export interface PaymentsInput {
  payments: readonly PaymentRecord[];
  applications: readonly ApplicationRecord[];
}

/** What earlier marked files to the same program held of a record (its ledger row), or undefined: never. */
export type Earlier = (key: string) => { fingerprint: string; exportedAt: string; fileName: string } | undefined;

export interface PaymentsOptions {
  /** Inclusive, YYYY-MM-DD: the payment's day (`PostDate`). */
  from: string;
  to: string;
  /** The zone an allocation's time is read in (a payment's `PostDate` is the ERP's calendar day). */
  timeZone: string;
  /** Only these AR accounts' (a chosen store's); all the key reads when absent. */
  arAccountIds?: readonly number[];
  /** Whether a bill (an invoice's number) is in a bills file of the program: a line never names one that is not. */
  inBooks: (billNumber: string) => boolean;
  /** What the program's books hold from earlier files; nothing when absent. */
  earlier?: Earlier;
  /** Only what the program's books do not hold as it is; false: the period's payments again, whole. */
  newOnly: boolean;
  /**
   * A bank statement's (Xero's): the payments from the bank only. A brand's credit never passes through the bank,
   * and an application of a prepayment moves nothing in it.
   */
  bankOnly?: boolean;
}

/** A line of a payment: a bill paid, a credit netted, the prepayment (the rest), or the money returned. */
export interface PaymentLine {
  kind: "bill" | "credit" | "prepayment" | "returned";
  /** The bill's (or the credit's) number: the invoice's. */
  billNumber?: string;
  /** Positive toward a bill; negative: a credit netted, a prepayment drawn, money come back. */
  amountCents: bigint;
  /** The allocation's ledger key (bills and credits). */
  key?: string;
}

export interface BillPayment {
  /** "payment": a payment as the bank saw it; "applied": allocations of an earlier payment applied from its prepayment. */
  kind: "payment" | "applied";
  /** The payment's number (`PaymentInvoiceNum`). */
  reference: string;
  paymentId?: number;
  arAccountId?: number;
  /** The payment's day (`PostDate`), or the day its allocations were applied. */
  day: string;
  /** A brand's credit (a payment with a `SupplierID`): from the credits account, never the bank. */
  brandCredit: boolean;
  /** The payment's type and memo, as the API names them. */
  memo: string;
  lines: PaymentLine[];
  /** A payment: its `Amount`, what left the bank (or the credits account); applied: what its lines applied. */
  totalCents: bigint;
  /** The ledger's records of it: the payment's own (a payment), and each allocation's. */
  records: { key: string; fingerprint: string }[];
}

/** An allocation waiting in the prepayment for its bill, which no bills file of the program holds yet. */
export interface WaitingAllocation {
  reference: string;
  billNumber: string;
  amountCents: bigint;
}

/** A record exported before and changed since (or exported in an earlier shape): in the file again, named. */
export interface ChangedPayment {
  number: string;
  exportedAt: string;
  fileName: string;
}

export interface Payments {
  /** In day and number order, a payment before the applications of its day. */
  payments: BillPayment[];
  /** Of the period's records (payments, and allocations applied later): new, changed, exported as they are. */
  states: ("new" | "changed" | "unchanged")[];
  /** The records exported before as they are (left out with `newOnly`): when and in which file. */
  before: { exportedAt: string; fileName: string }[];
  changed: ChangedPayment[];
  waiting: WaitingAllocation[];
  /** A bank statement's: the brands' credits of the period, which never passed through the bank. */
  notInBank: { reference: string; amountCents: bigint }[];
}

interface Allocation {
  key: string;
  reference: string;
  billNumber: string;
  amountCents: bigint;
  day: string;
}

/** What the ledger remembers a payment by. */
export function paymentKey(payment: PaymentRecord): string {
  return `payment:${payment.PaymentID ?? payment.PaymentInvoiceNum?.trim()}`;
}

/** What the ledger remembers an allocation applied later (from the prepayment) by; as a payment's line, its own key. */
export function appliedKey(allocationKey: string): string {
  return `applied:${allocationKey}`;
}

/**
 * What the ledger remembers an allocation by: the ERP's id once confirmed, else the request's, else its numbers and
 * time (an allocation applied directly in the ERP carries no request).
 *
 * @example
 * applicationKey({ PaymentApplicationID: 900123 }); // "900123"
 */
export function applicationKey(application: ApplicationRecord): string {
  if (application.PaymentApplicationID != null) return String(application.PaymentApplicationID);
  if (application.RequestID != null) return `request:${application.RequestID}`;
  return `${application.PaymentInvoiceNum}>${application.TargetInvoiceNum}@${application.TimeApplied ?? ""}`;
}

function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/** The confirmed allocations of each payment (by its number), each with its day on the zone's clock. */
function allocationsByPayment(
  applications: readonly ApplicationRecord[],
  options: Pick<PaymentsOptions, "timeZone">,
  accounts: Set<number> | undefined,
): Map<string, Allocation[]> {
  const out = new Map<string, Allocation[]>();
  for (const application of applications) {
    if (application.Status !== "Confirmed") continue;
    const reference = application.PaymentInvoiceNum?.trim();
    const billNumber = application.TargetInvoiceNum?.trim();
    const amount = microsOf(application.Amount);
    const applied = application.TimeApplied ?? application.TimeUpdated;
    if (!reference || !billNumber || amount === undefined || !applied) continue;
    if (accounts && (application.ARAccountID == null || !accounts.has(application.ARAccountID))) continue;
    // An allocation's time is an instant, never the ERP's calendar date: read on the zone's clock even at exactly
    // midnight UTC (invoiceDay would take 00:00:00Z as a calendar date, a day later than the statement reads it).
    const at = new Date(applied);
    if (Number.isNaN(at.getTime())) continue;
    const list = out.get(reference) ?? [];
    list.push({
      key: applicationKey(application),
      reference,
      billNumber,
      amountCents: centsOf(amount),
      day: localDay(at, options.timeZone),
    });
    out.set(reference, list);
  }
  for (const list of out.values())
    list.sort((a, b) => compareNumbers(a.billNumber, b.billNumber) || a.day.localeCompare(b.day));
  return out;
}

function lineOf(allocation: Allocation): PaymentLine {
  return {
    kind: allocation.amountCents < 0n ? "credit" : "bill",
    billNumber: allocation.billNumber,
    amountCents: allocation.amountCents,
    key: allocation.key,
  };
}

const sum = (lines: readonly { amountCents: bigint }[]) => lines.reduce((t, l) => t + l.amountCents, 0n);

/**
 * The period's payments as the program's books take them, and the allocations of earlier payments applied since.
 *
 * @example
 * paymentsOf(input, { from: "2026-10-01", to: "2026-10-31", timeZone: "America/Los_Angeles", inBooks: () => true, newOnly: true });
 */
export function paymentsOf(input: PaymentsInput, options: PaymentsOptions): Payments {
  const accounts = options.arAccountIds ? new Set(options.arAccountIds) : undefined;
  const earlier: Earlier = options.earlier ?? (() => undefined);
  const allocations = allocationsByPayment(input.applications, options, accounts);
  const result: Payments = { payments: [], states: [], before: [], changed: [], waiting: [], notInBank: [] };
  const written = new Set<string>();
  const byNumber = new Map<string, PaymentRecord>();
  const wait = (a: Allocation) =>
    result.waiting.push({ reference: a.reference, billNumber: a.billNumber, amountCents: a.amountCents });

  for (const payment of input.payments) {
    const reference = payment.PaymentInvoiceNum?.trim();
    const amount = microsOf(payment.Amount);
    if (!reference || amount === undefined || !payment.PostDate) continue;
    if (accounts && (payment.ARAccountID == null || !accounts.has(payment.ARAccountID))) continue;
    byNumber.set(reference, payment);
    const day = invoiceDay(payment.PostDate, options.timeZone);
    if (day === undefined || day < options.from || day > options.to) continue;
    const brandCredit = payment.SupplierID != null;
    const totalCents = centsOf(amount);
    if (brandCredit && options.bankOnly) {
      result.notInBank.push({ reference, amountCents: totalCents });
      continue;
    }
    const key = paymentKey(payment);
    const fingerprint = `${totalCents}|${day}|${brandCredit ? "credits" : "bank"}`;
    const mine = allocations.get(reference) ?? [];
    const was = earlier(key);
    // A payment some of whose allocations the books hold as lines, but not the payment itself: a file of the earlier
    // shape (a bill payment per day of allocations) holds it. Written whole, to replace those.
    const inEarlierShape = was ? undefined : mine.map((a) => earlier(a.key)).find(Boolean);
    const state = was
      ? was.fingerprint === fingerprint
        ? "unchanged"
        : "changed"
      : inEarlierShape
        ? "changed"
        : "new";
    result.states.push(state);
    if (state === "unchanged") {
      result.before.push({ exportedAt: was!.exportedAt, fileName: was!.fileName });
      if (options.newOnly) continue;
    }
    const before = was ?? inEarlierShape;
    if (state === "changed" && before)
      result.changed.push({ number: reference, exportedAt: before.exportedAt, fileName: before.fileName });
    written.add(reference);
    const lines: PaymentLine[] = [];
    for (const allocation of mine) {
      // Applied later from the prepayment in an earlier file: the books hold it there.
      if (earlier(appliedKey(allocation.key))) continue;
      if (!options.inBooks(allocation.billNumber)) wait(allocation);
      else lines.push(lineOf(allocation));
    }
    const rest = totalCents - sum(lines);
    if (rest !== 0n) lines.push({ kind: totalCents < 0n ? "returned" : "prepayment", amountCents: rest });
    // The generic type (-1, "SupplierCredit") is also every receipt's: on a check it would say what it is not.
    const generic = payment.PaymentTypeID === GENERIC_PAYMENT_TYPE_ID && !brandCredit;
    const named = paymentTypeName(payment.PaymentTypeName, payment.PaymentTypeID);
    const type = generic || named === MISSING ? undefined : named;
    result.payments.push({
      kind: "payment",
      reference,
      paymentId: payment.PaymentID ?? undefined,
      arAccountId: payment.ARAccountID ?? undefined,
      day,
      brandCredit,
      memo: [type, payment.Memo?.trim()].filter(Boolean).join(" · "),
      lines,
      totalCents,
      records: [
        { key, fingerprint },
        ...lines.flatMap((l) => (l.key ? [{ key: l.key, fingerprint: String(l.amountCents) }] : [])),
      ],
    });
  }

  if (!options.bankOnly)
    result.payments.push(...appliedLater(allocations, byNumber, written, earlier, options, result, wait));
  result.payments.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      (a.kind === b.kind ? 0 : a.kind === "payment" ? -1 : 1) ||
      compareNumbers(a.reference, b.reference),
  );
  return result;
}

/**
 * The allocations of payments the program's books hold already (not written in this file), confirmed since: each day's
 * of a payment one application of its prepayment. With `newOnly`, every one not yet in the books whose bill is (an
 * allocation whose bill was held back comes once the bill is in the books, dated its own day); else those of the
 * period's days, as they went into the books.
 */
function appliedLater(
  allocations: Map<string, Allocation[]>,
  payments: Map<string, PaymentRecord>,
  written: Set<string>,
  earlier: Earlier,
  options: PaymentsOptions,
  result: Payments,
  wait: (a: Allocation) => void,
): BillPayment[] {
  const groups = new Map<string, BillPayment>();
  for (const [reference, list] of allocations) {
    const payment = payments.get(reference);
    // Its payment in this file takes it as a line; a payment not in the books yet takes it when it goes in.
    if (written.has(reference) || !payment || !earlier(paymentKey(payment))) continue;
    for (const allocation of list) {
      if (allocation.day > options.to || earlier(allocation.key)) continue;
      if (!options.newOnly && allocation.day < options.from) continue;
      if (!options.inBooks(allocation.billNumber)) {
        wait(allocation);
        continue;
      }
      const key = appliedKey(allocation.key);
      const was = earlier(key);
      const fingerprint = String(allocation.amountCents);
      const state = was ? (was.fingerprint === fingerprint ? "unchanged" : "changed") : "new";
      result.states.push(state);
      if (state === "unchanged") {
        result.before.push({ exportedAt: was!.exportedAt, fileName: was!.fileName });
        if (options.newOnly) continue;
      }
      if (state === "changed")
        result.changed.push({
          number: `${reference} → ${allocation.billNumber}`,
          exportedAt: was!.exportedAt,
          fileName: was!.fileName,
        });
      const groupKey = `${reference}@${allocation.day}`;
      let group = groups.get(groupKey);
      if (!group) {
        const brandCredit = payment.SupplierID != null;
        group = {
          kind: "applied",
          reference,
          paymentId: payment.PaymentID ?? undefined,
          arAccountId: payment.ARAccountID ?? undefined,
          day: allocation.day,
          brandCredit,
          memo: `Prepayment of ${reference} applied`,
          lines: [],
          totalCents: 0n,
          records: [],
        };
        groups.set(groupKey, group);
      }
      group.lines.push(lineOf(allocation));
      group.totalCents += allocation.amountCents;
      group.records.push({ key, fingerprint });
    }
  }
  return [...groups.values()];
}

/** What a file of payments moves, whole cents: `bank + credits = allocated + prepaid + returned`, always. */
export interface PaymentSums {
  /** The payments from the bank: what left it (a returned payment: what came back, negative). */
  bankCents: bigint;
  /** The brands' credits, which never pass through the bank. */
  creditsCents: bigint;
  /** Applied to bills (credits netted, negative), in the payments and applied later from the prepayment. */
  allocatedCents: bigint;
  /** Kept in the prepayment, less what was applied from it later: the vendor's credit this file adds. */
  prepaidCents: bigint;
  /** Money come back (returned payments), negative. */
  returnedCents: bigint;
}

/**
 * What a file of payments moves, to the cent.
 *
 * @example
 * paymentSums(payments); // { bankCents: 969395n, creditsCents: 0n, allocatedCents: 969395n, prepaidCents: 0n, returnedCents: 0n }
 */
export function paymentSums(payments: readonly BillPayment[]): PaymentSums {
  const sums: PaymentSums = {
    bankCents: 0n,
    creditsCents: 0n,
    allocatedCents: 0n,
    prepaidCents: 0n,
    returnedCents: 0n,
  };
  for (const payment of payments) {
    if (payment.kind === "payment") {
      if (payment.brandCredit) sums.creditsCents += payment.totalCents;
      else sums.bankCents += payment.totalCents;
    } else sums.prepaidCents -= payment.totalCents;
    for (const line of payment.lines) {
      if (line.kind === "prepayment") sums.prepaidCents += line.amountCents;
      else if (line.kind === "returned") sums.returnedCents += line.amountCents;
      else sums.allocatedCents += line.amountCents;
    }
  }
  return sums;
}
