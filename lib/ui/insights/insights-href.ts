import type { KeyType } from "@/lib/data-api/operation";

/**
 * Where the sidebar's Insights link goes: a brand's (Supplier key's) insights, or an Employee key's over the accounts
 * of the reps its members are linked to, a linked person's own accounts first; none for a Customer key.
 *
 * @example
 * insightsHref("Employee", 31); // "/insights?rep=31"
 * insightsHref("Customer", null); // undefined
 */
export function insightsHref(keyType: KeyType, salesRepUserId: number | null | undefined): string | undefined {
  if (keyType === "Customer") return undefined;
  return keyType === "Employee" && salesRepUserId != null ? `/insights?rep=${salesRepUserId}` : "/insights";
}
