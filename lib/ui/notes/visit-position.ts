import { MAX_FIX_ACCURACY_M, type VisitFix } from "@/lib/domain/today/plan/refine";

/** How long "Visited" waits for the phone's position before it records the visit without one. */
export const POSITION_WAIT_MS = 5000;
/** A position the phone took this recently (while the rep walked in) is good enough. */
const POSITION_MAX_AGE_MS = 5 * 60 * 1000;

/** What of the browser this reads: its permissions and its geolocation, either of which may be missing. */
export type PositionSource = Partial<Pick<Navigator, "permissions" | "geolocation">>;

/**
 * Where the phone is, for a visit to refine its store's place: only when the person has already allowed this site
 * their location (the Permissions API says "granted"), so it never asks; undefined when it is not allowed or not known,
 * when the phone has no fix within `POSITION_WAIT_MS`, on any error, or when the fix is rougher than the store's place
 * would take (200 m: sent for nothing). Rounded to 5 decimals (about a metre) and whole metres.
 *
 * @example
 * const position = await visitPosition(); // { lat: 37.80443, lon: -122.27113, accuracy: 12 } or undefined
 */
export function visitPosition(
  source: PositionSource | undefined = typeof navigator === "undefined" ? undefined : navigator,
): Promise<VisitFix | undefined> {
  return new Promise((resolve) => {
    // However the browser behaves (a permission query that never settles), the visit waits no longer than this.
    const timer = setTimeout(() => resolve(undefined), POSITION_WAIT_MS + 500);
    const settle = (position: VisitFix | undefined) => {
      clearTimeout(timer);
      resolve(position);
    };
    read(source).then(settle, () => settle(undefined));
  });
}

async function read(source: PositionSource | undefined): Promise<VisitFix | undefined> {
  const geolocation = source?.geolocation;
  if (!geolocation || !source?.permissions?.query) return undefined;
  const status = await source.permissions.query({ name: "geolocation" });
  if (status.state !== "granted") return undefined;
  const coords = await new Promise<GeolocationCoordinates | undefined>((resolve) =>
    geolocation.getCurrentPosition(
      (position) => resolve(position.coords),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: POSITION_WAIT_MS, maximumAge: POSITION_MAX_AGE_MS },
    ),
  );
  if (!coords || !Number.isFinite(coords.latitude) || !Number.isFinite(coords.longitude)) return undefined;
  if (!(coords.accuracy >= 0 && coords.accuracy <= MAX_FIX_ACCURACY_M)) return undefined;
  return {
    lat: round(coords.latitude),
    lon: round(coords.longitude),
    accuracy: Math.max(1, Math.ceil(coords.accuracy)),
  };
}

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
