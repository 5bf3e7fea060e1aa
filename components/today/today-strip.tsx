"use client";

import type { TodayModel } from "@/lib/domain/today/today";
import { cutOffText } from "@/lib/domain/delivery/customer-schedule";
import { todayGlance } from "@/lib/domain/today/today-strip";
import type { FigureId } from "@/lib/domain/figures/catalog";
import { NOT_VISITED_DAYS } from "@/lib/domain/today/visits";
import { CutOffCountdown } from "./cut-off-countdown";
import { sectionId } from "./today-section";

const NOT_VISITED_LABEL = `No visit in ${NOT_VISITED_DAYS} days`;

const ITEM =
  "flex min-h-11 flex-col justify-center rounded border border-slate-300 px-2 py-1 no-underline hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";

/**
 * Today at a glance, before its sections: today's and tomorrow's stops, accounts on hold, accounts over 60 days, doors
 * due to reorder (with a history), each a link to its section; the accounts not visited in 30 days, a link to that
 * list (`notVisited`: its address, and its count once the notes have come: until then its place is held, so the
 * strip does not grow under the rep's thumb); and tomorrow's cut-off counting down.
 * On a phone, three to a row.
 */
export function TodayStrip({
  model,
  notVisited,
}: {
  model: TodayModel;
  notVisited?: { count?: number; href: string };
}) {
  const glance = todayGlance(model);
  // Each: its label, count, section and, for a catalogued figure, its id (`lib/domain/figures/catalog.ts`).
  const items: [string, number | undefined, string, FigureId?][] = [
    ["Today", glance.today, `#${sectionId("Deliveries today")}`, "deliveries-on-date"],
    ["Tomorrow", glance.tomorrow, `#${sectionId("Deliveries tomorrow")}`, "deliveries-on-date"],
    ["On hold", glance.onHold, `#${sectionId("On hold")}`, "today-on-hold"],
    ["60+ days", glance.over60, `#${sectionId("Past due")}`, "today-over-60"],
    ["Due to reorder", glance.dueToReorder, `#${sectionId("Due to reorder")}`, "today-due-to-reorder"],
    [NOT_VISITED_LABEL, notVisited?.count, notVisited?.href ?? "", "today-no-visit-30"],
  ];
  return (
    <nav aria-label="Today at a glance" className="space-y-2" data-testid="today-strip">
      <ul className="grid grid-cols-3 gap-1.5 text-sm sm:flex sm:flex-wrap sm:gap-2">
        {items.flatMap(([label, count, href, figure]) =>
          count === undefined
            ? label === NOT_VISITED_LABEL && notVisited
              ? [
                  <li key={label} className={`${ITEM} animate-pulse`} aria-busy="true">
                    <span className="text-lg font-semibold">…</span>
                    <span className="text-slate-700 dark:text-slate-300">{label}</span>
                  </li>,
                ]
              : []
            : [
                <li key={label}>
                  <a href={href} className={ITEM} data-count={count} data-figure={figure}>
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
