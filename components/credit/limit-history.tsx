import type { LimitChange } from "@/lib/domain/credit/view";
import { formatDateTime, formatMoney } from "@/lib/format/display";

const limitText = (limit: string | null) => (limit === null ? "no limit" : formatMoney(limit));

/** Who changed the account's limit, when, from what to what: the latest first. Staff and the rep only. */
export function LimitHistory({ history, timeZone }: { history: readonly LimitChange[]; timeZone?: string }) {
  if (history.length === 0) return <p className="text-sm">No limit was ever set on this account.</p>;
  return (
    <ol className="space-y-1 text-sm" aria-label="Changes of the limit" data-testid="limit-history">
      {history.map((change) => (
        <li key={`${change.at}-${change.by}-${change.to}`}>
          <span className="tabular-nums">{formatDateTime(change.at, timeZone)}</span> · {change.by}:{" "}
          {limitText(change.from)} → <strong className="tabular-nums">{limitText(change.to)}</strong>
        </li>
      ))}
    </ol>
  );
}
