import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { amountsOf, pastDue } from "@/lib/domain/ar-aging/aging";
import type { AccountCard, CardBalance, OverdueAccount, TodayInput } from "./today-types";

/** An AR account's figures: every age less the open credit, and what is more than 30, 60 and 90 days past due. */
export type AccountFigures = { total: string; over30: string; over60: string; over90: string };

/** The rep's stores' AR accounts: which stores each holds, its figures, and each store's balances. */
export interface TodayBalances {
  storesOf: Map<number, Set<number>>;
  accountFigures: Map<number, AccountFigures>;
  balancesOf: Map<number, CardBalance[]>;
}

const byName = (a: AccountCard, b: AccountCard) => a.name.localeCompare(b.name) || a.customerId - b.customerId;

/**
 * Which AR accounts hold which of the rep's stores (the open invoices name both), each account's figures (its rows,
 * one per supplier, added up exactly), and so each store's balances.
 *
 * @example
 * todayBalances(input, new Set([20001])).balancesOf.get(20001); // [{ arAccountId: 50001, total: "120.000000", … }]
 */
export function todayBalances(
  input: Pick<TodayInput, "openInvoices" | "aging">,
  wanted: ReadonlySet<number>,
): TodayBalances {
  const storesOf = new Map<number, Set<number>>();
  for (const invoice of input.openInvoices) {
    if (invoice.ARAccountID == null || invoice.CustomerID == null || !wanted.has(invoice.CustomerID)) continue;
    storesOf.set(invoice.ARAccountID, (storesOf.get(invoice.ARAccountID) ?? new Set()).add(invoice.CustomerID));
  }
  const accountFigures = new Map<number, AccountFigures>();
  for (const row of input.aging) {
    if (row.ARAccountID == null) continue;
    const { buckets, total } = amountsOf(row);
    const before = accountFigures.get(row.ARAccountID);
    const these = { total, ...pastDue(buckets) };
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
  return { storesOf, accountFigures, balancesOf };
}

/** The oldest past-due bucket an account owes something in, and what it owes there and older. */
export interface WorstPastDue {
  /** More than this many days past due: 90, 60 or 30. */
  days: 90 | 60 | 30;
  /** What is more than `days` days past due (the bucket and any older). */
  amount: string;
  /** What is more than 30 days past due, all buckets together (equal to `amount` when `days` is 30). */
  over30: string;
}

/**
 * The oldest bucket an account's past-due amount is in: over 90 days when anything is, else over 60, else over 30;
 * undefined when nothing is more than 30 days past due. What Today's cards and its past-due section name: "$2,104.18
 * over 90 days" where all of it is (not "over 30 days").
 *
 * @example
 * worstPastDue({ over30: "2104.18", over60: "2104.18", over90: "2104.18" }); // { days: 90, amount: "2104.18", over30: "2104.18" }
 * worstPastDue({ over30: "0", over60: "0", over90: "0" }); // undefined
 */
export function worstPastDue(figures: Pick<AccountFigures, "over30" | "over60" | "over90">): WorstPastDue | undefined {
  const positive = (amount: string) => compareDecimals(amount, "0") > 0;
  if (!positive(figures.over30)) return undefined;
  const days = positive(figures.over90) ? 90 : positive(figures.over60) ? 60 : 30;
  const amount = days === 90 ? figures.over90 : days === 60 ? figures.over60 : figures.over30;
  return { days, amount, over30: figures.over30 };
}

/**
 * What an account owes past due, the oldest bucket first, each "over N days" amount once: where all of it is over 90
 * days, that alone ("$2,104.18 over 90 days"); else each older amount, then the larger younger ones ("$100.00 over 90,
 * $300.00 over 60, $500.00 over 30"). Empty when nothing is more than 30 days past due.
 *
 * @example
 * pastDueSteps({ over30: "500", over60: "300", over90: "300" }); // [{ days: 90, amount: "300" }, { days: 30, amount: "500" }]
 */
export function pastDueSteps(
  figures: Pick<AccountFigures, "over30" | "over60" | "over90">,
): { days: 90 | 60 | 30; amount: string }[] {
  const steps: { days: 90 | 60 | 30; amount: string }[] = [];
  for (const [days, amount] of [
    [90, figures.over90],
    [60, figures.over60],
    [30, figures.over30],
  ] as const)
    if (compareDecimals(amount, steps.at(-1)?.amount ?? "0") > 0) steps.push({ days, amount });
  return steps;
}

/**
 * The AR accounts more than 30 days past due, named by the rep's stores they hold: what is over 90 days first (most
 * first), then over 60, then over 30.
 *
 * @example
 * overdueAccounts(balances, cardOf)[0].worst; // 90
 */
export function overdueAccounts(
  balances: Pick<TodayBalances, "storesOf" | "accountFigures">,
  cardOf: ReadonlyMap<number, AccountCard>,
): OverdueAccount[] {
  const overdue: OverdueAccount[] = [];
  for (const [arAccountId, stores] of balances.storesOf) {
    const figures = balances.accountFigures.get(arAccountId);
    const worst = figures && worstPastDue(figures);
    if (!figures || !worst) continue;
    const cards = [...stores].flatMap((s) => (cardOf.has(s) ? [cardOf.get(s)!] : [])).sort(byName);
    if (!cards.length) continue;
    overdue.push({ arAccountId, cards, ...figures, worst: worst.days });
  }
  overdue.sort(
    (a, b) =>
      compareDecimals(b.over90, a.over90) ||
      compareDecimals(b.over60, a.over60) ||
      compareDecimals(b.over30, a.over30) ||
      a.arAccountId - b.arAccountId,
  );
  return overdue;
}
