import { type Reading, readingOf } from "@/lib/domain/insights/history-coverage";
import type { InsightsView } from "@/lib/domain/insights/insights-tables";
import type { FigureId } from "@/lib/domain/figures/catalog";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import { InsightTableView, type TablePaging } from "./insight-table";
import { insightsExportHref } from "./insights-href";
import { InsightsSection } from "./insights-section";
import { SalesChart } from "./sales-chart";

interface InsightsSalesSectionProps {
  view: Extract<InsightsView, { ready: true }>;
  paging: TablePaging;
}

interface GrowthProps {
  value: string | null;
  /** The period before's figure, in words. */
  before: string;
  /** How much of the period before is read: no growth is given against part of it, or one before the history. */
  reading: Reading;
}

/**
 * The period's revenue, units and invoices against the period before, its weekly chart and table; while the history
 * reads back, what they count of it; no growth against a period before not read whole, or reaching before the history.
 */
export function InsightsSalesSection({ view, paging }: InsightsSalesSectionProps) {
  const { query, comparison, tables, coverage } = view;
  const reading = readingOf(coverage, comparison.previous);
  // The weeks' note covers both periods: said once, under the figures, rather than again above their table.
  const { unread, ...weeks } = tables.weeks;
  const retailer = view.retailers.find((r) => r.customerId === query.customer);
  const rep = view.reps.find((r) => r.userId === query.rep);
  const supplier = view.suppliers.find((s) => s.supplierId === query.supplier);
  // Each row: label, this period, the period before, growth, its id in the figures' catalogue (Invoices has none yet).
  const figures = [
    [
      "Revenue",
      formatMoney(comparison.current.revenue),
      formatMoney(comparison.previous.revenue),
      comparison.growth.revenue,
      "sales-revenue",
    ],
    [
      "Units",
      formatQuantity(comparison.current.units),
      formatQuantity(comparison.previous.units),
      comparison.growth.units,
      "sales-units",
    ],
    [
      "Invoices",
      formatQuantity(comparison.current.invoices),
      formatQuantity(comparison.previous.invoices),
      comparison.growth.invoices,
      "sales-invoices",
    ],
  ] as const satisfies readonly (readonly [string, string, string, string | null, FigureId | undefined])[];
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
        {figures.map(([label, now, before, growth, figure]) => (
          <div key={label} className="rounded border border-slate-300 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-figure={figure}>
              {now}
            </dd>
            <dd className="text-sm">
              <Growth value={growth} before={before} reading={reading} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatDate(comparison.current.from)} to {formatDate(comparison.current.to)}, against{" "}
        {formatDate(comparison.previous.from)} to {formatDate(comparison.previous.to)}.
      </p>
      {unread && (
        <p
          role="note"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
        >
          {unread}
        </p>
      )}
      <SalesChart weeks={weeks.rows} describedBy="weeks-caption" />
      <InsightTableView
        paging={paging}
        table={weeks}
        intro={`Each week beside the same week of the period before, ${query.weeks} weeks earlier, named by its days. Weeks start on Monday; a partial week (hatched on the chart) counts only its days in the period${coverage.whole ? "" : " and read so far"}.`}
        exportHref={insightsExportHref(query, "weeks")}
        empty="No weeks in the period."
      />
    </InsightsSection>
  );
}

function Growth({ value, before, reading }: GrowthProps) {
  const muted = "text-slate-700 dark:text-slate-300";
  if (reading === "not read yet" || reading === "before the history")
    return <span className={muted}>the period before is {reading}</span>;
  if (reading === "partly read")
    return <span className={muted}>the period before is partly read ({before} so far)</span>;
  if (reading === "partly before the history")
    return <span className={muted}>the period before reaches before the history ({before} in it)</span>;
  if (value === null) return <span className={muted}>no sales before ({before})</span>;
  const down = value.startsWith("-");
  return (
    <>
      <span className={down ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}>
        {down ? "−" : "+"}
        {value.replace(/^-/, "")}% on the period before
      </span>{" "}
      ({before})
    </>
  );
}
