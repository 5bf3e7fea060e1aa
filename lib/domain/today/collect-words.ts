import type { CollectedView, CollectionMethod, CollectStop } from "@/lib/domain/credit/view";
import { addDays } from "@/lib/format/days";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatDate, formatMoney } from "@/lib/format/display";

/**
 * The words of Today's "Collect before the drop" and of a recorded collection: why a stop has something to collect,
 * how it was collected, and where its match to the API's payment stands. Pure and browser-safe; money in, as the
 * answers carry it (cents strings), words out.
 */

/** The methods a rep records, in the order the form offers them, with their words. */
export const METHOD_CHOICES: readonly { value: CollectionMethod; label: string }[] = [
  { value: "check", label: "Check" },
  { value: "cash", label: "Cash" },
  { value: "money-order", label: "Money order" },
  { value: "ach", label: "ACH transfer" },
  { value: "card", label: "Card" },
  { value: "other", label: "Other" },
];

const METHOD_WORDS: Record<CollectionMethod, string> = {
  check: "check",
  cash: "cash",
  "money-order": "money order",
  ach: "ACH",
  card: "card",
  other: "other means",
};

/**
 * What the account is over its limit by: the available credit's opposite when it is negative; undefined without a
 * limit or when within it.
 *
 * @example
 * overLimitBy("-310.00"); // "310.00"
 * overLimitBy("25.00"); // undefined
 */
export function overLimitBy(available: string | null): string | undefined {
  if (available === null) return undefined;
  const micros = parseDecimal(available);
  return micros !== undefined && micros < 0n ? toDecimalString(-micros) : undefined;
}

/**
 * Why a stop has something to collect, one phrase a reason.
 *
 * @example
 * collectWhy({ reasons: ["over60", "overLimit"], over60: "1240.00", available: "-310.00" });
 * // ["over 60 days: $1,240.00", "over its limit by $310.00"]
 */
export function collectWhy(stop: Pick<CollectStop, "reasons" | "over60" | "available">): string[] {
  const words: string[] = [];
  if (stop.reasons.includes("over60")) words.push(`over 60 days: ${formatMoney(stop.over60)}`);
  const over = overLimitBy(stop.available);
  if (stop.reasons.includes("overLimit") && over !== undefined) words.push(`over its limit by ${formatMoney(over)}`);
  return words;
}

/**
 * The delivery's day in words beside today's: "today", "tomorrow", or its date.
 *
 * @example
 * deliveryWhen("2026-11-26", "2026-11-25"); // "tomorrow"
 */
export function deliveryWhen(deliveryDate: string, today: string): string {
  if (deliveryDate === today) return "today";
  return addDays(today, 1) === deliveryDate ? "tomorrow" : formatDate(deliveryDate);
}

/**
 * How it was collected: the amount, the method and its reference.
 *
 * @example
 * collectedWords({ amount: "420.00", method: "check", reference: "4417" }); // "$420.00 by check 4417"
 * collectedWords({ amount: "80.00", method: "cash", reference: null }); // "$80.00 in cash"
 */
export function collectedWords(record: Pick<CollectedView, "amount" | "method" | "reference">): string {
  const amount = formatMoney(record.amount);
  const ref = record.reference ? ` ${record.reference}` : "";
  if (record.method === "cash") return `${amount} in cash${ref ? ` (${record.reference})` : ""}`;
  if (record.method === "other") return `${amount}${ref ? ` (${record.reference})` : ""}`;
  return `${amount} by ${METHOD_WORDS[record.method]}${ref}`;
}

/**
 * Where a recorded collection stands against the API's payments, in words.
 *
 * @example
 * matchWords({ status: "waiting", dueBy: "2026-12-02", payment: null }); // "waiting for its payment in the ERP (by Dec 2, 2026)"
 */
export function matchWords(record: Pick<CollectedView, "status" | "dueBy" | "payment">): string {
  switch (record.status) {
    case "matched":
      return record.payment
        ? `matched to payment ${record.payment.paymentInvoiceNum} of ${formatDate(record.payment.postDate.slice(0, 10))}`
        : "matched to its payment";
    case "unmatched":
      return `not matched: no payment of this amount in 5 business days (since ${formatDate(record.dueBy)})`;
    default:
      return `waiting for its payment in the ERP (by ${formatDate(record.dueBy)})`;
  }
}

/**
 * What is left to collect at the stop once what was recorded for it is taken off (never below 0).
 *
 * @example
 * leftToCollect("1240.00", [{ amount: "1000.00" }]); // "240.00"
 */
export function leftToCollect(toCollect: string, collected: readonly Pick<CollectedView, "amount">[]): string {
  const total = parseDecimal(toCollect) ?? 0n;
  const recorded = collected.reduce((sum, r) => sum + (parseDecimal(r.amount) ?? 0n), 0n);
  const left = total - recorded;
  return toDecimalString(left > 0n ? left : 0n);
}
