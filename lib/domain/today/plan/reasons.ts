import type { CadenceStatus } from "@/lib/domain/insights/cadence";
import { compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney } from "@/lib/format/display";
import { daysSinceVisit, NOT_VISITED_DAYS, notVisitedIn } from "../visits";

/**
 * Why an account is worth a visit today, in words, each reason weighted; an account's score is the sum of its
 * reasons' weights. Pure: the plan's page, its route and its tests read the same table.
 */

/** What the reasons read of an account (filled from Today's `AccountCard` and the visits kept). */
export interface VisitAccount {
  customerId: number;
  name: string;
  /** Whether its next delivery is today's or tomorrow's, on its state's clock. */
  nextDeliveryWhen?: "today" | "tomorrow";
  onHold?: boolean;
  /** Its balance more than 60 and more than 90 days past due (decimal strings; over60 includes over90). */
  balance?: { over60: string; over90: string };
  /** Its reorder rhythm: `nextOrder` the day (YYYY-MM-DD) its next order is expected. */
  reorder?: { status: CadenceStatus; nextOrder: string };
  /** The day (YYYY-MM-DD) of its last visit on record; absent when there is none. */
  lastVisit?: string;
  /**
   * What to collect at its delivery (cents: the over-60 balance or what brings it under its limit, `toCollect`); a
   * delivery's reason then says "Collect $X" (its words only: no weight of its own, the balance already weighs).
   */
  toCollect?: string;
}

/** The kinds of reason, each with its weight: what a rep would drop by for first weighs most. */
export const VISIT_WEIGHTS = {
  deliveryToday: 50,
  over90: 45,
  onHold: 40,
  over60: 35,
  deliveryTomorrow: 30,
  reorderLate: 30,
  reorderDue: 20,
  notVisited: 15,
} as const;

export type VisitReasonKind = keyof typeof VISIT_WEIGHTS;

/** One reason to visit: its kind, its words ("$1,200.00 over 90 days") and its weight. */
export interface VisitReason {
  kind: VisitReasonKind;
  words: string;
  weight: number;
}

/** An account's reasons, the heaviest first, and their weights' sum. */
export interface VisitReasons {
  reasons: VisitReason[];
  score: number;
}

function reason(kind: VisitReasonKind, words: string): VisitReason {
  return { kind, words, weight: VISIT_WEIGHTS[kind] };
}

function isPositive(amount: string | undefined): amount is string {
  return amount !== undefined && compareDecimals(amount, "0") > 0;
}

/** The balance's reason: over 90 days when anything is, else over 60 days. */
function balanceReason(balance: VisitAccount["balance"]): VisitReason | undefined {
  if (isPositive(balance?.over90)) return reason("over90", `${formatMoney(balance.over90)} over 90 days`);
  if (isPositive(balance?.over60)) return reason("over60", `${formatMoney(balance.over60)} over 60 days`);
  return undefined;
}

/** The visit's reason: none on record, or the last `notVisitedDays` or more days before `day`. */
function visitReason(lastVisit: string | undefined, day: string, notVisitedDays: number): VisitReason | undefined {
  if (!notVisitedIn(lastVisit, day, notVisitedDays)) return undefined;
  const days = daysSinceVisit(lastVisit, day);
  return reason("notVisited", days === undefined ? "No visit on record" : `Not visited in ${days} days`);
}

/**
 * Why an account is worth a visit on `day` (YYYY-MM-DD): its reasons, the heaviest first (the table's order on a
 * tie), and its score. A long time without a visit is a reason like the others.
 *
 * @example
 * visitReasons({ customerId: 7, name: "Green Leaf", nextDeliveryWhen: "today", lastVisit: "2026-10-01" }, "2026-11-12");
 * // { reasons: [{ kind: "deliveryToday", words: "Delivery today", weight: 50 },
 * //             { kind: "notVisited", words: "Not visited in 42 days", weight: 15 }], score: 65 }
 */
