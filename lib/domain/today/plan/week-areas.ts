import { addDays, isoWeekday } from "@/lib/format/days";
import { formatDate } from "@/lib/format/display";
import type { Point } from "./geo";

/**
 * A rep's week by areas: the rep's accounts grouped into five weekday areas, Monday to Friday, so that each day's plan
 * drives one part of the territory. Close stores together (a balanced k-means: each area about a fifth of the
 * accounts), each area on the weekday most of its stores take deliveries, and a store between two areas on its
 * delivery's day. Deterministic: the same accounts give the same areas, in whatever order they come. Pure and
 * universal: the plan's server and its tests read the same function.
 */

/** An account to place in the week: where it is and its delivery weekdays (ISO, 1 = Monday; DeliveryDays). */
export interface AreaAccount {
  id: number;
  point: Point;
  weekdays: readonly number[];
}

/** The weekdays that have an area. */
export const AREA_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** One weekday's area: its accounts' ids (by id) and their centre (null when it has none). */
export interface WeekArea {
  weekday: number;
  centre: Point | null;
  ids: number[];
}

/**
 * How far from a fifth an area may be: between 85 % and 115 % of it (a far store joins the nearest area rather than
 * make a day of its own; a dense town is cut rather than make one day twice as long as the others).
 */
const SIZE_SLACK = 0.15;

/** A store between two areas goes to its delivery's day when that day's centre is at most this much farther. */
const DELIVERY_PULL = 1.25;

const ITERATIONS = 40;

/** Points as km on a plane about their middle (fine at a territory's scale, and cheap). */
function plane(points: readonly Point[]): { x: number; y: number }[] {
  const midLat = points.reduce((s, p) => s + p.lat, 0) / (points.length || 1);
  const kx = Math.cos((midLat * Math.PI) / 180) * 111.195;
  return points.map((p) => ({ x: p.lon * kx, y: p.lat * 111.195 }));
}

type XY = { x: number; y: number };
const d2 = (a: XY, b: XY) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

/** The coordinate-wise median: an area's centre, which a chain's far store does not drag away from the rest. */
function median(points: readonly XY[]): XY {
  const mid = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    const m = sorted.length >> 1;
    return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
  };
  return { x: mid(points.map((p) => p.x)), y: mid(points.map((p) => p.y)) };
}

