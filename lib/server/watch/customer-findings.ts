import "server-only";
import type { KeyType } from "@/lib/data-api/operation";
import { addDays, isoWeekday, localDay } from "@/lib/format/days";
import { cutOffFor } from "@/lib/domain/delivery/cutoff";
import { cutOffText } from "@/lib/domain/delivery/customer-schedule";
import { byWeekday, type ScheduleCustomer, type ScheduleRep, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { pageHref } from "@/lib/domain/page-href";
import type { NewNotification } from "../core/notify/notification-store";
import { candidates, type WatchMember } from "./recipients";

/**
 * What a watch finds about customers: holds (a Customer key's own accounts; an Employee key's, for the reps whose
 * customers they are) and, for a rep, tomorrow's deliveries with their order cut-off, by the delivery-days page's own
 * model (`byWeekday`, `cutOffFor`). Pure: the clock is an argument.
 */

export interface CustomerContext {
  workspaceId: string;
  /** The key watched (a summary names it: one per key, person and day). */
  keyId: string;
  keyType: KeyType;
  members: readonly WatchMember[];
  now: Date;
}

/** A customer on hold, with when Backroom first saw this hold (the hold store's `since`: a new hold, a new fact). */
export interface SeenHold {
  customerId: number;
  name?: string;
  /** The rep whose customer it is (from `/salesReps`), for an Employee key. */
  salesRepUserId?: number;
  since: string;
}

/**
 * "Customer put on hold" notifications: to every member for a Customer key (its own accounts), to the rep's linked
 * members for an Employee key. One per member and hold: the effect key carries when the hold was first seen.
 *
 * @example
 * holdNotifications([{ customerId: 20013, name: "Meadow", salesRepUserId: 1006, since: "2026-11-21T18:00:00.000Z" }], { keyType: "Employee", ... });
 * // [{ kind: "customer-on-hold", title: "Meadow is on hold", link: "/customers/20013", effectKey: "customer-on-hold:<userId>:20013:2026-11-21T18:00:00.000Z", ... }] for members linked to rep 1006
 */
export function holdNotifications(holds: readonly SeenHold[], context: CustomerContext): NewNotification[] {
  const members = candidates("customer-on-hold", context.keyType, context.members);
  const out: NewNotification[] = [];
  for (const hold of holds) {
    const told =
      context.keyType === "Employee" ? members.filter((m) => m.salesRepUserId === hold.salesRepUserId) : members;
    const title = `${hold.name ?? `Customer ${hold.customerId}`} is on hold`;
    for (const m of told)
      out.push({
        userId: m.userId,
        workspaceId: context.workspaceId,
        kind: "customer-on-hold",
        effectKey: `customer-on-hold:${m.userId}:${hold.customerId}:${hold.since}`,
        title,
        link: pageHref.customer(hold.customerId),
      });
  }
  return out;
}

export interface DeliveryWorld {
  customers: readonly ScheduleCustomer[];
  states: readonly ScheduleState[];
  reps: readonly ScheduleRep[];
}

/** One rep's deliveries on one date: the customers and the earliest cut-off still ahead. */
export interface TomorrowsDeliveries {
  day: string;
  customers: { customerId: number; name: string }[];
  cutOff: Date;
  timeZone: string;
}

/**
 * A rep's customers with a delivery tomorrow (tomorrow on each customer's state's clock), grouped by date, as the
 * delivery-days page lists them with the rep filter; a date whose cut-offs have all passed is left out (too late to
 * order for it: nothing to tell).
 *
 * @example
 * tomorrowsDeliveries(world, 1006, new Date("2026-11-23T18:00:00Z"));
 * // [{ day: "2026-11-24", customers: [{ customerId: 20001, name: "Cloud Station - Sacramento" }, ...], cutOff: 2026-11-23T22:30:00.000Z, timeZone: "America/Los_Angeles" }]
 */
export function tomorrowsDeliveries(world: DeliveryWorld, rep: number, now: Date): TomorrowsDeliveries[] {
  const days = byWeekday([...world.customers], [...world.states], [...world.reps], { rep }, now);
  const rules = new Map(world.states.map((s) => [s.StateAbbreviation ?? "", s]));
  const byDay = new Map<string, TomorrowsDeliveries>();
  const seen = new Set<string>();
  for (const rows of days.values()) {
    for (const row of rows) {
      const rule = rules.get(row.state ?? "");
      const zone = rule?.TimeZone ?? "UTC";
      let tomorrow: string;
      try {
        tomorrow = addDays(localDay(now, zone), 1);
      } catch {
        continue;
      }
      if (
        !row.weekdays.includes(isoWeekday(tomorrow)) ||
        !row.nextDates.includes(tomorrow) ||
        seen.has(`${tomorrow}:${row.customerId}`)
      )
        continue;
      const cutOff = rule ? cutOffFor(tomorrow, rule) : undefined;
      if (!cutOff || cutOff.getTime() <= now.getTime()) continue;
      seen.add(`${tomorrow}:${row.customerId}`);
      const entry = byDay.get(tomorrow) ?? { day: tomorrow, customers: [], cutOff, timeZone: zone };
      entry.customers.push({ customerId: row.customerId, name: row.name });
      if (cutOff.getTime() < entry.cutOff.getTime()) Object.assign(entry, { cutOff, timeZone: zone });
      byDay.set(tomorrow, entry);
    }
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * Tomorrow's delivery cut-off, one summary per rep member, key and delivery date: "3 customers have a delivery tomorrow:
 * order by Mon, Nov 23, 2:30 PM PT", linking to the delivery-days page on the rep and the weekday.
 *
 * @example
 * cutOffNotifications(world, { keyType: "Employee", members, now, workspaceId, keyId });
 * // [{ kind: "delivery-cutoff", effectKey: "delivery-cutoff:<userId>:<keyId>:2026-11-24", link: "/delivery-days?rep=1006&day=2", ... }]
 */
export function cutOffNotifications(world: DeliveryWorld, context: CustomerContext): NewNotification[] {
  const out: NewNotification[] = [];
  for (const m of candidates("delivery-cutoff", context.keyType, context.members)) {
    if (m.salesRepUserId === null) continue;
    for (const d of tomorrowsDeliveries(world, m.salesRepUserId, context.now)) {
      const who = d.customers.length === 1 ? `${d.customers[0]!.name} has` : `${d.customers.length} customers have`;
      out.push({
        userId: m.userId,
        workspaceId: context.workspaceId,
        kind: "delivery-cutoff",
        effectKey: `delivery-cutoff:${m.userId}:${context.keyId}:${d.day}`,
        title: `${who} a delivery tomorrow: order by ${cutOffText(d.cutOff, d.timeZone)}`,
        link: pageHref.deliveryDays({ rep: m.salesRepUserId, day: isoWeekday(d.day) }),
      });
    }
  }
  return out;
}
