import type { Point } from "@/lib/domain/today/plan/geo";

interface PlanMapProps {
  start?: Point & { source: string };
  /** Whether the day drives back to the start after the last stop. */
  loop?: boolean;
  stops: (Point & { name: string })[];
  /** The outline of the day's area (its accounts' convex hull), shaded behind the stops. */
  area?: readonly Point[];
}

const WIDTH = 358;
const HEIGHT = 220;
const PAD = 18;

/**
 * The plan's stops on a small map: their coordinates projected (longitude scaled by the latitude's cosine, so a km is
 * a km both ways), joined in driving order, numbered as the list is; the day's start (the phone, the member's, the
 * warehouse) as a ring, and the way back to it dashed when the day ends there; the day's area of the week (the
 * outline of its accounts) shaded behind them. The frame holds the start, the stops and the area. An SVG of the
 * points alone: no tile server, nothing fetched.
 */
export function PlanMap({ start, loop = false, stops, area = [] }: PlanMapProps) {
  const ring = start && start.source !== "first-stop" ? start : undefined;
  const points = [...(ring ? [ring] : []), ...stops, ...area];
  if (points.length === 0) return null;
  const midLat = (Math.min(...points.map((p) => p.lat)) + Math.max(...points.map((p) => p.lat))) / 2;
  const kx = Math.cos((midLat * Math.PI) / 180);
  const xs = points.map((p) => p.lon * kx);
  const ys = points.map((p) => -p.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((WIDTH - 2 * PAD) / (maxX - minX || 1), (HEIGHT - 2 * PAD) / (maxY - minY || 1));
  const at = (p: Point) => ({
    x: PAD + (p.lon * kx - minX) * scale + (WIDTH - 2 * PAD - (maxX - minX) * scale) / 2,
    y: PAD + (-p.lat - minY) * scale + (HEIGHT - 2 * PAD - (maxY - minY) * scale) / 2,
  });
  const path = [...(ring ? [ring] : []), ...stops]
    .map((p, i) => `${i ? "L" : "M"}${at(p).x.toFixed(1)},${at(p).y.toFixed(1)}`)
    .join(" ");
  const last = stops.at(-1);
  const back =
    ring && loop && last
      ? `M${at(last).x.toFixed(1)},${at(last).y.toFixed(1)} L${at(ring).x.toFixed(1)},${at(ring).y.toFixed(1)}`
      : undefined;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="w-full max-w-xl rounded border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900"
      role="img"
      aria-label={`Map of the ${stops.length} stops in driving order (straight lines)${ring ? `, from the start${loop ? " and back" : ""}` : ""}${area.length >= 3 ? ", in the day's area" : ""}`}
    >
      {area.length >= 3 && (
        <polygon
          points={area.map((p) => `${at(p).x.toFixed(1)},${at(p).y.toFixed(1)}`).join(" ")}
          strokeWidth="1"
          strokeLinejoin="round"
          // Solid and light: a dashed line is the way back to the start.
          className="fill-sky-100 stroke-sky-400 dark:fill-sky-950 dark:stroke-sky-700"
          data-testid="plan-map-area"
        >
          <title>The day&apos;s area</title>
        </polygon>
      )}
      <path d={path} fill="none" strokeWidth="2" className="stroke-sky-700 dark:stroke-sky-300" />
      {back && (
        <path
          d={back}
          fill="none"
          strokeWidth="2"
          strokeDasharray="5 4"
          className="stroke-sky-700 dark:stroke-sky-300"
        />
      )}
      {ring && (
        <circle cx={at(ring).x} cy={at(ring).y} r="7" fill="none" strokeWidth="3" className="stroke-emerald-700">
          <title>Start</title>
        </circle>
      )}
      {marks(stops.map(at)).map(({ x, y, numbers }) => {
        const label = numbers.length > 1 ? `${numbers[0]}–${numbers.at(-1)}` : String(numbers[0]);
        return (
          <g key={numbers.join(",")}>
            <title>{numbers.map((n) => `${n}. ${stops[n - 1]?.name}`).join("\n")}</title>
            <rect
              x={x - 10 - 3.5 * (label.length - 1)}
              y={y - 10}
              width={20 + 7 * (label.length - 1)}
              height="20"
              rx="10"
              className="fill-sky-800 dark:fill-sky-300"
            />
            <text
              x={x}
              y={y + 4}
              textAnchor="middle"
              fontSize="11"
              fontWeight="700"
              className="fill-white dark:fill-slate-950"
            >
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The stops' marks: stops drawn on one spot (placed by one postal area, say) share a mark that says their numbers,
 * "2–7" (each stop in its title), rather than the last hiding the rest.
 */
function marks(points: readonly { x: number; y: number }[]): { x: number; y: number; numbers: number[] }[] {
  const out: { x: number; y: number; numbers: number[] }[] = [];
  points.forEach(({ x, y }, i) => {
    const same = out.find((m) => Math.hypot(m.x - x, m.y - y) < 4 && m.numbers.at(-1) === i);
    if (same) same.numbers.push(i + 1);
    else out.push({ x, y, numbers: [i + 1] });
  });
  return out;
}
