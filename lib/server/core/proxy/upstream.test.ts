import { describe, expect, it, vi } from "vitest";
import { checkRequest, type CheckedRequest } from "@/lib/data-api/request-check";
import { isRefusal } from "@/lib/data-api/refusal";
import type { ProxyTelemetry } from "./context";
import { fetchWithin, passBack, readWhole, sendUpstream, upstreamHeaders, waited } from "./upstream";

const BASE = "https://api.example/test/api/v1";

/** A browser's request, checked as the proxy checks it. */
async function checked(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ request: Request; checked: CheckedRequest }> {
  const request = new Request(`http://backroom.test/api${path}`, { method, headers, body });
  const result = await checkRequest(
    request.clone(),
    path.startsWith("/v2") ? "v2" : "v1",
    new URL(request.url).pathname.split("/").slice(3),
  );
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.body)}`);
  return { request, checked: result };
}

const BROWSER = {
  Cookie: "backroom_session=x",
  "User-Agent": "test",
  Prefer: "return=minimal",
  "Idempotency-Key": "k1",
  "If-None-Match": 'W/"browser"',
};

describe("upstreamHeaders", () => {
  it("sends a read the key, Accept, the request id and the ETag being revalidated, nothing of the browser's", async () => {
    const { request, checked: read } = await checked("GET", "/v1/invoices", BROWSER);
    const headers = upstreamHeaders("api-key", request, read, "rid1", 'W/"ours"');
    expect(Object.fromEntries(headers)).toEqual({
      "x-api-key": "api-key",
      accept: "application/json",
      "x-request-id": "rid1",
      "if-none-match": 'W/"ours"',
    });
  });

  it("sends a write its body's type, and the browser's Idempotency-Key and Prefer", async () => {
    const body = JSON.stringify({
      vendor_id: 3,
      to_location_id: 1,
      supplier_id: 12,
      delivery_date: "2026-12-01",
      po_num: "PO-1",
    });
    const { request, checked: write } = await checked(
      "POST",
      "/v2/purchases",
      { ...BROWSER, "Content-Type": "application/json; charset=utf-8" },
      body,
    );
    const headers = upstreamHeaders("api-key", request, write, "rid2", null);
    expect(Object.fromEntries(headers)).toEqual({
      "x-api-key": "api-key",
      accept: "application/json",
      "x-request-id": "rid2",
      "content-type": "application/json",
      "idempotency-key": "k1",
      prefer: "return=minimal",
    });
  });
});

describe("passBack", () => {
  it("passes the API's own headers back, moves Location to /api/{version} and keeps the proxy's request id when the API sent none", () => {
    const upstream = new Headers({
      ETag: 'W/"1"',
      "RateLimit-Remaining": "9",
      "Set-Cookie": "a=b",
      Server: "x",
      Location: "https://api.example/test/api/v2/purchases/PO-1",
    });
    expect(passBack(upstream, BASE, "v2", "rid")).toEqual({
      ETag: 'W/"1"',
      "RateLimit-Remaining": "9",
      "X-Request-Id": "rid",
      Location: "/api/v2/purchases/PO-1",
    });
  });

  it("drops a Location outside the upstream base", () => {
    expect(
      passBack(
        new Headers({ Location: "https://evil.example/test/api/v1/x", "X-Request-Id": "up" }),
        BASE,
        "v1",
        "rid",
      ),
    ).toEqual({ "X-Request-Id": "up" });
  });
});

describe("sendUpstream", () => {
  const telemetry = () =>
    ({ upstream: vi.fn(), cache: vi.fn(), answered: vi.fn(), failed: vi.fn() }) satisfies ProxyTelemetry;
  const call = (
    fetch: (request: Request) => Promise<Response>,
    t: ProxyTelemetry,
    signal = new AbortController().signal,
    timeoutMs = 1_000,
  ) =>
    sendUpstream({
      upstream: { v1Base: BASE, fetch },
      target: new URL(`${BASE}/states`),
      method: "GET",
      headers: new Headers(),
      body: undefined,
      signal,
      timeoutMs,
      operation: "listStates",
      requestId: "rid",
      telemetry: t,
    });

  it("answers the API's answer, its status told", async () => {
    const t = telemetry();
    const sent = await call(async () => new Response("{}", { status: 429 }), t);
    expect("response" in sent && sent.response.status).toBe(429);
    expect(t.upstream).toHaveBeenCalledWith("listStates", "429", expect.any(Number));
  });

  it.each([
    [
      "an API that cannot be reached: 502",
      () => Promise.reject(new TypeError("fetch failed")),
      502,
      "unreachable",
      /could not be reached/,
    ],
    [
      "no answer in time: 504",
      (request: Request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
      504,
      "timeout",
      /did not answer within 50 ms/,
    ],
    [
      // A fetch that never looks at its signal (nor holds it): the call still ends at its deadline.
      "no answer in time from a fetch deaf to its signal: 504",
      () => new Promise<Response>(() => undefined),
      504,
      "timeout",
      /did not answer within 50 ms/,
    ],
  ])("answers %s", async (_, fetch, status, told, error) => {
    const t = telemetry();
    const sent = await call(fetch, t, new AbortController().signal, 50);
    if (!("failed" in sent)) throw new Error("expected a failure");
    expect([
      sent.failed.status,
      sent.failed.headers.get("X-Request-Id"),
      sent.failed.headers.get("Cache-Control"),
    ]).toEqual([status, "rid", "private, no-store"]);
    expect(((await sent.failed.json()) as { Error: string }).Error).toMatch(error);
    expect(t.upstream).toHaveBeenCalledWith("listStates", told, expect.any(Number));
  });

  it("answers 499 when the browser left", async () => {
    const browser = new AbortController();
    const sent = call(
      (request) =>
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
      telemetry(),
      browser.signal,
    );
    browser.abort();
    const result = await sent;
    expect("failed" in result && result.failed.status).toBe(499);
  });
});

describe("fetchWithin", () => {
  it("ends a call that gets no answer in a TimeoutError, even from a fetch deaf to its signal", async () => {
    const send = fetchWithin(() => new Promise<Response>(() => undefined), 20);
    await expect(send(`${BASE}/states`)).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("passes the answer on, and the caller's own signal still cancels", async () => {
    const send = fetchWithin(async (request) => new Response(request.url), 1_000);
    expect(await (await send(`${BASE}/states`)).text()).toBe(`${BASE}/states`);
    const caller = new AbortController();
    caller.abort(new Error("left"));
    await expect(
      fetchWithin(() => new Promise<Response>(() => undefined), 1_000)(`${BASE}/states`, { signal: caller.signal }),
    ).rejects.toThrow("left");
  });
});

describe("readWhole and waited", () => {
  it("reads a body whole, or tells that it broke off", async () => {
    expect(await readWhole(new Response("abc"))).toEqual(new TextEncoder().encode("abc"));
    const broken = new Response(new ReadableStream({ start: (controller) => controller.error(new Error("reset")) }));
    expect(await readWhole(broken)).toBeUndefined();
  });

  it.each([
    [50, "50 ms"],
    [999, "999 ms"],
    [1_000, "1 s"],
    [30_000, "30 s"],
  ])("says %i ms as %s", (ms, text) => {
    expect(waited(ms)).toBe(text);
  });
});
