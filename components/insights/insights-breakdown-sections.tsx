import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { InsightTableView, type TablePaging } from "./insight-table";
import { insightsExportHref } from "./insights-href";
import { InsightsSection } from "./insights-section";

interface InsightsBreakdownSectionsProps {
  view: Extract<InsightsView, { ready: true }>;
  staff: boolean;
  paging: TablePaging;
}

/** The period's sales by product, retailer and rep (and by supplier for an Employee key), ten rows each. */
export function InsightsBreakdownSections({ view, staff, paging }: InsightsBreakdownSectionsProps) {
  const { query, tables } = view;
  return (
    <div className="space-y-8">
      {(
        [
          ["products", "By product"],
          ["retailers", "By retailer"],
          ["reps", "By rep"],
          ...(staff ? ([["suppliers", "By supplier"]] as const) : []),
        ] as const
      ).map(([id, title]) => (
        <InsightsSection key={id} id={`${id}-heading`} title={title}>
          {id === "reps" && tables.reps.rows.every((row) => row.key === "none") ? (
            <p className="text-sm">
              No sales in the period can be put to a rep: the API tells this key of no rep covering its retailers
              (Supplier keys see their Supplier Reps, and the customers&apos; records leave the rep out for them).
            </p>
          ) : (
            <InsightTableView
              paging={paging}
              table={tables[id]}
              limit={10}
              exportHref={insightsExportHref(query, id)}
              empty="No sales in the period."
            />
          )}
        </InsightsSection>
      ))}
    </div>
  );
}
