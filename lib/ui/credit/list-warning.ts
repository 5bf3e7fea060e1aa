import { compareDecimals, subtractDecimal } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";

/** What the store's credit is before a reorder list is sent: the limit and what is available of it (cents). */
export interface CreditBefore {
  limit: string | null;
  available: string | null;
}

/**
 * The warning beside "Confirm and send" when a reorder list asks for more than the credit available (the limit less
 * the balance and the lists already sent and not yet invoiced), in words with the amounts; null when it fits, or no
 * limit is set. A warning, never a refusal: a list is not an order, and the rep decides what is delivered.
 *
 * @example
 * listOverCredit("3210.00", { limit: "10000.00", available: "2140.00" });
 * // "This list ($3,210.00) is above the $2,140.00 of credit available (limit $10,000.00): it would put the account $1,070.00 over its limit. …"
 */
export function listOverCredit(total: string, credit: CreditBefore | undefined): string | null {
  if (!credit || credit.limit === null || credit.available === null) return null;
  if (compareDecimals(total, credit.available) <= 0) return null;
  const limit = formatMoney(credit.limit);
  const after = formatMoney(subtractDecimal(total, credit.available));
  const tail = "You can still send it: your rep decides what is delivered, and may ask for a payment first.";
  if (compareDecimals(credit.available, "0") < 0)
    return `The account is already ${formatMoney(subtractDecimal("0", credit.available))} over its credit limit of ${limit}: this list (${formatMoney(total)}) would put it ${after} over. ${tail}`;
  return `This list (${formatMoney(total)}) is above the ${formatMoney(credit.available)} of credit available (limit ${limit}): it would put the account ${after} over its limit. ${tail}`;
}
