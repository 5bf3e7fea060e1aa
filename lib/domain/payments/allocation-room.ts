import { compareDecimals, parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";

/** Payment requests not yet in their target's open balance: asked, or sent to the ERP and not confirmed. */
export const OUTSTANDING_STATUSES = ["Pending", "Exported"] as const;

/**
 * What a target invoice can still take: its open balance (nothing for a credit or a paid one) less the requests
 * already outstanding toward it, never below zero. The allocation form refuses more, and so does the proxy, in the
 * same words (`overRoomWords`).
 *
 * @example
 * roomLeft("456.00", "100.00"); // "356.000000"
 * roomLeft("-25.00", "0"); // "0.000000"
 */
export function roomLeft(openBalance: string, outstanding = "0"): string {
  // An unreadable figure counts as nothing owed (or nothing asked): no room is made of it.
  const owed = parseDecimal(openBalance.trim()) ?? 0n;
  const asked = parseDecimal(outstanding.trim()) ?? 0n;
  const left = (owed > 0n ? owed : 0n) - asked;
  return toDecimalString(left > 0n ? left : 0n, 6);
}

/** The outstanding requests' amounts per target invoice, from an AR account's payment applications. */
export function outstandingByTarget(
  applications: readonly {
    TargetInvoiceNum?: string | null;
    Status?: string | null;
    Amount?: string | number | null;
  }[],
): Map<string, string> {
  const sums = new Map<string, bigint>();
  for (const a of applications) {
    if (!a.TargetInvoiceNum || !OUTSTANDING_STATUSES.some((s) => s === a.Status)) continue;
    sums.set(a.TargetInvoiceNum, (sums.get(a.TargetInvoiceNum) ?? 0n) + (parseDecimal(String(a.Amount ?? "0")) ?? 0n));
  }
  return new Map([...sums].map(([num, micros]) => [num, toDecimalString(micros, 6)]));
}

/**
 * Why an amount is more than an invoice can take, naming what it owes and what is already asked toward it.
 *
 * @example
 * overRoomWords("INV-129150", "456.00", "0", "500.00");
 * // "INV-129150 owes $456.00: allocate at most $456.00, not $500.00."
 */
export function overRoomWords(invoiceNum: string, openBalance: string, outstanding: string, amount: string): string {
  const owed = (parseDecimal(openBalance.trim()) ?? 0n) > 0n ? openBalance : "0";
  const asked =
    compareDecimals(outstanding, "0") > 0 ? ` less ${formatMoney(outstanding)} already requested toward it` : "";
  return `${invoiceNum} owes ${formatMoney(owed)}${asked}: allocate at most ${formatMoney(roomLeft(openBalance, outstanding))}, not ${formatMoney(amount)}.`;
}
