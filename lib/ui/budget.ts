import { LOW_BUDGET_SHARE } from "@/lib/data-api/values";

/** The rate-limit figures the API last sent for the active key: what the budget meter shows. */
export interface Budget {
  limit: number;
  remaining: number;
  /** When the window resets (ms since the epoch). */
  resetsAt: number;
  /** When these figures were sent (ms since the epoch): older figures never replace newer ones. */
  seenAt: number;
}

/**
 * Whether a key's budget is low: under a tenth of its hourly requests left (`LOW_BUDGET_SHARE`) and the window not yet
 * reset. Then nothing the person did not ask for just now is sent: no refetch on reconnect, no follow-up check before
 * the reset, a running export pauses; the meter turns to its warning. Every session of the key learns it from the
 * figures its answers carry (and the layout's, shared by the key's sessions).
 *
 * @example
 * isLowBudget({ limit: 1028, remaining: 90, resetsAt: now + 600_000, seenAt: now }, now); // true
 * isLowBudget({ limit: 1028, remaining: 90, resetsAt: now - 1, seenAt: now - 3_600_000 }, now); // false: it has reset
 */
export function isLowBudget(budget: Budget | undefined, now: number): boolean {
  return budget !== undefined && now < budget.resetsAt && budget.remaining < budget.limit * LOW_BUDGET_SHARE;
}