function mean(points: readonly XY[]): XY {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/**
 * Each point's area (0..k-1) for the centres, no area above `max` nor below `min` points: the points the surest of
 * their nearest centre (the most farther the second) take their nearest with room first; then an area short of `min`
 * takes the points that cost least to move from areas above it.
 */
function assign(xy: readonly XY[], centres: readonly XY[], min: number, max: number): number[] {
  const k = centres.length;
  const order = xy
    .map((p, i) => {
      const ds = centres.map((c) => d2(p, c)).sort((a, b) => a - b);
      return { i, regret: (ds[1] ?? 0) - ds[0]! };
    })
    .sort((a, b) => b.regret - a.regret || a.i - b.i);
  const of = new Array<number>(xy.length).fill(-1);
  const size = new Array<number>(k).fill(0);
  for (const { i } of order) {
    let best = -1;
    for (let c = 0; c < k; c++)
      if (size[c]! < max && (best < 0 || d2(xy[i]!, centres[c]!) < d2(xy[i]!, centres[best]!))) best = c;
    of[i] = best;
    size[best]!++;
  }
  for (let c = 0; c < k; c++) {
    while (size[c]! < min) {
      let pick = -1;
      let cost = Infinity;
      xy.forEach((p, i) => {
        const from = of[i]!;
        if (from === c || size[from]! <= min) return;
        const extra = d2(p, centres[c]!) - d2(p, centres[from]!);
        if (extra < cost) [pick, cost] = [i, extra];
      });
      if (pick < 0) break;
      size[of[pick]!]!--;
      of[pick] = c;
      size[c]!++;
    }
  }
  return of;
}

/** Balanced k-medians from `seeds`: the areas and their summed squared km (lower is tighter). */
function balancedKMeans(xy: readonly XY[], seeds: readonly XY[], min: number, max: number) {
  let centres = [...seeds];
  let of = assign(xy, centres, min, max);
  for (let round = 0; round < ITERATIONS; round++) {
    centres = centres.map((c, a) => {
      const members = xy.filter((_, i) => of[i] === a);
      return members.length ? median(members) : c;
    });
    const next = assign(xy, centres, min, max);
    if (next.every((a, i) => a === of[i])) break;
    of = next;
  }
  return { of, cost: xy.reduce((s, p, i) => s + d2(p, centres[of[i]!]!), 0) };
}

/** Seeds cut as slices of a pie about the points' median, the first cut at the widest empty angle. */
function sectorSeeds(xy: readonly XY[], k: number): XY[] {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const hub = { x: median(xy.map((p) => p.x)), y: median(xy.map((p) => p.y)) };
  const angles = xy
    .map((p, i) => ({ i, a: Math.atan2(p.y - hub.y, p.x - hub.x) }))
    .sort((p, q) => p.a - q.a || p.i - q.i);
  let widest = 0;
  let gap = -1;
  angles.forEach((p, j) => {
    const next = j + 1 < angles.length ? angles[j + 1]!.a : angles[0]!.a + 2 * Math.PI;
    if (next - p.a > gap) [gap, widest] = [next - p.a, (j + 1) % angles.length];
  });
  const ring = [...angles.slice(widest), ...angles.slice(0, widest)];
  return Array.from({ length: k }, (_, s) =>
    mean(ring.slice(Math.floor((s * ring.length) / k), Math.floor(((s + 1) * ring.length) / k)).map((p) => xy[p.i]!)),
  );
}

/** Seeds spread by farthest points: the point farthest from the middle, then each farthest from those chosen. */
function farthestSeeds(xy: readonly XY[], k: number): XY[] {
  const middle = mean(xy);
  const seeds: XY[] = [];
  let next = xy.reduce((best, p, i) => (d2(p, middle) > d2(xy[best]!, middle) ? i : best), 0);
  while (seeds.length < k) {
    seeds.push(xy[next]!);
    next = xy.reduce(
      (best, p, i) =>
        Math.min(...seeds.map((s) => d2(p, s))) > Math.min(...seeds.map((s) => d2(xy[best]!, s))) ? i : best,
      0,
    );
  }
  return seeds;
}

/** Every order of the five weekdays (120), the natural first. */
function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * The week's five areas, Monday to Friday:
 *
 * 1. close stores together: balanced k-medians (each area 85 % to 115 % of a fifth of the accounts) from two
 *    deterministic seedings (slices of a pie about the median, and farthest points), the tighter kept;
 * 2. each area given the weekday on which most of its stores take deliveries (the best of the 120 ways);
 * 3. a store whose deliveries do not fall on its area's day goes to its delivery day's area when that area's centre is
 *    at most a quarter farther than its own (a store between two areas), while the sizes allow.
 *
 * @example
 * weekAreas(accounts).map((a) => a.ids.length); // [52, 51, 52, 52, 51]
 */
export function weekAreas(accounts: readonly AreaAccount[]): WeekArea[] {
  const sorted = [...accounts].sort((a, b) => a.id - b.id);
  const k = AREA_WEEKDAYS.length;
  const n = sorted.length;
  if (n === 0) return AREA_WEEKDAYS.map((weekday) => ({ weekday, centre: null, ids: [] }));
  const xy = plane(sorted.map((a) => a.point));
  const max = Math.max(1, Math.ceil(((1 + SIZE_SLACK) * n) / k));
  const min = Math.min(Math.floor(((1 - SIZE_SLACK) * n) / k), Math.floor(n / k));
  const runs = [sectorSeeds(xy, k), farthestSeeds(xy, k)].map((seeds) => balancedKMeans(xy, seeds, min, max));
  const { of } = runs.reduce((best, run) => (run.cost < best.cost - 1e-9 ? run : best));

  // The weekday of each cluster: the most deliveries on their own day.
  const delivers = (i: number, weekday: number) => sorted[i]!.weekdays.includes(weekday);
  let bestDays: number[] = [...AREA_WEEKDAYS];
  let bestScore = -1;
  for (const days of permutations(AREA_WEEKDAYS)) {
    const score = of.reduce((s, c, i) => s + (delivers(i, days[c]!) ? 1 : 0), 0);
    if (score > bestScore) [bestDays, bestScore] = [days, score];
  }
  const dayOf = of.map((c) => bestDays[c]!);

  // A store between two areas, on its delivery's day where it can be.
  const centreOf = (weekday: number) => median(xy.filter((_, i) => dayOf[i] === weekday));
  const centres = new Map<number, XY>(AREA_WEEKDAYS.map((d) => [d, centreOf(d)]));
  const size = new Map<number, number>(AREA_WEEKDAYS.map((d) => [d, dayOf.filter((x) => x === d).length]));
  sorted.forEach((account, i) => {
    const own = dayOf[i]!;
    if (delivers(i, own)) return;
    const options = account.weekdays
      .filter((d) => centres.has(d) && size.get(d)! < max && size.get(own)! > min)
      .map((d) => ({ d, dist: Math.sqrt(d2(xy[i]!, centres.get(d)!)) }))
      .sort((a, b) => a.dist - b.dist || a.d - b.d);
    const pick = options[0];
    if (!pick || pick.dist > DELIVERY_PULL * Math.sqrt(d2(xy[i]!, centres.get(own)!))) return;
    dayOf[i] = pick.d;
    size.set(own, size.get(own)! - 1);
    size.set(pick.d, size.get(pick.d)! + 1);
  });

  return AREA_WEEKDAYS.map((weekday) => {
    const members = sorted.filter((_, i) => dayOf[i] === weekday);
    return {
      weekday,
      centre: members.length ? geoMean(members.map((m) => m.point)) : null,
      ids: members.map((m) => m.id),
    };
  });
}

function geoMean(points: readonly Point[]): Point {
  return {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lon: points.reduce((s, p) => s + p.lon, 0) / points.length,
  };
}

/**
 * The day an area of `weekday` is next planned after `date` (YYYY-MM-DD): later this week, else next week (its own
 * weekday's too: a store of today's area that did not fit comes in a week). From a Saturday or Sunday, the coming week.
 *
 * @example
 * plannedOn(5, "2026-11-26"); // "2026-11-27": Thursday's Not today of Friday's area comes tomorrow
 * plannedOn(4, "2026-11-26"); // "2026-12-03"
 */
export function plannedOn(weekday: number, date: string): string {
  const ahead = (weekday - isoWeekday(date) + 7) % 7;
  return addDays(date, ahead === 0 ? 7 : ahead);
}

/** The Monday of the week (Monday to Sunday) holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * An area's name: its one or two commonest towns (ties by name).
 *
 * @example
 * mainTowns(["Oakland", "Berkeley", "Oakland"]); // "Oakland, Berkeley"
 */
export function mainTowns(towns: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of towns) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "en"))
    .slice(0, 2)
    .map(([t]) => t)
    .join(", ");
}

