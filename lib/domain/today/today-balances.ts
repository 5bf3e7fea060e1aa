import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { amountsOf } from "@/lib/domain/ar-aging/aging";
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
  return { storesOf, accountFigures, balancesOf };
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
  return overdue;
}
