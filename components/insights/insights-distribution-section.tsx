import type { InsightsQuery, InsightsView } from "@/lib/domain/insights/insights-tables";
import { InsightTableView, type SortLinks, type TablePaging } from "./insight-table";
import { insightsExportHref, insightsHref } from "./insights-href";
import { InsightsSection } from "./insights-section";

interface InsightsDistributionSectionProps {
  paging: TablePaging;
  query: InsightsQuery;
  tables: Extract<InsightsView, { ready: true }>["tables"];
}

/** Both distribution tables sort together (the same columns); a press returns to the table pressed. */
function distributionSort(query: InsightsQuery, anchor: string): SortLinks {
  return {
    columns: ["name", "doors", "newDoors", "lostDoors", "unitsPerDoorPerWeek", "shareOfDoors"],
    sort: query.dsort,
    dir: query.ddir,
    href: (dsort: string, ddir: "asc" | "desc") =>
      `${insightsHref(query, { dsort: dsort as InsightsQuery["dsort"], ddir })}#${anchor}`,
  };
}

/** Doors and velocity by product and by product line. */
export function InsightsDistributionSection({ query, tables, paging }: InsightsDistributionSectionProps) {
  return (
    <InsightsSection id="distribution-heading" title="Distribution and velocity">
      <div className="space-y-6">
        <div id="distribution">
          <InsightTableView
            paging={paging}
            table={tables.distribution}
            limit={10}
            intro={`Doors are the stores that bought it in the period, against the ${query.weeks} weeks before; velocity is units per door per week.`}
            exportHref={insightsExportHref(query, "distribution")}
            empty="No product was sold in the period or the one before."
            sortLinks={distributionSort(query, "distribution")}
          />
        </div>
        <div id="lines">
          <InsightTableView
            paging={paging}
            table={tables.lines}
            limit={10}
            intro="The same by product line (the catalogue's product type), in the same order."
            exportHref={insightsExportHref(query, "lines")}
            empty="No product line was sold in the period or the one before."
            sortLinks={distributionSort(query, "lines")}
          />
        </div>
      </div>
    </InsightsSection>
  );
}
