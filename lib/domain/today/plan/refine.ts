import { haversineKm, type Place, type Point } from "./geo";

/**
 * A store's place refined from where its visits were tapped ("Visited" with the phone's location allowed), and the
 * plan's choice between it and the postal code's estimate. What is kept is the store's point and how many fixes made
 * it: never whose fixes they were, nor the fixes themselves. Pure and universal: the notes' store refines with it, the
 * plan reads with it, and the Visited button leaves unsent a fix it would ignore.
 */

/** A fix less accurate than this many metres (the phone's own radius for it) says too little of where the store is. */
export const MAX_FIX_ACCURACY_M = 200;

/**
 * A fix farther than this from the postal code's place was not tapped at the store (the office, the car on the way
 * home), and a kept point farther than this from it is not the store's.
 */
export const FAR_FROM_POSTAL_KM = 25;

/** The past's weight in the mean, in fixes: past it, each fix still moves the point by a share, so a moved store converges. */
export const PAST_FIXES_CAP = 10;

/** Where the phone was when the visit was tapped, and its accuracy in metres. */
export interface VisitFix extends Point {
  accuracy: number;
}

/** A store's kept place: the mean of its fixes, and how many made it. */
export interface KeptPlace extends Point {
  fixes: number;
}

/** A longitude difference taken the short way round (179 to -179 is 2 degrees east, not 358 west). */
const shortWay = (degrees: number) => ((((degrees + 180) % 360) + 360) % 360) - 180;

/**
 * The store's kept place after one more visit's fix, or undefined when the fix is ignored (nothing changes):
 *
 * - a fix less accurate than 200 m (`MAX_FIX_ACCURACY_M`) is ignored;
 * - a fix farther than 25 km (`FAR_FROM_POSTAL_KM`) from the postal code's place, when there is one, is ignored;
 * - the first fix, or one farther than 25 km from the kept point, is the place (one fix): two places that far apart are
 *   not one store's, and the newest is the likelier (a moved store; the plan ignores a kept point far from its postal
 *   code's, `refinedPlace`);
 * - else the running mean: the kept point weighs its fixes, at most 10 (`PAST_FIXES_CAP`), against the new fix's one.
 *
 * Degrees are averaged as they are (across the antimeridian the short way): at a store's scale the earth is flat.
 *
 * @example
 * refinePlace(undefined, { lat: 37.8, lon: -122.27, accuracy: 12 }); // { lat: 37.8, lon: -122.27, fixes: 1 }
 * refinePlace({ lat: 37.8, lon: -122.27, fixes: 1 }, { lat: 37.8002, lon: -122.27, accuracy: 30 }); // { lat: 37.8001, lon: -122.27, fixes: 2 }
 * refinePlace(kept, { lat: 37.8, lon: -122.27, accuracy: 1500 }); // undefined: too rough
 * refinePlace(undefined, office, postalPlace(address)); // undefined: 40 km from the store's postal code
 */
export function refinePlace(current: KeptPlace | undefined, fix: VisitFix, postal?: Point): KeptPlace | undefined {
  if (!(fix.accuracy > 0 && fix.accuracy <= MAX_FIX_ACCURACY_M)) return undefined;
  if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lon)) return undefined;
  if (postal && haversineKm(fix, postal) > FAR_FROM_POSTAL_KM) return undefined;
  if (!current || !(current.fixes >= 1) || haversineKm(current, fix) > FAR_FROM_POSTAL_KM)
    return { lat: fix.lat, lon: fix.lon, fixes: 1 };
  const share = 1 / (Math.min(current.fixes, PAST_FIXES_CAP) + 1);
  return {
    lat: current.lat + (fix.lat - current.lat) * share,
    lon: shortWay(current.lon + shortWay(fix.lon - current.lon) * share),
    fixes: current.fixes + 1,
  };
}

/**
 * A store's place for the plan: its kept point (source "visit") over the postal code's estimate, unless it is farther
 * than 25 km from it (the visits were tapped elsewhere: the note's route does not know the address, so the postal check
 * is made here, when the plan reads); the kept point alone where there is no postal place.
 *
 * @example
 * refinedPlace(postalPlace(card.address, card.state), kept.get(customerId)); // { lat, lon, source: "visit" }
 * refinedPlace({ lat: 37.8, lon: -122.3, source: "postal-code" }, undefined); // the postal code's
 */
export function refinedPlace(postal: Place | undefined, kept?: Point | null): Place | undefined {
  if (!kept || !Number.isFinite(kept.lat) || !Number.isFinite(kept.lon)) return postal;
  if (postal && haversineKm(kept, postal) > FAR_FROM_POSTAL_KM) return postal;
  return { lat: kept.lat, lon: kept.lon, source: "visit" };
}
