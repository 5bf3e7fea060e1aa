import { describe, expect, it } from "vitest";
import { SandboxError } from "../handler";
import { requestId } from "./request-id";
import { stageApp } from "./testing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PATH = "/test/api/v1/states";

describe("the request-id stage", () => {
  it("echoes a caller's short alphanumeric X-Request-Id, and tells the stages after it", async () => {
    const app = stageApp([requestId()], {}, (c) => Response.json({ seen: c.get("requestId") }));
    const res = await app.request(PATH, { headers: { "X-Request-Id": "abc123XYZ" } });
    expect(res.headers.get("X-Request-Id")).toBe("abc123XYZ");
    expect(await res.json()).toEqual({ seen: "abc123XYZ" });
  });

  it.each([[undefined], ["not valid!"], ["x".repeat(65)]])(
    "makes a UUID in place of %j, a new one each time",
    async (sent) => {
      const app = stageApp([requestId()]);
      const ids = [];
      for (let i = 0; i < 2; i++)
        ids.push(
          (await app.request(PATH, { headers: sent ? { "X-Request-Id": sent } : {} })).headers.get("X-Request-Id"),
        );
      expect(ids[0]).toMatch(UUID);
      expect(ids[1]).toMatch(UUID);
      expect(ids[0]).not.toBe(ids[1]);
    },
  );

  it("puts it on an error's answer and on an answer made without it", async () => {
    const failing = stageApp([requestId()], {}, () => {
      throw new SandboxError(404, { Error: "Not found" });
    });
    const error = await failing.request(PATH, { headers: { "X-Request-Id": "e1" } });
    expect([error.status, error.headers.get("X-Request-Id")]).toEqual([404, "e1"]);
    const bare = stageApp([requestId()], {}, () => new Response(null, { status: 204 }));
    expect((await bare.request(PATH, { headers: { "X-Request-Id": "b1" } })).headers.get("X-Request-Id")).toBe("b1");
  });
});
