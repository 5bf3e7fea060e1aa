"use client";

import { formatMoneyExact } from "@/lib/format/display";
import { amountsOf, sumAmounts } from "@/lib/domain/ar-aging/aging";
import { OVERVIEW_STALE, overviewAging } from "@/lib/ui/overview/requests";
import { AgingBar, Card, Figure } from "./card";
import { useWalk } from "./use-api";

/**
 * What is owed by age, from the aging read whole: a retailer's own debt ("What you owe") or a brand's receivables. The
 * total, then the buckets as a bar with every amount written out; each opens the AR aging, whose totals are of the
 * same rows.
 */
export function AgingCard({ card, label, testId }: { card: "owed" | "receivables"; label: string; testId: string }) {
  const aging = useWalk(overviewAging, OVERVIEW_STALE.aging);
  const totals = sumAmounts((aging.data?.records ?? []).map(amountsOf));
  const whole = aging.data?.complete !== false;
  return (
    <Card card={card} query={aging}>
      <Figure
        label="Balance at the last close, all ages"
        value={`${whole ? "" : "at least "}${formatMoneyExact(totals.total)}`}
        testId={testId}
        figure="aging-total"
        href="/ar-aging"
        counts={`The AR aging as of the end of the last day: every age, current included, less open credit${whole ? "" : `, over the first ${aging.data?.records.length ?? 0} rows`}.`}
      />
      <AgingBar totals={totals} label={label} href="/ar-aging" />
    </Card>
  );
}
