import { afterEach, describe, expect, it, vi } from "vitest";
import { STALE_HEADER } from "@/lib/data-api/response-meta";
import { type AnyOperation, operations } from "@/lib/data-api/registry";
import { createRateLimitBook } from "../rate-limit-book";
import { createResponseCache, type ResponseCache } from "../response-cache";
import type { ActiveKey } from "../session";
import { createMemoryStore } from "../shared/memory-store";
import type { SharedStore } from "../shared/shared-store";
import { sharedStoreProfiles } from "../shared/testing";
import { browserRequest } from "../testing";
import { freshUntil, fromCache, lastKnown, lookInCache } from "./cache";
import type { Forwarding, ProxyDeps, Trace } from "./context";

/**
 * The cache stage on its own, over a real response cache (memory, and Redis when REDIS_URL is set) on the stage's
 * clock: a fresh copy is the answer, a stale one goes on to be revalidated, the page may ask past a fresh copy, writes
 * never look; the last-known copy for when the API fails; and a cached answer as the browser gets it.
 */

const T0 = Date.parse("2026-11-21T18:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TARGET = new URL("http://sandbox.test/test/api/v1/payments");
const KEY: ActiveKey = {
  id: "key-1",
  fingerprint: "fp-valley",
  environment: "test",
  keyType: "Customer",
  label: "Valley",
  scope: { summary: "1 store" },
  hint: "demo",
  addedAt: "2026-11-01T00:00:00.000Z",
  lastUsedAt: null,
  apiKey: "test-customer-demo",
};
const BODY = JSON.stringify({ Data: [{ PaymentInvoiceNum: "P-1" }] });
/** Headers as the store stage keeps them (what passBack gave): the API's own, rate-limit figures of the time included. */
const STORED_HEADERS = {
  "Content-Type": "application/json",
  ETag: 'W/"v1"',
  "X-Request-Id": "up0",
  "RateLimit-Limit": "1000",
  "RateLimit-Remaining": "990",
  "RateLimit-Reset": "60",
};

describe.each(sharedStoreProfiles())("the cache stage over $name", ({ open }) => {
  const closing: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((c) => c.close()));
  });

  let time = T0;
  /** A stage's forwarding over a fresh cache (or the one given, or none), on a clock the test moves. */
  async function setup(options: { cache?: ResponseCache | null; staleIfErrorMs?: number } = {}) {
    time = T0;
    let cache = options.cache === null ? undefined : options.cache;
    if (options.cache === undefined) {
      const store = await open();
      closing.push(store);
      cache = createResponseCache(store, { now: () => time, keepStaleMs: DAY });
    }
    const deps: ProxyDeps = {
      actors: { resolve: async () => undefined },
      cache,
      rateLimits: createRateLimitBook(createMemoryStore()),
      upstream: () => {
        throw new Error("the cache stage sends nothing upstream");
      },
      timeoutMs: 5_000,
      staleIfErrorMs: options.staleIfErrorMs ?? DAY,
      now: () => time,
    };
    const forwarding = (
      operation: AnyOperation = operations.listPayments,
      requestId = "rid",
    ): Omit<Forwarding, "request" | "version" | "segments" | "actor"> & { trace: Trace } => ({
      deps,
      key: KEY,
      workspaceId: "w1",
      operation,
      requestId,
      trace: { operation: operation.id, source: "refused", cache: null },
      write: undefined,
    });
    /** Stores an answer for the key and TARGET as the store stage would: fresh for 15 s from now unless told. */
    const keep = async (entry: { etag?: string | null; freshForMs?: number } = {}) => {
      const lookup = await cache!.lookup(KEY.fingerprint, TARGET.href, "Payments");
      await cache!.store(lookup, {
        status: 200,
        headers: STORED_HEADERS,
        body: new TextEncoder().encode(BODY),
        etag: entry.etag === undefined ? 'W/"v1"' : entry.etag,
        storedAt: time,
        freshUntil: time + (entry.freshForMs ?? 15_000),
        resource: "Payments",
      });
    };
    return { deps, cache, forwarding, keep };
  }
  const get = (headers: Record<string, string> = {}) => browserRequest("GET", "/api/v1/payments", { headers });

  describe("lookInCache", () => {
    it("finds nothing in an empty cache: a miss, handed on", async () => {
      const { forwarding } = await setup();
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get() }, TARGET);
      expect([copy.fresh, copy.cached, copy.lookup?.available]).toEqual([undefined, undefined, true]);
      expect(f.trace).toEqual({ operation: "listPayments", source: "refused", cache: "miss" });
    });

    it("answers with a fresh copy: the body, without the stored rate-limit figures, with this request's id; trace cache/hit", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += 14_999;
      const f = forwarding(operations.listPayments, "rid2");
      const copy = await lookInCache({ ...f, request: get() }, TARGET);
      expect(copy.fresh?.status).toBe(200);
      expect(Object.fromEntries(copy.fresh!.headers)).toEqual({
        "content-type": "application/json",
        etag: 'W/"v1"',
        "x-request-id": "rid2",
        "cache-control": "private, no-store",
      });
      expect(await copy.fresh!.text()).toBe(BODY);
      expect(f.trace).toEqual({ operation: "listPayments", source: "cache", cache: "hit" });
    });

    it("answers 304 from a fresh copy to the browser's If-None-Match naming its ETag", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      const copy = await lookInCache({ ...forwarding(), request: get({ "If-None-Match": '"v1"' }) }, TARGET);
      expect([copy.fresh?.status, await copy.fresh?.text(), copy.browserEtag]).toEqual([304, "", '"v1"']);
    });

    it("hands a stale copy on (from the moment its freshness ends) with its ETag, the browser's ETag beside it", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += 15_000;
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get({ "If-None-Match": 'W/"browser"' }) }, TARGET);
      expect(copy.fresh).toBeUndefined();
      expect([copy.cached?.etag, copy.browserEtag, copy.lookup?.lastKnown?.etag]).toEqual([
        'W/"v1"',
        'W/"browser"',
        'W/"v1"',
      ]);
      expect(f.trace).toEqual({ operation: "listPayments", source: "refused", cache: "miss" });
    });

    it.each(["no-cache", "max-age=0", "private, no-cache", "max-age=0, stale-if-error=0", "NO-CACHE"])(
      "revalidates a fresh copy when the page sends Cache-Control: %s",
      async (value) => {
        const { forwarding, keep } = await setup();
        await keep();
        const f = forwarding();
        const copy = await lookInCache({ ...f, request: get({ "Cache-Control": value }) }, TARGET);
        expect(copy.fresh).toBeUndefined();
        expect(copy.cached?.etag).toBe('W/"v1"');
        expect(f.trace.cache).toBe("miss");
      },
    );

    it.each(["max-age=600", "max-age=00x", "no-store-ish"])(
      "still answers a fresh copy with Cache-Control: %s",
      async (value) => {
        const { forwarding, keep } = await setup();
        await keep();
        expect(
          (await lookInCache({ ...forwarding(), request: get({ "Cache-Control": value }) }, TARGET)).fresh?.status,
        ).toBe(200);
      },
    );

    it("never looks for a write: no lookup, trace bypass", async () => {
      const { cache, forwarding, keep } = await setup();
      await keep();
      const lookup = vi.spyOn(cache!, "lookup");
      const f = forwarding(operations.createPaymentApplication);
      const copy = await lookInCache(
        { ...f, request: browserRequest("POST", "/api/v1/payments/applications") },
        new URL("http://sandbox.test/test/api/v1/payments/applications"),
      );
      expect(lookup).not.toHaveBeenCalled();
      expect([copy.lookup, copy.cached, copy.fresh]).toEqual([undefined, undefined, undefined]);
      expect(f.trace.cache).toBe("bypass");
    });

    it("bypasses when no cache is configured", async () => {
      const { forwarding } = await setup({ cache: null });
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get() }, TARGET);
      expect([copy.lookup, copy.fresh]).toEqual([undefined, undefined]);
      expect(f.trace).toEqual({ operation: "listPayments", source: "refused", cache: "bypass" });
    });

    it("bypasses when the cache's store cannot be read", async () => {
      const memory = createMemoryStore();
      const failing: SharedStore = { ...memory, get: () => Promise.reject(new Error("store down")) };
      const { forwarding } = await setup({ cache: createResponseCache(failing, { now: () => time }) });
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get() }, TARGET);
      expect([copy.lookup?.available, copy.fresh]).toEqual([false, undefined]);
      expect(f.trace.cache).toBe("bypass");
    });

    it("takes the request's stale-if-error when it allows less than the configured allowance", async () => {
      const { forwarding } = await setup({ staleIfErrorMs: DAY });
      expect((await lookInCache({ ...forwarding(), request: get() }, TARGET)).staleAllowanceMs).toBe(DAY);
      expect(
        (
          await lookInCache(
            { ...forwarding(), request: get({ "Cache-Control": "no-cache, stale-if-error=60" }) },
            TARGET,
          )
        ).staleAllowanceMs,
      ).toBe(MINUTE);
      expect(
        (
          await lookInCache(
            { ...forwarding(), request: get({ "Cache-Control": `stale-if-error=${(2 * DAY) / 1000}` }) },
            TARGET,
          )
        ).staleAllowanceMs,
      ).toBe(DAY);
    });
  });

  describe("lastKnown", () => {
    it("answers the copy marked stale, with its age and why, up to the allowance; trace source/cache stale", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += 2 * MINUTE;
      const request = get({ "Cache-Control": "stale-if-error=120" });
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: request }, TARGET);
      const answer = lastKnown(f, copy, "unreachable");
      expect(answer?.status).toBe(200);
      expect(await answer!.text()).toBe(BODY);
      expect([
        answer!.headers.get(STALE_HEADER),
        answer!.headers.get("Age"),
        answer!.headers.get("X-Request-Id"),
        answer!.headers.get("RateLimit-Remaining"),
      ]).toEqual([`unreachable; at=${new Date(T0).toISOString()}`, "120", "rid", null]);
      expect(f.trace).toEqual({ operation: "listPayments", source: "stale", cache: "stale" });
    });

    it("answers nothing once the copy is older than the allowance, and leaves the trace as it was", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += 2 * MINUTE + 1;
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get({ "Cache-Control": "stale-if-error=120" }) }, TARGET);
      expect(lastKnown(f, copy, "api-error")).toBeUndefined();
      expect(f.trace).toEqual({ operation: "listPayments", source: "refused", cache: "miss" });
    });

    it("goes by the configured allowance when the request says none", async () => {
      const { forwarding, keep } = await setup({ staleIfErrorMs: 10 * MINUTE });
      await keep();
      time += 10 * MINUTE;
      const f = forwarding();
      expect(lastKnown(f, await lookInCache({ ...f, request: get() }, TARGET), "timeout")?.status).toBe(200);
      time += 1;
      const later = forwarding();
      expect(lastKnown(later, await lookInCache({ ...later, request: get() }, TARGET), "timeout")).toBeUndefined();
    });

    it("answers nothing with an allowance of 0, however new the copy (STALE_IF_ERROR_HOURS=0: never)", async () => {
      const { forwarding, keep } = await setup({ staleIfErrorMs: 0 });
      await keep();
      const f = forwarding();
      expect(
        lastKnown(f, await lookInCache({ ...f, request: get({ "Cache-Control": "no-cache" }) }, TARGET), "api-error"),
      ).toBeUndefined();
    });

    it("answers nothing when nothing was cached", async () => {
      const { forwarding } = await setup();
      const f = forwarding();
      expect(lastKnown(f, await lookInCache({ ...f, request: get() }, TARGET), "unreachable")).toBeUndefined();
      expect(f.trace.source).toBe("refused");
    });

    it("answers a copy a write has made invalid since: the last known, though never fresh again", async () => {
      const { cache, forwarding, keep } = await setup();
      await keep();
      await cache!.invalidate(KEY.fingerprint, ["Payments"]);
      const f = forwarding();
      const copy = await lookInCache({ ...f, request: get() }, TARGET);
      expect([copy.cached, copy.fresh]).toEqual([undefined, undefined]);
      expect(lastKnown(f, copy, "api-error")?.headers.get(STALE_HEADER)).toMatch(/^api-error; /);
    });

    it("passes on the failed answer's current rate-limit figures and request id, and when the budget returns", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += MINUTE;
      const f = forwarding();
      const upstream = new Headers({ "Retry-After": "30", "RateLimit-Remaining": "0", "X-Request-Id": "up429" });
      const answer = lastKnown(f, await lookInCache({ ...f, request: get() }, TARGET), "rate-limited", upstream);
      expect([
        answer?.headers.get("RateLimit-Remaining"),
        answer?.headers.get("Retry-After"),
        answer?.headers.get("X-Request-Id"),
        answer?.headers.get(STALE_HEADER),
      ]).toEqual([
        "0",
        "30",
        "up429",
        `rate-limited; at=${new Date(T0).toISOString()}; until=${new Date(time + 30_000).toISOString()}`,
      ]);
    });

    it("answers 304 when the browser's If-None-Match names the copy's ETag", async () => {
      const { forwarding, keep } = await setup();
      await keep();
      time += MINUTE;
      const f = forwarding();
      const answer = lastKnown(
        f,
        await lookInCache({ ...f, request: get({ "If-None-Match": 'W/"v1"' }) }, TARGET),
        "timeout",
      );
      expect([answer?.status, answer?.headers.get(STALE_HEADER)]).toEqual([
        304,
        `timeout; at=${new Date(T0).toISOString()}`,
      ]);
    });
  });
});

