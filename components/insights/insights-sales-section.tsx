import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import { InsightTableView } from "./insight-table";
import { insightsExportHref } from "./insights-href";
import { InsightsSection } from "./insights-section";
import { SalesChart } from "./sales-chart";

interface InsightsSalesSectionProps {
  view: Extract<InsightsView, { ready: true }>;
}

interface GrowthProps {
  value: string | null;
}

/** The period's revenue, units and invoices against the period before, its weekly chart and table. */
export function InsightsSalesSection({ view }: InsightsSalesSectionProps) {
  const { query, comparison, tables } = view;
  const retailer = view.retailers.find((r) => r.customerId === query.customer);
  const rep = view.reps.find((r) => r.userId === query.rep);
  const supplier = view.suppliers.find((s) => s.supplierId === query.supplier);
  const figures = [
    [
      "Revenue",
      formatMoney(comparison.current.revenue),
      formatMoney(comparison.previous.revenue),
      comparison.growth.revenue,
    ],
    [
      "Units",
      formatQuantity(comparison.current.units),
      formatQuantity(comparison.previous.units),
      comparison.growth.units,
    ],
    [
      "Invoices",
      formatQuantity(comparison.current.invoices),
      formatQuantity(comparison.previous.invoices),
      comparison.growth.invoices,
    ],
  ] as const;
  return (
    <InsightsSection
      id="sales-heading"
      title={[
        retailer ? `Sales to ${retailer.name}` : "Sales",
        supplier ? `of ${supplier.name}` : "",
        rep ? `(${rep.name}'s accounts)` : "",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(([label, now, before, growth]) => (
          <div key={label} className="rounded border border-slate-300 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{now}</dd>
            <dd className="text-sm">
              <Growth value={growth} /> ({before})
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatDate(comparison.current.from)} to {formatDate(comparison.current.to)}, against{" "}
        {formatDate(comparison.previous.from)} to {formatDate(comparison.previous.to)}.
      </p>
      <SalesChart weeks={tables.weeks.rows} describedBy="weeks-caption" />
      <InsightTableView
        table={tables.weeks}
        exportHref={insightsExportHref(query, "weeks")}
        empty="No weeks in the period."
      />
    </InsightsSection>
  );
}

function Growth({ value }: GrowthProps) {
  if (value === null) return <span className="text-slate-700 dark:text-slate-300">no sales before</span>;
  const down = value.startsWith("-");
  return (
    <span className={down ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}>
      {down ? "−" : "+"}
      {value.replace(/^-/, "")}% on the period before
    </span>
  );
}
