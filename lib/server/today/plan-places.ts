import "server-only";
import * as zipcodes from "zipcodes";
import type { Place, Point } from "@/lib/domain/today/plan/geo";

/**
 * A store's coordinates without a network, from the address text of its customer record ("5564 Main Dr, Long Beach,
 * CA 90837"): its five-digit postal code's; else, for a code the data lacks (the sandbox's seed invents some), the
 * centre of the codes sharing its first three digits (one area's sorting centre); else its city's (the centre of the
 * city's codes). The data is the `zipcodes` package's (US codes from GeoNames), several megabytes: this module is
 * server-only and must only be imported by server code, never by anything a page sends to the browser.
 */

/** A five-digit code (with an optional +4) that ends the address (a country may follow): "…, CA 90837-1234" → "90837". */
const POSTAL_CODE = /\b(\d{5})(?:-\d{4})?\s*(?:,\s*(?:USA?|United States)\s*)?$/i;
/** "…, City, ST 12345" or "…, City, ST": the city and the two-letter state, at the end of the text. */
const CITY_STATE = /,\s*([^,]+?),\s*([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*(?:,\s*(?:USA?|United States))?\s*$/i;
/** "…, City" at the end of the text, for a record whose `State` says the state. */
const CITY_ONLY = /,\s*([^,\d]+?)\s*$/;

let prefixes: Map<string, Point> | undefined;

/** The mean of points (a centroid, near enough at a city's or an area's scale). */
function centre(points: readonly Point[]): Point | undefined {
  if (points.length === 0) return undefined;
  const sum = points.reduce((total, point) => ({ lat: total.lat + point.lat, lon: total.lon + point.lon }), {
    lat: 0,
    lon: 0,
  });
  return { lat: sum.lat / points.length, lon: sum.lon / points.length };
}

/** A code's record as a point, when it has real coordinates. */
function pointOf(record: zipcodes.ZipCode | undefined): Point | undefined {
  if (!record || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) return undefined;
  return { lat: record.latitude, lon: record.longitude };
}

/** The centre of each three-digit prefix's US codes, built once, on first need (about 41,000 codes). */
function prefixIndex(): Map<string, Point> {
  if (prefixes) return prefixes;
  const byPrefix = new Map<string, Point[]>();
  for (const [zip, record] of Object.entries(zipcodes.codes)) {
    const point = /^\d{5}$/.test(zip) ? pointOf(record) : undefined;
    if (!point) continue;
    const prefix = zip.slice(0, 3);
    const points = byPrefix.get(prefix);
    if (points) points.push(point);
    else byPrefix.set(prefix, [point]);
  }
  prefixes = new Map([...byPrefix].map(([prefix, points]) => [prefix, centre(points) as Point]));
  return prefixes;
}

/**
 * The town of an address text ("5564 Main Dr, Long Beach, CA 90837" → "Long Beach"): what names a week's area.
 *
 * @example
 * townOf("1 Broadway, Oakland, CA 94607"); // "Oakland"
 */
export function townOf(address: string | null | undefined): string | undefined {
  const text = address?.trim();
  return text ? (CITY_STATE.exec(text)?.[1] ?? CITY_ONLY.exec(text)?.[1])?.trim() : undefined;
}

/**
 * Where a store is, from its address text (and its record's `State` where the text lacks one): by postal code, by
 * its first three digits, or by city; undefined when none of them is found.
 *
 * @example
 * postalPlace("1 Broadway, Oakland, CA 94607"); // { lat: 37.8…, lon: -122.2…, source: "postal-code" }
 * postalPlace("5564 Main Dr, Long Beach, CA 90837"); // { lat: 33.7…, lon: -118.1…, source: "postal-prefix" }
 * postalPlace("12 Oak St, Fresno, CA"); // { …, source: "city" }
 */
export function postalPlace(address: string | null | undefined, state?: string | null): Place | undefined {
  const text = address?.trim();
  if (!text) return undefined;
  const code = POSTAL_CODE.exec(text)?.[1];
  if (code) {
    const exact = pointOf(zipcodes.lookup(code));
    if (exact) return { ...exact, source: "postal-code" };
    const area = prefixIndex().get(code.slice(0, 3));
    if (area) return { ...area, source: "postal-prefix" };
  }
  const cityState = CITY_STATE.exec(text);
  const city = (cityState?.[1] ?? (state ? CITY_ONLY.exec(text)?.[1] : undefined))?.trim();
  const cityStateCode = cityState?.[2] ?? state?.trim();
  if (!city || !cityStateCode) return undefined;
  const town = centre(
    zipcodes
      .lookupByName(city, cityStateCode.toUpperCase())
      .map(pointOf)
      .filter((point): point is Point => point !== undefined),
  );
  return town ? { ...town, source: "city" } : undefined;
}
