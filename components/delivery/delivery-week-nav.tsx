"use client";

import { isoWeekday } from "@/lib/format/days";
import { isPlainClick, pushParams } from "@/lib/ui/address";
import { dateWords, SHORT_WEEKDAYS, shortDay } from "./delivery-weekdays";

interface DeliveryWeekNavProps {
  search: URLSearchParams;
  /** The seven days from today, YYYY-MM-DD. */
  week: string[];
  /** Each day's count of customers with a delivery dated that day (`deliveriesOn`). */
  counts: ReadonlyMap<string, number>;
  date: string;
  loading: boolean;
}

/** The page's address with a date chosen (and no weekday: the date says it). */
function dateLink(search: URLSearchParams, date: string): `/delivery-days?${string}` {
  const next = new URLSearchParams(search.toString());
  next.delete("day");
  next.set("date", date);
  return `/delivery-days?${next.toString()}`;
}

/** The seven days from today, each with its count of customers with a delivery dated that day: a link that chooses it. */
export function DeliveryWeekNav({ search, week, counts, date, loading }: DeliveryWeekNavProps) {
  return (
    <nav aria-label="The next seven days" className="print:hidden">
      <ul className="grid grid-cols-7 gap-1 sm:gap-2">
        {week.map((day, index) => {
          const count = counts.get(day) ?? 0;
          const current = day === date;
          return (
            <li key={day}>
              <a
                href={dateLink(search, day)}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  pushParams((p) => {
                    p.delete("day");
                    p.set("date", day);
                  });
                }}
                aria-current={current ? "true" : undefined}
                className={`block rounded border p-2 text-center text-sm ${current ? "border-sky-800 bg-sky-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"}`}
              >
                <span className="block font-semibold">
                  <abbr title={index === 0 ? `Today, ${dateWords(day)}` : dateWords(day)} className="no-underline">
                    {SHORT_WEEKDAYS[isoWeekday(day) - 1]}
                  </abbr>
                </span>
                <span
                  className="block text-lg font-bold tabular-nums"
                  aria-label={`${count} customers`}
                  data-figure="deliveries-on-date"
                >
                  {loading ? "…" : count}
                </span>
                <span className="block text-xs">{index === 0 ? "Today" : shortDay(day)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
