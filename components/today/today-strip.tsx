"use client";

import type { TodayModel } from "@/lib/domain/today/today";
import { cutOffText } from "@/lib/domain/delivery/customer-schedule";
import { todayGlance } from "@/lib/domain/today/today-strip";
import { CutOffCountdown } from "./cut-off-countdown";
import { sectionId } from "./today-section";

const ITEM =
  "flex min-h-11 flex-col justify-center rounded border border-slate-300 px-2 py-1 no-underline hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";

/**
 * Today at a glance, before its sections: today's and tomorrow's stops, accounts on hold, accounts over 60 days, doors
 * due to reorder (with a history), each a link to its section; and tomorrow's cut-off counting down.
 */
export function TodayStrip({ model }: { model: TodayModel }) {
  const glance = todayGlance(model);
  const items: [string, number | undefined, string][] = [
    ["Today", glance.today, "Deliveries today"],
    ["Tomorrow", glance.tomorrow, "Deliveries tomorrow"],
    ["On hold", glance.onHold, "On hold"],
    ["60+ days", glance.over60, "Past due"],
    ["Due to reorder", glance.dueToReorder, "Due to reorder"],
  ];
  return (
    <nav aria-label="Today at a glance" className="space-y-2" data-testid="today-strip">
      <ul className="grid auto-cols-fr grid-flow-col gap-1.5 text-sm sm:flex sm:flex-wrap sm:gap-2">
        {items.flatMap(([label, count, section]) =>
          count === undefined
            ? []
            : [
                <li key={label}>
                  <a href={`#${sectionId(section)}`} className={ITEM} data-count={count}>
                    <span className="text-lg font-semibold tabular-nums">{count}</span>
                    <span className="text-slate-700 dark:text-slate-300">{label}</span>
                  </a>
                </li>,
              ],
        )}
      </ul>
      {glance.cutOff && (
        <p className="text-sm" data-testid="strip-cut-off">
          {glance.cutOff.passed ? (
            <>Tomorrow&apos;s cut-off has passed ({cutOffText(glance.cutOff.at, glance.cutOff.timeZone)}).</>
          ) : (
            <>
              <strong>Tomorrow&apos;s cut-off</strong> {cutOffText(glance.cutOff.at, glance.cutOff.timeZone)} ·{" "}
              <CutOffCountdown at={glance.cutOff.at} />
            </>
          )}
        </p>
      )}
    </nav>
  );
}
