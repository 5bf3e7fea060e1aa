import { afterEach, describe, expect, it, vi } from "vitest";
import { SandboxError } from "../handler";
import { stageApp } from "./testing";

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = "/test/api/v2/purchases";

describe("the pipeline's error stage", () => {
  it("answers a SandboxError in the API's shape, with its status and headers", async () => {
    const app = stageApp([], {}, () => {
      throw new SandboxError(
        409,
        { Error: { code: "PURCHASE_NOT_DRAFT", detail: "Only drafts can be edited." } },
        { "Retry-After": "5" },
      );
    });
    const res = await app.request(PATH);
    expect([res.status, res.headers.get("Content-Type"), res.headers.get("Retry-After")]).toEqual([
      409,
      "application/json; charset=utf-8",
      "5",
    ]);
    expect(await res.json()).toEqual({ Error: { code: "PURCHASE_NOT_DRAFT", detail: "Only drafts can be edited." } });
  });

  it("answers anything else 500, logged with the request's method, path and id, telling nothing of it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bug = new TypeError("cannot read properties of undefined");
    const app = stageApp([], {}, () => {
      throw bug;
    });
    const res = await app.request(PATH, { method: "POST" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ Error: "Unexpected server error" });
    expect(logged).toHaveBeenCalledExactlyOnceWith(`sandbox: POST ${PATH} failed (request stage0test)`, bug);
  });
});
