/**
 * What an account's open items are: debts (a positive open balance: an invoice still owed) and credits (a negative one:
 * a credit memo or a return, owed to the store). A credit is no invoice to pay and is never late: every page and card
 * that counts "open invoices", "overdue" or "due soon" counts debts alone, and lists credits as credits
 * (`/payments/openInvoices` returns both, anything with a non-zero open balance). Pure and browser-safe.
 */
import { addDecimals, parseDecimal } from "@/lib/format/decimal";
import { addDays } from "@/lib/format/days";

/** What the rules read of an open item (`/payments/openInvoices`; every field may be missing). */
export interface OpenItem {
  OpenBalance?: string | null;
  DueDate?: string | null;
}

/** Days ahead of today that "due soon" looks: the retailer's overview and its list. */
export const DUE_SOON_DAYS = 14;

const balanceOf = (item: OpenItem) => parseDecimal(String(item.OpenBalance ?? "").trim()) ?? 0n;

/**
 * Whether an open item is a credit (a credit memo or a return: a negative open balance).
 *
 * @example
 * isCredit({ OpenBalance: "-121.000000" }); // true
 */
export function isCredit(item: OpenItem): boolean {
  return balanceOf(item) < 0n;
}

/**
 * Whether an open item is a debt: an invoice with something still owed on it.
 *
 * @example
 * isDebt({ OpenBalance: "250.250000" }); // true
 */
export function isDebt(item: OpenItem): boolean {
  return balanceOf(item) > 0n;
}

/**
 * Open items split into debts and credits, each in the order given (an item of balance zero is neither).
 *
 * @example
 * const { debts, credits } = openItems(open); // "12 open invoices", "2 credits"
 */
export function openItems<T extends OpenItem>(items: readonly T[]): { debts: T[]; credits: T[] } {
  return { debts: items.filter(isDebt), credits: items.filter(isCredit) };
}

/**
 * What an account owes on its open items: its debts, how many and their open balances added (exact: a sub-cent balance
 * the ERP holds is kept, so the sum is what clears them). A credit is apart (`isCredit`), never taken off here.
 *
 * @example
 * owed([{ OpenBalance: "3546.085" }, { OpenBalance: "-121.00" }]); // { count: 1, amount: "3546.085000" }
 */
export function owed(items: readonly OpenItem[]): { count: number; amount: string } {
  const debts = items.filter(isDebt);
  return { count: debts.length, amount: addDecimals(...debts.map((i) => String(i.OpenBalance ?? "").trim())) };
}

const dueDay = (item: OpenItem) =>
  typeof item.DueDate === "string" && /^\d{4}-\d{2}-\d{2}/.test(item.DueDate) ? item.DueDate.slice(0, 10) : undefined;

/**
 * Whether an open item is past due on `today` (YYYY-MM-DD): a debt whose due date is before it. A credit never is.
 *
 * @example
 * isPastDue({ OpenBalance: "100.00", DueDate: "2026-10-14T00:00:00Z" }, "2026-11-27"); // true
 * isPastDue({ OpenBalance: "-121.00", DueDate: "2026-10-14T00:00:00Z" }, "2026-11-27"); // false
 */
export function isPastDue(item: OpenItem, today: string): boolean {
  const due = dueDay(item);
  return isDebt(item) && due !== undefined && due < today;
}

/**
 * Whether an open item falls due from `today` to `days` days after it, both included: a debt only.
 *
 * @example
 * isDueSoon({ OpenBalance: "100.00", DueDate: "2026-12-01" }, "2026-11-27"); // true
 */
export function isDueSoon(item: OpenItem, today: string, days = DUE_SOON_DAYS): boolean {
  const due = dueDay(item);
  return isDebt(item) && due !== undefined && due >= today && due <= addDays(today, days);
}
