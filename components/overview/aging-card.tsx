"use client";

import { formatMoney } from "@/lib/format/display";
import { amountsOf, sumAmounts } from "@/lib/domain/ar-aging/aging";
import { OVERVIEW_STALE, overviewAging } from "@/lib/ui/overview/requests";
import { AgingBar, Card, Figure } from "./card";
import { useApi } from "./use-api";

/**
 * What is owed by age, from the aging: a retailer's own debt ("What you owe") or a brand's receivables. The total,
 * then the buckets as a bar with every amount written out.
 */
export function AgingCard({ card, label, testId }: { card: "owed" | "receivables"; label: string; testId: string }) {
  const aging = useApi(overviewAging, OVERVIEW_STALE.aging);
  const totals = sumAmounts((aging.data?.records ?? []).map(amountsOf));
  return (
    <Card card={card} query={aging}>
      <Figure
        label="Balance at the last close, all ages"
        value={formatMoney(totals.total)}
        testId={testId}
        counts="The AR aging as of the end of the last day: every age, current included, less open credit."
      />
      <AgingBar totals={totals} label={label} />
    </Card>
  );
}
