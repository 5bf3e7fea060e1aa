"use client";

import { useSearchParams } from "next/navigation";
import { deliveryParams } from "@/lib/domain/delivery/requests";
import { dayCutOff } from "@/lib/domain/delivery/schedule";
import { addDays, isoWeekday } from "@/lib/format/days";
import { useDeliverySchedule } from "./use-delivery-schedule";

/**
 * The delivery-days page's data: the schedule of the address's filters (`useDeliverySchedule`), the day in view, its
 * rows and each state's cut-off for it.
 */
export function useDeliveryDays(withReps: boolean) {
  const search = useSearchParams();
  const params = deliveryParams(Object.fromEntries(search.entries()));
  const schedule = useDeliverySchedule(params, withReps);
  const { days, inView, now, today } = schedule;
  // Without a day in the address: the next day from tomorrow with deliveries (the next truck a rep plans for).
  const ahead = Array.from({ length: 7 }, (_, i) => isoWeekday(addDays(today, i + 1)));
  const day = params.day ?? ahead.find((w) => (days.get(w)?.length ?? 0) > 0) ?? ahead[0]!;
  const rows = days.get(day) ?? [];
  const cutOffs = inView.map((s) => dayCutOff(s, day, now));
  return { search, params, ...schedule, day, rows, cutOffs };
}
