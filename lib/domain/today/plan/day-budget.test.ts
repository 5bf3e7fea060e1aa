import { describe, expect, it } from "vitest";
import { chooseDay, DAY_DEFAULTS, type DayCandidate, dayFigures, type DaySettings, driveMinutes } from "./day-budget";
import { EARTH_RADIUS_KM, type Point } from "./geo";
import { improveByTwoOpt, nearestNeighbourOrder, pathKm } from "./route";

/** A point `km` east (negative: west) of (0, 0) along the equator, where km add up exactly. */
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
const km = (x: number, y = 0): Point => ({ lat: y / KM_PER_DEGREE, lon: x / KM_PER_DEGREE });
const HOME = km(0);
/** A four-hour day where a straight-line km is a minute at the wheel, 25 minutes a visit: sums a reader can check. */
const SHORT: DaySettings = { limitMinutes: 240, visitMinutes: 25, detourFactor: 1, speedKmh: 60 };
const store = (id: number, x: number, weight: number, must = false): DayCandidate => ({
  id,
  point: km(x),
  weight,
  must,
});

describe("driveMinutes and dayFigures", () => {
  it("turns straight-line km into minutes: × 1.3 at 60 km/h by default", () => {
    expect(driveMinutes(100, DAY_DEFAULTS)).toBeCloseTo(130, 9);
    expect(driveMinutes(10, SHORT)).toBeCloseTo(10, 9);
  });

  it("adds the drive and the visits, and names the settings", () => {
    expect(dayFigures(95.2, 8, DAY_DEFAULTS)).toEqual({
      driveKm: 95.2,
      driveMinutes: 124,
      visitMinutes: 200,
      totalMinutes: 324,
      limitMinutes: 480,
      detourFactor: 1.3,
      speedKmh: 60,
    });
  });
});

describe("chooseDay", () => {
  /** Six stores of weight 30 about 10 km west, enough to fill most of a four-hour day. */
  const WEST = [-10, -10.5, -11, -11.5, -12, -12.5].map((x, i) => store(i + 1, x, 30));
  it.each([
    {
      name: "two near stores fit; the far one, heavier, would take the day",
      stores: [store(1, 5, 15), store(2, 10, 15), store(3, 100, 45)],
      end: "start" as const,
      chosen: [1, 2],
    },
    {
      // Alone the delivery is 90 km there and back and 25 minutes: 115, within half the day. Weighed by the time
      // they add, the six lighter stores west would go first (175 minutes) and leave it out; kept, it leaves room
      // for four of them: 115 + 20 km + 4 × (25 + 0.5 km × 2 once the first is there) = 238 of 240.
      name: "a delivery today is kept over lighter reasons that would fill the day without it",
      stores: [...WEST, store(7, 45, 50, true)],
      end: "start" as const,
      chosen: [7, 1, 2, 3, 4],
    },
    {
      // 60 km away, there and back alone is 145 minutes, more than half the day: weighed as any other, it yields.
      name: "a delivery beyond half the day's reach yields to nearer, lighter stops",
      stores: [...WEST, store(7, 60, 50, true)],
      end: "start" as const,
      chosen: [1, 2, 3, 4, 5, 6],
    },
    {
      name: "an account on hold out of reach (400 km there and back) leaves the day to the others",
      stores: [store(1, -5, 30), store(2, -10, 30), store(3, 200, 40, true)],
      end: "start" as const,
      chosen: [1, 2],
    },
    {
      // Ending at the last stop, the delivery costs 45 minutes of drive, not 90: one store west more fits with it.
      name: "ending at the last stop leaves time for one more",
      stores: [...WEST, store(7, 45, 50, true)],
      end: "last-stop" as const,
      chosen: [7, 1, 2, 3, 4, 5],
    },
    {
      // Each weighs 15; the four near ones make a 32 km loop and 100 minutes of visits; the one at 100 km would take
      // 216 km more than them.
      name: "at equal weights the stops that add the least time",
      stores: [store(1, 100, 15), store(2, 8, 15), store(3, -8, 15), store(4, 3, 15), store(5, -3, 15)],
      end: "start" as const,
      chosen: [2, 3, 4, 5],
    },
  ])("$name", ({ stores, end, chosen }) => {
    const day = chooseDay(stores, HOME, { end, settings: SHORT, maxStops: 8 });
    expect([...day.chosen].sort()).toEqual([...chosen].sort());
    expect(day.left).toEqual(stores.map((s) => s.id).filter((id) => !chosen.includes(id)));
    // The chosen stops fit by the formula, driven in the order given.
    const points = new Map(stores.map((s) => [s.id, s.point]));
    const order = day.chosen.map((id) => points.get(id)!);
    const drive = pathKm(
      order,
      HOME,
      order.map((_, i) => i),
      end === "start" ? HOME : undefined,
    );
    expect(drive + day.chosen.length * SHORT.visitMinutes).toBeLessThanOrEqual(SHORT.limitMinutes);
  });

  it("takes no more than the stops asked for, the heaviest for their time", () => {
    const stores = [store(1, 1, 15), store(2, 2, 50), store(3, 3, 15), store(4, 4, 30)];
    expect([...chooseDay(stores, HOME, { end: "start", settings: SHORT, maxStops: 2 }).chosen].sort()).toEqual([2, 4]);
  });

  it("keeps a day of the default settings within 8 hours, in a loop no longer than nearest neighbour + 2-opt", () => {
    // Forty stores scattered over 120 km around the start, weights of the reasons' table.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const stores = Array.from({ length: 40 }, (_, id) => ({
      id,
      point: km(random() * 240 - 120, random() * 240 - 120),
      weight: [15, 20, 30, 35, 45, 50][Math.floor(random() * 6)]!,
      must: random() < 0.1,
    }));
    const day = chooseDay(stores, HOME, { end: "start", settings: DAY_DEFAULTS, maxStops: 15 });
    const points = day.chosen.map((id) => stores[id]!.point);
    const order = points.map((_, i) => i);
    const loopKm = pathKm(points, HOME, order, HOME);
    expect(day.chosen.length).toBeGreaterThan(3);
    expect(driveMinutes(loopKm, DAY_DEFAULTS) + day.chosen.length * 25).toBeLessThanOrEqual(480);
    const reference = improveByTwoOpt(points, HOME, nearestNeighbourOrder(points, HOME), HOME);
    expect(loopKm).toBeLessThanOrEqual(pathKm(points, HOME, reference, HOME) + 1e-9);
  });
});
