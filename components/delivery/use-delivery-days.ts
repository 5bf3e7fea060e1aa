"use client";

import { useSearchParams } from "next/navigation";
import { deliveryParams } from "@/lib/domain/delivery/requests";
import { dateCutOff, deliveriesOn } from "@/lib/domain/delivery/schedule";
import { isoWeekday } from "@/lib/format/days";
import { useDeliverySchedule } from "./use-delivery-schedule";

/**
 * The delivery-days page's data: the schedule of the address's filters (`useDeliverySchedule`), the date in view, its
 * rows (`deliveriesOn`: the customers with a delivery dated that day) and each state's cut-off for it.
 *
 * The date in view is the address's `date` when it is one of the seven days from today; else its `day`'s date among
 * them (a weekday, as older links and the cut-off notifications name it); else the first day from tomorrow with
 * deliveries (the next truck a rep plans for). `asked` is a date the address named outside those seven days.
 */
export function useDeliveryDays(withReps: boolean) {
  const search = useSearchParams();
  const params = deliveryParams(Object.fromEntries(search.entries()));
  const schedule = useDeliverySchedule(params, withReps);
  const { rows, inView, now, week } = schedule;
  const counts = new Map(week.map((d) => [d, deliveriesOn(rows, d).length]));
  const ahead = week.slice(1);
  const date =
    (params.date && week.includes(params.date) ? params.date : undefined) ??
    (params.day !== undefined ? week.find((d) => isoWeekday(d) === params.day) : undefined) ??
    ahead.find((d) => (counts.get(d) ?? 0) > 0) ??
    ahead[0]!;
  const asked = params.date && params.date !== date ? params.date : undefined;
  const dayRows = deliveriesOn(rows, date);
  const cutOffs = inView.map((s) => dateCutOff(s, date, now));
  return { search, params, ...schedule, counts, date, asked, dayRows, cutOffs };
}
