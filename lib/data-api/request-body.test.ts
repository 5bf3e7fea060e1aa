import { describe, expect, it } from "vitest";
import { isRefusal } from "./refusal";
import { MAX_BODY_BYTES, readJsonBody } from "./request-body";

const request = (body: BodyInit | null, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Request("http://sandbox.test/test/api/v2/purchases", { method: "POST", body, headers });

/** The status, the error code and the raw text kept of a refused body. */
async function refusal(req: Request): Promise<[number, string, string | undefined]> {
  const read = await readJsonBody(req);
  if (!isRefusal(read)) throw new Error(`expected a refusal, read ${read.raw}`);
  return [read.status, (read.body.Error as { code: string }).code, read.raw];
}

describe("readJsonBody", () => {
  it("answers the raw text and the parsed value", async () => {
    expect(await readJsonBody(request('{"po_num":"A-1"}'))).toEqual({
      raw: '{"po_num":"A-1"}',
      value: { po_num: "A-1" },
    });
  });

  it.each([["application/json; charset=utf-8"], ["application/merge-patch+json"], ["APPLICATION/JSON"]])(
    "takes Content-Type %s",
    async (type) => {
      expect(await readJsonBody(request("{}", { "Content-Type": type }))).toEqual({ raw: "{}", value: {} });
    },
  );

  it.each([
    ["415 for text/plain", request("{}", { "Content-Type": "text/plain" }), [415, "UNSUPPORTED_MEDIA_TYPE", undefined]],
    [
      "415 without a Content-Type",
      new Request("http://sandbox.test/x", { method: "POST", body: new Uint8Array([123, 125]) }),
      [415, "UNSUPPORTED_MEDIA_TYPE", undefined],
    ],
    ["400 for malformed JSON, with the text read", request("{po_num:"), [400, "MALFORMED_JSON", "{po_num:"]],
    ["400 for an empty body", request(""), [400, "BODY_REQUIRED", ""]],
    ["400 for a body of white space", request(" \n"), [400, "BODY_REQUIRED", " \n"]],
    [
      "413 past the limit",
      request(JSON.stringify({ memo: "x".repeat(MAX_BODY_BYTES) })),
      [413, "BODY_TOO_LARGE", undefined],
    ],
    [
      "413 when Content-Length says so",
      request("{}", { "Content-Type": "application/json", "Content-Length": String(MAX_BODY_BYTES + 1) }),
      [413, "BODY_TOO_LARGE", undefined],
    ],
  ])("refuses: %s", async (_, req, expected) => {
    expect(await refusal(req)).toEqual(expected);
  });

  it("names the type it refuses, and the type it wants", async () => {
    const read = await readJsonBody(
      request("po_num=1", { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" }),
    );
    expect(read).toEqual({
      refused: true,
      status: 415,
      headers: {},
      body: {
        Error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          detail: "Send the body as application/json, not application/x-www-form-urlencoded.",
        },
      },
    });
  });

  it("says why the text is not JSON", async () => {
    const read = await readJsonBody(request("{,}"));
    if (!isRefusal(read)) throw new Error("expected a refusal");
    expect(read.body).toEqual({
      Error: { code: "MALFORMED_JSON", detail: expect.stringMatching(/^The body is not valid JSON: .+/) as string },
    });
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
    const req = new Request("http://sandbox.test/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(req)).toEqual([413, "BODY_TOO_LARGE", undefined]);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(10);
  });
});
