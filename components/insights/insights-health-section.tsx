import { type InsightsQuery, type InsightsView, TIERS } from "@/lib/domain/insights/insights-tables";
import { formatDate } from "@/lib/format/display";
import { BUTTON, fieldClass } from "@/lib/ui/styles";
import { InsightTableView, type TablePaging } from "./insight-table";
import { insightsExportHref, insightsHref } from "./insights-href";
import { KeptOrders } from "./insights-kept-orders";
import { InsightsSection } from "./insights-section";

interface InsightsHealthSectionProps {
  view: Extract<InsightsView, { ready: true }>;
  paging: TablePaging;
}

/** Each retailer's tier and reorder rhythm, filtered by tier in a GET form that keeps the page's other choices. */
export function InsightsHealthSection({ view, paging }: InsightsHealthSectionProps) {
  const { query, tables } = view;
  return (
    <InsightsSection id="health-heading" title="Account health">
      <form
        method="get"
        action="/insights"
        className="flex flex-wrap items-end gap-3"
        aria-label="Account health filter"
      >
        <input type="hidden" name="weeks" value={query.weeks} />
        {query.customer !== undefined && <input type="hidden" name="customer" value={query.customer} />}
        {query.rep !== undefined && <input type="hidden" name="rep" value={query.rep} />}
        {query.supplier !== undefined && <input type="hidden" name="supplier" value={query.supplier} />}
        <KeptOrders query={query} names={["sort", "dir", "dsort", "ddir"]} />
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="insights-tier">Tier</label>
          <select id="insights-tier" name="tier" defaultValue={query.tier ?? ""} className={fieldClass(false, "mt-1")}>
            <option value="">Every tier</option>
            {TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {tier}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={BUTTON}>
          Filter
        </button>
      </form>
      <div id="health">
        <InsightTableView
          paging={paging}
          table={tables.health}
          limit={25}
          intro={`As of ${formatDate(view.asOf)}.`}
          exportHref={insightsExportHref(query, "health")}
          empty={query.tier ? `No retailer is ${query.tier} now.` : "No retailer in the history."}
          sortLinks={{
            columns: [
              "name",
              "lastOrder",
              "daysSince",
              "medianReorderDays",
              "tier",
              "revenueLast30",
              "growth",
              "orders",
            ],
            sort: query.sort,
            dir: query.dir,
            href: (sort, dir) => `${insightsHref(query, { sort: sort as InsightsQuery["sort"], dir })}#health`,
          }}
        />
      </div>
    </InsightsSection>
  );
}
