import { isZone, localDay } from "@/lib/format/days";
import { type CutOffRule, cutOffFor, deliveryWeekdays, upcomingDeliveries, weekdayName } from "./cutoff";
import { upcomingDates } from "./schedule";
import type { ScheduleRecord } from "./schedule-fallback";

/**
 * One customer's delivery schedule as its page shows it: the weekdays in words, the next delivery dates, and for each
 * the order cut-off. The DeliverySchedule record (`/deliveryDays`) holds no cut-off: it comes from the customer's
 * state (`OrderCutOffTime` and `OrderCutOffDaysInAdvance` on the state's clock), when the key sees that state. Pure.
 */

export interface ScheduledDelivery {
  /** The delivery date, YYYY-MM-DD. */
  day: string;
  /** The order cut-off for it; undefined without a usable state rule. */
  cutOff?: Date;
  /** Whether an order placed now still makes it (undefined when the cut-off is not known). */
  open?: boolean;
}

export interface CustomerSchedule {
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  /** "Tuesday, Friday", or "" without days. */
  days: string;
  deliveries: ScheduledDelivery[];
  /** Whether the dates are the API's (DeliveryDates) or computed from the weekdays in the state's zone. */
  datesFrom: "api" | "weekdays" | "none";
}

/**
 * A customer's schedule from its DeliverySchedule record and its state's cut-off rule (either may be missing). The
 * dates are the record's from today on (in the state's zone); without them, the next two weeks' dates of its weekdays.
 *
 * @example
 * customerSchedule({ CustomerID: 20001, DeliveryDays: "3", DeliveryDates: ["2026-11-25"] }, ca, new Date("2026-11-21T23:00:00Z"));
 * // { weekdays: [3], days: "Wednesday", deliveries: [{ day: "2026-11-25", cutOff: 2026-11-24T22:30:00.000Z, open: true }], datesFrom: "api" }
 */
export function customerSchedule(
  record: ScheduleRecord | undefined,
  rule: CutOffRule | undefined,
  now: Date,
): CustomerSchedule {
  const weekdays = deliveryWeekdays(record?.DeliveryDays);
  const zone = zoneOf(rule);
  const today = localDay(now, zone);
  const days = upcomingDates(record?.DeliveryDates, today);
  const withCutOff = (day: string): ScheduledDelivery => {
    const cutOff = rule ? cutOffFor(day, rule) : undefined;
    return { day, cutOff, open: cutOff === undefined ? undefined : now.getTime() < cutOff.getTime() };
  };
  if (days.length)
    return { weekdays, days: weekdays.map(weekdayName).join(", "), deliveries: days.map(withCutOff), datesFrom: "api" };
  if (!weekdays.length) return { weekdays, days: "", deliveries: [], datesFrom: "none" };
  // Dates computed from the weekdays: today's delivery is left out (it is on its way, not one to order for).
  const computed = upcomingDeliveries(weekdays, rule ?? { TimeZone: zone }, now, 14).filter((d) => d.day > today);
  return {
    weekdays,
    days: weekdays.map(weekdayName).join(", "),
    deliveries: computed.map((d) => withCutOff(d.day)),
    datesFrom: "weekdays",
  };
}

function zoneOf(rule: CutOffRule | undefined): string {
  const zone = rule?.TimeZone;
  return zone && isZone(zone) ? zone : "UTC";
}

/**
 * A cut-off on the state's clock, with the zone's short generic name: "Tue, Nov 24, 2:30 PM PT".
 *
 * @example
 * cutOffText(new Date("2026-11-24T22:30:00Z"), "America/Los_Angeles"); // "Tue, Nov 24, 2:30 PM PT"
 */
export function cutOffText(cutOff: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "shortGeneric",
  }).formatToParts(cutOff);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")}, ${part("month")} ${part("day")}, ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`
    .replace(/\s+/g, " ")
    .trim();
}
