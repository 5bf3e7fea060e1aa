import { describe, expect, it } from "vitest";
import { SandboxError } from "../handler";
import { createRateLimiter } from "../rate-limit";
import { rateLimit } from "./rate-limit";
import { scopeOf, stageApp } from "./testing";

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
