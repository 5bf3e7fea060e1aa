/**
 * What an account's payments hold for it, added exactly: the credit left on them, and the allocation requests still on
 * their way to the ERP. Pure and small: the payments page and the retailer's overview both show them (and import
 * nothing else for them). Browser-safe.
 */
import { addDecimals } from "@/lib/format/decimal";

/**
 * The retailer's credit left on its payments: the sum of their AvailableBalance (exact).
 *
 * @example
 * creditAvailable([{ AvailableBalance: "650.300000" }, { AvailableBalance: "0.000000" }]); // "650.300000"
 */
export function creditAvailable(payments: readonly { AvailableBalance?: string | null }[]): string {
  return addDecimals(...payments.map((p) => p.AvailableBalance ?? "0"));
}

/**
 * The allocation requests still on their way to the ERP (Pending or Exported, as `overviewPending` asks): how many,
 * and the sum of their amounts (exact).
 *
 * @example
 * pendingAllocations([{ Amount: "100.00" }, { Amount: "0.01" }]); // { count: 2, amount: "100.010000" }
 */
export function pendingAllocations(requests: readonly { Amount?: string | null }[]): { count: number; amount: string } {
  return { count: requests.length, amount: addDecimals(...requests.map((r) => r.Amount ?? "0")) };
}
