import { Hono } from "hono";
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { type EnvironmentClock, environmentClock, fixedClock } from "../clock";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { createFaults, FaultRuleInput } from "../faults";
import { createRateLimiter } from "../rate-limit";
import { apiRoutes } from "./api";
import { keyedDatabases } from "./testing";

let databases: Record<Environment, Kysely<Database>>;
let app: Hono;
let faults: ReturnType<typeof createFaults>;

beforeEach(async () => {
  databases = await keyedDatabases();
  const clock = fixedClock("2026-11-21T18:00:00.000Z");
  const clocks: Record<Environment, EnvironmentClock> = {
    test: environmentClock(clock),
    production: environmentClock(clock),
  };
  faults = createFaults();
  app = new Hono().route(
    "/",
    apiRoutes({ databases, clocks, faults, limiter: createRateLimiter({ limit: 2, now: () => 0 }), basePath: "" }),
  );
});

const EMPLOYEE = { "x-api-key": "test-employee-demo" };
const CUSTOMER = { "x-api-key": "test-customer-demo" };

/** Status and error of an answer. */
async function outcome(res: Response): Promise<[number, unknown]> {
  return [res.status, ((await res.json()) as { Error: unknown }).Error];
}

describe("the API pipeline: the first check that fails answers, in the documented order", () => {
  it("meets faults before anything else, even without a key", async () => {
    faults.set("test", [FaultRuleInput.parse({ path: "/api/v1/nope", kind: "error" })]);
    const res = await app.request("/test/api/v1/nope");
    expect([res.status, res.headers.get("X-Sandbox-Fault")]).toEqual([500, "error"]);
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["an unknown path", "/test/api/v1/nope", "GET", 404],
    ["a malformed escape", "/test/api/v1/customers/%zz", "GET", 400],
    ["a wrong method", "/test/api/v1/states", "DELETE", 405],
  ])("answers %s before asking for a key", async (_, path, method, status) => {
    expect((await app.request(path, { method })).status).toBe(status);
  });

  it("asks for a key before checking the query", async () => {
    expect(await outcome(await app.request("/test/api/v1/locations?LocationIDs=x"))).toEqual([
      401,
      "Missing API key: send it in the x-api-key header",
    ]);
  });

  it("counts the request before the key type is checked, and refuses the key type before the query", async () => {
    const first = await app.request("/test/api/v1/vendors?VendorIDs=x", { headers: CUSTOMER });
    expect(await outcome(first)).toEqual([403, "Customer keys may not call GET /vendors"]);
    expect(first.headers.get("RateLimit-Remaining")).toBe("1");
    await app.request("/test/api/v1/states", { headers: CUSTOMER });
    expect(await outcome(await app.request("/test/api/v1/vendors", { headers: CUSTOMER }))).toEqual([
      429,
      "Rate limit exceeded",
    ]);
  });

  it("checks the query before the body", async () => {
    const res = await app.request("/test/api/v2/purchases?submit=maybe", {
      method: "POST",
      headers: { ...EMPLOYEE, "Content-Type": "text/plain" },
      body: "{",
    });
    const [status, error] = await outcome(res);
    expect([status, typeof error]).toEqual([400, "string"]);
  });

  it("answers a read with every stage's headers, and a 304 with them too", async () => {
    const res = await app.request("/test/api/v1/states", { headers: { ...EMPLOYEE, "X-Request-Id": "r1" } });
    expect([res.status, await res.json()]).toEqual([200, { Data: [], Page: 1, PageSize: 50, HasNextPage: false }]);
    const etag = res.headers.get("ETag");
    expect([etag, res.headers.get("X-Request-Id"), res.headers.get("RateLimit-Remaining")]).toEqual([
      expect.stringMatching(/^W\//),
      "r1",
      "1",
    ]);
    const again = await app.request("/test/api/v1/states", {
      headers: { ...EMPLOYEE, "If-None-Match": etag!, "X-Request-Id": "r2" },
    });
    expect([
      again.status,
      again.headers.get("ETag"),
      again.headers.get("X-Request-Id"),
      again.headers.get("RateLimit-Remaining"),
    ]).toEqual([304, etag, "r2", "0"]);
  });
});
