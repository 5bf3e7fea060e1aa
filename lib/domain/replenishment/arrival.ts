import { addDays, isoWeekday, localDay } from "@/lib/format/days";

/**
 * When an order placed now arrives at a warehouse: the vendor's next pickup day after today, plus its lead time, with
 * "today" on the warehouse state's wall clock. Days are calendar dates (YYYY-MM-DD) counted whole, so a daylight-saving
 * change (a 23- or 25-hour day) never makes a day more or less.
 */

const FULL_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const DAY = /^(\d{4}-\d{2}-\d{2})(?:T.*)?$/;

/** Today in a zone at an instant, and the zone used: UTC when the zone is missing or not an IANA name. */
export function warehouseToday(
  now: Date,
  timeZone: string | null | undefined,
): { today: string; timeZone: string; zoneKnown: boolean } {
  if (timeZone) {
    try {
      return { today: localDay(now, timeZone), timeZone, zoneKnown: true };
    } catch {
      // Not a zone Intl knows (RangeError): fall through to UTC, and the row says so.
    }
  }
  return { today: localDay(now, "UTC"), timeZone: "UTC", zoneKnown: false };
}

/** Whole calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The ISO weekday (1 = Monday) a pickup word names: "Thu", "thu.", "Thurs", "Thursday", "4"; undefined otherwise. */
export function pickupWeekday(word: string): number | undefined {
  const text = word.trim().toLowerCase().replace(/\.$/, "");
  if (/^[1-7]$/.test(text)) return Number(text);
  if (text === "weds") return 3;
  if (text.length < 2) return undefined;
  const index = FULL_NAMES.findIndex((name) => name.startsWith(text));
  return index < 0 ? undefined : index + 1;
}

/** How the pickup day was found. */
export type PickupSource =
  /** The next of the vendor's pickup weekdays after today. */
  | "weekday"
  /** The earliest of the vendor's pickup dates after today. */
  | "date"
  /** No pickup days given: today. */
  | "none"
  /** Pickup days given, but none readable or after today: today. */
  | "unreadable";

export interface Pickup {
  day: string;
  source: PickupSource;
}

/**
 * The vendor's next pickup day after today. `PickupDates` is documented as weekday abbreviations ("Mon", "Thu"); full
 * names, ISO weekday numbers ("1" = Monday, as customers' DeliveryDays) and calendar dates ("2026-11-26", as the field's
 * name suggests) are read too, and an entry holding several ("Mon, Thu") is split. Today is never a pickup day (an
 * order placed today misses today's pickup). No entries: today; entries but none usable: today, said apart.
 *
 * @example
 * nextPickup(["Mon", "Tue"], "2026-11-21"); // { day: "2026-11-23", source: "weekday" }  (a Saturday)
 * nextPickup([], "2026-11-21"); // { day: "2026-11-21", source: "none" }
 */
export function nextPickup(pickupDates: readonly string[] | null | undefined, today: string): Pickup {
  const words = (pickupDates ?? [])
    .flatMap((entry) => (typeof entry === "string" ? entry.split(/[\s,;/]+/) : []))
    .filter((w) => w !== "");
  if (words.length === 0) return { day: today, source: "none" };
  const weekdays = new Set<number>();
  let date: string | undefined;
  for (const word of words) {
    const weekday = pickupWeekday(word);
    if (weekday !== undefined) weekdays.add(weekday);
    const day = DAY.exec(word)?.[1];
    if (day && day > today && (date === undefined || day < date)) date = day;
  }
  let weekly: string | undefined;
  for (let ahead = 1; ahead <= 7 && weekdays.size > 0; ahead++) {
    const day = addDays(today, ahead);
    if (weekdays.has(isoWeekday(day))) {
      weekly = day;
      break;
    }
  }
  if (weekly !== undefined && (date === undefined || weekly <= date)) return { day: weekly, source: "weekday" };
  if (date !== undefined) return { day: date, source: "date" };
  return { day: today, source: "unreadable" };
}

export interface Arrival {
  /** Today on the warehouse's clock. */
  today: string;
  pickup: Pickup;
  leadTimeDays: number;
  /** The pickup day plus the lead time: the requested delivery date of an order placed today. */
  day: string;
  /** Whole days from today to `day`. */
  inDays: number;
}

/**
 * When an order placed today arrives: the next pickup after today plus the lead time (whole days; a fractional lead
 * time is rounded up, as an order cannot arrive part-way through a day).
 *
 * @example
 * arrivalOf("2026-11-21", ["Thu"], 5); // { day: "2026-12-01", inDays: 10, pickup: { day: "2026-11-26", source: "weekday" }, ... }
 */
export function arrivalOf(
  today: string,
  pickupDates: readonly string[] | null | undefined,
  leadTimeDays: number,
): Arrival {
  const pickup = nextPickup(pickupDates, today);
  // A lead time that is not a number (NaN, Infinity) counts as none, as a negative one does.
  const lead = Number.isFinite(leadTimeDays) ? Math.max(0, Math.ceil(leadTimeDays)) : 0;
  const day = addDays(pickup.day, lead);
  return { today, pickup, leadTimeDays: lead, day, inDays: daysBetween(today, day) };
}

/**
 * When an order placed at `now` from a vendor reaches a warehouse, on the warehouse state's clock: the one reading of a
 * vendor's arrival, for the replenishment planner's rows and the purchase-order form's "earliest" alike. Undefined
 * without a lead time.
 *
 * @example
 * vendorArrival(new Date("2026-11-21T18:00:00Z"), "America/Los_Angeles", { pickupDates: ["Thu"], leadTimeDays: 5 })?.day;
 * // "2026-12-01"
 */
export function vendorArrival(
  now: Date,
  timeZone: string | null | undefined,
  vendor: { pickupDates?: readonly string[] | null; leadTimeDays?: number | null },
): (Arrival & { timeZone: string; zoneKnown: boolean }) | undefined {
  if (vendor.leadTimeDays === undefined || vendor.leadTimeDays === null) return undefined;
  const zone = warehouseToday(now, timeZone);
  return {
    ...arrivalOf(zone.today, vendor.pickupDates, vendor.leadTimeDays),
    timeZone: zone.timeZone,
    zoneKnown: zone.zoneKnown,
  };
}
