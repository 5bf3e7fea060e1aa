/**
 * Order cut-offs: by when an order must be placed to make a delivery, in the delivering state's own time zone.
 * A state says `OrderCutOffTime` (a clock time such as "2:30 PM"), `OrderCutOffDaysInAdvance` (whole days before the
 * delivery date) and `TimeZone` (IANA). The cut-off for a delivery on day D is D minus the days in advance, at the
 * cut-off time, on the state's wall clock: correct across daylight-saving changes because the wall-clock time is turned
 * into an instant with the zone's offset on that very day (`zonedInstant`, lib/format/zone-time.ts). Pure and
 * browser-safe.
 */

/** What a state says about its cut-off (as the API sends it: text). */
export interface CutOffRule {
  OrderCutOffTime?: string | null;
  OrderCutOffDaysInAdvance?: string | number | null;
  TimeZone?: string | null;
}

import { addDays, isoWeekday, isZone, localDay } from "@/lib/format/days";
import { MISSING, NO_DELIVERY_DAYS } from "@/lib/format/display";
import { zonedInstant } from "@/lib/format/zone-time";

const CLOCK = /^\s*(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*$/;

/**
 * A clock time as hours and minutes: "2:30 PM", "2 PM", "14:30", "14:30:00", "12:00 AM" (midnight). Undefined when it is
 * not one.
 *
 * @example
 * parseClockTime("2:30 PM"); // { hours: 14, minutes: 30 }
 */
export function parseClockTime(text: string): { hours: number; minutes: number } | undefined {
  const match = CLOCK.exec(text);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const meridiem = match[4]?.[0]?.toUpperCase();
  if (minutes > 59) return undefined;
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === "P" ? 12 : 0);
  } else if (hours > 23) return undefined;
  return { hours, minutes };
}

/**
 * The delivery weekdays of a DeliveryDays text in any form the live service sends ("2,5", "4;1" unsorted, "25" run
 * together, "2, 5"): ISO numbers 1..7, sorted, without repeats. Every reader of DeliveryDays goes through this.
 */
export function deliveryWeekdays(text: string | null | undefined): number[] {
  return [
    ...new Set(
      (text ?? "")
        .replace(/[^1-7]/g, "")
        .split("")
        .map(Number),
    ),
  ].sort((a, b) => a - b);
}

/**
 * A DeliveryDays text in words: "4;1" → "Mon, Thu" ("Monday, Thursday" in the long form). A customer without delivery
 * days (null, "", no weekday in it) reads NO_DELIVERY_DAYS; a field left out of the record (undefined: a key that may
 * not see it) is unknown, not none, and reads MISSING.
 *
 * @example
 * deliveryDaysText("4;1"); // "Mon, Thu"
 * deliveryDaysText("25", "long"); // "Tuesday, Friday"
 * deliveryDaysText(null); // "no delivery days"
 */
export function deliveryDaysText(text: string | null | undefined, form: "short" | "long" = "short"): string {
  if (text === undefined) return MISSING;
  const days = deliveryWeekdays(text);
  if (days.length === 0) return NO_DELIVERY_DAYS;
  return days.map((d) => (form === "long" ? weekdayName(d) : weekdayName(d).slice(0, 3))).join(", ");
}

/**
 * The cut-off instant for a delivery date under a state's rule, or undefined when the rule is incomplete (no zone, no
 * readable time): the page then says the cut-off is unknown rather than guessing one.
 *
 * @example
 * cutOffFor("2026-11-25", { OrderCutOffTime: "2:30 PM", OrderCutOffDaysInAdvance: "1", TimeZone: "America/Los_Angeles" }); // 2026-11-24T22:30:00.000Z
 */
export function cutOffFor(deliveryDay: string, rule: CutOffRule): Date | undefined {
  const time = parseClockTime(rule.OrderCutOffTime ?? "");
  const daysAhead = Number(rule.OrderCutOffDaysInAdvance ?? 0);
  if (!time || !rule.TimeZone || !Number.isInteger(daysAhead) || daysAhead < 0 || !isZone(rule.TimeZone))
    return undefined;
  return zonedInstant(addDays(deliveryDay, -daysAhead), time.hours, time.minutes, rule.TimeZone);
}

/** One delivery a customer can get: its date (in the state's zone) and the cut-off to order for it. */
export interface Delivery {
  day: string;
  cutOff?: Date;
  /** Whether an order placed at `now` still makes it (unknown cut-off: today's is taken as gone, later ones as open). */
  open: boolean;
}

/**
 * The next deliveries on the given weekdays, from today (in the state's zone) for `horizonDays`, each with its cut-off
 * and whether it is still open at `now`.
 *
 * @example
 * upcomingDeliveries([3], ca, new Date("2026-11-24T21:00:00Z"), 8); // [{ day: "2026-11-25", open: true, ... }, { day: "2026-12-02", ... }]
 */
export function upcomingDeliveries(weekdays: number[], rule: CutOffRule, now: Date, horizonDays = 14): Delivery[] {
  const zone = rule.TimeZone && isZone(rule.TimeZone) ? rule.TimeZone : "UTC";
  const today = localDay(now, zone);
  const wanted = new Set(weekdays);
  const out: Delivery[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const day = addDays(today, i);
    if (!wanted.has(isoWeekday(day))) continue;
    const cutOff = cutOffFor(day, rule);
    out.push({ day, cutOff, open: cutOff === undefined ? i > 0 : now.getTime() < cutOff.getTime() });
  }
  return out;
}

const WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The weekday's name for an ISO number (1 = Monday). */
export function weekdayName(iso: number): string {
  return WEEKDAY[iso - 1] ?? `Day ${iso}`;
}

/**
 * The cut-off in words, on the state's clock with its zone's generic name: "Order by Tue 2:30 PM PT for Wednesday's
 * delivery (Nov 25)".
 *
 * @example
 * cutOffSentence({ day: "2026-11-25", cutOff: new Date("2026-11-24T22:30:00Z"), open: true }, "America/Los_Angeles"); // "Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)"
 */
export function cutOffSentence(delivery: Delivery, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(
    new Date(`${delivery.day}T12:00:00Z`),
  );
  const weekday = weekdayName(isoWeekday(delivery.day));
  if (!delivery.cutOff) return `${weekday}'s delivery (${day}): the state gives no usable cut-off`;
  const at = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "shortGeneric",
  }).format(delivery.cutOff);
  return `Order by ${at.replace(/,/g, "")} for ${weekday}'s delivery (${day})`;
}
