import "server-only";
import type { Kysely } from "kysely";
import { availableCredit } from "@/lib/domain/credit/available";
import { collectReasons, toCollect } from "@/lib/domain/credit/collect";
import type { CollectStop } from "@/lib/domain/credit/view";
import { type AccountCard, type CardBalance, todayModel } from "@/lib/domain/today/today";
import type { TodayData } from "@/lib/domain/today/today-data";
import { addDays } from "@/lib/format/days";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import { collectedView, createCollectedStore } from "./collected-store";

/**
 * Today's "Collect before the drop": the rep's deliveries today and tomorrow (Today's model: each on its state's clock)
 * to AR accounts with something more than 60 days past due or over their limit, with what to collect (`toCollect`:
 * the over-60 balance, or what brings the account under its limit, the larger) and what was already recorded as
 * collected for that delivery. The limits and open reorder lists are the credit feature's (`deps.credit`); without
 * them (the feature absent, or its read failed) only the over-60 balance counts.
 */

/** What the credit feature gives (`deps.credit`): the accounts' limits and the stores' open reorder lists in a place. */
export interface CreditReads {
  limitsFor(
    place: SharedPlace,
    arAccountIds: readonly number[],
  ): Promise<Map<number, { limit: string | null; version: number }>>;
  openListsFor(
    place: SharedPlace,
    customerIds: readonly number[],
  ): Promise<Map<number, { amount: string; count: number }>>;
}

/** An account's credit at a card: what is left of its limit, why to collect, and how much. */
export type CollectFigures = (
  card: AccountCard,
  balance: CardBalance,
) => { available: string | null; reasons: ("over60" | "overLimit")[]; toCollect: string };

/**
 * The credit figures of the AR accounts of some of Today's cards: their limits and their stores' open reorder lists
 * read once (two queries of the credit feature; without it, or when they fail, no limit), then per card and account
 * `availableCredit`, `collectReasons` and `toCollect`. An account's stores are those Today's open invoices pair with it,
 * and the cards'.
 *
 * @example
 * const figures = await collectFigures(place, data, model.accounts, deps.credit);
 * figures(card, card.balances[0]).toCollect; // "1240.00"
 */
export async function collectFigures(
  place: SharedPlace,
  data: TodayData,
  cards: readonly AccountCard[],
  credit: CreditReads | undefined,
): Promise<CollectFigures> {
  const storesOf = new Map<number, Set<number>>();
  for (const pair of data.input.openInvoices)
    if (pair.ARAccountID != null && pair.CustomerID != null)
      storesOf.set(pair.ARAccountID, (storesOf.get(pair.ARAccountID) ?? new Set()).add(pair.CustomerID));
  for (const card of cards)
    for (const b of card.balances)
      storesOf.set(b.arAccountId, (storesOf.get(b.arAccountId) ?? new Set()).add(card.customerId));
  const accountIds = [...new Set(cards.flatMap((c) => c.balances.map((b) => b.arAccountId)))];
  const [limits, lists] = accountIds.length
    ? await Promise.all([
        credit?.limitsFor(place, accountIds).catch(() => undefined),
        credit?.openListsFor(place, [...new Set([...storesOf.values()].flatMap((s) => [...s]))]).catch(() => undefined),
      ])
    : [undefined, undefined];
  return (_card, balance) => {
    const limit = limits?.get(balance.arAccountId)?.limit ?? null;
    const open = addDecimals(
      "0",
      ...[...(storesOf.get(balance.arAccountId) ?? [])].map((id) => lists?.get(id)?.amount ?? "0"),
    );
    const available = availableCredit(limit, balance.total, open);
    return {
      available,
      reasons: collectReasons(balance.over60, available),
      toCollect: toCollect(balance.over60, available),
    };
  };
}

/**
 * The stops to collect at among a rep's Today, soonest first (today's, then tomorrow's), the largest amount first
 * within a day, then by name.
 *
 * @example
 * const collect = await collectStops(db, sharedPlace(actor), data, deps.credit, Date.now(), "2026-11-25");
 */
export async function collectStops(
  db: Kysely<BackroomDatabase>,
  place: SharedPlace,
  data: TodayData,
  credit: CreditReads | undefined,
  now: number,
  day: string,
): Promise<CollectStop[]> {
  const model = todayModel({ ...data.input, now: new Date(now), day });
  const deliveries = [...model.today, ...model.tomorrow].flatMap((g) => g.cards.map((card) => ({ card, day: g.day })));
  const accountIds = [...new Set(deliveries.flatMap(({ card }) => card.balances.map((b) => b.arAccountId)))];
  if (!accountIds.length) return [];
  const [figures, records] = await Promise.all([
    collectFigures(
      place,
      data,
      deliveries.map((d) => d.card),
      credit,
    ),
    createCollectedStore(db).ofAccounts(place, accountIds, `${addDays(day, -2)}T00:00:00.000Z`),
  ]);
  const stops: CollectStop[] = [];
  for (const { card, day: deliveryDate } of deliveries)
    for (const balance of card.balances) {
      const { available, reasons } = figures(card, balance);
      if (!reasons.length) continue;
      stops.push({
        arAccountId: balance.arAccountId,
        customerId: card.customerId,
        customerName: card.name,
        deliveryDate,
        reasons,
        // In cents, rounded once (`toCollect` of no limit: the over-60 balance, never below 0).
        over60: toCollect(balance.over60, null),
        available,
        toCollect: figures(card, balance).toCollect,
        collected: records
          .filter(
            (r) =>
              r.ar_account_id === balance.arAccountId &&
              (r.delivery_date === deliveryDate ||
                (r.delivery_date === null && r.recorded_at.slice(0, 10) === deliveryDate)),
          )
          .map(collectedView),
      });
    }
  return stops.sort(
    (a, b) =>
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      compareDecimals(b.toCollect, a.toCollect) ||
      a.customerName.localeCompare(b.customerName, "en") ||
      a.customerId - b.customerId,
  );
}
