import type { BackfillEstimate } from "@/lib/domain/insights/backfill-estimate";
import { DEFINITIONS, weekStart } from "@/lib/domain/insights/definitions";
import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { formatDate } from "@/lib/format/display";
import { addDays } from "@/lib/format/days";
import type { ShownRows } from "@/lib/domain/insights/table-paging";
import { InsightTableView, type TablePaging } from "./insight-table";
import { InsightsBackfillStatus } from "./insights-backfill-status";
import { InsightsBreakdownSections } from "./insights-breakdown-sections";
import { InsightsCoverageStatus } from "./insights-coverage-status";
import { InsightsDistributionSection } from "./insights-distribution-section";
import { InsightsFilters } from "./insights-filters";
import { InsightsHeader } from "./insights-header";
import { InsightsHealthSection } from "./insights-health-section";
import { insightsExportHref, insightsHref } from "./insights-href";
import { InsightsPromotionsSection } from "./insights-promotions-section";
import { InsightsSalesSection } from "./insights-sales-section";
import { InsightsSection } from "./insights-section";

// The Insights page's body, drawn on the server from `insightsView` (no JavaScript of its own but the phone's
// `FilterDisclosure`): every choice is a GET form or a link, so the address holds the view (bookmarks, saved links and
// the exports ask the same).

interface InsightsReportProps {
  view: InsightsView;
  keyType: "Supplier" | "Employee";
  timeZone: string | undefined;
  /**
   * While the first backfill runs (before its first window, or while the page shows the days read so far): when it
   * expects to be done (none for a walk that cannot tell).
   */
  estimate?: BackfillEstimate;
  /** The time the page was drawn at (the estimate's "paused until" names a day only when it is not today's). */
  now: Date;
  /** The rows shown of each table past its first ones (the address's `show`). */
  shown?: ShownRows;
}

export function InsightsReport({ view, keyType, timeZone, estimate, now, shown = {} }: InsightsReportProps) {
  const staff = keyType === "Employee";
  if (!view.ready) return <InsightsBackfillStatus view={view} timeZone={timeZone} estimate={estimate} now={now} />;
  const { query, tables } = view;
  // "Show more" under each table: the same view with more of that table's rows (a phone reads them a page at a time).
  const paging: TablePaging = { shown, href: (show) => insightsHref(query, {}, "/insights", { show }) };
  const rep = view.reps.find((r) => r.userId === query.rep);
  const supplier = view.suppliers.find((s) => s.supplierId === query.supplier);
  return (
    <div className="space-y-8">
      <InsightsHeader view={view} staff={staff} timeZone={timeZone} />
      {!view.coverage.whole && (
        <InsightsCoverageStatus coverage={view.coverage} timeZone={timeZone} estimate={estimate} now={now} />
      )}
      <InsightsFilters view={view} staff={staff} />
      <InsightsSalesSection view={view} paging={paging} />
      <InsightsBreakdownSections view={view} staff={staff} paging={paging} />
      <InsightsDistributionSection query={query} tables={tables} paging={paging} />

      <InsightsSection id="doors-due-heading" title="Doors due to reorder">
        <InsightTableView
          table={tables["doors-due"]}
          limit={25}
          paging={paging}
          intro={`Stores whose next order by their own rhythm (the median of their days between orders, three orders at least) is expected by Sunday, ${formatDate(addDays(weekStart(view.asOf), 6))}, or is already due or late, per rep: late past 1.5 times their median.`}
          exportHref={insightsExportHref(query, "doors-due")}
          empty="No store is due to reorder this week by its own rhythm."
        />
      </InsightsSection>

      <InsightsPromotionsSection view={view} paging={paging} />
      <InsightsHealthSection view={view} paging={paging} />

      {staff && (
        <InsightsSection id="leaderboard-heading" title="Weekly leaderboard">
          {rep ? (
            <InsightTableView
              table={tables.leaderboard}
              limit={25}
              paging={paging}
              intro={`${rep.name}'s accounts ranked by revenue in the week of ${formatDate(tables.leaderboard.rows[0]?.week ?? view.asOf)}, the last full week.`}
              exportHref={insightsExportHref(query, "leaderboard")}
              empty={`${rep.name} covers none of these accounts.`}
            />
          ) : (
            <p className="text-sm">Choose a rep above to rank their accounts by this week&apos;s sales.</p>
          )}
        </InsightsSection>
      )}

      <InsightsSection id="white-space-heading" title="White space">
        {staff && !supplier ? (
          <p className="text-sm">
            Choose a supplier above to see which of its active products that ship to each retailer&apos;s state it
            bought in the last 90 days, and which it did not.
          </p>
        ) : (
          <InsightTableView
            table={tables["white-space"]}
            limit={25}
            paging={paging}
            intro={`${supplier ? `${supplier.name}'s` : "The brand's"} active products that ship to each retailer's state: those it bought in the last 90 days, and those it did not; the retailers that carry most of the line and lack a product first.`}
            exportHref={insightsExportHref(query, "white-space")}
            empty="No retailer bought in the last 90 days."
          />
        )}
      </InsightsSection>

      <InsightsSection id="shelf-heading" title="Shelf watch">
        <InsightTableView
          table={tables.shelf}
          limit={25}
          paging={paging}
          intro={`Retailers' stock of ${supplier ? `${supplier.name}'s` : staff ? "the suppliers'" : "the brand's"} products under 7 days of their daily sales, out of stock, or never counted: a call list, as the last sync found it.`}
          exportHref={insightsExportHref(query, "shelf")}
          empty="Every counted product covers 7 days or more."
        />
      </InsightsSection>

      <InsightsSection id="definitions-heading" title="Definitions">
        <div className="max-w-3xl space-y-2 text-sm">
          {DEFINITIONS.split("\n").map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </InsightsSection>
    </div>
  );
}
