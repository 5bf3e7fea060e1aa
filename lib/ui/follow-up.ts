import { type Budget, isLowBudget } from "./budget";

/**
 * How often the dashboard checks on something the ERP settles in the background (a payment request, a submitted
 * purchase order): from 15 s, doubling to 5 minutes while nothing changes, and never while the key's budget is low
 * (under a tenth of its requests left, `isLowBudget`: the next check waits for the window to reset; "Check status now"
 * still goes). The live service allows about 1,000 requests an hour per key, shared by every page, tab and person.
 */
export const FIRST_CHECK_MS = 15_000;
export const LAST_CHECK_MS = 5 * 60_000;

/**
 * The wait before the next check, after `quietChecks` checks that found no change.
 *
 * @example
 * nextCheckIn(0, undefined, Date.now()); // 15_000
 * nextCheckIn(5, undefined, Date.now()); // 300_000 (5 minutes: 15 s × 2⁵ = 8 min is capped)
 */
export function nextCheckIn(quietChecks: number, budget: Budget | undefined, now: number): number {
  const delay = Math.min(FIRST_CHECK_MS * 2 ** Math.max(0, quietChecks), LAST_CHECK_MS);
  return budget && isLowBudget(budget, now) ? Math.max(delay, budget.resetsAt - now) : delay;
}
