import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { InsightTableView, type TablePaging } from "./insight-table";
import { insightsExportHref } from "./insights-href";
import { InsightsSection } from "./insights-section";

interface InsightsPromotionsSectionProps {
  view: Extract<InsightsView, { ready: true }>;
  paging: TablePaging;
}

/** The lift of the promotions that ran in the period, with a note while older lines are read again for theirs. */
export function InsightsPromotionsSection({ view, paging }: InsightsPromotionsSectionProps) {
  return (
    <InsightsSection id="promotions-heading" title="Promotion lift">
      {(view.state.linesVersion ?? 1) < 2 && (
        <p
          role="note"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
        >
          This history was read before Backroom kept each line&apos;s promotion: it is being read again in the
          background, and until that is done the lines read before carry none, so a promotion may show fewer doors than
          it reached, or none.
        </p>
      )}
      <InsightTableView
        paging={paging}
        table={view.tables.promotions}
        limit={25}
        intro="The promotions that ran in the period, the latest first: what the stores they reached bought of their products per week while they ran, against the same stores' 8 weeks before. Fewer than 5 stores, under 2 weeks or a baseline before the history: too thin to tell, and no lift given."
        exportHref={insightsExportHref(view.query, "promotions")}
        empty="No promotion of these products ran in the period."
      />
    </InsightsSection>
  );
}
