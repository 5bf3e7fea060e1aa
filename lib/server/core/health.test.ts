import { afterEach, describe, expect, it } from "vitest";
import type { SandboxCheck } from "@/lib/session/session-view";
import { healthResponse, type ReadinessDeps, ReadinessAnswer, readinessResponse } from "./health";
import { createMetrics, metricsResponse } from "./metrics";

const DRAINING = Symbol.for("backroom.draining");
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[DRAINING];
});

const deps = (
  database: "ok" | "unavailable",
  cache: "ok" | "off" | "unavailable",
  jobs: "ok" | "unavailable" = "ok",
  sandbox: SandboxCheck = "off",
): ReadinessDeps => ({
  database: async () => database,
  cache: async () => cache,
  jobs: async () => jobs,
  sandbox: () => sandbox,
});
const read = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("GET /api/health", () => {
  it("answers 200 while the process serves, never cached", async () => {
    const response = healthResponse();
    expect(await read(response)).toEqual({ status: 200, body: { status: "ok" } });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("GET /api/ready", () => {
  it.each([
    {
      database: "ok",
      cache: "off",
      jobs: "ok",
      sandbox: "off",
      status: 200,
      body: { status: "ok", checks: { database: "ok", cache: "off", jobs: "ok", sandbox: "off" } },
    },
    {
      database: "ok",
      cache: "ok",
      jobs: "ok",
      sandbox: "ok",
      status: 200,
      body: { status: "ok", checks: { database: "ok", cache: "ok", jobs: "ok", sandbox: "ok" } },
    },
    {
      database: "ok",
      cache: "unavailable",
      jobs: "ok",
      sandbox: "off",
      status: 200,
      body: { status: "degraded", checks: { database: "ok", cache: "unavailable", jobs: "ok", sandbox: "off" } },
    },
    {
      database: "ok",
      cache: "ok",
      jobs: "unavailable",
      sandbox: "off",
      status: 200,
      body: { status: "degraded", checks: { database: "ok", cache: "ok", jobs: "unavailable", sandbox: "off" } },
    },
    // The sandbox opening its databases at start: everything else serves, and a request to it waits.
    {
      database: "ok",
      cache: "off",
      jobs: "ok",
      sandbox: "preparing",
      status: 200,
      body: { status: "degraded", checks: { database: "ok", cache: "off", jobs: "ok", sandbox: "preparing" } },
    },
    {
      database: "ok",
      cache: "off",
      jobs: "ok",
      sandbox: "unavailable",
      status: 200,
      body: { status: "degraded", checks: { database: "ok", cache: "off", jobs: "ok", sandbox: "unavailable" } },
    },
    {
      database: "unavailable",
      cache: "ok",
      jobs: "unavailable",
      sandbox: "ok",
      status: 503,
      body: {
        status: "unavailable",
        checks: { database: "unavailable", cache: "ok", jobs: "unavailable", sandbox: "ok" },
      },
    },
    {
      database: "unavailable",
      cache: "off",
      jobs: "ok",
      sandbox: "preparing",
      status: 503,
      body: {
        status: "unavailable",
        checks: { database: "unavailable", cache: "off", jobs: "ok", sandbox: "preparing" },
      },
    },
  ] as const)(
    "answers $status with the database $database, the cache $cache, the job queue $jobs and the sandbox $sandbox",
    async ({ database, cache, jobs, sandbox, status, body }) => {
      const answered = await read(await readinessResponse(deps(database, cache, jobs, sandbox)));
      expect(answered).toEqual({ status, body });
      // What the route's spec says of it (`GET /api/openapi.json`), 503's body too.
      expect(ReadinessAnswer.safeParse(answered.body).success).toBe(true);
    },
  );

  it("answers 503 'stopping' once the server has been told to stop, so the load balancer sends no more", async () => {
    (globalThis as Record<symbol, unknown>)[DRAINING] = true;
    expect(await read(await readinessResponse(deps("ok", "ok")))).toEqual({
      status: 503,
      body: { status: "stopping", checks: { database: "ok", cache: "ok", jobs: "ok", sandbox: "off" } },
    });
  });
});

describe("GET /api/metrics", () => {
  const TOKEN = "metrics-token-0123456789";
  const request = (authorization?: string) =>
    new Request("http://backroom.test/api/metrics", { headers: authorization ? { Authorization: authorization } : {} });

  it("does not exist (404) when no token is configured", async () => {
    expect(
      (
        await metricsResponse(
          request(`Bearer ${TOKEN}`),
          undefined,
          createMetrics(async () => 0),
        )
      ).status,
    ).toBe(404);
  });

  it.each([
    ["no Authorization", undefined],
    ["a wrong token", "Bearer metrics-token-wrong-wrong"],
    ["a token of another length", "Bearer x"],
    ["another scheme", `Basic ${TOKEN}`],
  ])("answers 401 with WWW-Authenticate for %s", async (_name, authorization) => {
    const response = await metricsResponse(
      request(authorization),
      TOKEN,
      createMetrics(async () => 0),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("answers Prometheus text with Backroom's metrics and the process's, labelled by operation, status and outcome only", async () => {
    const metrics = createMetrics(async () => 3);
    metrics.upstreamRequests.inc({ operation: "listInvoices", status: "200" });
    metrics.upstreamDuration.observe({ operation: "listInvoices" }, 0.21);
    metrics.proxyCache.inc({ outcome: "hit" });
    metrics.proxyCache.inc({ outcome: "hit" });
    metrics.jobs.inc({ kind: "invitation-mail", outcome: "retried" });
    const response = await metricsResponse(request(`Bearer ${TOKEN}`), TOKEN, metrics);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('backroom_upstream_requests_total{operation="listInvoices",status="200"} 1');
    expect(text).toContain('backroom_upstream_duration_seconds_bucket{le="0.3",operation="listInvoices"} 1');
    expect(text).toContain('backroom_proxy_cache_total{outcome="hit"} 2');
    expect(text).toContain('backroom_jobs_total{kind="invitation-mail",outcome="retried"} 1');
    expect(text).toContain("backroom_sessions_active 3");
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it("keeps the last session count when the database does not answer a scrape", async () => {
    let count: number | Error = 5;
    const metrics = createMetrics(async () => (count instanceof Error ? Promise.reject(count) : count));
    const scrape = async () =>
      (await (await metricsResponse(request(`Bearer ${TOKEN}`), TOKEN, metrics)).text()).match(
        /^backroom_sessions_active (\d+)/m,
      )?.[1];
    expect(await scrape()).toBe("5");
    count = new Error("database down");
    expect(await scrape()).toBe("5");
  });
});
