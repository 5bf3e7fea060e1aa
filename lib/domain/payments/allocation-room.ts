import {
  addDecimals,
  compareDecimals,
  isWholeCents,
  parseDecimal,
  toDecimalString,
  toExactDecimalString,
} from "@/lib/format/decimal";
import { formatMoneyExact } from "@/lib/format/display";

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
 * Why an amount is more than an invoice can take, naming what it owes and what is already asked toward it, each figure
 * exact: the "at most" it names is an amount the form and the proxy take as it is.
 *
 * @example
 * overRoomWords("INV-129150", "456.00", "0", "500.00");
 * // "INV-129150 owes $456.00: allocate at most $456.00, not $500.00."
 * overRoomWords("INV-126577", "3546.085", "0", "3546.09");
 * // "INV-126577 owes $3,546.085: allocate at most $3,546.085, not $3,546.09."
 */
export function overRoomWords(invoiceNum: string, openBalance: string, outstanding: string, amount: string): string {
  const owed = (parseDecimal(openBalance.trim()) ?? 0n) > 0n ? openBalance : "0";
  const asked =
    compareDecimals(outstanding, "0") > 0 ? ` less ${formatMoneyExact(outstanding)} already requested toward it` : "";
  return `${invoiceNum} owes ${formatMoneyExact(owed)}${asked}: allocate at most ${formatMoneyExact(roomLeft(openBalance, outstanding))}, not ${formatMoneyExact(amount)}.`;
}

/**
 * Whether an amount a person sends may have the digits it has: an amount is in cents (at most two decimals, by value:
 * "10.500" is 10.50), but for the one figure it clears exactly, with the sub-cent digits the ERP holds (3,546.085):
 * all the target invoice can still take (`room`), or all the credit the payment has left (`creditLeft`). Anything else
 * with more than two decimals is refused, never rounded: it would leave a balance with a fraction of a cent, or send
 * a figure other than the one reviewed. The allocation form and the proxy's balance stage judge by it alike.
 *
 * @example
 * amountInCents("100.01", ["3546.085"]); // true
 * amountInCents("100.005", ["3546.085", "650.30"]); // false
 * amountInCents("3546.085", ["3546.085000"]); // true: it clears the invoice
 */
export function amountInCents(amount: string, clears: readonly (string | undefined)[]): boolean {
  const text = amount.trim();
  if (isWholeCents(text)) return true;
  const micros = parseDecimal(text);
  return (
    micros !== undefined &&
    clears.some((figure) => figure !== undefined && parseDecimal(figure.trim()) === micros && micros > 0n)
  );
}

/**
 * Why an amount with more than two decimals is refused, naming its field and the two amounts in cents around it.
 *
 * @example
 * subCentWords("Amount for invoice INV-126577", "100.005");
 * // "Amount for invoice INV-126577: 100.005 has more than two decimals. Enter dollars and cents, like 100.00 or
 * // 100.01 (more decimals only to clear an open balance or the credit left exactly)."
 */
export function subCentWords(field: string, amount: string): string {
  const text = amount.trim();
  // The cents below it (its first two decimals) and the cent above: the person chooses, nothing is rounded for them.
  const [whole = "0", fraction = ""] = text.split(".");
  const below = parseDecimal(`${whole}.${fraction.slice(0, 2)}`) ?? 0n;
  const down = toExactDecimalString(below);
  const up = toExactDecimalString(parseDecimal(addDecimals(down, "0.01")) ?? 0n);
  const like = below > 0n ? `${down} or ${up}` : up;
  return `${field}: ${text} has more than two decimals. Enter dollars and cents, like ${like} (more decimals only to clear an open balance or the credit left exactly).`;
}
