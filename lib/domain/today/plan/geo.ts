/**
 * Points on the earth and the distances between them, for the rep's route: straight-line (great-circle) distances,
 * which rank and order stops well enough without a road network or a network call. Pure and universal.
 */

/** A position in decimal degrees (WGS 84): latitude north positive, longitude east positive. */
export type Point = { lat: number; lon: number };

/**
 * Where a store's coordinates came from, the best first: its visits' (the mean of where "Visited" was tapped,
 * `refine.ts`), its postal code's, its code's area's, its city's.
 */
export type PlaceSource = "visit" | "postal-code" | "postal-prefix" | "city";

/** A store's coordinates and how they were found (how far to trust them). */
export interface Place extends Point {
  source: PlaceSource;
}

/** The mean earth radius in km (IUGG's R1), the haversine's usual choice. */
export const EARTH_RADIUS_KM = 6371.0088;

const RADIANS = Math.PI / 180;

/**
 * The great-circle distance between two points in km (the haversine formula), unrounded.
 *
 * @example
 * haversineKm({ lat: 37.8044, lon: -122.2712 }, { lat: 37.7749, lon: -122.4194 }); // ≈ 13.4 (Oakland to San Francisco)
 * haversineKm(a, a); // 0
 */
export function haversineKm(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLon = (b.lon - a.lon) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  // min(1, …) keeps float noise from asking asin for more than a half circle.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance in km to one decimal, as the plan shows it (half up: 0.05 → 0.1).
 *
 * @example
 * roundKm(12.345); // 12.3
 * roundKm(0.05); // 0.1
 */
export function roundKm(km: number): number {
  return tenthsOfKm(km) / 10;
}

/**
 * A distance in whole tenths of a km (12.34 → 123): sums of shown distances are added in tenths, exactly.
 *
 * @example
 * tenthsOfKm(12.34); // 123
 */
export function tenthsOfKm(km: number): number {
  // The epsilon lifts 0.05 (held as 0.04999…) to the half it is written as.
  return Math.round(km * 10 + 1e-9);
}
