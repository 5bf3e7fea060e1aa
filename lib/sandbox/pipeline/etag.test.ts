import { describe, expect, it } from "vitest";
import { SandboxError } from "../handler";
import { etag, weakEtag } from "./etag";
import { stageApp } from "./testing";

const BODY = JSON.stringify({ Data: [{ State: "CA", StateName: "Califórnia" }] });
const TAG = weakEtag(BODY);
/** A read's answer as the handler stage makes it: JSON, tagged. */
const page = () => new Response(BODY, { headers: { "Content-Type": "application/json; charset=utf-8", ETag: TAG } });
const tagged = stageApp([etag()], {}, page);
const PATH = "/test/api/v1/states";

describe("weakEtag", () => {
  it("is a weak tag of the body's SHA-1, the same for its text and its UTF-8 bytes", () => {
    expect(TAG).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag(new TextEncoder().encode(BODY))).toBe(TAG);
    expect(weakEtag(`${BODY} `)).not.toBe(TAG);
  });
});

describe("the ETag stage", () => {
  it("passes a tagged GET answer through when the request names no tag", async () => {
    const res = await tagged.request(PATH);
    expect([res.status, res.headers.get("ETag"), res.headers.get("Content-Type"), await res.text()]).toEqual([
      200,
      TAG,
      "application/json; charset=utf-8",
      BODY,
    ]);
  });

  it.each([[TAG], [TAG.slice(2)], [`W/"other", ${TAG}`], ["*"]])(
    "answers If-None-Match %s with 304, an empty body and the ETag",
    async (sent) => {
      const res = await tagged.request(PATH, { headers: { "If-None-Match": sent } });
      expect([res.status, res.headers.get("ETag"), res.headers.get("Content-Type"), await res.text()]).toEqual([
        304,
        TAG,
        null,
        "",
      ]);
    },
  );

  it("answers in full when If-None-Match names another tag", async () => {
    const res = await tagged.request(PATH, { headers: { "If-None-Match": 'W/"other"' } });
    expect([res.status, await res.text()]).toEqual([200, BODY]);
  });

  it("leaves errors, writes and untagged answers as they are", async () => {
    const failing = stageApp([etag()], {}, () => {
      throw new SandboxError(404, { Error: "Location 99 not found" });
    });
    const missing = await failing.request("/test/api/v1/locations/99", { headers: { "If-None-Match": "*" } });
    expect([missing.status, missing.headers.get("ETag")]).toEqual([404, null]);
    const written = await tagged.request("/test/api/v2/purchases", {
      method: "POST",
      headers: { "If-None-Match": "*" },
    });
    expect([written.status, await written.text()]).toEqual([200, BODY]);
    const untagged = stageApp([etag()], {}, () => new Response(BODY));
    expect((await untagged.request(PATH, { headers: { "If-None-Match": "*" } })).status).toBe(200);
  });
});
