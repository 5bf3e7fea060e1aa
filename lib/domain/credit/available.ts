import type { ListMatch } from "@/lib/domain/order-guide/shared-list";
import { parseDecimal, requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";

/**
 * Credit left: the limit the distributor's staff set, less the open balance (the aging's TotalBalanceOutstanding) and
 * the reorder lists sent and not yet invoiced. Pure and browser-safe: the server computes it for every party's view and
 * the order guide's pages say it in `creditWords`' words. Inputs may carry the API's 6 decimals; each answer is rounded
 * to cents once, at the end (half away from zero).
 */

const MICROS = 1_000_000n;

/**
 * What of a sent reorder list is not yet invoiced, in cents (0 or more).
 *
 * A list's match (`ListMatch`) counts cases, not money: for each line, the cases asked and the cases invoiced against
 * it. So the open part is the list's total times the share of its asked cases not yet invoiced (each line's cases
 * short, never below 0; a line invoiced beyond what it asked covers no other line). It is:
 * - 0 when the list is withdrawn, or its match says "invoiced" (every line filled);
 * - the whole total when there is no match yet, or the match has no line asking a case;
 * - otherwise (waiting, partly, not invoiced after 7 days) the share of the cases still short. A list "not invoiced
 *   after 7 days" still holds its credit: the store or the rep withdraws it to free it.
 *
 * @example
 * openListAmount({ total: "1000.00", withdrawn: false, match: null }); // "1000.00"
 * openListAmount({ total: "1000.00", withdrawn: false, match: { status: "partly", lines: [asked 10, invoiced 6] } }); // "400.00"
 */
export function openListAmount(list: { total: string; withdrawn: boolean; match: ListMatch | null }): string {
  const total = parseDecimal(list.total) ?? 0n;
  if (list.withdrawn || total <= 0n || list.match?.status === "invoiced") return "0.00";
  const asking = list.match?.lines.filter((line) => line.asked > 0) ?? [];
  if (asking.length === 0) return toDecimalString(total, 2);
  let asked = 0n;
  let short = 0n;
  for (const line of asking) {
    const cases = BigInt(line.asked) * MICROS;
    const invoiced = parseDecimal(line.invoiced) ?? 0n;
    asked += cases;
    if (invoiced < cases) short += cases - (invoiced > 0n ? invoiced : 0n);
  }
  // total × short / asked in micro-units, rounded half up (both are positive) before the cents' rounding.
  return toDecimalString((total * short * 2n + asked) / (asked * 2n), 2);
}

/**
 * limit − balance − openLists, in cents (negative: over the limit); null without a limit.
 *
 * @example
 * availableCredit("10000.00", "7360.000000", "500.00"); // "2140.00"
 * availableCredit(null, "7360.00", "0"); // null
 */
export function availableCredit(limit: string | null, balance: string, openLists: string): string | null {
  if (limit === null) return null;
  return toDecimalString(requireDecimal(limit) - requireDecimal(balance) - requireDecimal(openLists), 2);
}

/**
 * The share of the limit in use, (balance + openLists) / limit, 4 decimals (half away from zero; above 1: over the
 * limit; below 0 when the account holds more credit than it owes). Null without a limit, and null for a limit of 0:
 * any use of a zero limit would be an infinite share, and the list sorts null last rather than carry Infinity.
 *
 * @example
 * usedShare("10000.00", "7360.00", "500.00"); // 0.786
 * usedShare("0.00", "10.00", "0"); // null
 */
export function usedShare(limit: string | null, balance: string, openLists: string): number | null {
  if (limit === null) return null;
  const max = requireDecimal(limit);
  if (max <= 0n) return null;
  const used = requireDecimal(balance) + requireDecimal(openLists);
  const magnitude = ((used < 0n ? -used : used) * 20_000n + max) / (max * 2n);
  return Number(used < 0n ? -magnitude : magnitude) / 10_000;
}

/**
 * Credit left in words, as every party's page says it.
 *
 * @example
 * creditWords("2140.00", "10000.00"); // "$2,140.00 of $10,000.00 available"
 * creditWords("-310.00", "5000.00"); // "$310.00 over the limit of $5,000.00"
 * creditWords(null, null); // "No credit limit set"
 */
export function creditWords(available: string | null, limit: string | null): string {
  if (available === null || limit === null) return "No credit limit set";
  const left = requireDecimal(available);
  if (left < 0n) return `${formatMoney(toDecimalString(-left, 2))} over the limit of ${formatMoney(limit)}`;
  return `${formatMoney(available)} of ${formatMoney(limit)} available`;
}
