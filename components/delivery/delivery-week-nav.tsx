"use client";

import { weekdayName } from "@/lib/domain/delivery/cutoff";
import { dayCutOff, type ScheduleRow, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { formatDay } from "@/lib/format/display";
import { isPlainClick, pushParams } from "@/lib/ui/address";
import { SHORT_WEEKDAYS } from "./delivery-weekdays";

interface DeliveryWeekNavProps {
  search: URLSearchParams;
  days: Map<number, ScheduleRow[]>;
  /** The first state in view, whose cut-off dates each day. */
  state: ScheduleState | undefined;
  day: number;
  loading: boolean;
  now: Date;
}

/** The page's address with some parameters changed (an empty value removes one). */
function dayLink(search: URLSearchParams, changes: Record<string, string | undefined>): `/delivery-days?${string}` {
  const next = new URLSearchParams(search.toString());
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === "") next.delete(k);
    else next.set(k, v);
  }
  return `/delivery-days?${next.toString()}`;
}

/** Monday to Sunday, each with its count of customers and its next delivery date: a link that chooses the day. */
export function DeliveryWeekNav({ search, days, state, day, loading, now }: DeliveryWeekNavProps) {
  return (
    <nav aria-label="Days of the week" className="print:hidden">
      <ul className="grid grid-cols-7 gap-1 sm:gap-2">
        {SHORT_WEEKDAYS.map((short, index) => {
          const weekday = index + 1;
          const count = days.get(weekday)?.length ?? 0;
          const cut = state ? dayCutOff(state, weekday, now) : undefined;
          const current = weekday === day;
          return (
            <li key={short}>
              <a
                href={dayLink(search, { day: String(weekday) })}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  pushParams((p) => p.set("day", String(weekday)));
                }}
                aria-current={current ? "true" : undefined}
                className={`block rounded border p-2 text-center text-sm ${current ? "border-sky-800 bg-sky-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"}`}
              >
                <span className="block font-semibold">
                  <abbr title={weekdayName(weekday)} className="no-underline">
                    {short}
                  </abbr>
                </span>
                <span className="block text-lg font-bold tabular-nums" aria-label={`${count} customers`}>
                  {loading ? "…" : count}
                </span>
                {cut?.next && (
                  <span className="hidden text-xs sm:block">{formatDay(cut.next.day).replace(/, \d{4}$/, "")}</span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
