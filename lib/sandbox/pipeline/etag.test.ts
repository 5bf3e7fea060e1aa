import { describe, expect, it } from "vitest";
import { SandboxError } from "../handler";
import { etag, weakEtag } from "./etag";
import { stageApp } from "./testing";

const BODY = JSON.stringify({ Data: [{ State: "CA", StateName: "Califórnia" }] });
const page = () => new Response(BODY, { headers: { "Content-Type": "application/json; charset=utf-8" } });
const tagged = stageApp([etag()], {}, page);
const PATH = "/test/api/v1/states";

describe("weakEtag", () => {
  it("is a weak tag of the body's SHA-1, the same for its text and its UTF-8 bytes", () => {
    expect(weakEtag(BODY)).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag(new TextEncoder().encode(BODY))).toBe(weakEtag(BODY));
    expect(weakEtag(`${BODY} `)).not.toBe(weakEtag(BODY));
  });
});

describe("the ETag stage", () => {
  it("tags a GET answer, keeping its status, headers and body", async () => {
    const res = await tagged.request(PATH);
    expect([res.status, res.headers.get("ETag"), res.headers.get("Content-Type"), await res.text()]).toEqual([200, weakEtag(BODY), "application/json; charset=utf-8", BODY]);
  });

  it.each([[weakEtag(BODY)], [weakEtag(BODY).slice(2)], [`W/"other", ${weakEtag(BODY)}`], ["*"]])("answers If-None-Match %s with 304, an empty body and the ETag", async (sent) => {
    const res = await tagged.request(PATH, { headers: { "If-None-Match": sent } });
    expect([res.status, res.headers.get("ETag"), res.headers.get("Content-Type"), await res.text()]).toEqual([304, weakEtag(BODY), null, ""]);
  });

  it("answers in full when If-None-Match names another tag", async () => {
    const res = await tagged.request(PATH, { headers: { "If-None-Match": 'W/"other"' } });
    expect([res.status, await res.text()]).toEqual([200, BODY]);
  });

  it("leaves errors and writes untagged", async () => {
    const failing = stageApp([etag()], {}, () => {
      throw new SandboxError(404, { Error: "Location 99 not found" });
    });
    const missing = await failing.request("/test/api/v1/locations/99", { headers: { "If-None-Match": "*" } });
    expect([missing.status, missing.headers.get("ETag")]).toEqual([404, null]);
    const written = await tagged.request("/test/api/v2/purchases", { method: "POST", headers: { "If-None-Match": "*" } });
    expect([written.status, written.headers.get("ETag"), await written.text()]).toEqual([200, null, BODY]);
  });
});
