import type { Point } from "./geo";
import { improveByTwoOpt, nearestNeighbourOrder, pathKm } from "./route";

/**
 * A rep's working day as a budget of minutes: the drive (straight-line km × a detour factor, at a steady speed) and a
 * fixed time at each visit. Which stops fit it: the heaviest reasons for the least time each adds, a delivery today or
 * an account on hold first. Pure and universal: the plan's server chooses with it, its tests read the same numbers.
 */

/** The day's settings: its length, a visit's time, and how straight-line km become minutes at the wheel. */
export interface DaySettings {
  /** The working day, drive and visits together (minutes). */
  limitMinutes: number;
  /** Time at each store (minutes). */
  visitMinutes: number;
  /** Roads are longer than straight lines: km driven per straight-line km. */
  detourFactor: number;
  /** The average speed on those roads (km/h). */
  speedKmh: number;
}

/**
 * An 8-hour day, 25 minutes a visit (Repsly's field teams: 16 to 37), roads 1.3 times the straight line (the usual
 * circuity of US roads at a metro's scale), 60 km/h between stores.
 */
export const DAY_DEFAULTS: DaySettings = { limitMinutes: 480, visitMinutes: 25, detourFactor: 1.3, speedKmh: 60 };

/** What a member may set: the day in whole hours, a visit in whole minutes. */
export const DAY_LIMITS = { hours: { min: 1, max: 14 }, visitMinutes: { min: 5, max: 120 } } as const;

/**
 * Minutes at the wheel for straight-line `km` (unrounded).
 *
 * @example
 * driveMinutes(100, DAY_DEFAULTS); // 130: 130 km of road at 60 km/h
 */
export function driveMinutes(km: number, settings: DaySettings): number {
  return ((km * settings.detourFactor) / settings.speedKmh) * 60;
}

/** An account the day may hold: where it is, its reasons' weight, and whether it must come first (`must`). */
export interface DayCandidate {
  id: number;
  point: Point;
  weight: number;
  /** A delivery today or an account on hold: never left out for a lighter reason while it is within reach. */
  must: boolean;
}

/** Where the day ends: back at the start (a loop), or at its last stop. */
export type DayEnd = "start" | "last-stop";

/** The stops that fit, in driving order, and the rest. */
export interface DayChoice {
  /** Ids in driving order. */
  chosen: number[];
  /** Ids that did not fit, in the order given. */
  left: number[];
}

/**
 * A must is within reach when a visit to it alone (there, the visit, and back unless the day ends there) takes at most
 * this share of the day: farther, one delivery would spend the morning on the road and leave the day two stops; it
 * is weighed as any other stop instead, and else listed for another day with its distance.
 */
export const REACH_SHARE = 0.5;

/** A below-this-many-minutes excess is float noise, not a day overrun. */
const EPSILON_MINUTES = 1e-9;

/**
 * The stops that fit the day from `start`, in driving order:
 *
 * 1. the musts (a delivery today, on hold) within reach (`REACH_SHARE`: alone they take at most half the day), the
 *    heaviest first, each inserted where it adds the fewest km while the day still holds it;
 * 2. then, while one fits, the candidate of the most weight per minute it adds (its drive's detour and its visit; a
 *    must out of reach among them), inserted where it adds the fewest km; the path is shortened by 2-opt after each;
 * 3. at most `maxStops`; the final order is the shorter of that path and nearest neighbour + 2-opt on the same stops.
 *
 * Ties go to the candidate given first (give them ranked).
 *
 * @example
 * chooseDay(candidates, home, { end: "start", settings: DAY_DEFAULTS, maxStops: 8 }); // { chosen: [12, 7, 3], left: [...] }
 */
export function chooseDay(
  candidates: readonly DayCandidate[],
  start: Point,
  { end, settings, maxStops }: { end: DayEnd; settings: DaySettings; maxStops: number },
): DayChoice {
  const points = candidates.map((c) => c.point);
  const endPoint = end === "start" ? start : undefined;
  const minutesOf = (order: readonly number[]) =>
    driveMinutes(pathKm(points, start, order, endPoint), settings) + order.length * settings.visitMinutes;
  const fits = (order: readonly number[]) => minutesOf(order) <= settings.limitMinutes + EPSILON_MINUTES;
  /** The order with `index` where it adds the fewest km (the first such place on a tie). */
  const inserted = (order: readonly number[], index: number): number[] => {
    let best: number[] = [...order, index];
    let bestKm = pathKm(points, start, best, endPoint);
    for (let at = 0; at < order.length; at++) {
      const trial = [...order.slice(0, at), index, ...order.slice(at)];
      const km = pathKm(points, start, trial, endPoint);
      if (km < bestKm) [best, bestKm] = [trial, km];
    }
    return best;
  };

  let tour: number[] = [];
  const taken = new Set<number>();
  const musts = candidates
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => c.must)
    .sort((a, b) => b.c.weight - a.c.weight || a.index - b.index);
  for (const { index } of musts) {
    if (tour.length >= maxStops) break;
    if (minutesOf([index]) > settings.limitMinutes * REACH_SHARE + EPSILON_MINUTES) continue;
    const next = improveByTwoOpt(points, start, inserted(tour, index), endPoint);
    if (!fits(next)) continue;
    tour = next;
    taken.add(index);
  }
  while (tour.length < maxStops) {
    const now = minutesOf(tour);
    let pick: { order: number[]; ratio: number } | undefined;
    candidates.forEach((c, index) => {
      if (taken.has(index)) return;
      const order = inserted(tour, index);
      if (!fits(order)) return;
      const ratio = c.weight / Math.max(minutesOf(order) - now, EPSILON_MINUTES);
      if (!pick || ratio > pick.ratio) pick = { order, ratio };
    });
    if (!pick) break;
    const added = pick.order.find((index) => !tour.includes(index)) as number;
    tour = improveByTwoOpt(points, start, pick.order, endPoint);
    taken.add(added);
  }
  const fresh = improveByTwoOpt(
    points,
    start,
    nearestNeighbourOrder(
      points.filter((_, i) => taken.has(i)),
      start,
    ),
    endPoint,
  );
  const byIndex = [...taken].sort((a, b) => a - b);
  const freshOrder = fresh.map((i) => byIndex[i] as number);
  const shorter =
    pathKm(points, start, freshOrder, endPoint) < pathKm(points, start, tour, endPoint) ? freshOrder : tour;
  return {
    chosen: shorter.map((index) => (candidates[index] as DayCandidate).id),
    left: candidates.filter((_, index) => !taken.has(index)).map((c) => c.id),
  };
}

/**
 * The day's figures for a route as shown: its km (the shown legs' sum), the minutes at the wheel and at the stores,
 * their sum and the day's limit, with the two settings that turn km into minutes, named.
 *
 * @example
 * dayFigures(route.totalKm, route.stops.length, DAY_DEFAULTS);
 * // { driveKm: 95.2, driveMinutes: 124, visitMinutes: 200, totalMinutes: 324, limitMinutes: 480, detourFactor: 1.3, speedKmh: 60 }
 */
export function dayFigures(driveKm: number, stops: number, settings: DaySettings) {
  const drive = Math.round(driveMinutes(driveKm, settings));
  const visits = stops * settings.visitMinutes;
  return {
    driveKm,
    driveMinutes: drive,
    visitMinutes: visits,
    totalMinutes: drive + visits,
    limitMinutes: settings.limitMinutes,
    detourFactor: settings.detourFactor,
    speedKmh: settings.speedKmh,
  };
}
