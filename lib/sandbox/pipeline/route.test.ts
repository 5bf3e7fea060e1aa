import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { MALFORMED_PATH } from "@/lib/data-api/request-check";
import { operations } from "@/lib/data-api/registry";
import type { ApiEnv } from "./context";
import { route } from "./route";
import { stageApp } from "./testing";

/** The route stage under `basePath`, answering what it set. */
function routed(basePath = "", v2 = true) {
  const stage = stageApp([route(basePath, v2)], {}, (c) =>
    Response.json({
      env: c.get("env"),
      versionPath: c.get("versionPath"),
      operation: c.get("operation").id,
      params: c.get("params"),
    }),
  );
  return basePath ? new Hono<ApiEnv>().basePath(basePath).route("/", stage) : stage;
}

describe("the route stage", () => {
  it("finds the operation, its raw path parameters, the environment and the version's base path", async () => {
    const res = await routed("/sandbox").request("/sandbox/production/api/v2/purchases/PO-1%2F2/submit", {
      method: "POST",
    });
    expect(await res.json()).toEqual({
      env: "production",
      versionPath: "/sandbox/production/api/v2",
      operation: operations.submitPurchase.id,
      params: { purchaseGlobalID: "PO-1/2" },
    });
  });

  it.each([
    ["/staging/api/v1/states"],
    ["/test/api/v3/states"],
    ["/test/api/v1/nope"],
    ["/test/api/v1/states/extra"],
    ["/test/api/v2/states"],
  ])("answers %s 404", async (path) => {
    const res = await routed().request(path);
    expect([res.status, await res.json()]).toEqual([404, { Error: "Not found" }]);
  });

  it.each([["/test/api/v1/customers/%"], ["/test/api/v2/purchases/%zz"], ["/test/api/v1/customers/%C3%28"]])(
    "answers %s 400 MALFORMED_PATH",
    async (path) => {
      const res = await routed().request(path);
      expect([res.status, await res.json()]).toEqual([400, MALFORMED_PATH]);
    },
  );

  it("without v2 (SANDBOX_V2=off), answers every v2 path 404 as a service without it would, and v1 as before", async () => {
    for (const [method, path] of [
      ["GET", "/test/api/v2/purchases"],
      ["GET", "/test/api/v2/purchases/PO-1"],
      ["POST", "/test/api/v2/purchases/validate"],
      ["GET", "/production/api/v2/purchaseTrans"],
    ] as const) {
      const res = await routed("", false).request(path, { method });
      expect([path, res.status, await res.json()]).toEqual([path, 404, { Error: "Not found" }]);
    }
    const v1 = await routed("", false).request("/test/api/v1/purchases");
    expect([v1.status, ((await v1.json()) as { operation: string }).operation]).toEqual([
      200,
      operations.listPurchases.id,
    ]);
    const on = await routed("", true).request("/test/api/v2/purchases");
    expect(on.status).toBe(200);
  });

  it("answers a method the path does not take 405, with Allow", async () => {
    const res = await routed().request("/test/api/v1/states", { method: "DELETE" });
    expect([res.status, res.headers.get("Allow"), await res.json()]).toEqual([
      405,
      "GET",
      { Error: "Method DELETE is not allowed here" },
    ]);
  });
});
