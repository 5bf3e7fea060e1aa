import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseStaleHeader } from "@/lib/data-api/response-meta";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest, type ProxyDeps } from ".";
import { createRequestLog } from "../request-log";
import { createResponseCache } from "../response-cache";
import { createMemoryStore } from "../shared/memory-store";
import { withNearCache } from "../shared/near-cache";
import type { SharedStore } from "../shared/shared-store";
import { sharedStoreProfiles } from "../shared/testing";
import { staleAllowanceMs, staleReasonOf } from "./stale";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  allocatable,
  createTestBackend,
  DEMO_KEYS,
  STALE_IF_ERROR_MS,
  type TestBackend,
} from "../testing";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const opened: { backend: TestBackend; store: SharedStore }[] = [];
afterEach(async () => {
  await sandbox.operator("DELETE", "/faults");
  await Promise.all(opened.splice(0).map(async ({ backend, store }) => Promise.all([backend.close(), store.close()])));
});

const HOUR = 60 * 60 * 1000;
const START = "2026-11-21T18:00:00.000Z";
const PAYMENTS = "/api/v1/payments?PageSize=5";

/** Fault rules of the sandbox's own (`PUT /operator/faults`): the Data API failing as a live one does. */
async function fault(...rules: Record<string, unknown>[]) {
  const { status } = await sandbox.operator("PUT", "/faults", { rules });
  expect(status).toBe(200);
}

