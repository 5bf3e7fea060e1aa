import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { AUTH_ENDPOINTS, CLOSED_AUTH_PATHS, openAuthEndpoint } from "./auth-endpoints";
import { authRoute } from "./auth-route";
import { testAuth } from "./testing";

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

const { open } = databaseProfiles()[0]!;
const ORIGIN = "http://localhost:3000";

/** Every endpoint the accounts library would answer over HTTP with Backroom's options: its path and methods. */
async function libraryEndpoints() {
  const database = await open();
  opened.push(database);
  // With single sign-on configured, so that its endpoints are listed too (the provider is never asked here).
  const { auth } = testAuth(database, {
    oidc: { issuer: "http://127.0.0.1:9", clientId: "c", clientSecret: "s", name: "SSO" },
  });
  const endpoints = Object.values(
    auth.api as unknown as Record<string, { path?: string; options?: { method?: unknown } }>,
  )
    .filter((endpoint) => typeof endpoint.path === "string")
    .map((endpoint) => ({
      path: endpoint.path!,
      methods: [endpoint.options?.method].flat().filter((m): m is string => typeof m === "string"),
    }));
  return { auth, endpoints };
}

/** A concrete path for a library path: `:token` and the like filled in. */
const concrete = (path: string) => path.replace(/:[a-z]+/gi, "abc123");

describe("/api/auth/*: the accounts library's endpoints", () => {
  it("are each decided: open to Backroom's pages (AUTH_ENDPOINTS) or closed (CLOSED_AUTH_PATHS), never both", async () => {
    const { endpoints } = await libraryEndpoints();
    const decided = new Set([...Object.keys(AUTH_ENDPOINTS), ...CLOSED_AUTH_PATHS]);
    // A library upgrade that adds an endpoint fails here until someone decides whether a page of Backroom's needs it.
    expect(endpoints.map((e) => e.path).filter((path) => !decided.has(path))).toEqual([]);
    expect(Object.keys(AUTH_ENDPOINTS).filter((path) => CLOSED_AUTH_PATHS.includes(path))).toEqual([]);
    // And every path decided is one the library has (a stale entry is removed, not kept).
    const known = new Set(endpoints.map((e) => e.path));
    expect([...decided].filter((path) => !known.has(path))).toEqual([]);
    // An open endpoint is opened for the methods the library answers it on, and no other.
    for (const { path, methods } of endpoints.filter((e) => AUTH_ENDPOINTS[e.path]))
      for (const method of AUTH_ENDPOINTS[path]!.methods) expect(methods, path).toContain(method);
  });

  it("answer 404 in the API's error shape, before the library, on every closed path and method", async () => {
    const { auth, endpoints } = await libraryEndpoints();
    let asked = 0;
    const counted = {
      auth: {
        handler: (request: Request) => {
          asked++;
          return auth.handler(request);
        },
      },
    };
    // `/error` is the sign-in page's to say (a redirect there, tested below).
    for (const { path } of endpoints.filter((e) => !AUTH_ENDPOINTS[e.path] && e.path !== "/error"))
      for (const method of ["GET", "POST"]) {
        const response = await authRoute(
          new Request(`${ORIGIN}/api/auth${concrete(path)}`, {
            method,
            headers: { origin: ORIGIN, "content-type": "application/json" },
            ...(method === "POST" ? { body: "{}" } : {}),
          }),
          counted,
        );
        expect([path, method, response.status], `${method} ${path}`).toEqual([path, method, 404]);
        expect(await response.json()).toEqual({ Error: "Not found" });
      }
    expect(asked).toBe(0);
  });

  it("reach the library on every open path and method", async () => {
    const { auth } = await libraryEndpoints();
    const seen: string[] = [];
    for (const [path, { methods }] of Object.entries(AUTH_ENDPOINTS))
      for (const method of methods) {
        await authRoute(
          new Request(`${ORIGIN}/api/auth${concrete(path)}`, {
            method,
            headers: { origin: ORIGIN, "content-type": "application/json" },
            ...(method === "POST" ? { body: "{}" } : {}),
          }),
          {
            auth: {
              handler: (request) => {
                seen.push(`${request.method} ${new URL(request.url).pathname}`);
                return auth.handler(request);
              },
            },
          },
        );
      }
    expect(seen).toEqual(
      Object.entries(AUTH_ENDPOINTS).flatMap(([path, { methods }]) =>
        methods.map((method) => `${method} /api/auth${concrete(path)}`),
      ),
    );
  });

  it.each([
    ["an open path on a method it is not open to", "GET", "/sign-in/email"],
    ["an escaped slash into a closed path", "GET", "/reset-password/..%2Forganization%2Flist"],
    ["an escaped dot", "POST", "/callback/%2e%2e"],
    ["a doubled slash", "POST", "//organization/create"],
    ["a trailing slash", "POST", "/sign-in/email/"],
    ["another case", "POST", "/Organization/create"],
    ["the base alone", "GET", ""],
  ])("answer 404 to %s", async (_name, method, path) => {
    let asked = 0;
    const response = await authRoute(
      new Request(`${ORIGIN}/api/auth${path}`, { method, headers: { origin: ORIGIN } }),
      {
        auth: {
          handler: async () => {
            asked++;
            return new Response(null, { status: 200 });
          },
        },
      },
    );
    expect([response.status, asked]).toEqual([404, 0]);
  });

  it("sends a single sign-on that lost its way to the sign-in page, which says so", async () => {
    const response = await authRoute(new Request(`${ORIGIN}/api/auth/error?error=state_mismatch`), {
      auth: { handler: async () => new Response(null, { status: 500 }) },
    });
    expect([response.status, response.headers.get("location")]).toEqual([303, "/sign-in?sso=failed"]);
  });

  it("matches a path by its segments", () => {
    expect(openAuthEndpoint("/reset-password/abc", "GET")?.path).toBe("/reset-password/:token");
    expect(openAuthEndpoint("/reset-password/abc/def", "GET")).toBeUndefined();
    expect(openAuthEndpoint("/callback/oidc", "POST")?.path).toBe("/callback/:id");
    expect(openAuthEndpoint("/organization/set-active", "POST")).toBeUndefined();
  });
});
