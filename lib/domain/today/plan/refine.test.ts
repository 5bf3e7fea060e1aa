import { describe, expect, it } from "vitest";
import { haversineKm, type Place, type Point } from "./geo";
import { type KeptPlace, refinedPlace, refinePlace, type VisitFix } from "./refine";

// A store in Oakland, its postal code's centre a kilometre away, and the rep's office 40 km off in San Jose.
const STORE = { lat: 37.8044, lon: -122.2712 };
const POSTAL: Place = { lat: 37.8134, lon: -122.2712, source: "postal-code" };
const OFFICE = { lat: 37.3382, lon: -121.8863 };
/** 100 m north of the store (0.0009 degrees of latitude). */
const NORTH_100M = { lat: 37.8053, lon: -122.2712 };

const fix = (at: Point, accuracy = 15): VisitFix => ({ ...at, accuracy });

describe("refinePlace", () => {
  it.each<[string, KeptPlace | undefined, VisitFix, Point | undefined, KeptPlace | undefined]>([
    ["a first fix: the place, one fix", undefined, fix(STORE), POSTAL, { ...STORE, fixes: 1 }],
    ["a first fix with no postal place to check it by", undefined, fix(OFFICE), undefined, { ...OFFICE, fixes: 1 }],
    [
      "a second fix: the mean of the two",
      { ...STORE, fixes: 1 },
      fix(NORTH_100M),
      POSTAL,
      { lat: 37.80485, lon: -122.2712, fixes: 2 },
    ],
    [
      "a fourth fix: a quarter of the way to it",
      { ...STORE, fixes: 3 },
      fix(NORTH_100M),
      POSTAL,
      { lat: 37.804625, lon: -122.2712, fixes: 4 },
    ],
    [
      "past ten fixes: the past weighs ten, the fix one eleventh",
      { ...STORE, fixes: 40 },
      fix({ lat: STORE.lat + 0.0011, lon: STORE.lon }),
      POSTAL,
      { lat: STORE.lat + 0.0001, lon: STORE.lon, fixes: 41 },
    ],
    ["a fix less accurate than 200 m: ignored", { ...STORE, fixes: 2 }, fix(NORTH_100M, 201), POSTAL, undefined],
    ["a first fix less accurate than 200 m: ignored", undefined, fix(STORE, 1500), undefined, undefined],
    ["exactly 200 m is accurate enough", undefined, fix(STORE, 200), undefined, { ...STORE, fixes: 1 }],
    ["a fix 40 km from the postal code's place: ignored", { ...STORE, fixes: 2 }, fix(OFFICE), POSTAL, undefined],
    ["a first fix far from the postal code's place: ignored", undefined, fix(OFFICE), POSTAL, undefined],
    [
      "a fix 40 km from the kept point, none to check it by: the place again",
      { ...STORE, fixes: 7 },
      fix(OFFICE),
      undefined,
      { ...OFFICE, fixes: 1 },
    ],
    [
      "a fix across the antimeridian: averaged the short way",
      { lat: -16.5, lon: 179.9999, fixes: 1 },
      fix({ lat: -16.5, lon: -179.9999 }),
      undefined,
      { lat: -16.5, lon: 180, fixes: 2 },
    ],
  ])("%s", (_, current, newFix, postal, kept) => {
    const refined = refinePlace(current, newFix, postal);
    if (!kept) return expect(refined).toBeUndefined();
    expect(refined?.fixes).toBe(kept.fixes);
    expect(Math.abs(refined!.lat - kept.lat)).toBeLessThan(1e-9);
    expect(Math.abs(Math.abs(refined!.lon) - Math.abs(kept.lon))).toBeLessThan(1e-9);
  });

  it("converges on a moved store: a point of a hundred visits is within 400 m of the new place after ten visits there, 40 m after 35", () => {
    let kept: KeptPlace | undefined = { ...STORE, fixes: 100 };
    const moved = { lat: STORE.lat + 0.009, lon: STORE.lon }; // 1 km north, the same postal code
    for (let visit = 0; visit < 10; visit++) kept = refinePlace(kept, fix(moved), POSTAL);
    // Uncapped, the hundred would hold it 900 m away.
    expect(haversineKm(kept!, moved)).toBeLessThan(0.4);
    for (let visit = 0; visit < 25; visit++) kept = refinePlace(kept, fix(moved), POSTAL);
    expect(haversineKm(kept!, moved)).toBeLessThan(0.04);
  });
});

describe("refinedPlace", () => {
  it.each<[string, Place | undefined, Point | null | undefined, Place | undefined]>([
    ["the kept point over the postal code's", POSTAL, STORE, { ...STORE, source: "visit" }],
    ["the postal code's without a kept point", POSTAL, undefined, POSTAL],
    ["the postal code's for a null", POSTAL, null, POSTAL],
    ["the postal code's for coordinates that are not numbers", POSTAL, { lat: Number.NaN, lon: 1 }, POSTAL],
    ["the postal code's for a kept point 40 km from it", POSTAL, OFFICE, POSTAL],
    ["the kept point where there is no postal place", undefined, OFFICE, { ...OFFICE, source: "visit" }],
    ["nothing for neither", undefined, undefined, undefined],
  ])("takes %s", (_, postal, kept, place) => {
    expect(refinedPlace(postal, kept)).toEqual(place);
  });
});
