import { localDay } from "@/lib/format/days";
import {
  type CutOffRule,
  cutOffFor,
  cutOffSentence,
  deliveryWeekdays,
  type Delivery,
  upcomingDeliveries,
} from "./cutoff";

/**
 * The delivery-days page's model: customers grouped by the weekdays they take deliveries on, filtered by state, sales
 * rep, account status and name, with each state's next cut-off for a weekday. Pure; the page renders it.
 */

/** What the page knows of a customer (every field may be missing: records are sparse for some key types). */
export interface ScheduleCustomer {
  CustomerID?: number | null;
  CustomerName?: string | null;
  State?: string | null;
  AccountStatus?: string | null;
  SalesRepUserID?: number | null;
  SalesRepName?: string | null;
  DeliveryDays?: string | null;
  DeliveryDates?: string[] | null;
  NextDeliveryDates?: string | null;
}

/**
 * The customer fields the delivery schedule reads, and all it keeps of the customers' walk (the delivery-days page,
 * the staff overview's deliveries): a few of a customer's fifty, so thousands of them stay small in the page.
 */
export const SCHEDULE_CUSTOMER_FIELDS = [
  "CustomerID",
  "CustomerName",
  "State",
  "AccountStatus",
  "SalesRepUserID",
  "SalesRepName",
  "DeliveryDays",
  "DeliveryDates",
  "NextDeliveryDates",
] as const satisfies readonly (keyof ScheduleCustomer)[];

// Every field the schedule's type names is kept: a field added to one and not the other fails here.
type Unkept = Exclude<keyof ScheduleCustomer, (typeof SCHEDULE_CUSTOMER_FIELDS)[number]>;
const everyFieldKept: [Unkept] extends [never] ? true : never = true;
void everyFieldKept;

export interface ScheduleState extends CutOffRule {
  StateAbbreviation?: string | null;
  StateName?: string | null;
}

export interface ScheduleRep {
  UserID?: number | null;
  Name?: string | null;
  Customers?: { CustomerID?: number | null }[] | null;
}

export interface ScheduleFilters {
  /** State abbreviations: the customers in them (every state when absent or empty). */
  states?: string[];
  /** A sales rep's user id: the customers the rep covers. */
  rep?: number;
  /** Text in the customer's name (case and accents ignored). */
  q?: string;
}

/** One customer's row on a day. */
export interface ScheduleRow {
  customerId: number;
  name: string;
  state?: string;
  accountStatus?: string;
  rep?: string;
  /** The rep's user id, for a link to the rep's page. */
  repUserId?: number;
  weekdays: number[];
  /** Its delivery dates from today on (`deliveryDates`): the API's when it sends any, else its weekdays' in the state's zone. */
  nextDates: string[];
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Delivery dates as YYYY-MM-DD from `today` on, sorted, once each: a DeliveryDates array or a NextDeliveryDates text
 * ("a;b"). The live service computes them in a nightly sync, so a date in the list may have passed: it is no next
 * delivery, and is dropped. `today` is the customer's state's day when its zone is known, else the viewer's.
 *
 * @example
 * upcomingDates("2026-11-18;2026-11-25", "2026-11-21"); // ["2026-11-25"]
 */
export function upcomingDates(dates: readonly string[] | string | null | undefined, today: string): string[] {
  const list = typeof dates === "string" ? dates.split(";") : Array.isArray(dates) ? dates : [];
  const days = list
    .map((d) => String(d).trim().slice(0, 10))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= today);
  return [...new Set(days)].sort();
}

/** The next delivery dates the API sent (DeliveryDates and NextDeliveryDates), from `today` on: see upcomingDates. */
export function apiDeliveryDates(
  customer: Pick<ScheduleCustomer, "DeliveryDates" | "NextDeliveryDates">,
  today: string,
): string[] {
  return upcomingDates(
    [...upcomingDates(customer.DeliveryDates, today), ...upcomingDates(customer.NextDeliveryDates, today)],
    today,
  );
}

