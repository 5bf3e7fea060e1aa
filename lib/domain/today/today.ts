/**
 * A rep's Today: among the rep's accounts, the deliveries of today and tomorrow (each on its state's clock,
 * with tomorrow's cut-off), the accounts on hold, the balances more than 30, 60 and 90 days past due (the AR aging),
 * and, where the key keeps a history, the accounts whose orders stopped; each account as a card with its address, its
 * store's licence, its balance and its last order. Pure: the page reads the lists and renders what this returns.
 * Records are sparse (every field may be missing): what is not known is said, never guessed.
 */
import type { AgingRow } from "@/lib/domain/ar-aging/aging";
import { daysBetween } from "@/lib/domain/insights/definitions";
import { dueThisWeek } from "@/lib/domain/insights/cadence";
import { overdueAccounts, todayBalances } from "./today-balances";
import { todayCards } from "./today-cards";
import type { AccountCard, DeliveryGroup, TodayInput, TodayModel } from "./today-types";

export type {
  AccountCard,
  CardBalance,
  DeliveryGroup,
  OverdueAccount,
  TodayCustomer,
  TodayHealth,
  TodayInput,
  TodayModel,
  TodayOpenInvoice,
} from "./today-types";
export { lastOrders, mapsHref } from "./today-cards";

/** How far back a last order is looked for (one request's worth for a rep's accounts; the history reaches further). */
export const LAST_ORDER_DAYS = 90;

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

/** Accounts due to reorder by their own rhythm in the rep's Monday-to-Sunday week. */
function dueToReorderOf(accounts: readonly AccountCard[], repDay: string): AccountCard[] {
  return dueThisWeek(
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
  ).map((r) => r.card);
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
  const balances = todayBalances(input, wanted);
  const health = input.health ? new Map(input.health.map((h) => [h.customerId, h])) : undefined;
  const { accounts, todayGroups, tomorrowGroups, unknownSchedules, unknownHolds, seen } = todayCards(
    input,
    wanted,
    balances.balancesOf,
    health,
  );
  accounts.sort(byName);
  const overdue = overdueAccounts(balances, new Map(accounts.map((c) => [c.customerId, c])));

  const stopped = health
    ? accounts.filter((c) => (c.tier === "At risk" || c.tier === "Lost") && health.get(c.customerId)?.lastOrder != null)
    : undefined;
  stopped?.sort(
    (a, b) => (health!.get(b.customerId)?.daysSince ?? 0) - (health!.get(a.customerId)?.daysSince ?? 0) || byName(a, b),
  );
  const repDay = input.day ?? now.toISOString().slice(0, 10);
  const dueToReorder = health ? dueToReorderOf(accounts, repDay) : undefined;

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
