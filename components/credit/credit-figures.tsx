import { creditWords } from "@/lib/domain/credit/available";
import type { CreditView, Reliability, ScoreComponent } from "@/lib/domain/credit/view";
import { compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney, formatQuantity } from "@/lib/format/display";

// The figures of credit every page shows the same way (the customer page's block, the full view, the store's
// overview card, the order guide and the reorder list): what is available in words, the share in use as a bar with
// its words beside it, and the score with its four parts (figure, points, weight). Not a client module: the server's
// pages draw them, and the customer page's client tree too.

/** Whether the account is over its limit (available below 0). */
export const isOver = (available: string | null) => available !== null && compareDecimals(available, "0") < 0;

/** "$2,140.00 of $10,000.00 available" (or over it, or no limit set), large, with the account's state in colour. */
export function AvailableLine({
  view,
  testId = "credit-available",
  size = "text-xl",
}: {
  view: Pick<CreditView, "available" | "limit">;
  testId?: string;
  size?: string;
}) {
  const over = isOver(view.available);
  return (
    // A figure, not a heading: a div (axe reads a large bold paragraph as a heading in disguise).
    <div
      className={`${size} font-semibold tabular-nums ${over ? "text-red-800 dark:text-red-300" : ""}`}
      data-testid={testId}
    >
      {creditWords(view.available, view.limit)}
    </div>
  );
}

/**
 * The share of the limit in use, as a bar (its words beside it for a screen reader and a glance): the balance and the
 * open lists over the limit; none without a limit.
 */
export function UsedBar({ view }: { view: Pick<CreditView, "limit" | "balance" | "openLists"> }) {
  if (view.limit === null || compareDecimals(view.limit, "0") <= 0) return null;
  const limit = Number(view.limit);
  const balance = Math.max(0, Number(view.balance));
  const lists = Math.max(0, Number(view.openLists));
  // Widths of a drawing only (the figures are written out beside it, exactly): floats are fine here.
  const scale = Math.max(limit, balance + lists);
  const pct = (n: number) => `${((100 * n) / scale).toFixed(2)}%`;
  const used = Math.round((100 * (balance + lists)) / limit);
  return (
    <div className="space-y-1">
      <div
        className="relative flex h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        role="img"
        aria-label={`${used}% of the limit in use: ${formatMoney(view.balance)} owed, ${formatMoney(view.openLists)} in open reorder lists`}
      >
        <span className="bg-slate-700 dark:bg-slate-300" style={{ width: pct(balance) }} />
        <span className="bg-amber-600 dark:bg-amber-400" style={{ width: pct(lists) }} />
        {scale > limit && (
          <span
            aria-hidden="true"
            className="absolute inset-y-0 w-0.5 bg-red-700 dark:bg-red-300"
            style={{ left: pct(limit) }}
          />
        )}
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300">{used}% of the limit in use</p>
    </div>
  );
}

/** The balance and the open reorder lists, the two things the limit is used by. */
export function UsedBy({ view }: { view: Pick<CreditView, "balance" | "openLists" | "openListCount" | "over60"> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-700 dark:text-slate-300">Balance owed</dt>
        <dd className="font-semibold tabular-nums" data-testid="credit-balance">
          {formatMoney(view.balance)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-700 dark:text-slate-300">
          Open reorder lists{view.openListCount > 0 ? ` (${formatQuantity(view.openListCount)})` : ""}
        </dt>
        <dd className="font-semibold tabular-nums" data-testid="credit-open-lists">
          {formatMoney(view.openLists)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-700 dark:text-slate-300">Over 60 days</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(view.over60)}</dd>
      </div>
    </dl>
  );
}

/** The score in words: "78 of 100", or why there is none. */
export function scoreText(score: number | null): string {
  return score === null ? "No score yet" : `${score} of 100`;
}

/** A component's figure as it reads in a table: days, a share in percent, the trend with its sign. */
export function componentFigure(component: ScoreComponent): string {
  if (component.value === null) return "not known";
  if (component.key === "daysBeyondTerms") return `${formatQuantity(component.value, 1)} days`;
  if (component.key === "trend") return `${component.value > 0 ? "+" : ""}${formatQuantity(component.value, 1)} days`;
  return `${formatQuantity(component.value * 100, 1)}%`;
}

/** The score's four parts: each with its figure, the points it gives and its weight; `words` to say it in full. */
export function ScoreTable({
  components,
  words = false,
  caption,
}: {
  components: readonly ScoreComponent[];
  words?: boolean;
  caption: string;
}) {
  return (
    <table className="w-full text-sm" data-testid="score-components">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left dark:border-slate-600">
          <th scope="col" className="py-1 pr-2 font-semibold">
            Part
          </th>
          <th scope="col" className="px-2 py-1 text-right font-semibold">
            Figure
          </th>
          <th scope="col" className="px-2 py-1 text-right font-semibold">
            Points
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-semibold">
            Weight
          </th>
        </tr>
      </thead>
      <tbody>
        {components.map((c) => (
          <tr key={c.key} className="border-b border-slate-200 align-top dark:border-slate-700" data-component={c.key}>
            <th scope="row" className="py-1 pr-2 text-left font-normal">
              {c.label}
              {words && <span className="block text-xs text-slate-700 dark:text-slate-300">{c.words}</span>}
            </th>
            <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{componentFigure(c)}</td>
            <td className="px-2 py-1 text-right tabular-nums">{Math.round(c.points)}</td>
            <td className="py-1 pl-2 text-right tabular-nums">{c.weight}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The score, large, with what it is of and the day it was computed for; or why there is none. */
export function ScoreFigure({
  reliability,
  label = "Payment reliability",
}: {
  reliability: Reliability | null;
  /** Its label above the figure (the full view's section is already headed "Payment reliability"). */
  label?: string;
}) {
  if (reliability === null)
    return (
      <p className="text-sm" data-testid="credit-score">
        The payment-reliability score comes once the payment history is read: the daily walk of the collections list
        reads it after the balances.
      </p>
    );
  return (
    <p className="text-sm" data-testid="credit-score">
      {label} <strong className="block text-2xl tabular-nums">{scoreText(reliability.score)}</strong>
      <span className="block text-xs text-slate-700 dark:text-slate-300">
        {reliability.score === null
          ? "Too little history: no delivered invoice fell due in the last 365 days."
          : `From ${formatQuantity(reliability.invoices)} invoices worth ${formatMoney(reliability.invoiced)} due in the 365 days to ${formatDay(reliability.asOf)}.`}
      </span>
    </p>
  );
}

/**
 * One line of credit above a store's order guide and on its reorder lists: what is available, the balance and open
 * lists that use it, and the full view a tap away.
 */
export function CreditLine({
  view,
  href,
}: {
  view: Pick<CreditView, "available" | "limit" | "balance" | "openLists" | "openListCount">;
  /** The account's full view. */
  href: string;
}) {
  const over = isOver(view.available);
  return (
    <p className={`text-sm ${over ? "font-semibold text-red-800 dark:text-red-300" : ""}`} data-testid="credit-line">
      Credit: <span className="tabular-nums">{creditWords(view.available, view.limit)}</span>
      {view.limit !== null && (
        <span className="font-normal text-slate-700 dark:text-slate-300">
          {" "}
          (balance {formatMoney(view.balance)}
          {view.openListCount > 0 ? `, open reorder lists ${formatMoney(view.openLists)}` : ""})
        </span>
      )}{" "}
      <a href={href} className="link font-normal">
        Credit and score
      </a>
    </p>
  );
}
