import type { Point } from "@/lib/domain/today/plan/geo";

/** How long "From my location" waits for the phone's position before the route starts at the first stop. */
export const PLACE_WAIT_MS = 4000;

/**
 * Where the phone is, for the route to start there: its position when the person allows it (the browser asks the
 * first time), rounded to 5 decimals (about a metre); undefined when they do not, when the phone has no fix within
 * `PLACE_WAIT_MS`, or where there is no geolocation. It stays on the phone: the plan is ordered from it there.
 *
 * @example
 * const here = await phonePlace(); // { lat: 37.80443, lon: -122.27113 } or undefined
 */
export function phonePlace(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
): Promise<Point | undefined> {
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), PLACE_WAIT_MS + 500);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ lat: round(coords.latitude), lon: round(coords.longitude) });
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: PLACE_WAIT_MS, maximumAge: 60_000 },
    );
  });
}

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
