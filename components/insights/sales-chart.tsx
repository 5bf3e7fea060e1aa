import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { formatDate, formatMoney } from "@/lib/format/display";
import type { WeekRow } from "@/lib/domain/insights/insights-tables";

// The weekly sales chart: this period's revenue as bars, the period before's as a line over the same weeks. visx
// draws plain SVG from its props, so the chart is rendered on the server with the page and brings no JavaScript to
// the browser (docs/benchmarks.md: the libraries measured). The table beside it holds every figure.

const WIDTH = 760;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 72 };

/** A short week label ("Nov 16"). */
const weekLabel = (week: string) => formatDate(week).replace(/, \d{4}$/, "");

/** Dollars without cents for an axis ("$12,000"). */
const axisMoney = (value: number) => formatMoney(String(Math.round(value))).replace(/\.00$/, "");

export function SalesChart({ weeks, describedBy }: { weeks: readonly WeekRow[]; describedBy: string }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const current = weeks.map((w) => Number(w.revenue));
  const previous = weeks.map((w) => Number(w.previousRevenue));
  const low = Math.min(0, ...current, ...previous);
  const high = Math.max(1, ...current, ...previous);
  const x = scaleBand<string>({ domain: weeks.map((w) => w.week), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [low, high], range: [innerHeight, 0], nice: true });
  // At most 13 labels: every week's up to 13 weeks, every second or fourth beyond.
  const every = Math.ceil(weeks.length / 13);
  const tickValues = weeks.filter((_, i) => i % every === 0).map((w) => w.week);
  const total = formatMoney(String(current.reduce((a, b) => a + b, 0).toFixed(2)));
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-4xl text-slate-700 dark:text-slate-300"
        role="img"
        aria-labelledby="sales-chart-title"
        aria-describedby={describedBy}
      >
        <title id="sales-chart-title">{`Weekly revenue, ${weeks.length} weeks (${total}), bars this period, line the period before`}</title>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(5).map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={innerWidth}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200 dark:stroke-slate-700"
            />
          ))}
          {weeks.map((w, i) => {
            const top = y(Math.max(0, current[i] ?? 0));
            const bottom = y(Math.min(0, current[i] ?? 0));
            return (
              <Bar
                key={w.week}
                x={x(w.week)}
                y={top}
                width={x.bandwidth()}
                height={Math.max(0, bottom - top)}
                className="fill-sky-700 dark:fill-sky-400"
              />
            );
          })}
          <LinePath<WeekRow>
            data={[...weeks]}
            x={(w) => (x(w.week) ?? 0) + x.bandwidth() / 2}
            y={(w) => y(Number(w.previousRevenue))}
            className="fill-none stroke-amber-600 dark:stroke-amber-400"
            strokeWidth={2.5}
            strokeDasharray="6 4"
          />
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(v) => axisMoney(Number(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: 12 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={tickValues}
            tickFormat={(v) => weekLabel(String(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: 12 }}
          />
        </Group>
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-4 bg-sky-700 dark:bg-sky-400" />
          Revenue by week, this period
        </span>
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block w-5 border-t-[3px] border-dashed border-amber-600 dark:border-amber-400"
          />
          The same week of the period before
        </span>
      </figcaption>
    </figure>
  );
}
