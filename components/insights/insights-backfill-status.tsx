import Link from "next/link";
import { type BackfillEstimate, estimateWords } from "@/lib/domain/insights/backfill-estimate";
import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { formatClock, formatDate } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { InsightsTitle } from "./insights-title";

interface InsightsBackfillStatusProps {
  view: Extract<InsightsView, { ready: false }>;
  timeZone: string | undefined;
  estimate?: BackfillEstimate;
  now: Date;
}

/** The Insights page before the first window of the key's history is read: how far the backfill has come. */
export function InsightsBackfillStatus({ view, timeZone, estimate, now }: InsightsBackfillStatusProps) {
  const window = view.state?.window;
  return (
    <div className="space-y-4">
      <InsightsTitle />
      <div
        role="status"
        className="max-w-3xl space-y-2 rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
      >
        {estimate && (
          <p className="font-semibold" data-testid="backfill-estimate">
            {estimateWords(estimate)}
          </p>
        )}
        <p>
          This key&apos;s year of history is being synced in the background, newest first in 60-day windows, paced for
          the API and within 7% of its hourly budget: {plural(view.invoices, "invoice")} so far
          {window ? `, back to ${formatDate(window.from)}` : ""}.
          {estimate?.resumesAt
            ? ` It goes on at ${formatClock(estimate.resumesAt, timeZone, now)}, when the key's budget allows.`
            : ""}{" "}
          The insights open here as soon as its newest 60 days are read, and fill in as the rest is.{" "}
          <Link href="/insights" prefetch={false} className="underline">
            Check again
          </Link>
        </p>
      </div>
    </div>
  );
}
