import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, type Point } from "./geo";
import { type AreaAccount, convexHull, mainTowns, plannedOn, weekAreas } from "./week-areas";

/** A point `x` km east and `y` km north of (0, 0), where km add up (near enough) exactly. */
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
const km = (x: number, y = 0): Point => ({ lat: y / KM_PER_DEGREE, lon: x / KM_PER_DEGREE });

/** `count` stores around (x, y), 1 to 3 km out, ids from `first`, each delivering on `weekdays`. */
function cluster(first: number, x: number, y: number, count: number, weekdays: number[] = []): AreaAccount[] {
  return Array.from({ length: count }, (_, i) => ({
    id: first + i,
    point: km(x + Math.cos(i * 2.4) * (1 + (i % 3)), y + Math.sin(i * 2.4) * (1 + (i % 3))),
    weekdays,
  }));
}

const idsOf = (areas: ReturnType<typeof weekAreas>) => areas.map((a) => [...a.ids].sort((p, q) => p - q));

describe("weekAreas", () => {
  // Five towns 40 km apart, ten stores each; each town's stores deliver on one weekday, not in the map's order.
  const towns = [
    cluster(100, 0, 0, 10, [3]),
    cluster(200, 40, 0, 10, [1]),
    cluster(300, 0, 40, 10, [5]),
    cluster(400, 40, 40, 10, [2]),
    cluster(500, 80, 20, 10, [4]),
  ];

  it("makes the towns the areas, each on its deliveries' weekday, Monday first", () => {
    const areas = weekAreas(towns.flat());
    expect(areas.map((a) => a.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(idsOf(areas)).toEqual([
      towns[1]!.map((s) => s.id),
      towns[3]!.map((s) => s.id),
      towns[0]!.map((s) => s.id),
      towns[4]!.map((s) => s.id),
      towns[2]!.map((s) => s.id),
    ]);
    // Each centre is its town's (within 2 km of the town's middle).
    const middle = [km(40, 0), km(40, 40), km(0, 0), km(80, 20), km(0, 40)];
    areas.forEach((a, i) => {
      expect(Math.abs(a.centre!.lat - middle[i]!.lat) * KM_PER_DEGREE).toBeLessThan(2);
      expect(Math.abs(a.centre!.lon - middle[i]!.lon) * KM_PER_DEGREE).toBeLessThan(2);
    });
  });

  it("gives the same areas whatever order the accounts come in", () => {
    const all = towns.flat();
    const shuffled = [...all].sort((a, b) => ((a.id * 7919) % 101) - ((b.id * 7919) % 101));
    expect(idsOf(weekAreas(shuffled))).toEqual(idsOf(weekAreas(all)));
  });

  it("cuts one long town into five stretches of about a fifth each", () => {
    // 100 stores along a 100 km road, 1 km apart: five stretches of 20 (16 to 24), each one piece of road.
    const road = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, point: km(i), weekdays: [] }));
    const areas = weekAreas(road);
    for (const area of areas) {
      expect(area.ids.length).toBeGreaterThanOrEqual(16);
      expect(area.ids.length).toBeLessThanOrEqual(24);
      const xs = area.ids.map((id) => id - 1).sort((a, b) => a - b);
      expect(xs.at(-1)! - xs[0]! + 1, `area ${area.weekday} is one stretch`).toBe(xs.length);
    }
  });

  it("does not give a day to a chain's two far stores: they join the nearest area", () => {
    const far = cluster(900, 400, 0, 2);
    const areas = weekAreas([...towns.flat(), ...far]);
    for (const area of areas) expect(area.ids.length).toBeGreaterThanOrEqual(8);
    const withFar = areas.find((a) => a.ids.includes(900))!;
    expect(withFar.ids).toContain(901);
    expect(withFar.ids).toEqual(expect.arrayContaining(towns[4]!.map((s) => s.id)));
  });

  it("keeps a delivery on its day where it lies between areas, not where it lies deep in another", () => {
    // Between Wednesday's town (0,0) and Monday's (40,0), a little nearer Wednesday's: a Monday delivery goes Monday.
    const between: AreaAccount = { id: 600, point: km(18, 0), weekdays: [1] };
    // In the middle of Friday's town (0,40): a Monday delivery stays Friday, 40 km from Monday's stores.
    const deep: AreaAccount = { id: 601, point: km(0.5, 40), weekdays: [1] };
    const areas = weekAreas([...towns.flat(), between, deep]);
    expect(areas.find((a) => a.weekday === 1)!.ids).toContain(600);
    expect(areas.find((a) => a.weekday === 5)!.ids).toContain(601);
  });

  it("answers five areas when there are fewer than five accounts, or none", () => {
    expect(weekAreas([]).map((a) => [a.weekday, a.ids.length, a.centre])).toEqual([
      [1, 0, null],
      [2, 0, null],
      [3, 0, null],
      [4, 0, null],
      [5, 0, null],
    ]);
    const two = weekAreas(cluster(1, 0, 0, 2, [2]));
    expect(two.flatMap((a) => a.ids).sort()).toEqual([1, 2]);
    expect(two.find((a) => a.weekday === 2)!.ids.length).toBeGreaterThan(0);
  });
});

describe("plannedOn", () => {
  it.each([
    // Thursday 2026-11-26: an area of Friday comes tomorrow, Monday's next Monday, Thursday's own next week.
    [5, "2026-11-26", "2026-11-27"],
    [1, "2026-11-26", "2026-11-30"],
    [4, "2026-11-26", "2026-12-03"],
    // Monday: Tuesday's area this week.
    [2, "2026-11-23", "2026-11-24"],
    // Saturday and Sunday: the coming week's.
    [1, "2026-11-28", "2026-11-30"],
    [5, "2026-11-29", "2026-12-04"],
  ])("area of weekday %i seen on %s comes %s", (weekday, date, expected) => {
    expect(plannedOn(weekday, date)).toBe(expected);
  });
});

describe("mainTowns and convexHull", () => {
  it("names an area by its one or two commonest towns", () => {
    expect(mainTowns(["Oakland", "Berkeley", "Oakland", "Alameda", "Berkeley", "Oakland"])).toBe("Oakland, Berkeley");
    expect(mainTowns(["Fremont"])).toBe("Fremont");
    expect(mainTowns(["b", "a"])).toBe("a, b");
    expect(mainTowns([])).toBe("");
  });

  it("draws the hull of a square and a point inside it: the four corners, counter-clockwise", () => {
    const square = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 1 },
      { lat: 1, lon: 1 },
      { lat: 1, lon: 0 },
      { lat: 0.5, lon: 0.5 },
    ];
    const hull = convexHull(square);
    expect(hull).toHaveLength(4);
    expect(hull).toEqual(expect.arrayContaining(square.slice(0, 4)));
    expect(convexHull([{ lat: 1, lon: 1 }])).toEqual([{ lat: 1, lon: 1 }]);
  });
});