/**
 * The convex hull of points (Andrew's monotone chain, longitude as x), counter-clockwise, without repeats: the
 * outline a map draws around an area's stores.
 */
export function convexHull(points: readonly Point[]): Point[] {
  const unique = [...new Map(points.map((p) => [`${p.lat},${p.lon}`, p])).values()].sort(
    (a, b) => a.lon - b.lon || a.lat - b.lat,
  );
  if (unique.length < 3) return unique;
  const cross = (o: Point, a: Point, b: Point) => (a.lon - o.lon) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lon - o.lon);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out.at(-2)!, out.at(-1)!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(unique), ...half([...unique].reverse())];
}

/**
 * The instant a plan for `date` reads its deliveries at: 20:00 UTC, when `date` is the day in every US state (10:00 in
 * Hawaii, 15:00 in New York). A plan of another day then says that day's deliveries (the API's dates, as
 * `deliveriesOn` reads them), not the real clock's.
 *
 * @example
 * dayClock("2026-12-04"); // 2026-12-04T20:00:00.000Z
 */
export function dayClock(date: string): Date {
  return new Date(`${date}T20:00:00Z`);
}

/** The weekdays' names, Monday first (ISO 1 to 7). */
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * A plan's day in words: its weekday and its date.
 *
 * @example
 * dayLabel("2026-12-04"); // "Friday, Dec 4, 2026"
 */
export function dayLabel(date: string): string {
  return `${WEEKDAY_NAMES[isoWeekday(date) - 1]}, ${formatDate(date)}`;
}