/**
 * A customer's delivery dates from today on (today on its state's clock): the API's (DeliveryDates and
 * NextDeliveryDates) when it sends any still to come, else its weekdays' over the next two weeks, today included. What
 * "delivers on D" means everywhere: the staff overview's count, Delivery days' lists and the rep's Today all read it.
 * A customer whose weekday is today but whose API dates start next week has no delivery today.
 *
 * @example
 * deliveryDates({ DeliveryDays: "5", NextDeliveryDates: "2026-12-04" }, ca, new Date("2026-11-27T18:00:00Z")); // ["2026-12-04"]
 * deliveryDates({ DeliveryDays: "5" }, ca, new Date("2026-11-27T18:00:00Z")); // ["2026-11-27", "2026-12-04", "2026-12-11"]
 */
export function deliveryDates(
  customer: Pick<ScheduleCustomer, "DeliveryDays" | "DeliveryDates" | "NextDeliveryDates">,
  rule: CutOffRule | undefined,
  now: Date,
): string[] {
  const given = apiDeliveryDates(customer, stateToday(rule ?? {}, now));
  if (given.length) return given;
  const weekdays = deliveryWeekdays(customer.DeliveryDays);
  return weekdays.length ? upcomingDeliveries(weekdays, rule ?? {}, now, 14).map((d) => d.day) : [];
}

/**
 * The schedule's rows after the filters: each customer with its weekdays and its delivery dates (`deliveryDates`), by
 * name. A customer with neither weekdays nor dates is on no day, and left out.
 */
