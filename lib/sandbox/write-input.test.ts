import { describe, expect, it } from "vitest";
import { SandboxError } from "./handler";
import { MAX_BODY_BYTES, parsePrefer, readJsonBody } from "./write-input";

const request = (body: BodyInit | null, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Request("http://sandbox.test/test/api/v2/purchases", { method: "POST", body, headers });

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof SandboxError)) throw new Error(`expected a SandboxError, got ${String(error)}`);
  return [error.status, (error.body.Error as { code: string }).code];
}

describe("parsePrefer", () => {
  it.each([
    [null, { minimal: false, representation: false, lenient: false }],
    ["return=minimal", { minimal: true, representation: false, lenient: false }],
    ["return=representation", { minimal: false, representation: true, lenient: false }],
    ["handling=lenient, return=minimal", { minimal: true, representation: false, lenient: true }],
    ['Return="minimal"; foo=bar,HANDLING=lenient', { minimal: true, representation: false, lenient: true }],
    ["handling=strict, respond-async", { minimal: false, representation: false, lenient: false }],
  ])("reads %j", (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });
});

describe("readJsonBody", () => {
  it("answers the raw text and the parsed value", async () => {
    expect(await readJsonBody(request('{"po_num":"A-1"}'))).toEqual({ raw: '{"po_num":"A-1"}', value: { po_num: "A-1" } });
  });

  it.each([
    ["application/json; charset=utf-8"],
    ["application/merge-patch+json"],
  ])("takes Content-Type %s", async (type) => {
    expect((await readJsonBody(request("{}", { "Content-Type": type }))).value).toEqual({});
  });

  it.each([
    ["415 for text/plain", request("{}", { "Content-Type": "text/plain" }), [415, "UNSUPPORTED_MEDIA_TYPE"]],
    ["415 without a Content-Type", new Request("http://sandbox.test/x", { method: "POST", body: new Uint8Array([123, 125]) }), [415, "UNSUPPORTED_MEDIA_TYPE"]],
    ["400 for malformed JSON", request("{po_num:"), [400, "MALFORMED_JSON"]],
    ["400 for an empty body", request(""), [400, "BODY_REQUIRED"]],
    ["413 past the limit", request(JSON.stringify({ memo: "x".repeat(MAX_BODY_BYTES) })), [413, "BODY_TOO_LARGE"]],
    ["413 when Content-Length says so", request("{}", { "Content-Type": "application/json", "Content-Length": String(MAX_BODY_BYTES + 1) }), [413, "BODY_TOO_LARGE"]],
  ])("refuses: %s", async (_, req, expected) => {
    expect(await refusal(readJsonBody(req))).toEqual(expected);
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://sandbox.test/x", { method: "POST", body: stream, headers: { "Content-Type": "application/json" }, duplex: "half" } as RequestInit);
    expect(await refusal(readJsonBody(req))).toEqual([413, "BODY_TOO_LARGE"]);
    expect(pulled).toBeLessThan(10);
  });
});