describe.each(sharedStoreProfiles())("proxy: last-known answers (stale-if-error) on $name", (profile) => {
  /**
   * A backend whose response cache sits on the profile's store (as `lib/backend.ts` builds it: the near cache over
   * Redis), answered by the sandbox, with a session of the demo Customer key; `peer` is a second instance on the same
   * store and database.
   */
  async function setup(options: { timeoutMs?: number } = {}) {
    const store = await profile.open();
    // An allocation's target "I" owes enough: the balance stage lets the POST through to the fault.
    const backend = await createTestBackend(
      allocatable((request) => sandbox.runtime.app.fetch(request), { I: "10.00" }),
      options,
    );
    opened.push({ backend, store });
    const cacheOn = (on: SharedStore) =>
      createResponseCache(withNearCache(on), { now: backend.now, keepStaleMs: STALE_IF_ERROR_MS });
    backend.cache = cacheOn(store);
    const peer: ProxyDeps = { ...backend, cache: cacheOn(store.peer()) };
    const { cookie, fingerprint, keyId } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = (method: string, path: string, headers: Record<string, string> = {}, deps: ProxyDeps = backend) => {
      const url = new URL(path, BACKROOM);
      const [, , version, ...segments] = url.pathname.split("/");
      return proxyRequest(
        browserRequest(method, path, { cookie, headers }),
        version as "v1" | "v2",
        segments.map(decodeURIComponent),
        deps,
      );
    };
    return { backend, peer, send, fingerprint, keyId };
  }

  /** Reads a fresh answer into the cache, moves the clock past its freshness by `laterMs`, and answers its body. */
  async function cached(s: Awaited<ReturnType<typeof setup>>, laterMs = 60_000, path = PAYMENTS) {
    const first = await s.send("GET", path);
    expect(first.status).toBe(200);
    const body = await first.text();
    s.backend.advance(laterMs);
    return body;
  }

  it.each([
    { name: "a 429 (the key's hour spent)", rule: { kind: "rate-limit", retryAfter: 1800 }, reason: "rate-limited" },
    { name: "a 500", rule: { kind: "error" }, reason: "api-error" },
    {
      name: "a dropped connection (the answer lost after the request ran)",
      rule: { kind: "drop", when: "after" },
      reason: "unreachable",
    },
    {
      name: "a dropped connection (before the request ran)",
      rule: { kind: "drop", when: "before" },
      reason: "unreachable",
    },
    { name: "no answer within the timeout", rule: { kind: "timeout", latencyMs: 5_000 }, reason: "timeout" },
  ])("serves the cached answer on $name, with Age and X-Backroom-Stale", async ({ rule, reason }) => {
    const s = await setup({ timeoutMs: 100 });
    const body = await cached(s, 10 * 60_000);
    await fault({ method: "GET", path: "/api/v1/payments", ...rule });
    const response = await s.send("GET", PAYMENTS);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
    expect(response.headers.get("Age")).toBe("600");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const note = parseStaleHeader(response.headers.get("X-Backroom-Stale"));
    expect(note).toEqual({
      reason,
      at: START,
      ...(reason === "rate-limited"
        ? { until: new Date(Date.parse(START) + 10 * 60_000 + 1800_000).toISOString() }
        : {}),
    });
    // The budget as the failing answer gave it (the 429's spent one; the 500's as it stood: the sandbox's fault answers
    // carry the figures, as every answer does), never the figures the copy was stored with; a lost answer gives none.
    const remaining = response.headers.get("RateLimit-Remaining");
    if (reason === "api-error") expect(remaining).toMatch(/^\d+$/);
    else expect(remaining).toBe(reason === "rate-limited" ? "0" : null);
    // One more request was made upstream, and it failed.
    expect(s.backend.calls.map((c) => c.method)).toEqual(["GET", "GET"]);
  });

  it.each([
    { name: "a 429", rule: { kind: "rate-limit", retryAfter: 60 }, status: 429 },
    { name: "a 500", rule: { kind: "error" }, status: 500 },
    { name: "a dropped connection", rule: { kind: "drop", when: "before" }, status: 502 },
    { name: "no answer within the timeout", rule: { kind: "timeout", latencyMs: 5_000 }, status: 504 },
  ])("answers $name in the API's error shape when nothing is cached", async ({ rule, status }) => {
    const s = await setup({ timeoutMs: 100 });
    await fault({ method: "GET", path: "/api/v1/payments", ...rule });
    const response = await s.send("GET", PAYMENTS);
    expect(response.status).toBe(status);
    expect(response.headers.get("X-Backroom-Stale")).toBeNull();
    expect(typeof ((await response.json()) as { Error?: unknown }).Error).toBe("string");
  });

  it("never answers a write from the cache: a POST refused with 429 gets the 429", async () => {
    const s = await setup();
    await cached(s, 60_000, "/api/v1/payments/applications?PageSize=5");
    await fault({ method: "POST", path: "/api/v1/payments/applications", kind: "rate-limit", retryAfter: 120 });
    const response = await s.send(
      "POST",
      "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=50001&Amount=1",
      { "Idempotency-Key": "k-1" },
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("120");
    expect(response.headers.get("X-Backroom-Stale")).toBeNull();
  });

  it("answers the error when the copy is older than STALE_IF_ERROR_HOURS, and serves it at exactly that age", async () => {
    const s = await setup();
    await cached(s, STALE_IF_ERROR_MS);
    await fault({ method: "GET", path: "/api/v1/payments", kind: "error" });
    expect((await s.send("GET", PAYMENTS)).status).toBe(200);
    s.backend.advance(1_000);
    const response = await s.send("GET", PAYMENTS);
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Backroom-Stale")).toBeNull();
  });

  it("answers the error to a request that refuses a last-known copy (Cache-Control: stale-if-error=0), and keeps within a shorter allowance", async () => {
    const s = await setup();
    await cached(s, 10 * 60_000);
    await fault({ method: "GET", path: "/api/v1/payments", kind: "rate-limit" });
    expect((await s.send("GET", PAYMENTS, { "Cache-Control": "stale-if-error=0" })).status).toBe(429);
    expect((await s.send("GET", PAYMENTS, { "Cache-Control": "no-cache, stale-if-error=300" })).status).toBe(429);
    expect((await s.send("GET", PAYMENTS, { "Cache-Control": "no-cache, stale-if-error=900" })).status).toBe(200);
  });

  it("serves what another instance read (the shared cache)", async () => {
    const s = await setup();
    const body = await cached(s, HOUR);
    await fault({ method: "GET", path: "/api/v1/payments", kind: "rate-limit" });
    const response = await s.send("GET", PAYMENTS, {}, s.peer);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
    expect(parseStaleHeader(response.headers.get("X-Backroom-Stale"))?.at).toBe(START);
  });

  it("serves a copy a write has made out of date (dated as read), but never one of a key forgotten (sign-out)", async () => {
    const s = await setup();
    const body = await cached(s, 60_000);
    await s.backend.cache!.invalidate(s.fingerprint, ["Payments"]);
    await fault({ method: "GET", path: "/api/v1/payments", kind: "error" });
    const afterWrite = await s.send("GET", PAYMENTS);
    expect([afterWrite.status, await afterWrite.text()]).toEqual([200, body]);
    await s.backend.cache!.forgetKey(s.fingerprint);
    expect((await s.send("GET", PAYMENTS)).status).toBe(500);
  });

  it("notes a last-known answer in the request log as stale, with the failed request's id", async () => {
    const s = await setup();
    const requestLog = createRequestLog(createMemoryStore());
    s.backend.requestLog = requestLog;
    await cached(s);
    await fault({ method: "GET", path: "/api/v1/payments", kind: "rate-limit" });
    const response = await s.send("GET", PAYMENTS);
    const [last] = await requestLog.recent([s.keyId]);
    expect(last).toMatchObject({
      source: "stale",
      status: 200,
      operation: "listPayments",
      requestId: response.headers.get("X-Request-Id"),
    });
    expect(response.headers.get("X-Request-Id")).toBe(s.backend.calls.at(-1)!.headers.get("X-Request-Id"));
  });

  it("answers an ordinary cache hit without the rate-limit figures it was stored with (they were the budget then)", async () => {
    const s = await setup();
    const first = await s.send("GET", PAYMENTS);
    expect(first.headers.get("RateLimit-Remaining")).not.toBeNull();
    const hit = await s.send("GET", PAYMENTS);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("RateLimit-Remaining")).toBeNull();
    expect(s.backend.calls).toHaveLength(1);
  });
});

describe("stale-if-error: the rules", () => {
  it.each([
    [429, "rate-limited"],
    [500, "api-error"],
    [503, "api-error"],
    [404, undefined],
    [400, undefined],
    [401, undefined],
    [200, undefined],
  ])("an upstream %i is %s", (status, reason) => {
    expect(staleReasonOf(status)).toBe(reason);
  });

  it.each([
    ["", 1000],
    ["no-cache", 1000],
    ["stale-if-error=0", 0],
    ["no-cache, stale-if-error=0", 0],
    ['stale-if-error="2"', 1000],
    ["Stale-If-Error = 0.5", 1000],
    ["max-stale=0", 1000],
  ])("Cache-Control %j allows %i ms of a 1000 ms allowance", (value, allowed) => {
    expect(staleAllowanceMs(new Headers(value ? { "Cache-Control": value } : {}), 1000)).toBe(allowed);
  });
});
