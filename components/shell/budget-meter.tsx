"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { formatClock } from "@/lib/format/display";
import { type Budget, budgetStore } from "@/lib/ui/browser-api";
import { isLowBudget } from "@/lib/ui/budget";

/**
 * Requests left this hour for the active key, from the API's last `RateLimit-*` headers (the live service allows
 * about 1,000 an hour, shared by everyone using the key). Turns amber under a fifth; under a tenth the budget is low
 * (`isLowBudget`: the pages stop refetching and following up by themselves, an export pauses) and the meter says so in
 * words, with the time the budget returns in the person's zone.
 */
export function BudgetMeter({
  initial,
  timeZone: cookieZone,
}: {
  initial: Budget | undefined /** The `tz` cookie's zone (the header is outside the providers). */;
  timeZone: string | undefined;
}) {
  budgetStore.seed(initial);
  const budget = useSyncExternalStore(budgetStore.subscribe, budgetStore.get, () => initial);
  // The figures' own time and the cookie's zone until the page is interactive (so the server's render and the
  // browser's agree), then the browser's clock and zone, the clock looked at again when the window resets.
  const [now, setNow] = useState<number | undefined>(undefined);
  const [timeZone, setTimeZone] = useState(cookieZone ?? "UTC");
  const resetsAt = budget?.resetsAt;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock and zone are read only after hydration (see above).
    setNow(Date.now());
    setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    if (resetsAt === undefined || resetsAt <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(resetsAt - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [resetsAt]);
  // The same width at a desk known or not (17rem holds "API budget", the meter and "1,028 of 1,028 left"): the
  // figures come with a page's first answer, and the header's other controls must not move or wrap when they do.
  if (!budget) {
    return (
      <span className="text-sm text-slate-700 md:inline-block md:min-w-[17rem] md:text-xs dark:text-slate-300">
        API budget: not known yet
      </span>
    );
  }
  const at = now ?? budget.seenAt;
  const low = isLowBudget(budget, at);
  const share = budget.limit > 0 ? budget.remaining / budget.limit : 0;
  const tone = low ? "accent-red-700" : share < 0.2 ? "accent-amber-600" : "accent-emerald-700";
  // From the figures alone (no clock, no zone), so the server's render and the browser's agree.
  const minutes = Math.max(0, Math.ceil((budget.resetsAt - budget.seenAt) / 60_000));
  const back = formatClock(new Date(budget.resetsAt).toISOString(), timeZone, new Date(at));
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm md:min-w-[17rem] md:flex-nowrap md:text-xs"
      data-budget={low ? "low" : "ok"}
    >
      <label
        htmlFor="budget-meter"
        className="font-semibold whitespace-nowrap text-slate-800 md:font-normal dark:text-slate-200"
      >
        API budget
      </label>
      <meter
        id="budget-meter"
        min={0}
        max={budget.limit}
        low={budget.limit * 0.2}
        optimum={budget.limit}
        value={budget.remaining}
        className={`h-3 w-24 ${tone}`}
      />
      <span
        className="whitespace-nowrap tabular-nums"
        title={`The hourly window had ${minutes} min to run when these figures came`}
      >
        {budget.remaining.toLocaleString("en-US")} of {budget.limit.toLocaleString("en-US")} left
      </span>
      {low && (
        <strong
          className="whitespace-nowrap font-semibold text-amber-900 dark:text-amber-200"
          title="Under a tenth of the key's hourly requests are left: pages no longer refresh or follow up by themselves, and an export pauses, until the budget returns. Your own clicks still go."
        >
          {budget.remaining === 0 ? "Spent" : "Low"} · back at {back}
        </strong>
      )}
    </div>
  );
}
