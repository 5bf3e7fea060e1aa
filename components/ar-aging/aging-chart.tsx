"use client";

import { Fragment, useId, useRef, useState } from "react";
import { formatMoney } from "@/lib/format/display";
import {
  type AgingLine,
  barScale,
  type Bucket,
  bucketColor,
  BUCKETS,
  bucketName,
  chartSummary,
  listedCount,
  rowCount,
  type Segment,
  segmentsOf,
} from "@/lib/domain/ar-aging/aging";

/** Who a line is, as the chart and the table show it: two visible lines, and the words a screen reader says. */
export interface Owner {
  account: string;
  supplier: string;
  /** The supplier's id, for a link to its page (none on the line of all accounts). */
  supplierId?: number;
  /** "Acme Retail, Supplier 7" (or "All AR accounts"). */
  name: string;
}

interface AgingChartProps {
  /** The bar of all rows, drawn first on its own scale. */
  total: AgingLine;
  /** The rows' bars, largest first, on a common scale. */
  bars: AgingLine[];
  /** Rows of the report the chart leaves out (beyond the largest 25). */
  omitted: number;
  /** Rows in the report. */
  rows: number;
  ownerOf: (line: AgingLine) => Owner;
  /** A segment was chosen: open its invoices (and give the focus back to `trigger` when they close). */
  onOpen: (line: AgingLine, bucket: Bucket, trigger: HTMLElement) => void;
  /** The id of the text that says where the chart's figures are also written out (the table). */
  describedBy: string;
}

/*
 * Vertical geometry, in the SVG's units: one unit is 1/16 rem (a pixel at the default font size), and the grid's rows
 * are sized in rem to match, so the SVG (stretched over every row) and the buttons laid over it stay aligned.
 */
const ROW = 36;
const GAP = 14;
const BAR_Y = 6;
const BAR_H = 24;
const rem = (units: number) => `${units / 16}rem`;

/**
 * The aging as a stacked horizontal bar chart in plain SVG: a bar for all rows, then one per row (the 25 largest), each
 * split into the buckets, oldest rightmost. The SVG is one image with a summary for screen readers; over it, each
 * segment is a button (a bar's segments form a toolbar: Tab reaches the bar, the arrow keys its segments) that opens
 * the bucket's invoices. The names and totals beside the bars are text.
 */
