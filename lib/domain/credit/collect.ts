import { addDays, isoWeekday } from "@/lib/format/days";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import type { CollectedStatus } from "./view";

/**
 * Collecting at the door: what a rep collects at a delivery to an account over 60 days or over its limit, and the
 * matcher that finds the API's payment for what they recorded. Pure: the server keeps the records and reads the
 * payments, Today and the plan list the stops.
 */

/** Business days (Monday to Friday) after its day from which a recorded collection no payment matched is "unmatched". */
export const MATCH_BUSINESS_DAYS = 5;
/** A payment matches a record posted from the day before it was recorded up to this many days after. */
export const MATCH_WINDOW_DAYS = 30;

const MICROS_PER_CENT = 10_000n;
const cents = (text: string | null): bigint => {
  const micros = text === null ? undefined : parseDecimal(text);
  if (micros === undefined) return 0n;
  const magnitude = ((micros < 0n ? -micros : micros) + MICROS_PER_CENT / 2n) / MICROS_PER_CENT;
  return micros < 0n ? -magnitude : magnitude;
};
const centsText = (value: bigint) => toDecimalString(value * MICROS_PER_CENT, 2);

/**
 * What to collect at the next delivery, in cents: the over-60 balance, or what brings the account under its limit
 * (−available), the larger; 0 when neither is owed.
 *
 * @example
 * toCollect("1240.000000", "-300.00"); // "1240.00"
 * toCollect("0", "-310.00"); // "310.00"
 * toCollect("0", null); // "0.00"
 */
export function toCollect(over60: string, available: string | null): string {
  const over = cents(over60);
  const beyond = -cents(available);
  const most = over > beyond ? over : beyond;
  return centsText(most > 0n ? most : 0n);
}

/**
 * Why a delivery is a stop to collect at: over 60 days (something over 60 days past due), over its limit (available
 * below 0), both, or neither ([]).
 *
 * @example
 * collectReasons("50.00", "-1.00"); // ["over60", "overLimit"]
 */
export function collectReasons(over60: string, available: string | null): ("over60" | "overLimit")[] {
  const reasons: ("over60" | "overLimit")[] = [];
  if (cents(over60) > 0n) reasons.push("over60");
  if (available !== null && cents(available) < 0n) reasons.push("overLimit");
  return reasons;
}

/**
 * The day `n` business days after `day` (YYYY-MM-DD), counting Monday to Friday only (holidays are not known); a
 * negative `n` counts back. From a Saturday or Sunday, the first business day on is the Monday.
 *
 * @example
 * addBusinessDays("2026-11-20", 5); // "2026-11-27" (a Friday: the next Friday)
 * addBusinessDays("2026-11-21", 1); // "2026-11-23" (a Saturday: the Monday)
 */
export function addBusinessDays(day: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let at = day;
  for (let left = Math.abs(n); left > 0; ) {
    at = addDays(at, step);
    if (isoWeekday(at) <= 5) left--;
  }
  return at;
}

export interface CollectedRecord {
  id: string;
  arAccountId: number;
  amount: string;
  reference: string | null;
  /** YYYY-MM-DD. */
  recordedDay: string;
  /** The payment it was already matched to. */
  paymentId: number | null;
}

export interface PaymentSeen {
  paymentId: number;
  arAccountId: number;
  amount: string;
  memo: string | null;
  paymentInvoiceNum: string;
  /** ISO date-time. */
  postDate: string;
}

/** The number a reference names: its longest run of digits (the first of equal ones), leading zeros dropped. */
function numberOf(reference: string | null): string | null {
  const runs = reference?.match(/\d+/g) ?? [];
  const longest = runs.reduce<string | null>(
    (best, run) => (best === null || run.length > best.length ? run : best),
    null,
  );
  return longest === null ? null : longest.replace(/^0+(?=\d)/, "");
}

/** Whether text holds a number as a whole run of digits ("Check #4417" holds 4417; "44170" does not). */
const holds = (text: string | null, number: string) =>
  (text?.match(/\d+/g) ?? []).some((run) => run.replace(/^0+(?=\d)/, "") === number);

interface Candidate {
  payment: PaymentSeen;
  day: string;
  at: number;
  cents: bigint;
}

/**
 * Each recorded collection's standing against the API's payments: matched (and to which payment), waiting, or
 * unmatched.
 *
 * - A record already matched keeps its payment.
 * - Otherwise, records oldest first (by day, then id), a payment matches a record of the same AR account with the same
 *   amount to the cent (a payment of 0 or less, such as a reversal, never matches), posted (its UTC day) from the day
 *   before the record's day up to `MATCH_WINDOW_DAYS` after it. When the record's reference has digits, a payment whose
 *   Memo or PaymentInvoiceNum holds that number as a whole run of digits is taken first (the reference's number is its
 *   longest run of digits, leading zeros dropped); otherwise the earliest posted (then the lowest id).
 * - A payment is used once, also across records matched before.
 * - Not matched: "unmatched" from `addBusinessDays(recordedDay, MATCH_BUSINESS_DAYS)` on (today on or after it), else
 *   "waiting". An unmatched record is still matched when its payment shows later within the window.
 *
 * @example
 * matchCollected([{ id: "c1", arAccountId: 50001, amount: "1240.00", reference: "4417", recordedDay: "2026-11-20", paymentId: null }], payments, "2026-11-23");
 * // Map { "c1" => { status: "matched", paymentId: 9001 } }
 */
export function matchCollected(
  records: readonly CollectedRecord[],
  payments: readonly PaymentSeen[],
  today: string,
): Map<string, { status: CollectedStatus; paymentId: number | null }> {
  const used = new Set(records.flatMap((r) => (r.paymentId === null ? [] : [r.paymentId])));
  const candidates: Candidate[] = payments.flatMap((payment) => {
    const at = Date.parse(payment.postDate);
    const amount = cents(payment.amount);
    return Number.isNaN(at) || amount <= 0n
      ? []
      : [{ payment, at, day: new Date(at).toISOString().slice(0, 10), cents: amount }];
  });
  candidates.sort((a, b) => a.at - b.at || a.payment.paymentId - b.payment.paymentId);
  const result = new Map<string, { status: CollectedStatus; paymentId: number | null }>();
  const order = [...records].sort((a, b) => a.recordedDay.localeCompare(b.recordedDay) || a.id.localeCompare(b.id));
  for (const record of order) {
    if (record.paymentId !== null) {
      result.set(record.id, { status: "matched", paymentId: record.paymentId });
      continue;
    }
    const from = addDays(record.recordedDay, -1);
    const to = addDays(record.recordedDay, MATCH_WINDOW_DAYS);
    const amount = cents(record.amount);
    const fits = candidates.filter(
      (c) =>
        c.payment.arAccountId === record.arAccountId &&
        c.cents === amount &&
        c.day >= from &&
        c.day <= to &&
        !used.has(c.payment.paymentId),
    );
    const number = numberOf(record.reference);
    const byReference =
      number === null
        ? undefined
        : fits.find((c) => holds(c.payment.memo, number) || holds(c.payment.paymentInvoiceNum, number));
    const found = byReference ?? fits[0];
    if (found) {
      used.add(found.payment.paymentId);
      result.set(record.id, { status: "matched", paymentId: found.payment.paymentId });
    } else {
      const unmatched = today >= addBusinessDays(record.recordedDay, MATCH_BUSINESS_DAYS);
      result.set(record.id, { status: unmatched ? "unmatched" : "waiting", paymentId: null });
    }
  }
  return result;
}
