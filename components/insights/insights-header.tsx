import Link from "next/link";
import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { formatDate, formatDateTime } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { InsightsTitle } from "./insights-title";

interface InsightsHeaderProps {
  view: Extract<InsightsView, { ready: true }>;
  staff: boolean;
  timeZone: string | undefined;
}

/**
 * The page's title, how fresh its history is (while its first backfill reads back: its last day, and that the rest is
 * being read), what it covers and, for an Employee key, who chooses that.
 */
export function InsightsHeader({ view, staff, timeZone }: InsightsHeaderProps) {
  const scope = view.state.scope;
  const distributor = scope?.distributor === true;
  const linked = scope?.repUserIds.length ?? 0;
  const covers = !scope
    ? ""
    : distributor
      ? " of every account"
      : ` of ${scope.customerIds.length.toLocaleString("en-US")} accounts of ${linked} linked ${linked === 1 ? "rep" : "reps"}`;
  return (
    <div className="space-y-2">
      <InsightsTitle />
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="history-freshness">
        {view.coverage.whole ? (
          <>
            History up to {formatDateTime(view.state.refreshedAt ?? view.state.backfilledAt, timeZone)} ·{" "}
            {plural(view.invoices, "invoice")}
            {covers} · refreshed nightly
          </>
        ) : (
          <>
            History up to {formatDate(view.coverage.to)} · {plural(view.invoices, "invoice")} so far
            {covers} · the rest of its year being read
          </>
        )}
      </p>
      {staff && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {distributor
            ? "The whole distributor's history, shown one supplier at a time (the one that sold most in the period until you choose)."
            : "The accounts of the sales reps this workspace's members are linked to."}{" "}
          Owners and admins choose what it covers under{" "}
          <Link href="/settings/keys" prefetch={false} className="underline">
            Keys
          </Link>
          .
        </p>
      )}
    </div>
  );
}
