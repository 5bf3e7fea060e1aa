"use client";

import { useSyncExternalStore } from "react";
import { type Budget, budgetStore } from "@/lib/ui/browser-api";

/**
 * Requests left this hour for the active key, from the API's last `RateLimit-*` headers (the live service allows
 * about 1,000 an hour). Turns amber under a fifth, red under a twentieth.
 */
export function BudgetMeter({ initial }: { initial: Budget | undefined }) {
  budgetStore.seed(initial);
  const budget = useSyncExternalStore(budgetStore.subscribe, budgetStore.get, () => initial);
  if (!budget) {
    return <span className="text-xs text-slate-700 dark:text-slate-300">API budget: not known yet</span>;
  }
  const share = budget.limit > 0 ? budget.remaining / budget.limit : 0;
  const tone = share < 0.05 ? "accent-red-700" : share < 0.2 ? "accent-amber-600" : "accent-emerald-700";
  // From the figures alone (no clock, no zone), so the server's render and the browser's agree.
  const minutes = Math.max(0, Math.ceil((budget.resetsAt - budget.seenAt) / 60_000));
  return (
    <div className="flex items-center gap-2 text-xs">
      <label htmlFor="budget-meter" className="whitespace-nowrap text-slate-800 dark:text-slate-200">
        API budget
      </label>
      <meter id="budget-meter" min={0} max={budget.limit} low={budget.limit * 0.2} optimum={budget.limit} value={budget.remaining} className={`h-3 w-24 ${tone}`} />
      <span className="whitespace-nowrap tabular-nums" title={`The hourly window had ${minutes} min to run when these figures came`}>
        {budget.remaining.toLocaleString("en-US")} of {budget.limit.toLocaleString("en-US")} left
      </span>
    </div>
  );
}
