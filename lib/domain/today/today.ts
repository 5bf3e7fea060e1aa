/**
 * A rep's Today (issue 38): among the rep's accounts, the deliveries of today and tomorrow (each on its state's clock,
 * with tomorrow's cut-off), the accounts on hold, the balances more than 30, 60 and 90 days past due (the AR aging),
 * and, where the key keeps a history, the accounts whose orders stopped; each account as a card with its address, its
 * store's licence, its balance and its last order. Pure: the page reads the lists and renders what this returns.
 * Records are sparse (every field may be missing): what is not known is said, never guessed.
 */
import { addDays, isZone, localDay } from "@/lib/format/days";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { amountsOf, type AgingRow } from "@/lib/domain/ar-aging/aging";
import { type CutOffRule, cutOffFor, deliveryWeekdays, upcomingDeliveries } from "@/lib/domain/delivery/cutoff";
import { apiDeliveryDates, type ScheduleCustomer, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { daysBetween, type Tier } from "@/lib/domain/insights/definitions";
import { type CadenceStatus, cadenceStatus, dueThisWeek } from "@/lib/domain/insights/cadence";

/** What Today reads of a customer record (`/customers`, joined with `/deliveryDays` where the record lacks them). */
export interface TodayCustomer extends ScheduleCustomer {
  Address?: string | null;
  LicenseNum?: string | null;
  OnHold?: boolean | null;
}

/** An open invoice (`/payments/openInvoices`): which store an AR account's balance belongs to. */
export interface TodayOpenInvoice {
  InvoiceID?: number | null;
  CustomerID?: number | null;
  ARAccountID?: number | null;
  OpenBalance?: string | null;
}

/** An invoice (`/invoices`, every status): a store's last order. */
export interface TodayInvoice {
  InvoiceID?: number | null;
  CustomerID?: number | null;
  InvoiceNum?: string | null;
  Date?: string | null;
  Status?: number | null;
  InvoiceTotal?: string | null;
}

/** An account's health from the key's synced history (the insights' tiers), where the key keeps one. */
export interface TodayHealth {
  customerId: number;
  tier: Tier;
  lastOrder: string | null;
  daysSince: number | null;
  medianReorderDays: number | null;
  /** The median days between orders from three orders at least (the reorder cadence's); absent from an older copy. */
  cadenceDays?: number | null;
}

export interface TodayInput {
  now: Date;
  /** The rep's accounts (`/salesReps` Customers), in any order. */
  customerIds: readonly number[];
  customers: readonly TodayCustomer[];
  states: readonly ScheduleState[];
  /** The AR aging rows of the rep's accounts' AR accounts (`/arAging?CustomerIDs=`). */
  aging: readonly AgingRow[];
  openInvoices: readonly TodayOpenInvoice[];
  /** The rep's accounts' invoices of the last `LAST_ORDER_DAYS` days. */
  invoices: readonly TodayInvoice[];
  /** Undefined when the key keeps no history of these accounts. */
  health?: readonly TodayHealth[];
  /** The rep's day (YYYY-MM-DD, on the person's clock): its Monday-to-Sunday week is the reorders' (UTC's when left out). */
  day?: string;
}

/** How far back a last order is looked for (one request's worth for a rep's accounts; the history reaches further). */
export const LAST_ORDER_DAYS = 90;

/** Invoice status Returned: a return is no order. */
const RETURNED = 4;

/** A store's balance, from its AR account's aging row(s) as of the aging's close. */
export interface CardBalance {
  arAccountId: number;
  /** Every age, less the open credit (TotalBalanceOutstanding), 6 decimals. */
  total: string;
  over30: string;
  over60: string;
  over90: string;
  /** The other stores of the rep's that the AR account also holds (a chain's account): the figures are the account's. */
  sharedWith: number;
}

/** One account of the rep's, as a card. */
export interface AccountCard {
  customerId: number;
  name: string;
  state?: string;
  address?: string;
  /** A link that opens the address in a maps app. */
  mapsHref?: string;
  /** The store's licence, left out when the record holds a placeholder ("#N/A", "LIC-99999-FAKE"). */
  licence?: string;
  /** True or false when the record says; undefined when the key was not shown it. */
  onHold?: boolean;
  /** Undefined when no AR aging row is known for the store. */
  balances: CardBalance[];
  /** The latest order in the last LAST_ORDER_DAYS days (or the history's), none when there was none. */
  lastOrder?: { day: string; invoiceNum?: string; invoiceId?: number };
  /** The history's tier, where the key keeps one. */
  tier?: Tier;
  /**
   * Its rhythm, where the history gives it one (three orders at least): the median days between orders, the day the
   * next is expected (the last order's day, the freshest known, plus the median) and whether it is due or late.
   */
  reorder?: { medianDays: number; nextOrder: string; status: CadenceStatus };
  /** Deliveries to come, from today (the state's day) on: the API's dates, else the weekdays' next ones. */
  nextDeliveries: string[];
  /** Whether the first of them is today's or tomorrow's, on the state's clock. */
  nextDeliveryWhen?: "today" | "tomorrow";
}

/** The deliveries of a day in one state: the state's clock says which day it is. */
export interface DeliveryGroup {
  state: string;
  timeZone?: string;
  /** The day, YYYY-MM-DD, on the state's clock. */
  day: string;
  /** Tomorrow's only: the instant by which an order must be placed to make it; undefined when the state gives none. */
  cutOff?: Date;
  /** Tomorrow's only: whether that cut-off has passed at `now`. */
  cutOffPassed?: boolean;
  cards: AccountCard[];
}

/** An AR account with a balance more than 30 days past due, named by the rep's stores it holds. */
export interface OverdueAccount {
  arAccountId: number;
  cards: AccountCard[];
  total: string;
  over30: string;
  over60: string;
  over90: string;
  /** The oldest bucket with something in it: 90, 60 or 30. */
  worst: 90 | 60 | 30;
}

export interface TodayModel {
  today: DeliveryGroup[];
  tomorrow: DeliveryGroup[];
  onHold: AccountCard[];
  /** Sorted: what is over 90 days first (most first), then over 60, then over 30. */
  overdue: OverdueAccount[];
  /** Accounts whose orders stopped (history tiers At risk and Lost, having ordered before); undefined without a history. */
  stopped?: AccountCard[];
  /**
   * Accounts due to reorder by their own rhythm this week (the Insights' doors due, `dueThisWeek`): this week's first,
   * then those already due or late; undefined without a history.
   */
  dueToReorder?: AccountCard[];
  /** Every account, by name. */
  accounts: AccountCard[];
  /** Accounts of the rep's whose records the key did not return (inactive since, or out of its reach). */
  missing: number;
  /** How many accounts' records came without delivery days (the key was not shown them). */
  unknownSchedules: number;
  /** How many accounts' records came without OnHold. */
  unknownHolds: number;
  /** The aging's close, YYYY-MM-DD (the newest CloseDate), when a row says. */
  agingAsOf?: string;
}

/** Licence numbers that are placeholders, not licences (the field notes: `#N/A`, `LIC-99999-FAKE`). */
const PLACEHOLDER_LICENCE = /^(#?N\/?A|none|null|0+|-+|tbd)$|fake/i;

/**
 * The store's licence as shown, or undefined for an empty or placeholder value.
 *
 * @example
 * licenceOf("C10-0000123-LIC"); // "C10-0000123-LIC"
 * licenceOf("#N/A"); // undefined
 */
export function licenceOf(text: string | null | undefined): string | undefined {
  const value = text?.trim();
  return value && !PLACEHOLDER_LICENCE.test(value) ? value : undefined;
}

/**
 * A maps link for an address: the maps search URL every phone opens in its maps app (Google's documented universal
 * form, `https://www.google.com/maps/search/?api=1&query=`).
 *
 * @example
 * mapsHref("1 Main St, Oakland, CA"); // "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Oakland%2C%20CA"
 */
export function mapsHref(address: string | null | undefined): string | undefined {
  const value = address?.trim();
  return value ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(value)}` : undefined;
}

/**
 * Each store's last order: its newest invoice that is not a return (by the invoice's calendar day), by customer id.
 *
 * @example
 * lastOrders(invoices).get(20001)?.InvoiceNum; // "INV-10"
 */
export function lastOrders(invoices: readonly TodayInvoice[]): Map<number, TodayInvoice & { Date: string }> {
  const latest = new Map<number, TodayInvoice & { Date: string }>();
  for (const invoice of invoices) {
    const { CustomerID: id, Date: date } = invoice;
    if (id == null || invoice.Status === RETURNED || typeof date !== "string") continue;
    const known = latest.get(id);
    if (!known || date.slice(0, 10) > known.Date.slice(0, 10)) latest.set(id, { ...invoice, Date: date });
  }
  return latest;
}

const zoneOf = (rule: CutOffRule | undefined) => (rule?.TimeZone && isZone(rule.TimeZone) ? rule.TimeZone : undefined);

const byName = (a: AccountCard, b: AccountCard) => a.name.localeCompare(b.name) || a.customerId - b.customerId;

/** The aging's close as a calendar day: the newest CloseDate of its rows. */
function closeOf(rows: readonly AgingRow[]): string | undefined {
  let newest: string | undefined;
  for (const row of rows) {
    const day =
      typeof row.CloseDate === "string" && /^\d{4}-\d{2}-\d{2}/.test(row.CloseDate)
        ? row.CloseDate.slice(0, 10)
        : undefined;
    if (day && (!newest || day > newest)) newest = day;
  }
  return newest;
}

/**
 * Today's model for a rep's accounts.
 *
 * Which day is "today" is each store's state's (its TimeZone; the viewer's UTC day where the state gives no zone), so a
 * rep at 11 PM in one zone sees the next morning's deliveries of a state already past midnight. A delivery is today's
 * or tomorrow's when the API's dates (DeliveryDates, NextDeliveryDates) name that day, or, when the record carries no
 * dates, when its DeliveryDays name that weekday. Tomorrow's groups carry the state's cut-off for that delivery.
 *
 * @example
 * const model = todayModel({ now: new Date(), customerIds: [20001], customers, states, aging, openInvoices, invoices });
 * model.tomorrow[0]?.cutOff; // the instant orders for tomorrow's deliveries close, in that state
 */
export function todayModel(input: TodayInput): TodayModel {
  const { now } = input;
  const wanted = new Set(input.customerIds);
  const rules = new Map(input.states.map((s) => [s.StateAbbreviation ?? "", s]));

  // Which AR accounts hold which of the rep's stores: the open invoices name both.
  const storesOf = new Map<number, Set<number>>();
  for (const invoice of input.openInvoices) {
    if (invoice.ARAccountID == null || invoice.CustomerID == null || !wanted.has(invoice.CustomerID)) continue;
    storesOf.set(invoice.ARAccountID, (storesOf.get(invoice.ARAccountID) ?? new Set()).add(invoice.CustomerID));
  }
  // An AR account's figures: its rows (one per supplier) added up exactly.
  const accountFigures = new Map<number, { total: string; over30: string; over60: string; over90: string }>();
  for (const row of input.aging) {
    if (row.ARAccountID == null) continue;
    const { buckets, total } = amountsOf(row);
    const before = accountFigures.get(row.ARAccountID);
    const these = {
      total,
      over30: addDecimals(buckets["31-60"], buckets["61-90"], buckets["91"]),
      over60: addDecimals(buckets["61-90"], buckets["91"]),
      over90: addDecimals(buckets["91"]),
    };
    accountFigures.set(
      row.ARAccountID,
      before
        ? {
            total: addDecimals(before.total, these.total),
            over30: addDecimals(before.over30, these.over30),
            over60: addDecimals(before.over60, these.over60),
            over90: addDecimals(before.over90, these.over90),
          }
        : these,
    );
  }
  const balancesOf = new Map<number, CardBalance[]>();
  for (const [arAccountId, stores] of storesOf) {
    const figures = accountFigures.get(arAccountId);
    if (!figures) continue;
    for (const store of stores)
      balancesOf.set(store, [
        ...(balancesOf.get(store) ?? []),
        { arAccountId, ...figures, sharedWith: stores.size - 1 },
      ]);
  }

  const latest = lastOrders(input.invoices);
  const health = input.health ? new Map(input.health.map((h) => [h.customerId, h])) : undefined;

  const accounts: AccountCard[] = [];
  const todayGroups = new Map<string, DeliveryGroup>();
  const tomorrowGroups = new Map<string, DeliveryGroup>();
  let unknownSchedules = 0;
  let unknownHolds = 0;
  const seen = new Set<number>();
  for (const customer of input.customers) {
    const id = customer.CustomerID;
    if (id == null || !wanted.has(id) || seen.has(id)) continue;
    seen.add(id);
    const rule = rules.get(customer.State ?? "");
    const zone = zoneOf(rule);
    const today = localDay(now, zone ?? "UTC");
    const tomorrow = addDays(today, 1);
    const weekdays = deliveryWeekdays(customer.DeliveryDays);
    const given = apiDeliveryDates(customer, today);
    // The API's dates when it sent any; else the weekdays' next ones (two weeks ahead) on the state's clock.
    const nextDeliveries = given.length
      ? given
      : weekdays.length
        ? upcomingDeliveries(weekdays, rule ?? {}, now, 14).map((d) => d.day)
        : [];
    if (customer.DeliveryDays === undefined && !given.length) unknownSchedules++;
    if (customer.OnHold === undefined) unknownHolds++;
    const fromHistory = health?.get(id);
    const invoice = latest.get(id);
    const recent = invoice
      ? {
          day: invoice.Date!.slice(0, 10),
          invoiceNum: invoice.InvoiceNum ?? undefined,
          invoiceId: invoice.InvoiceID ?? undefined,
        }
      : undefined;
    const lastOrder = recent ?? (fromHistory?.lastOrder ? { day: fromHistory.lastOrder } : undefined);
    const cadenceDays = fromHistory?.cadenceDays ?? null;
    const reorder =
      lastOrder && cadenceDays !== null
        ? {
            medianDays: cadenceDays,
            nextOrder: addDays(lastOrder.day, Math.ceil(cadenceDays)),
            status: cadenceStatus(daysBetween(lastOrder.day, today), cadenceDays),
          }
        : undefined;
    const card: AccountCard = {
      customerId: id,
      name: customer.CustomerName?.trim() || `Customer ${id}`,
      state: customer.State ?? undefined,
      address: customer.Address?.trim() || undefined,
      mapsHref: mapsHref(customer.Address),
      licence: licenceOf(customer.LicenseNum),
      onHold: typeof customer.OnHold === "boolean" ? customer.OnHold : undefined,
      balances: balancesOf.get(id) ?? [],
      lastOrder,
      tier: fromHistory?.tier,
      reorder,
      nextDeliveries,
      nextDeliveryWhen: nextDeliveries[0] === today ? "today" : nextDeliveries[0] === tomorrow ? "tomorrow" : undefined,
    };
    accounts.push(card);
    const stateKey = `${customer.State ?? ""}|${today}`;
    if (nextDeliveries.includes(today))
      group(todayGroups, stateKey, { state: customer.State ?? "", timeZone: zone, day: today }).cards.push(card);
    if (nextDeliveries.includes(tomorrow)) {
      const cutOff = rule ? cutOffFor(tomorrow, rule) : undefined;
      group(tomorrowGroups, `${customer.State ?? ""}|${tomorrow}`, {
        state: customer.State ?? "",
        timeZone: zone,
        day: tomorrow,
        cutOff,
        cutOffPassed: cutOff ? now.getTime() >= cutOff.getTime() : undefined,
      }).cards.push(card);
    }
  }
  accounts.sort(byName);
  const cardOf = new Map(accounts.map((c) => [c.customerId, c]));

  const overdue: OverdueAccount[] = [];
  for (const [arAccountId, stores] of storesOf) {
    const figures = accountFigures.get(arAccountId);
    if (!figures || compareDecimals(figures.over30, "0") <= 0) continue;
    const cards = [...stores].flatMap((s) => (cardOf.has(s) ? [cardOf.get(s)!] : [])).sort(byName);
    if (!cards.length) continue;
    const worst = compareDecimals(figures.over90, "0") > 0 ? 90 : compareDecimals(figures.over60, "0") > 0 ? 60 : 30;
    overdue.push({ arAccountId, cards, ...figures, worst });
  }
  overdue.sort(
    (a, b) =>
      compareDecimals(b.over90, a.over90) ||
      compareDecimals(b.over60, a.over60) ||
      compareDecimals(b.over30, a.over30) ||
      a.arAccountId - b.arAccountId,
  );

  const stopped = health
    ? accounts.filter((c) => (c.tier === "At risk" || c.tier === "Lost") && health.get(c.customerId)?.lastOrder != null)
    : undefined;
  stopped?.sort(
    (a, b) => (health!.get(b.customerId)?.daysSince ?? 0) - (health!.get(a.customerId)?.daysSince ?? 0) || byName(a, b),
  );

  const repDay = input.day ?? now.toISOString().slice(0, 10);
  const dueToReorder = health
    ? dueThisWeek(
        accounts.flatMap((card) =>
          card.reorder && card.lastOrder
            ? [
                {
                  card,
                  customerId: card.customerId,
                  nextOrder: card.reorder.nextOrder,
                  daysSince: daysBetween(card.lastOrder.day, repDay),
                },
              ]
            : [],
        ),
        repDay,
      ).map((r) => r.card)
    : undefined;

  const groups = (map: Map<string, DeliveryGroup>) =>
    [...map.values()]
      .map((g) => ({ ...g, cards: g.cards.sort(byName) }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.state.localeCompare(b.state));
  return {
    today: groups(todayGroups),
    tomorrow: groups(tomorrowGroups),
    onHold: accounts.filter((c) => c.onHold === true),
    overdue,
    stopped,
    dueToReorder,
    accounts,
    missing: [...wanted].filter((id) => !seen.has(id)).length,
    unknownSchedules,
    unknownHolds,
    agingAsOf: closeOf(input.aging),
  };
}

function group(map: Map<string, DeliveryGroup>, key: string, made: Omit<DeliveryGroup, "cards">): DeliveryGroup {
  let found = map.get(key);
  if (!found) map.set(key, (found = { ...made, cards: [] }));
  return found;
}
