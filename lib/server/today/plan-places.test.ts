import { describe, expect, it } from "vitest";
import { haversineKm, type PlaceSource, type Point } from "@/lib/domain/today/plan/geo";
import { postalPlace } from "./plan-places";

const OAKLAND_94607 = { lat: 37.8044, lon: -122.2858 };
const LONG_BEACH = { lat: 33.77, lon: -118.19 };
const FRESNO = { lat: 36.7378, lon: -119.7871 };
const SAN_FRANCISCO = { lat: 37.7749, lon: -122.4194 };

describe("postalPlace", () => {
  it.each<[string, string, string | undefined, PlaceSource, Point, number]>([
    ["a real five-digit code", "1 Broadway, Oakland, CA 94607", undefined, "postal-code", OAKLAND_94607, 10],
    ["a ZIP+4", "1 Broadway, Oakland, CA 94607-3710", undefined, "postal-code", OAKLAND_94607, 10],
    [
      "a code followed by the country",
      "1 Broadway, Oakland, CA 94607, USA",
      undefined,
      "postal-code",
      OAKLAND_94607,
      10,
    ],
    // The sandbox's seed invents codes: 90837 does not exist, its area 908 is Long Beach's.
    [
      "an unknown code, by its first three digits",
      "5564 Main Dr, Long Beach, CA 90837",
      undefined,
      "postal-prefix",
      LONG_BEACH,
      30,
    ],
    ["no code, by its city and state", "12 Oak St, Fresno, CA", undefined, "city", FRESNO, 15],
    ["a five-digit street number that is no code", "12345 Oak St, Fresno, CA", undefined, "city", FRESNO, 15],
    [
      "no code nor state in the text, by the record's State",
      "99 Pine St, San Francisco",
      "CA",
      "city",
      SAN_FRANCISCO,
      10,
    ],
  ])("places %s", (_, address, state, source, near, withinKm) => {
    const place = postalPlace(address, state);
    expect(place?.source).toBe(source);
    expect(haversineKm(place as Point, near)).toBeLessThan(withinKm);
  });

  it.each<[string, string | null | undefined, string | undefined]>([
    ["nothing", undefined, undefined],
    ["null", null, undefined],
    ["blank text", "   ", undefined],
    ["garbage", "asdf qwerty !!!", undefined],
    ["a city no state has", "1 Main St, Nowhereville, ZZ", undefined],
    ["a code in no known area and no city", "1 Main St 00000", undefined],
    ["a city without a state", "1 Main St, Fresno", undefined],
  ])("does not place %s", (_, address, state) => {
    expect(postalPlace(address, state)).toBeUndefined();
  });
});