export function AgingChart({ total, bars, omitted, rows, ownerOf, onOpen, describedBy }: AgingChartProps) {
  const ids = { legend: useId(), label: useId() };
  const totalScale = barScale([total.amounts.buckets]);
  const scale = barScale(bars.map((b) => b.amounts.buckets));
  const entries = [
    { line: total, gridRow: 1, top: 0, segments: segmentsOf(total.amounts.buckets, totalScale) },
    ...bars.map((line, i) => ({
      line,
      gridRow: i + 3,
      top: ROW + GAP + i * ROW,
      segments: segmentsOf(line.amounts.buckets, scale),
    })),
  ];
  const height = ROW + (bars.length > 0 ? GAP + bars.length * ROW : 0);
  const gridTemplateRows = bars.length > 0 ? `${rem(ROW)} ${rem(GAP)} repeat(${bars.length}, ${rem(ROW)})` : rem(ROW);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span id={ids.legend} className="font-semibold">
          Buckets, left to right:
        </span>
        <ul aria-labelledby={ids.legend} className="flex flex-wrap gap-x-4 gap-y-1">
          {BUCKETS.map((bucket) => (
            <li key={bucket.id} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3.5 rounded-sm"
                style={{ background: bucketColor(bucket) }}
              />
              {bucket.label}
            </li>
          ))}
        </ul>
      </div>

      <div
        className="grid grid-cols-[minmax(5rem,8rem)_minmax(6rem,1fr)_max-content] gap-x-2 sm:grid-cols-[minmax(6rem,14rem)_minmax(8rem,1fr)_max-content] sm:gap-x-3"
        style={{ gridTemplateRows }}
      >
        <svg
          role="img"
          aria-label={chartSummary(total.amounts, rows, bars.length)}
          aria-describedby={describedBy}
          viewBox={`0 0 100 ${height}`}
          preserveAspectRatio="none"
          className="h-full w-full"
          style={{ gridColumn: 2, gridRow: "1 / -1" }}
        >
          {bars.length > 0 && (
            <line
              x1={0}
              x2={100}
              y1={ROW + GAP / 2}
              y2={ROW + GAP / 2}
              style={{ stroke: "var(--table-border)" }}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          )}
          {entries.map(({ line, top, segments }) => (
            <g key={line.key}>
              <rect x={0} y={top + BAR_Y} width={100} height={BAR_H} style={{ fill: "var(--chip-bg)" }} />
              {segments.map((s) => (
                <rect
                  key={s.bucket.id}
                  x={s.x}
                  y={top + BAR_Y}
                  width={s.width}
                  height={BAR_H}
                  // The page's background as a separator: every segment meets a background-coloured edge (3:1 or more).
                  style={{ fill: bucketColor(s.bucket), stroke: "var(--page-bg)" }}
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </g>
          ))}
        </svg>

        {entries.map(({ line, gridRow, segments }) => {
          const owner = ownerOf(line);
          const labelId = `${ids.label}-${line.key}`;
          return (
            <Fragment key={line.key}>
              <div
                id={labelId}
                className="flex min-w-0 flex-col justify-center text-xs leading-4"
                style={{ gridColumn: 1, gridRow }}
                title={owner.name}
              >
                <span className={`truncate ${line.total ? "font-bold" : "font-medium"}`}>{owner.account}</span>
                <span className="sr-only">, </span>
                <span className="truncate text-slate-600 dark:text-slate-400">{owner.supplier}</span>
              </div>
              {segments.length > 0 ? (
                <BarToolbar
                  gridRow={gridRow}
                  labelledBy={labelId}
                  segments={segments}
                  nameOf={(s) => bucketName(owner.name, s.bucket, s.amount, listedCount(line, s.bucket))}
                  onOpen={(s, trigger) => onOpen(line, s.bucket, trigger)}
                />
              ) : (
                <div style={{ gridColumn: 2, gridRow }} />
              )}
              <div
                className={`flex items-center justify-end text-xs tabular-nums ${line.total ? "font-bold" : ""}`}
                style={{ gridColumn: 3, gridRow }}
              >
                <span className="sr-only">Total outstanding </span>
                {formatMoney(line.amounts.total)}
              </div>
            </Fragment>
          );
        })}
      </div>

      <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <p>
          The first bar spans the full width ({formatMoney(totalScale)}).
          {bars.length > 0 &&
            ` The others share one scale, on which the full width is ${formatMoney(scale)}, the longest of them.`}{" "}
          Bars show what is due in each bucket; the figure after a bar is its total outstanding, less open credit.
        </p>
        {omitted > 0 && (
          <p>
            The chart shows the {bars.length} largest of {rowCount(rows)} by total outstanding; the other{" "}
            {omitted.toLocaleString("en-US")} are in the table.
          </p>
        )}
        <p id={describedBy}>Every figure of the chart is also in the table below, with its totals.</p>
        <p>
          Select a segment to list its invoices. With the keyboard, Tab moves from bar to bar and the left and right
          arrow keys between a bar&apos;s segments.
        </p>
      </div>
    </div>
  );
}

/**
 * A bar's segments as buttons laid over the drawing: a toolbar with one tab stop (roving tabindex). The left and right
 * arrow keys move between segments (wrapping), Home and End to the first and the last; Enter or Space opens one.
 */
function BarToolbar({
  gridRow,
  labelledBy,
  segments,
  nameOf,
  onOpen,
}: {
  gridRow: number;
  labelledBy: string;
  segments: Segment[];
  nameOf: (segment: Segment) => string;
  onOpen: (segment: Segment, trigger: HTMLElement) => void;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, segments.length - 1);

  function move(to: number) {
    const index = (to + segments.length) % segments.length;
    setActive(index);
    buttons.current[index]?.focus();
  }
  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const to = (
      { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: segments.length - 1 } as Record<string, number>
    )[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  }

  return (
    <div role="toolbar" aria-labelledby={labelledBy} className="relative" style={{ gridColumn: 2, gridRow }}>
      {segments.map((segment, index) => {
        const name = nameOf(segment);
        return (
          <button
            key={segment.bucket.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={name}
            aria-haspopup="dialog"
            title={name}
            onClick={(event) => onOpen(segment, event.currentTarget)}
            onFocus={() => setActive(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className="absolute cursor-pointer hover:ring-2 hover:ring-slate-950 hover:ring-inset focus-visible:z-10 dark:hover:ring-white"
            style={{
              left: `${segment.x}%`,
              width: `${segment.width}%`,
              top: `${(BAR_Y / ROW) * 100}%`,
              height: `${(BAR_H / ROW) * 100}%`,
            }}
          />
        );
      })}
    </div>
  );
}