export function scheduleRows(
  customers: readonly ScheduleCustomer[],
  states: readonly ScheduleState[],
  reps: readonly ScheduleRep[],
  filters: ScheduleFilters,
  now: Date,
): ScheduleRow[] {
  const covered =
    filters.rep === undefined
      ? undefined
      : new Set((reps.find((r) => r.UserID === filters.rep)?.Customers ?? []).map((c) => c.CustomerID));
  const q = filters.q?.trim() ? fold(filters.q.trim()) : undefined;
  const inStates = filters.states?.length ? new Set(filters.states) : undefined;
  const rules = new Map(states.map((s) => [s.StateAbbreviation ?? "", s]));
  const rows: ScheduleRow[] = [];
  for (const customer of customers) {
    if (customer.CustomerID == null) continue;
    if (covered && !covered.has(customer.CustomerID)) continue;
    if (inStates && !inStates.has(customer.State ?? "")) continue;
    const name = customer.CustomerName ?? `Customer ${customer.CustomerID}`;
    if (q && !fold(name).includes(q)) continue;
    const weekdays = deliveryWeekdays(customer.DeliveryDays);
    const nextDates = deliveryDates(customer, rules.get(customer.State ?? ""), now);
    if (!weekdays.length && !nextDates.length) continue;
    rows.push({
      customerId: customer.CustomerID,
      name,
      state: customer.State ?? undefined,
      accountStatus: customer.AccountStatus ?? undefined,
      rep: customer.SalesRepName ?? undefined,
      repUserId: customer.SalesRepUserID ?? undefined,
      weekdays,
      nextDates,
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.customerId - b.customerId);
}

/**
 * The customers with a delivery dated `day` (YYYY-MM-DD): the one answer to "who gets a delivery on D", read by the
 * staff overview's figures, the Delivery days page's list and counts of each date, in the rows' order (by name).
 *
 * @example
 * deliveriesOn(scheduleRows(customers, states, reps, {}, now), "2026-11-27").length; // 49, where 398 have Friday as a delivery day
 */
export function deliveriesOn<R extends Pick<ScheduleRow, "nextDates">>(rows: readonly R[], day: string): R[] {
  return rows.filter((r) => r.nextDates.includes(day));
}

/**
 * Customers per ISO weekday (1 = Monday .. 7 = Sunday), each day sorted by name, after the filters. A customer with
 * several delivery days is on each of them. The regular round of each weekday; who gets a delivery on a date is
 * `deliveriesOn`.
 */
export function byWeekday(
  customers: ScheduleCustomer[],
  states: ScheduleState[],
  reps: ScheduleRep[],
  filters: ScheduleFilters,
  now: Date,
): Map<number, ScheduleRow[]> {
  const days = new Map<number, ScheduleRow[]>(Array.from({ length: 7 }, (_, i) => [i + 1, []]));
  for (const row of scheduleRows(customers, states, reps, filters, now))
    for (const day of row.weekdays) days.get(day)!.push(row);
  return days;
}

/** Today in the state's zone (UTC without a usable one). */
function stateToday(rule: CutOffRule, now: Date): string {
  try {
    return localDay(now, rule.TimeZone ?? "UTC");
  } catch {
    return localDay(now, "UTC");
  }
}

/** What a state's cut-off means for one weekday now: the nearest such delivery, and the first one still open. */
export interface DayCutOff {
  state: string;
  timeZone: string;
  /** The nearest delivery on that weekday (today included), open or not. */
  nearest?: Delivery;
  /** The first one an order placed now still makes. */
  next?: Delivery;
  sentence: string;
}

/**
 * A state's cut-off for a weekday, in words: "Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)", or, when the
 * nearest one has closed, that it has and the next one.
 *
 * @example
 * dayCutOff(ca, 3, new Date("2026-11-24T23:00:00Z")).sentence; // "Too late for Wednesday's delivery (Nov 25): the cut-off was Tue 2:30 PM PT. Order by Tue 2:30 PM PT for Wednesday's delivery (Dec 2)"
 */
export function dayCutOff(state: ScheduleState, weekday: number, now: Date): DayCutOff {
  const timeZone = state.TimeZone ?? "UTC";
  const upcoming = upcomingDeliveries([weekday], state, now, 14);
  const nearest = upcoming[0];
  const next = upcoming.find((d) => d.open);
  const label = state.StateAbbreviation ?? "";
  let sentence: string;
  if (!nearest || !next) sentence = "No delivery on this day in the next two weeks.";
  else if (nearest === next) sentence = cutOffSentence(next, timeZone);
  else {
    const missed = cutOffSentence(nearest, timeZone).replace(
      /^Order by (.*) for (.*)$/,
      "Too late for $2: the cut-off was $1.",
    );
    sentence = `${missed} ${cutOffSentence(next, timeZone)}`;
  }
  return { state: label, timeZone, nearest, next, sentence };
}

/** A state's cut-off for one date's delivery: when it is, whether an order placed now still makes it, in words. */
export interface DateCutOff {
  state: string;
  timeZone: string;
  delivery: Delivery;
  /** Whether an order placed now still makes it (an unknown cut-off: today's is gone, a later one open). */
  open: boolean;
  sentence: string;
}

/**
 * A state's cut-off for the delivery of a date, in words: "Order by Thu 2:30 PM PT for Friday's delivery (Nov 27)", or,
 * once it has passed, "Too late for Friday's delivery (Nov 27): the cut-off was Thu 2:30 PM PT."
 *
 * @example
 * dateCutOff(ca, "2026-11-25", new Date("2026-11-21T23:00:00Z")).sentence; // "Order by Tue 2:30 PM PT for Wednesday's delivery (Nov 25)"
 */
export function dateCutOff(state: ScheduleState, day: string, now: Date): DateCutOff {
  const timeZone = state.TimeZone ?? "UTC";
  const cutOff = cutOffFor(day, state);
  const open = cutOff ? now.getTime() < cutOff.getTime() : day > stateToday(state, now);
  const delivery: Delivery = { day, cutOff, open };
  const words = cutOffSentence(delivery, timeZone);
  const sentence =
    open || !cutOff ? words : words.replace(/^Order by (.*) for (.*)$/, "Too late for $2: the cut-off was $1.");
  return { state: state.StateAbbreviation ?? "", timeZone, delivery, open, sentence };
}