export function visitReasons(account: VisitAccount, day: string, notVisitedDays = NOT_VISITED_DAYS): VisitReasons {
  const collect = isPositive(account.toCollect) ? `: collect ${formatMoney(account.toCollect)}` : "";
  const found: Array<VisitReason | undefined> = [
    account.nextDeliveryWhen === "today" ? reason("deliveryToday", `Delivery today${collect}`) : undefined,
    account.nextDeliveryWhen === "tomorrow" ? reason("deliveryTomorrow", `Delivery tomorrow${collect}`) : undefined,
    account.onHold === true ? reason("onHold", "On hold") : undefined,
    balanceReason(account.balance),
    account.reorder?.status === "late"
      ? reason("reorderLate", `Late to reorder (expected ${formatDay(account.reorder.nextOrder)})`)
      : undefined,
    account.reorder?.status === "due" ? reason("reorderDue", "Due to reorder") : undefined,
    visitReason(account.lastVisit, day, notVisitedDays),
  ];
  const order = Object.keys(VISIT_WEIGHTS);
  const reasons = found
    .filter((item): item is VisitReason => item !== undefined)
    .sort((a, b) => b.weight - a.weight || order.indexOf(a.kind) - order.indexOf(b.kind));
  return { reasons, score: reasons.reduce((sum, { weight }) => sum + weight, 0) };
}

/** An account with its reasons to visit today and their score. */
export interface VisitCandidate<A extends VisitAccount = VisitAccount> extends VisitReasons {
  account: A;
}

/** Money more than 60 days past due, "0" without a balance. */
function over60(account: VisitAccount): string {
  return account.balance?.over60 ?? "0";
}

/**
 * The accounts worth a visit on `day` (a score above 0), the highest score first, then the most money over 60 days,
 * then by name, then by id.
 *
 * @example
 * rankCandidates(today.accounts.map(toVisitAccount), "2026-11-12").slice(0, 8);
 */
export function rankCandidates<A extends VisitAccount>(
  accounts: readonly A[],
  day: string,
  notVisitedDays = NOT_VISITED_DAYS,
): VisitCandidate<A>[] {
  return accounts
    .map((account) => ({ account, ...visitReasons(account, day, notVisitedDays) }))
    .filter((candidate) => candidate.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        compareDecimals(over60(b.account), over60(a.account)) ||
        a.account.name.localeCompare(b.account.name, "en") ||
        a.account.customerId - b.account.customerId,
    );
}

/** How many stops a plan has when it does not say, and the most it may have. */
export const PLAN_STOPS = { default: 8, min: 1, max: 15 } as const;

/** A stop of the plan: a candidate, `added` when the rep put it in. */
export type PlannedVisit<A extends VisitAccount = VisitAccount> = VisitCandidate<A> & { added: boolean };

/** The number of stops asked for, whole and within PLAN_STOPS (the default when it is not a number). */
export function planStops(stops: number | undefined): number {
  if (stops === undefined || !Number.isFinite(stops)) return PLAN_STOPS.default;
  return Math.min(PLAN_STOPS.max, Math.max(PLAN_STOPS.min, Math.floor(stops)));
}

/**
 * The accounts the rep added (customer ids), each once, with their reasons: found among the ranked, or else in
 * `accounts` (the rep's every account: one with no reason today, score 0); an id found in neither, or also removed,
 * is left out. The day puts them in first (`chooseDay`).
 *
 * @example
 * addedVisits(ranked, [1042, 1042, 1007], [1007], accounts); // [{ account: 1042's, reasons, score, added: true }]
 */
export function addedVisits<A extends VisitAccount>(
  ranked: readonly VisitCandidate<A>[],
  add: readonly number[] = [],
  remove: readonly number[] = [],
  accounts: readonly A[] = [],
): PlannedVisit<A>[] {
  const removed = new Set(remove);
  return [...new Set(add)]
    .filter((id) => !removed.has(id))
    .flatMap((id) => {
      const candidate =
        ranked.find((c) => c.account.customerId === id) ??
        accounts.filter((a) => a.customerId === id).map((account) => ({ account, reasons: [], score: 0 }))[0];
      return candidate ? [{ ...candidate, added: true }] : [];
    });
}
