import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { addDecimals } from "@/lib/format/decimal";
import { formatDate, formatMoney } from "@/lib/format/display";
import type { WeekRow } from "@/lib/domain/insights/insights-tables";
import { partialWeeksWords, weekDaysWords } from "@/lib/domain/insights/partial-weeks";

// The weekly sales chart: this period's revenue as bars, the period before's as a line over the same weeks. visx
// draws plain SVG from its props, so the chart is rendered on the server with the page and brings no JavaScript to
// the browser (docs/benchmarks.md: the libraries measured). The table beside it holds every figure. A partial week
// (the period's first and last, one not wholly read yet) is hatched, so that its fewer days do not read as a fall; a
// week not read yet is shaded, and the line leaves out a week of the period before whose days differ from this one's.

interface SalesChartProps {
  weeks: readonly WeekRow[];
  describedBy: string;
}

/** The patterns' ids (one chart a page). */
const PARTIAL = "sales-chart-partial";
const UNREAD = "sales-chart-unread";

const WIDTH = 760;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 72 };

/** A short week label ("Nov 16"). */
const weekLabel = (week: string) => formatDate(week).replace(/, \d{4}$/, "");

/** Dollars without cents for an axis ("$12,000"). */
const axisMoney = (value: number) => formatMoney(String(Math.round(value))).replace(/\.00$/, "");

export function SalesChart({ weeks, describedBy }: SalesChartProps) {
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
  // The weeks' revenue added exactly (decimal strings), as the table beside it adds them; the bars alone are numbers.
  const total = formatMoney(addDecimals("0", ...weeks.map((w) => w.revenue)));
  const marked = partialWeeksWords(weeks.map((w) => w.days));
  const partial = weeks.some((w) => w.days.partial && w.days.days > 0);
  const unread = weeks.some((w) => w.days.days === 0 && w.days.unread > 0);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-4xl text-slate-700 dark:text-slate-300"
        role="img"
        aria-labelledby="sales-chart-title"
        aria-describedby={describedBy}
      >
        <title id="sales-chart-title">{`Weekly revenue, ${weeks.length} weeks (${total}), bars this period, line the period before${marked ? `; ${marked}` : ""}`}</title>
        <defs>
          <pattern id={PARTIAL} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={6} height={6} className="fill-sky-100 dark:fill-sky-950" />
            <rect width={3} height={6} className="fill-sky-700 dark:fill-sky-400" />
          </pattern>
          <pattern id={UNREAD} width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
            <rect width={1.5} height={8} className="fill-slate-400 dark:fill-slate-500" />
          </pattern>
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {weeks
            .filter((w) => w.days.days === 0 && w.days.unread > 0)
            .map((w) => (
              <rect
                key={w.week}
                x={x(w.week)}
                y={0}
                width={x.bandwidth()}
                height={innerHeight}
                fill={`url(#${UNREAD})`}
              />
            ))}
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
            const whole = !w.days.partial;
            return (
              <Bar
                key={w.week}
                x={x(w.week)}
                y={top}
                width={x.bandwidth()}
                height={Math.max(0, bottom - top)}
                fill={whole ? undefined : `url(#${PARTIAL})`}
                className={whole ? "fill-sky-700 dark:fill-sky-400" : "stroke-sky-700 dark:stroke-sky-400"}
              >
                <title>{`Week of ${weekLabel(w.week)}: ${formatMoney(w.revenue)}${whole ? "" : `, ${weekDaysWords(w.days)}`}`}</title>
              </Bar>
            );
          })}
          <LinePath<WeekRow>
            data={[...weeks]}
            x={(w) => (x(w.week) ?? 0) + x.bandwidth() / 2}
            y={(w) => y(Number(w.previousRevenue))}
            // A week of the period before is drawn beside one of the same days: not one not read yet, or read in part.
            defined={(w) => w.previous.days > 0 && w.previous.days === w.days.days}
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
        {partial && (
          <span className="flex items-center gap-2">
            <Swatch pattern={PARTIAL} outlined />
            Partial week: only some of its 7 days counted
          </span>
        )}
        {unread && (
          <span className="flex items-center gap-2">
            <Swatch pattern={UNREAD} />
            Not read yet
          </span>
        )}
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

/** A legend's sample of a pattern the chart draws with (its ids are the page's: one chart a page). */
function Swatch({ pattern, outlined = false }: { pattern: string; outlined?: boolean }) {
  return (
    <svg aria-hidden="true" width={16} height={12} viewBox="0 0 16 12" className="shrink-0">
      <rect
        x={0.5}
        y={0.5}
        width={15}
        height={11}
        fill={`url(#${pattern})`}
        className={outlined ? "stroke-sky-700 dark:stroke-sky-400" : "stroke-slate-400 dark:stroke-slate-500"}
      />
    </svg>
  );
}