describe("freshUntil", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const at = (now: number) => ({ now: () => now });

  it.each([
    { name: "a working list (15 s)", operation: operations.listInvoices, expected: T0 + 15_000 },
    { name: "a record (30 s)", operation: operations.getInvoice, expected: T0 + 30_000 },
    { name: "reference data (5 min)", operation: operations.listStates, expected: T0 + 5 * MINUTE },
    {
      name: "AR aging (until the next UTC midnight)",
      operation: operations.listArAging,
      expected: Date.parse("2026-11-22T00:00:00.000Z"),
    },
  ])("keeps $name fresh from the deps' clock", ({ operation, expected }) => {
    expect(freshUntil(at(T0), operation)).toBe(expected);
  });

  it("uses the deps' clock, not the system's, and the system's only when it has none", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2030-01-01T00:00:00.000Z"));
    expect(freshUntil(at(T0), operations.listPayments)).toBe(T0 + 15_000);
    expect(freshUntil({}, operations.listPayments)).toBe(Date.parse("2030-01-01T00:00:15.000Z"));
  });
});

describe("fromCache", () => {
  const entry = (etag: string | null = 'W/"v1"') => ({
    headers: { ...STORED_HEADERS, "Retry-After": "5", "ratelimit-policy": "1000;w=3600" },
    body: new TextEncoder().encode(BODY),
    etag,
  });

  it("answers the body with the stored headers, less the rate-limit figures and Retry-After, with this request's id, private, no-store", async () => {
    const answer = fromCache(entry(), null, "rid");
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toEqual({
      "content-type": "application/json",
      etag: 'W/"v1"',
      "x-request-id": "rid",
      "cache-control": "private, no-store",
    });
    expect(await answer.text()).toBe(BODY);
  });

  it.each(['W/"v1"', '"v1"', 'W/"other", "v1"', "*"])(
    "answers 304 without a body to If-None-Match: %s",
    async (browserEtag) => {
      const answer = fromCache(entry(), browserEtag, "rid");
      expect([
        answer.status,
        await answer.text(),
        answer.headers.get("ETag"),
        answer.headers.get("X-Request-Id"),
        answer.headers.get("RateLimit-Remaining"),
      ]).toEqual([304, "", 'W/"v1"', "rid", null]);
    },
  );

  it.each(['W/"v2"', '"v1-"', ""])("answers the body to If-None-Match: %s", async (browserEtag) => {
    expect(fromCache(entry(), browserEtag, "rid").status).toBe(200);
  });

  it("answers the body to If-None-Match: * when the copy has no ETag", () => {
    expect(fromCache(entry(null), "*", "rid").status).toBe(200);
  });
});
