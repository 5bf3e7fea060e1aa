import { describe, expect, it } from "vitest";
import { haversineKm, type Point, roundKm, tenthsOfKm } from "./geo";
import { improveByTwoOpt, nearestNeighbourOrder, orderRoute, pathKm } from "./route";

/** A point on the equator `x` hundredths of a degree east (about 1.11 km each): distances add up along a line. */
const east = (x: number): Point => ({ lat: 0, lon: x / 100 });
/** A point `y` hundredths north and `x` east of the equator's zero. */
const at = (x: number, y: number): Point => ({ lat: y / 100, lon: x / 100 });
const named = (entries: Array<[string, Point]>) => entries.map(([name, point]) => ({ name, point }));
/** Four stores around a start at (0, 0), in hundredths of a degree. */
const DETOUR = named([
  ["NE", at(3, 2)],
  ["S", at(1, -2)],
  ["SE", at(3, -2)],
  ["SW", at(-3, -2)],
]);
const names = (route: { stops: Array<{ name: string }> }) => route.stops.map((stop) => stop.name);

/** mulberry32: a small seeded PRNG, so the random cases are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("haversineKm", () => {
  it.each([
    ["the same point", { lat: 37.8, lon: -122.27 }, { lat: 37.8, lon: -122.27 }, 0, 0],
    ["Oakland to San Francisco", { lat: 37.8044, lon: -122.2712 }, { lat: 37.7749, lon: -122.4194 }, 13.4, 0.1],
    ["one degree of latitude", { lat: 0, lon: 0 }, { lat: 1, lon: 0 }, 111.195, 0.001],
    ["Los Angeles to New York", { lat: 34.0522, lon: -118.2437 }, { lat: 40.7128, lon: -74.006 }, 3936, 5],
  ])("%s", (_, a, b, km, within) => {
    expect(Math.abs(haversineKm(a, b) - km)).toBeLessThanOrEqual(within);
    expect(haversineKm(b, a)).toBeCloseTo(haversineKm(a, b), 9);
  });

  it.each([
    [12.345, 12.3],
    [0.05, 0.1],
    [0.04, 0],
    [9.96, 10],
  ])("roundKm(%s) is %s", (km, shown) => {
    expect(roundKm(km)).toBe(shown);
  });
});

describe("orderRoute", () => {
  it("has nothing to order with no stops", () => {
    expect(orderRoute([], east(0))).toEqual({ stops: [], endKm: 0, totalKm: 0, start: east(0) });
    expect(orderRoute([])).toEqual({ stops: [], endKm: 0, totalKm: 0, start: undefined });
  });

  it("drives to a single stop from the start, or starts there", () => {
    const stop = named([["A", east(10)]]);
    expect(orderRoute(stop, east(0))).toEqual({
      stops: [{ name: "A", point: east(10), legKm: 11.1 }],
      endKm: 0,
      totalKm: 11.1,
      start: east(0),
    });
    expect(orderRoute(stop)).toEqual({
      stops: [{ name: "A", point: east(10), legKm: 0 }],
      endKm: 0,
      totalKm: 0,
      start: east(10),
    });
  });

  it("ends back at the start when asked: the loop's order, its way back, and the total with it", () => {
    // From (0, 0): out along the north row and back along the south one is the shortest loop; the open path instead
    // ends as far out as it can, after the nearest first.
    const stores = named([
      ["N1", at(1, 1)],
      ["S2", at(2, -1)],
      ["N2", at(2, 1)],
      ["S1", at(1, -1)],
    ]);
    const loop = orderRoute(stores, at(0, 0), at(0, 0));
    expect(names(loop)).toEqual(["N1", "N2", "S2", "S1"]);
    expect(loop.endKm).toBe(roundKm(haversineKm(at(1, -1), at(0, 0))));
    expect(loop.totalKm).toBeCloseTo(loop.stops.reduce((sum, s) => sum + s.legKm, 0) + loop.endKm, 9);
    const open = orderRoute(stores, at(0, 0));
    expect(open.endKm).toBe(0);
    expect(open.totalKm).toBeLessThan(loop.totalKm);
  });

  it.each([
    [
      "points on a line, given shuffled",
      named([
        ["C", east(3)],
        ["A", east(1)],
        ["D", east(4)],
        ["B", east(2)],
      ]),
      east(0),
      ["A", "B", "C", "D"],
    ],
    // A 2 × 1 rectangle from its corner: the short side first, so the long side is driven once.
    [
      "a rectangle's corners",
      named([
        ["B", at(2, 0)],
        ["C", at(2, 1)],
        ["D", at(0, 1)],
      ]),
      at(0, 0),
      ["D", "C", "B"],
    ],
    // Nearest neighbour takes the closest store (S), runs east and north, then crosses the map to SW (15.4
    // hundredths); 2-opt goes north-east first and sweeps south and west (13.6), the best of the 24 orders.
    ["nearest neighbour's detour, fixed by 2-opt", DETOUR, at(0, 0), ["NE", "SE", "S", "SW"]],
    [
      "two stops at one place, in the order given",
      named([
        ["first", east(5)],
        ["second", east(5)],
        ["near", east(1)],
      ]),
      east(0),
      ["near", "first", "second"],
    ],
  ])("orders %s", (_, stops, start, order) => {
    expect(names(orderRoute(stops, start))).toEqual(order);
  });

  it("shows nearest neighbour's detour that 2-opt removes", () => {
    const points = DETOUR.map((stop) => stop.point);
    const greedy = nearestNeighbourOrder(points, at(0, 0));
    expect(greedy.map((index) => DETOUR[index]?.name)).toEqual(["S", "SE", "NE", "SW"]);
    const improved = improveByTwoOpt(points, at(0, 0), greedy);
    expect(improved.map((index) => DETOUR[index]?.name)).toEqual(["NE", "SE", "S", "SW"]);
    expect(roundKm(pathKm(points, at(0, 0), greedy))).toBe(17.2);
    expect(roundKm(pathKm(points, at(0, 0), improved))).toBe(15.1);
  });

  it("starts at the first stop given when there is no start, its leg 0", () => {
    const route = orderRoute(
      named([
        ["home", east(0)],
        ["far", east(9)],
        ["near", east(2)],
      ]),
    );
    expect(route.stops.map((stop) => [stop.name, stop.legKm])).toEqual([
      ["home", 0],
      ["near", 2.2],
      ["far", 7.8],
    ]);
    expect(route.totalKm).toBe(10);
    expect(route.start).toEqual(east(0));
  });

  it("is never longer than nearest neighbour, and its legs add up to its total, on 200 random sets", () => {
    const random = mulberry32(52);
    for (let run = 0; run < 200; run++) {
      const count = 3 + Math.floor(random() * 13);
      const points = Array.from({ length: count }, () => ({ lat: 33.5 + random(), lon: -118.7 + random() }));
      const start = { lat: 33.5 + random(), lon: -118.7 + random() };
      const greedy = nearestNeighbourOrder(points, start);
      const improved = improveByTwoOpt(points, start, greedy);
      expect([...improved].sort((a, b) => a - b)).toEqual(points.map((_, index) => index));
      expect(pathKm(points, start, improved)).toBeLessThanOrEqual(pathKm(points, start, greedy) + 1e-9);

      const route = orderRoute(
        points.map((point, index) => ({ index, point })),
        start,
      );
      expect(route.stops.map((stop) => stop.index)).toEqual(improved);
      const shownTenths = route.stops.reduce((sum, stop) => sum + tenthsOfKm(stop.legKm), 0);
      expect(route.totalKm).toBe(shownTenths / 10);
      expect(Math.abs(route.totalKm - pathKm(points, start, improved))).toBeLessThanOrEqual(0.05 * count);
    }
  });
});
