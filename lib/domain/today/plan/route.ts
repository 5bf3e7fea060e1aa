import { haversineKm, type Point, tenthsOfKm } from "./geo";

/**
 * The driving order of a rep's stops: a path from a fixed start, open (it ends at the last stop) or back to a fixed
 * end (the start: a loop), by nearest neighbour, then improved by 2-opt until no move shortens it. Straight-line distances; deterministic (ties go to
 * the stop given first).
 *
 * Written here rather than taken from npm: the registry's solvers (2026-11) are closed-tour or random (simulated
 * annealing, `salesman.js`), untyped and barely maintained; an open path of at most 15 stops needs forty lines.
 */

/** A stop of the route with the distance driven to it from the point before (the start, or the previous stop). */
export type RoutedStop<T> = T & { legKm: number };

/** Stops in driving order, from `start`. */
export interface Route<T> {
  /** Each with `legKm` to one decimal (km). */
  stops: RoutedStop<T>[];
  /** The leg from the last stop back to the end, when the route ends there (0 on an open path), to one decimal. */
  endKm: number;
  /** The sum of the legs as shown, the way back too (added in tenths of a km: it equals the shown legs' sum exactly). */
  totalKm: number;
  /** The start given, else the first stop's point; undefined only with neither a start nor a stop. */
  start: Point | undefined;
}

/** Below this many km a 2-opt move is float noise, not an improvement (it would loop forever on equal paths). */
const EPSILON_KM = 1e-9;

/**
 * The length in km (unrounded) of the path from `start` through `points` in `order` (indices into `points`), and back
 * to `end` when given (nothing to drive back with no stop).
 *
 * @example
 * pathKm(points, start, [2, 0, 1]);
 */
export function pathKm(points: readonly Point[], start: Point, order: readonly number[], end?: Point): number {
  let km = 0;
  let at = start;
  for (const index of order) {
    const next = points[index] as Point;
    km += haversineKm(at, next);
    at = next;
  }
  return end && order.length > 0 ? km + haversineKm(at, end) : km;
}

/**
 * Nearest neighbour from `start`: each next stop is the closest not yet visited, the first given on a tie.
 * Returns indices into `points`.
 *
 * @example
 * nearestNeighbourOrder([{ lat: 0, lon: 0.02 }, { lat: 0, lon: 0.01 }], { lat: 0, lon: 0 }); // [1, 0]
 */
export function nearestNeighbourOrder(points: readonly Point[], start: Point): number[] {
  const left = points.map((_, index) => index);
  const order: number[] = [];
  let at = start;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (haversineKm(at, points[left[i] as number] as Point) < haversineKm(at, points[left[best] as number] as Point))
        best = i;
    }
    const [next] = left.splice(best, 1) as [number];
    order.push(next);
    at = points[next] as Point;
  }
  return order;
}

/**
 * 2-opt with a fixed start, and a fixed end when given (a loop back to the start): reverses the run of stops i..j
 * whenever that shortens the path, the first such move in order, until none does. On an open path the last stop may
 * change (reversing a run that ends the path joins nothing after it). Returns a new order; never longer than the one
 * given.
 *
 * @example
 * improveByTwoOpt(points, start, nearestNeighbourOrder(points, start));
 * improveByTwoOpt(points, start, order, start); // a loop
 */
export function improveByTwoOpt(
  points: readonly Point[],
  start: Point,
  order: readonly number[],
  end?: Point,
): number[] {
  const path = [...order];
  const at = (position: number): Point => (position < 0 ? start : (points[path[position] as number] as Point));
  const gap = (a: number, b: number): number =>
    b >= path.length ? (end ? haversineKm(at(a), end) : 0) : haversineKm(at(a), at(b));
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < path.length - 1; i++) {
      for (let j = i + 1; j < path.length; j++) {
        const delta = haversineKm(at(i - 1), at(j)) + gap(i, j + 1) - haversineKm(at(i - 1), at(i)) - gap(j, j + 1);
        if (delta < -EPSILON_KM) {
          path.splice(i, j - i + 1, ...path.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return path;
}

/**
 * The stops in driving order from `start` (the phone's position, say), each with its leg in km to one decimal, and
 * back to `end` when given (the start, for a loop). With no start the path starts at the first stop given (its leg
 * is 0) and orders the rest from there.
 *
 * @example
 * const route = orderRoute(stops.map((s) => ({ ...s, point: s.place })), here);
 * route.stops.map((s) => `${s.name} ${s.legKm} km`); route.totalKm;
 * orderRoute(stops, home, home).endKm; // the drive home from the last stop
 */
export function orderRoute<T extends { point: Point }>(stops: readonly T[], start?: Point, end?: Point): Route<T> {
  const first = stops[0];
  if (!first) return { stops: [], endKm: 0, totalKm: 0, start };
  const from = start ?? first.point;
  const rest = start ? [...stops] : stops.slice(1);
  const points = rest.map((stop) => stop.point);
  const order = improveByTwoOpt(points, from, nearestNeighbourOrder(points, from), end);
  const ordered = [...(start ? [] : [first]), ...order.map((index) => rest[index] as T)];
  return routeInOrder(ordered, from, end);
}

/**
 * Stops driven in the order given from `start` (and back to `end` when given), each with its leg in km to one
 * decimal: the figures of a route already ordered (`chooseDay`'s).
 *
 * @example
 * routeInOrder(stops, home, home).totalKm;
 */
export function routeInOrder<T extends { point: Point }>(stops: readonly T[], start: Point, end?: Point): Route<T> {
  let at = start;
  let tenths = 0;
  const routed = stops.map((stop) => {
    const leg = tenthsOfKm(haversineKm(at, stop.point));
    at = stop.point;
    tenths += leg;
    return { ...stop, legKm: leg / 10 };
  });
  const endTenths = end && stops.length > 0 ? tenthsOfKm(haversineKm(at, end)) : 0;
  return { stops: routed, endKm: endTenths / 10, totalKm: (tenths + endTenths) / 10, start };
}
