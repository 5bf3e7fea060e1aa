import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { createFaults, FaultRuleInput } from "../faults";
import type { ApiEnv } from "./context";
import { faultStage } from "./faults";
import { stageApp } from "./testing";

/** Faults with one rule in the test environment. */
function faultsWith(rule: Parameters<typeof FaultRuleInput.parse>[0]) {
  const faults = createFaults();
  faults.set("test", [FaultRuleInput.parse(rule)]);
  return faults;
}

/** An app whose handler counts its runs and answers with a header only the rest of the pipeline would add. */
function faulted(faults: ReturnType<typeof createFaults>, basePath = "") {
  const handler = vi.fn(() => Response.json({ ok: true }, { headers: { "RateLimit-Remaining": "9" } }));
  const stage = stageApp([faultStage(faults, basePath, 1028)], {}, handler);
  const app = basePath ? new Hono<ApiEnv>().basePath(basePath).route("/", stage) : stage;
  return { app, handler };
}

describe("the fault stage", () => {
  it("lets a request without a matching rule through", async () => {
    const { app, handler } = faulted(faultsWith({ method: "POST", path: "/api/v2/purchases", kind: "error" }));
    const res = await app.request("/test/api/v1/states");
    expect([res.status, handler.mock.calls.length]).toEqual([200, 1]);
  });

  it("answers an error fault 500 without running the rest of the pipeline", async () => {
    const { app, handler } = faulted(faultsWith({ path: "/api/v1/states", kind: "error" }));
    const res = await app.request("/test/api/v1/states");
    expect([res.status, res.headers.get("X-Sandbox-Fault"), await res.json()]).toEqual([
      500,
      "error",
      { Error: "Unexpected server error" },
    ]);
    expect(handler).not.toHaveBeenCalled();
  });

  it("gives a fault's 500 the standing rate-limit figures, and a dropped answer none", async () => {
    const standing = async () => ({
      "RateLimit-Limit": "1028",
      "RateLimit-Remaining": "1000",
      "RateLimit-Reset": "60",
    });
    const answer = (kind: "error" | "drop") =>
      stageApp([faultStage(faultsWith({ path: "/api/v1/states", kind }), "", 1028, standing)], {}).request(
        "/test/api/v1/states",
      );
    const failed = await answer("error");
    expect([failed.status, failed.headers.get("RateLimit-Remaining"), failed.headers.get("RateLimit-Reset")]).toEqual([
      500,
      "1000",
      "60",
    ]);
    const dropped = await answer("drop");
    expect(dropped.headers.get("RateLimit-Limit")).toBeNull();
    await expect(dropped.text()).rejects.toThrow("connection dropped");
  });

  it("runs the request under a drop-after fault, then loses its answer and every header of it", async () => {
    const { app, handler } = faulted(faultsWith({ path: "/api/v1/states", kind: "drop" }));
    const res = await app.request("/test/api/v1/states");
    expect(handler).toHaveBeenCalledOnce();
    expect(res.headers.get("RateLimit-Remaining")).toBeNull();
    await expect(res.text()).rejects.toThrow("connection dropped");
  });

  it("matches paths relative to the environment, under the sandbox's base path", async () => {
    const faults = faultsWith({ path: "/api/v1/states", kind: "rate-limit", retryAfter: 7 });
    const { app, handler } = faulted(faults, "/sandbox");
    const res = await app.request("/sandbox/test/api/v1/states");
    // A spent budget's answer: the sandbox's limit, none left, back in 7 s.
    expect([
      res.status,
      res.headers.get("Retry-After"),
      res.headers.get("RateLimit-Limit"),
      res.headers.get("RateLimit-Remaining"),
    ]).toEqual([429, "7", "1028", "0"]);
    expect(handler).not.toHaveBeenCalled();
    expect(faults.list("test")[0]).toMatchObject({ matched: 1, applied: 1 });
  });

  it("leaves paths outside the two environments alone, and the other environment's requests", async () => {
    const faults = faultsWith({ path: "/*", kind: "error" });
    const { app } = faulted(faults);
    expect((await app.request("/staging/api/v1/states")).status).toBe(200);
    expect((await app.request("/production/api/v1/states")).status).toBe(200);
    expect(faults.list("test")[0]!.matched).toBe(0);
  });
});
