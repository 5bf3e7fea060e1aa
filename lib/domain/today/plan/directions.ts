import type { Point } from "./geo";

/**
 * The plan's "Open in Maps" links: driving directions through the stops in order, in Google Maps (every phone) and
 * in Apple Maps (iPhone). A stop is given by its address text, which the maps app finds exactly (better than a
 * postal code's centroid); by `lat,lon` only when it has no address. With no origin the maps app starts from the
 * phone's current location, which is what both documentations say an absent origin does. Pure and universal.
 */

/** A place to drive to: its address, else its coordinates (one of the two is needed to link it). */
export interface MapStop {
  address?: string;
  point?: Point;
}

/** The links for a route, and how many of its stops could not be linked (neither address nor coordinates). */
export interface DirectionsLinks {
  /** Google Maps: one link per part of the route (the next part starts at the stop the one before ends at). */
  google: string[];
  /** Apple Maps: the whole route in one link; undefined with no stop to link. */
  apple?: string;
  leftOut: number;
}

/**
 * Intermediate stops a Google Maps directions link takes, by where it opens. Google's Maps URLs documentation
 * (https://developers.google.com/maps/documentation/urls/get-started#directions-action): "The number of waypoints
 * allowed varies by the platform where the link opens, with up to three waypoints supported on mobile browsers, and
 * a maximum of nine waypoints supported otherwise." Stops past the limit are dropped without a word, so a longer
 * route is split into parts, each a link.
 */
export const GOOGLE_WAYPOINTS = { mobileBrowser: 3, otherwise: 9 } as const;

const GOOGLE_DIRECTIONS = "https://www.google.com/maps/dir/?api=1";
/**
 * Apple's unified Maps URLs (iOS 18.4, macOS 15.4 and later):
 * https://developer.apple.com/documentation/mapkit/unified-map-urls ("Request directions"). `source` (left out:
 * the person's current location), `destination`, `waypoint` repeated for each stop between, in order, and `mode`.
 * The documentation gives no limit on waypoints. An older iPhone may open the link on the web rather than in Maps.
 */
const APPLE_DIRECTIONS = "https://maps.apple.com/directions";

/** A stop as the maps apps read it: its address (a "|" would split Google's list), else "lat,lon"; undefined for neither. */
function placeText(stop: MapStop): string | undefined {
  const address = stop.address?.replace(/\|/g, " ").replace(/\s+/g, " ").trim();
  if (address) return address;
  return stop.point ? `${Number(stop.point.lat.toFixed(6))},${Number(stop.point.lon.toFixed(6))}` : undefined;
}

/** A query parameter, its value URL-encoded as both documentations ask (",", "&", "#", "|" and spaces escaped). */
function parameter(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}`;
}

/** One Google Maps link from `origin` (left out: the current location) through `stops` (at least one). */
function googleLink(origin: string | undefined, stops: readonly string[]): string {
  const waypoints = stops.slice(0, -1);
  return [
    GOOGLE_DIRECTIONS,
    ...(origin === undefined ? [] : [parameter("origin", origin)]),
    parameter("destination", stops.at(-1) as string),
    // The pipe between waypoints is itself encoded (%7C), as the documentation's example shows.
    ...(waypoints.length > 0 ? [`waypoints=${waypoints.map(encodeURIComponent).join("%7C")}`] : []),
    "travelmode=driving",
  ].join("&");
}

/**
 * Google Maps links for stops in driving order: one link while the stops fit (`waypoints` between the origin and the
 * last stop, default 3: the rep's phone may open it in a browser), else parts of `waypoints + 1` stops, each part
 * starting from the stop the one before ends at.
 *
 * @example
 * googleDirectionsUrls(["1 Main St, Oakland, CA 94607", "2 Elm St, Oakland, CA 94607"]);
 * // ["https://www.google.com/maps/dir/?api=1&destination=2%20Elm%20St%2C…&waypoints=1%20Main%20St%2C…&travelmode=driving"]
 */
export function googleDirectionsUrls(
  stops: readonly string[],
  origin?: string,
  waypoints: number = GOOGLE_WAYPOINTS.mobileBrowser,
): string[] {
  const perLink = Math.max(0, Math.floor(waypoints)) + 1;
  const links: string[] = [];
  let from = origin;
  for (let first = 0; first < stops.length; first += perLink) {
    const part = stops.slice(first, first + perLink);
    links.push(googleLink(from, part));
    from = part.at(-1);
  }
  return links;
}

/**
 * One Apple Maps link through every stop in driving order; undefined with none.
 *
 * @example
 * appleDirectionsUrl(["1 Main St, Oakland, CA 94607", "2 Elm St, Oakland, CA 94607"]);
 * // "https://maps.apple.com/directions?waypoint=1%20Main%20St%2C…&destination=2%20Elm%20St%2C…&mode=driving"
 */
export function appleDirectionsUrl(stops: readonly string[], origin?: string): string | undefined {
  const destination = stops.at(-1);
  if (destination === undefined) return undefined;
  const query = [
    ...(origin === undefined ? [] : [parameter("source", origin)]),
    ...stops.slice(0, -1).map((stop) => parameter("waypoint", stop)),
    parameter("destination", destination),
    "mode=driving",
  ];
  return `${APPLE_DIRECTIONS}?${query.join("&")}`;
}

/**
 * The "Open in Maps" links for the plan's stops in driving order. `origin` is a fixed start (a depot, an office);
 * leave it out when the route starts where the phone is. Stops with neither address nor coordinates are left out
 * and counted.
 *
 * @example
 * const { google, apple } = directionsLinks(route.stops.map((s) => ({ address: s.address, point: s.point })));
 */
export function directionsLinks(
  stops: readonly MapStop[],
  options: { origin?: MapStop; googleWaypoints?: number } = {},
): DirectionsLinks {
  const places = stops.map(placeText).filter((text): text is string => text !== undefined);
  const origin = options.origin ? placeText(options.origin) : undefined;
  return {
    google: googleDirectionsUrls(places, origin, options.googleWaypoints),
    apple: appleDirectionsUrl(places, origin),
    leftOut: stops.length - places.length,
  };
}
