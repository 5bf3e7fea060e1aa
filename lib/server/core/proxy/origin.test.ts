import { describe, expect, it } from "vitest";
import { BACKROOM, browserRequest } from "../testing";
import { crossSiteRefusal } from "./origin";

/**
 * The origin stage on its own: a read passes whoever sends it; a write passes only from Backroom's own pages
 * (`Sec-Fetch-Site: same-origin`, or an Origin naming this host when the browser sends no Sec-Fetch-Site), and is
 * refused 403 in the API's error shape otherwise, with the request id it was given.
 */

const PATH = "/api/v2/purchases/PO-1";
/** Every way a request can say (or not say) where it comes from: Sec-Fetch-Site (null: not sent) and Origin. */
const SOURCES = [
  { name: "same-origin", site: "same-origin" },
  { name: "cross-site", site: "cross-site" },
  { name: "same-site", site: "same-site" },
  { name: "none (typed in the address bar)", site: "none" },
  { name: "this host's Origin", site: null, origin: BACKROOM },
  { name: "another site's Origin", site: null, origin: "https://evil.example" },
  { name: "neither header", site: null },
] as const;

const request = (
  method: string,
  source: { site: string | null; origin?: string },
  headers: Record<string, string> = {},
) =>
  browserRequest(method, PATH, {
    site: source.site,
    headers: { ...(source.origin ? { Origin: source.origin } : {}), ...headers },
  });

describe("crossSiteRefusal", () => {
  it.each(["GET", "HEAD", "OPTIONS"].flatMap((method) => SOURCES.map((source) => ({ method, ...source }))))(
    "lets a $method pass from $name",
    (source) => {
      expect(crossSiteRefusal(request(source.method, source), "rid")).toBeUndefined();
    },
  );

  it.each(["POST", "PATCH", "DELETE", "PUT"])(
    "lets a %s pass with Sec-Fetch-Site: same-origin, or without it with this host's Origin",
    (method) => {
      expect(crossSiteRefusal(request(method, { site: "same-origin" }), "rid")).toBeUndefined();
      expect(crossSiteRefusal(request(method, { site: null, origin: BACKROOM }), "rid")).toBeUndefined();
    },
  );

  it("reads the host the browser used behind a proxy (X-Forwarded-Host) for the Origin", () => {
    const behind = request(
      "POST",
      { site: null, origin: "https://backroom.example" },
      { "X-Forwarded-Host": "backroom.example" },
    );
    expect(crossSiteRefusal(behind, "rid")).toBeUndefined();
  });

  it.each(
    ["POST", "PATCH", "DELETE"].flatMap((method) =>
      SOURCES.filter((s) => s.name !== "same-origin" && s.name !== "this host's Origin").map((source) => ({
        method,
        ...source,
      })),
    ),
  )("refuses a $method from $name: 403 in the API's error shape, with the request id given", async (source) => {
    const refused = crossSiteRefusal(request(source.method, source), "abc123");
    expect(refused?.status).toBe(403);
    expect(Object.fromEntries(refused!.headers)).toEqual({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "private, no-store",
      "x-request-id": "abc123",
    });
    expect(await refused!.json()).toEqual({ Error: "Cross-site request refused" });
  });

  it("goes by Sec-Fetch-Site when the browser sends it: cross-site is refused even with this host's Origin", () => {
    expect(crossSiteRefusal(request("POST", { site: "cross-site", origin: BACKROOM }), "rid")?.status).toBe(403);
  });

  it("refuses an Origin that is not a URL, and an Origin of this host on another port", () => {
    expect(crossSiteRefusal(request("POST", { site: null, origin: "null" }), "rid")?.status).toBe(403);
    expect(crossSiteRefusal(request("POST", { site: null, origin: "http://backroom.test:8080" }), "rid")?.status).toBe(
      403,
    );
  });
});
