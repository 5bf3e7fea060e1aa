import { describe, expect, it } from "vitest";
import { SandboxError } from "../handler";
import { demoKeys, hashKey } from "../keys";
import { createRateLimiter } from "../rate-limit";
import { rateLimit, rateLimitFigures } from "./rate-limit";
import { keyedDatabases, scopeOf, stageApp } from "./testing";

const figures = (res: Response) =>
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].map((name) => res.headers.get(name));

describe("the rate-limit stage", () => {
  it("counts each request of a key and sends the figures, then 429 with Retry-After past the limit", async () => {
    const app = stageApp([rateLimit(createRateLimiter({ limit: 2, now: () => 0 }))], {
      env: "test",
      scope: scopeOf("Employee"),
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await app.request("/test/api/v1/states"));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
    expect(answers.map(figures)).toEqual([
      ["2", "1", "3600"],
      ["2", "0", "3600"],
      ["2", "0", "3600"],
    ]);
    expect(answers[2]!.headers.get("Retry-After")).toBe("3600");
    expect(await answers[2]!.json()).toEqual({ Error: "Rate limit exceeded" });
  });

  it("sends the figures on an error of a later stage too", async () => {
    const app = stageApp(
      [rateLimit(createRateLimiter({ limit: 5, now: () => 0 }))],
      { env: "test", scope: scopeOf("Customer") },
      () => {
        throw new SandboxError(403, { Error: "Customer keys may not call GET /vendors" });
      },
    );
    const res = await app.request("/test/api/v1/vendors");
    expect([res.status, ...figures(res)]).toEqual([403, "5", "4", "3600"]);
  });

  it("keeps a window per key and per environment", async () => {
    const limiter = createRateLimiter({ limit: 1, now: () => 0 });
    const as = (env: "test" | "production", keyHash: string) =>
      stageApp([rateLimit(limiter)], { env, scope: scopeOf("Employee", keyHash) }).request(`/${env}/api/v1/states`);
    expect((await as("test", "a")).status).toBe(200);
    expect((await as("test", "a")).status).toBe(429);
    expect((await as("test", "b")).status).toBe(200);
    expect((await as("production", "a")).status).toBe(200);
  });
});

describe("the figures of answers refused before the count", () => {
  it("peeks at a key's window without counting, and gives a key with none its whole limit", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, now: () => now });
    expect(limiter.peek("test:a")).toEqual({ limit: 3, remaining: 3, reset: 3600, allowed: true });
    limiter.take("test:a");
    now = 600_000;
    expect(limiter.peek("test:a")).toEqual({ limit: 3, remaining: 2, reset: 3000, allowed: true });
    expect(limiter.peek("test:a", 10)).toMatchObject({ limit: 10, remaining: 9 });
    // Peeking counted nothing: the next request is the second.
    expect(limiter.take("test:a").remaining).toBe(1);
    expect(limiter.peek(undefined)).toEqual({ limit: 3, remaining: 3, reset: 3600, allowed: true });
  });

  it("adds the standing figures of the key sent (known, unknown or none) to an answer that has none", async () => {
    const limiter = createRateLimiter({ limit: 5, now: () => 0 });
    const key = demoKeys("test").Supplier;
    limiter.take(`test:${hashKey(key)}`);
    const app = stageApp([rateLimitFigures(await keyedDatabases(), limiter)], {}, () => {
      throw new SandboxError(404, { Error: "Not found" });
    });
    const as = async (headers: Record<string, string>) =>
      figures(await app.request("/test/api/v1/nothing", { headers }));
    expect(await as({ "x-api-key": key })).toEqual(["5", "4", "3600"]);
    expect(await as({ "x-api-key": "test-nobody" })).toEqual(["5", "5", "3600"]);
    expect(await as({})).toEqual(["5", "5", "3600"]);
    // Still not counted.
    expect(limiter.peek(`test:${hashKey(key)}`).remaining).toBe(4);
  });

  it("leaves the figures of a counted answer as they are", async () => {
    const limiter = createRateLimiter({ limit: 5, now: () => 0 });
    const app = stageApp([rateLimitFigures(await keyedDatabases(), limiter), rateLimit(limiter)], {
      env: "test",
      scope: scopeOf("Employee"),
    });
    expect(figures(await app.request("/test/api/v1/states"))).toEqual(["5", "4", "3600"]);
  });
});
