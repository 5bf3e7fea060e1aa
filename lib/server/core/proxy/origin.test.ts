import { describe, expect, it } from "vitest";
import { BACKROOM, browserRequest } from "../testing";
import type { ProxyDeps, ProxyTelemetry } from "./context";
import { proxyRoute } from ".";

/**
 * The proxy's route and a request's origin (`defineRoute`'s check, before anyone is resolved): a read passes whoever
 * sends it; a write passes only from Backroom's own pages (`Sec-Fetch-Site: same-origin`, or an Origin naming this host
 * when the browser sends no Sec-Fetch-Site), and is refused 403 in the API's error shape otherwise, with the request id
 * it was given, told to the telemetry as nobody's. A request that passes meets the sign-in next: nobody here (401).
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

const route = proxyRoute("v2");
const told: Parameters<ProxyTelemetry["answered"]>[0][] = [];
const deps = {
  actors: { resolve: async () => undefined },
  telemetry: { answered: (line) => told.push(line), cache() {}, upstream() {}, failed() {} } satisfies ProxyTelemetry,
} as unknown as ProxyDeps; // only what is reached before the sign-in: the resolver and the telemetry

/** The proxy's refusal of the request by its origin, or undefined when it passed on to the sign-in (401). */
async function crossSiteRefusal(request: Request, requestId: string): Promise<Response | undefined> {
  request.headers.set("X-Request-Id", requestId);
  const answer = await route(request, deps);
  if (answer.status === 401) return undefined;
  return answer;
}

describe("the proxy's route and the origin", () => {
  it.each(["GET", "HEAD", "OPTIONS"].flatMap((method) => SOURCES.map((source) => ({ method, ...source }))))(
    "lets a $method pass from $name",
    async (source) => {
      expect(await crossSiteRefusal(request(source.method, source), "rid")).toBeUndefined();
    },
  );

  it.each(["POST", "PATCH", "DELETE", "PUT"])(
    "lets a %s pass with Sec-Fetch-Site: same-origin, or without it with this host's Origin",
    async (method) => {
      expect(await crossSiteRefusal(request(method, { site: "same-origin" }), "rid")).toBeUndefined();
      expect(await crossSiteRefusal(request(method, { site: null, origin: BACKROOM }), "rid")).toBeUndefined();
    },
  );

  it("reads the host the browser used behind a proxy (X-Forwarded-Host) for the Origin", async () => {
    const behind = request(
      "POST",
      { site: null, origin: "https://backroom.example" },
      { "X-Forwarded-Host": "backroom.example" },
    );
    expect(await crossSiteRefusal(behind, "rid")).toBeUndefined();
  });

  it.each(
    ["POST", "PATCH", "DELETE"].flatMap((method) =>
      SOURCES.filter((s) => s.name !== "same-origin" && s.name !== "this host's Origin").map((source) => ({
        method,
        ...source,
      })),
    ),
  )("refuses a $method from $name: 403 in the API's error shape, with the request id given", async (source) => {
    told.length = 0;
    const refused = await crossSiteRefusal(request(source.method, source), "abc123");
    expect(refused?.status).toBe(403);
    expect(Object.fromEntries(refused!.headers)).toEqual({
      "content-type": "application/json",
      "cache-control": "private, no-store",
      "x-request-id": "abc123",
    });
    expect(await refused!.json()).toEqual({ Error: "Cross-site request refused" });
    expect(told).toEqual([
      expect.objectContaining({ requestId: "abc123", status: 403, source: "unauthenticated", operation: null }),
    ]);
  });

  it("goes by Sec-Fetch-Site when the browser sends it: cross-site is refused even with this host's Origin", async () => {
    expect((await crossSiteRefusal(request("POST", { site: "cross-site", origin: BACKROOM }), "rid"))?.status).toBe(
      403,
    );
  });

  it("refuses an Origin that is not a URL, and an Origin of this host on another port", async () => {
    expect((await crossSiteRefusal(request("POST", { site: null, origin: "null" }), "rid"))?.status).toBe(403);
    expect(
      (await crossSiteRefusal(request("POST", { site: null, origin: "http://backroom.test:8080" }), "rid"))?.status,
    ).toBe(403);
  });
});
