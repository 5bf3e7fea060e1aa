import { describe, expect, it } from "vitest";
import { appleDirectionsUrl, directionsLinks, GOOGLE_WAYPOINTS, googleDirectionsUrls } from "./directions";

const G = "https://www.google.com/maps/dir/?api=1";
const A = "https://maps.apple.com/directions?";
const s = (n: number) => `S${n}`;
const stops = (count: number) => Array.from({ length: count }, (_, i) => s(i + 1));

describe("googleDirectionsUrls", () => {
  it.each<[string, string[], string | undefined, number | undefined, string[]]>([
    ["no stop", [], undefined, undefined, []],
    ["one stop from the current location", ["S1"], undefined, undefined, [`${G}&destination=S1&travelmode=driving`]],
    [
      "three stops from the current location",
      stops(3),
      undefined,
      undefined,
      [`${G}&destination=S3&waypoints=S1%7CS2&travelmode=driving`],
    ],
    [
      "three stops from a fixed start",
      stops(3),
      "Depot",
      undefined,
      [`${G}&origin=Depot&destination=S3&waypoints=S1%7CS2&travelmode=driving`],
    ],
    [
      "four stops, the most one phone link takes (3 waypoints and the destination)",
      stops(4),
      undefined,
      undefined,
      [`${G}&destination=S4&waypoints=S1%7CS2%7CS3&travelmode=driving`],
    ],
    [
      "eight stops, in two parts, the second from where the first ends",
      stops(8),
      undefined,
      undefined,
      [
        `${G}&destination=S4&waypoints=S1%7CS2%7CS3&travelmode=driving`,
        `${G}&origin=S4&destination=S8&waypoints=S5%7CS6%7CS7&travelmode=driving`,
      ],
    ],
    [
      "nine stops: a last part of one stop",
      stops(9),
      undefined,
      undefined,
      [
        `${G}&destination=S4&waypoints=S1%7CS2%7CS3&travelmode=driving`,
        `${G}&origin=S4&destination=S8&waypoints=S5%7CS6%7CS7&travelmode=driving`,
        `${G}&origin=S8&destination=S9&travelmode=driving`,
      ],
    ],
    [
      "ten stops in one link where nine waypoints are allowed",
      stops(10),
      undefined,
      GOOGLE_WAYPOINTS.otherwise,
      [`${G}&destination=S10&waypoints=${stops(9).join("%7C")}&travelmode=driving`],
    ],
  ])("links %s", (_, places, origin, waypoints, urls) => {
    expect(googleDirectionsUrls(places, origin, waypoints)).toEqual(urls);
  });

  it("encodes commas, &, # and spaces in addresses", () => {
    expect(
      googleDirectionsUrls(["5564 Main Dr, Long Beach, CA 90837", "A & B Cannabis, 12 Oak St #3, Oakland, CA"]),
    ).toEqual([
      `${G}&destination=A%20%26%20B%20Cannabis%2C%2012%20Oak%20St%20%233%2C%20Oakland%2C%20CA&waypoints=5564%20Main%20Dr%2C%20Long%20Beach%2C%20CA%2090837&travelmode=driving`,
    ]);
  });
});

describe("appleDirectionsUrl", () => {
  it.each<[string, string[], string | undefined, string | undefined]>([
    ["no stop", [], undefined, undefined],
    ["one stop", ["S1"], undefined, `${A}destination=S1&mode=driving`],
    ["three stops", stops(3), undefined, `${A}waypoint=S1&waypoint=S2&destination=S3&mode=driving`],
    ["two stops from a fixed start", stops(2), "Depot", `${A}source=Depot&waypoint=S1&destination=S2&mode=driving`],
    [
      "eight stops, in one link (Apple gives no limit)",
      stops(8),
      undefined,
      `${A}${stops(7)
        .map((stop) => `waypoint=${stop}`)
        .join("&")}&destination=S8&mode=driving`,
    ],
  ])("links %s", (_, places, origin, url) => {
    expect(appleDirectionsUrl(places, origin)).toBe(url);
  });

  it("encodes commas, &, # and spaces in addresses", () => {
    expect(appleDirectionsUrl(["12 Oak St #3, A&B"])).toBe(
      `${A}destination=12%20Oak%20St%20%233%2C%20A%26B&mode=driving`,
    );
  });
});

describe("directionsLinks", () => {
  it("gives a stop by its address, by lat,lon only without one, and counts those with neither", () => {
    const links = directionsLinks([
      { address: "  1 Main St,  Oakland ", point: { lat: 37.8, lon: -122.27 } },
      { point: { lat: 33.770051234, lon: -118.19 } },
      {},
      { address: " ", point: { lat: 34, lon: -118.5 } },
    ]);
    expect(links).toEqual({
      google: [
        `${G}&destination=34%2C-118.5&waypoints=1%20Main%20St%2C%20Oakland%7C33.770051%2C-118.19&travelmode=driving`,
      ],
      apple: `${A}waypoint=1%20Main%20St%2C%20Oakland&waypoint=33.770051%2C-118.19&destination=34%2C-118.5&mode=driving`,
      leftOut: 1,
    });
  });

  it("starts from a fixed origin, and keeps a | in an address from splitting Google's list", () => {
    const links = directionsLinks([{ address: "Unit 4|5, 9 Elm St" }], {
      origin: { point: { lat: 37.8, lon: -122.27 } },
    });
    expect(links.google).toEqual([
      `${G}&origin=37.8%2C-122.27&destination=Unit%204%205%2C%209%20Elm%20St&travelmode=driving`,
    ]);
    expect(links.apple).toBe(`${A}source=37.8%2C-122.27&destination=Unit%204%205%2C%209%20Elm%20St&mode=driving`);
  });

  it("has no link without a stop", () => {
    expect(directionsLinks([{}])).toEqual({ google: [], apple: undefined, leftOut: 1 });
  });
});
