import { licenceOf } from "@/lib/domain/views/sentinels";
import { addDays, isZone, localDay } from "@/lib/format/days";
import { type CutOffRule, cutOffFor } from "@/lib/domain/delivery/cutoff";
import { deliveryDates, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { daysBetween } from "@/lib/domain/insights/definitions";
import { cadenceStatus } from "@/lib/domain/insights/cadence";
import type {
  AccountCard,
  CardBalance,
  DeliveryGroup,
  TodayCustomer,
  TodayHealth,
  TodayInput,
  TodayInvoice,
} from "./today-types";

/** Invoice status Returned: a return is no order. */
const RETURNED = 4;

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

/** What the cards are made with: the clock, the states' rules, the stores' balances, last orders and history. */
interface CardContext {
  now: Date;
  rules: ReadonlyMap<string, ScheduleState>;
  balancesOf: ReadonlyMap<number, CardBalance[]>;
  latest: ReadonlyMap<number, TodayInvoice & { Date: string }>;
  health?: ReadonlyMap<number, TodayHealth>;
}

/** The rep's accounts as cards, the deliveries of today and tomorrow grouped by state, and what the records lacked. */
export interface TodayCards {
  accounts: AccountCard[];
  todayGroups: Map<string, DeliveryGroup>;
  tomorrowGroups: Map<string, DeliveryGroup>;
  unknownSchedules: number;
  unknownHolds: number;
  /** The rep's accounts whose records came. */
  seen: Set<number>;
}

/** Its last order (the invoices', else the history's) and its rhythm, where the history gives it one. */
function orderOf(ctx: CardContext, id: number, today: string): Pick<AccountCard, "lastOrder" | "tier" | "reorder"> {
  const fromHistory = ctx.health?.get(id);
  const invoice = ctx.latest.get(id);
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
  return { lastOrder, tier: fromHistory?.tier, reorder };
}

/**
 * The rep's accounts as cards (each once, in the records' order), and today's and tomorrow's deliveries grouped by
 * state, each on its state's clock, tomorrow's with its cut-off.
 *
 * @example
 * const { accounts, tomorrowGroups } = todayCards(input, wanted, balancesOf, health);
 */
export function todayCards(
  input: Pick<TodayInput, "now" | "customers" | "states" | "invoices">,
  wanted: ReadonlySet<number>,
  balancesOf: ReadonlyMap<number, CardBalance[]>,
  health: ReadonlyMap<number, TodayHealth> | undefined,
): TodayCards {
  const { now } = input;
  const ctx: CardContext = {
    now,
    rules: new Map(input.states.map((s) => [s.StateAbbreviation ?? "", s])),
    balancesOf,
    latest: lastOrders(input.invoices),
    health,
  };
  const cards: TodayCards = {
    accounts: [],
    todayGroups: new Map(),
    tomorrowGroups: new Map(),
    unknownSchedules: 0,
    unknownHolds: 0,
    seen: new Set(),
  };
  for (const customer of input.customers) {
    const id = customer.CustomerID;
    if (id == null || !wanted.has(id) || cards.seen.has(id)) continue;
    cards.seen.add(id);
    addCard(ctx, cards, customer, id);
  }
  return cards;
}

/** One account's card, counted in what the records lacked and put in today's and tomorrow's groups. */
function addCard(ctx: CardContext, cards: TodayCards, customer: TodayCustomer, id: number) {
  const { now } = ctx;
  const rule = ctx.rules.get(customer.State ?? "");
  const zone = zoneOf(rule);
  const today = localDay(now, zone ?? "UTC");
  const tomorrow = addDays(today, 1);
  // The API's dates when it sent any; else the weekdays' next ones (two weeks ahead) on the state's clock: the same
  // dates the overview and Delivery days count a delivery by (`deliveryDates`).
  const nextDeliveries = deliveryDates(customer, rule, now);
  if (customer.DeliveryDays === undefined && !nextDeliveries.length) cards.unknownSchedules++;
  if (customer.OnHold === undefined) cards.unknownHolds++;
  const { lastOrder, tier, reorder } = orderOf(ctx, id, today);
  const card: AccountCard = {
    customerId: id,
    name: customer.CustomerName?.trim() || `Customer ${id}`,
    state: customer.State ?? undefined,
    address: customer.Address?.trim() || undefined,
    mapsHref: mapsHref(customer.Address),
    licence: licenceOf(customer.LicenseNum),
    onHold: typeof customer.OnHold === "boolean" ? customer.OnHold : undefined,
    balances: ctx.balancesOf.get(id) ?? [],
    lastOrder,
    tier,
    reorder,
    nextDeliveries,
    nextDeliveryWhen: nextDeliveries[0] === today ? "today" : nextDeliveries[0] === tomorrow ? "tomorrow" : undefined,
  };
  cards.accounts.push(card);
  const stateKey = `${customer.State ?? ""}|${today}`;
  if (nextDeliveries.includes(today))
    group(cards.todayGroups, stateKey, { state: customer.State ?? "", timeZone: zone, day: today }).cards.push(card);
  if (nextDeliveries.includes(tomorrow)) {
    const cutOff = rule ? cutOffFor(tomorrow, rule) : undefined;
    group(cards.tomorrowGroups, `${customer.State ?? ""}|${tomorrow}`, {
      state: customer.State ?? "",
      timeZone: zone,
      day: tomorrow,
      cutOff,
      cutOffPassed: cutOff ? now.getTime() >= cutOff.getTime() : undefined,
    }).cards.push(card);
  }
}

function group(map: Map<string, DeliveryGroup>, key: string, made: Omit<DeliveryGroup, "cards">): DeliveryGroup {
  let found = map.get(key);
  if (!found) map.set(key, (found = { ...made, cards: [] }));
  return found;
}
