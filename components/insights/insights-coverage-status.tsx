import Link from "next/link";
import { type BackfillEstimate, estimateWords } from "@/lib/domain/insights/backfill-estimate";
import { coverageWords, type HistoryCoverage } from "@/lib/domain/insights/history-coverage";
import { formatClock } from "@/lib/format/display";

interface InsightsCoverageStatusProps {
  coverage: HistoryCoverage;
  timeZone: string | undefined;
  estimate?: BackfillEstimate;
  now: Date;
}

/**
 * Above the figures while the key's first backfill reads back: when it expects to be done (the estimate's line), which
 * days the figures cover and which are still being read.
 */
export function InsightsCoverageStatus({ coverage, timeZone, estimate, now }: InsightsCoverageStatusProps) {
  return (
    <div
      role="status"
      className="max-w-3xl space-y-2 rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
    >
      {estimate && (
        <p className="font-semibold" data-testid="backfill-estimate">
          {estimateWords(estimate)}
        </p>
      )}
      <p data-testid="history-coverage">{coverageWords(coverage)}</p>
      <p>
        The rest is synced in the background, newest first in 60-day windows, paced for the API
        {estimate?.resumesAt
          ? `; it goes on at ${formatClock(estimate.resumesAt, timeZone, now)}, when the key's budget allows`
          : ""}
        . A figure over days still being read says so; a week of fewer than 7 days is marked partial.{" "}
        <Link href="/insights" prefetch={false} className="underline">
          Check again
        </Link>
      </p>
    </div>
  );
}
