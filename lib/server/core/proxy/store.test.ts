import { afterEach, describe, expect, it, vi } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { isRefusal } from "@/lib/data-api/refusal";
import { checkRequest } from "@/lib/data-api/request-check";
import { STALE_HEADER } from "@/lib/data-api/response-meta";
import { type AnyOperation, operations } from "@/lib/data-api/registry";
import { type AuditTrail, createAuditTrail } from "../audit/audit-trail";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { createRateLimitBook } from "../rate-limit-book";
import { createResponseCache, type ResponseCache } from "../response-cache";
import type { ActiveKey } from "../session";
import { createMemoryStore } from "../shared/memory-store";
import { sharedStoreProfiles } from "../shared/testing";
import { type BrowserInit, browserRequest } from "../testing";
import type { Asking } from "./context";
import { auditOf } from "./audit";
import { lookInCache } from "./cache";
import type { Forwarding, ProxyDeps, ProxyTelemetry, Trace } from "./context";
import { storeRead, storeWrite } from "./store";

/**
 * The store stage on its own, over a real response cache (memory, and Redis when REDIS_URL is set) and a real audit
 * trail (SQLite, and PostgreSQL when DATABASE_URL is set): what a read's answer leaves in the cache and the answer the
 * browser gets, a body that breaks off, what a write makes stale, and a write's answer written onto its audit entry.
 */

const T0 = Date.parse("2026-11-21T18:00:00.000Z");
const DAY = 24 * 60 * 60_000;
const UPSTREAM_BASE = "http://sandbox.test/test/api/v1";
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
const OTHER_KEY = "fp-hill";
const ACTOR: Asking = {
  person: { id: "user-ann", email: "ann@valley.example", name: "Ann", twoFactorEnabled: false },
  session: { id: "session-ann", createdAt: "2026-11-21T17:00:00.000Z" },
  workspace: { id: "ws-valley", name: "Valley", slug: "valley", requireTwoFactor: false, keys: [] },
  membership: { id: "member-ann", role: "owner", salesRepUserId: null },
  needsTwoFactor: false,
  key: KEY,
};
const OLD = JSON.stringify({ Data: [{ PaymentInvoiceNum: "P-old" }] });
const NEW = JSON.stringify({ Data: [{ PaymentInvoiceNum: "P-new" }] });
const bytes = (text: string) => new TextEncoder().encode(text);
const telemetry = () =>
  ({ upstream: vi.fn(), cache: vi.fn(), answered: vi.fn(), failed: vi.fn() }) satisfies ProxyTelemetry;

/** An answer whose headers came and whose body gives `first`, then breaks off. */
function breaksOff(status: number, first = '{"Data":[', headers: Record<string, string> = {}): Response {
  let reads = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (reads++ === 0) controller.enqueue(bytes(first));
      else controller.error(new Error("socket closed"));
    },
  });
  return new Response(body, { status, headers });
}

/** What sendUpstream hands on: the answer, and its timeout's signal (fired, or not). */
const sent = (response: Response, timedOut = false) => ({
  response,
  timeout: timedOut ? AbortSignal.abort() : new AbortController().signal,
});

let time = T0;
function depsOf(cache: ResponseCache | undefined, extra: Partial<ProxyDeps> = {}): ProxyDeps {
  return {
    actors: { resolve: async () => undefined },
    cache,
    rateLimits: createRateLimitBook(createMemoryStore()),
    upstream: () => {
      throw new Error("the store stage sends nothing upstream");
    },
    timeoutMs: 5_000,
    staleIfErrorMs: DAY,
    now: () => time,
    ...extra,
  };
}
const forwardingOf = (
  deps: ProxyDeps,
  operation: AnyOperation,
  write?: Forwarding["write"],
): Omit<Forwarding, "request" | "version" | "segments" | "actor"> & { trace: Trace } => ({
  deps,
  key: KEY,
  workspaceId: "w1",
  operation,
  requestId: "rid",
  trace: { operation: operation.id, source: "upstream", cache: "miss" },
  write,
});

describe.each(sharedStoreProfiles())("the store stage's cache over $name", ({ open }) => {
  const closing: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((c) => c.close()));
  });

  async function setup(extra: Partial<ProxyDeps> = {}) {
    time = T0;
    const store = await open();
    closing.push(store);
    const cache = createResponseCache(store, { now: () => time, keepStaleMs: DAY });
    const deps = depsOf(cache, extra);
    const url = (path: string) => `${UPSTREAM_BASE}${path}`;
    /** An answer kept for a key and path, as a read before stored it. */
    const keep = async (path = "/payments", fingerprint = KEY.fingerprint, resource = "Payments", etag = 'W/"old"') => {
      await cache.store(await cache.lookup(fingerprint, url(path), resource), {
        status: 200,
        headers: { ETag: etag, "Content-Type": "application/json", "X-Request-Id": "up0" },
        body: bytes(OLD),
        etag,
        storedAt: time,
        freshUntil: time + 15_000,
        resource,
      });
    };
    const entry = async (path = "/payments", fingerprint = KEY.fingerprint, resource = "Payments") =>
      (await cache.lookup(fingerprint, url(path), resource)).entry;
    /** The cache stage's finding for a GET of /payments, now. */
    const copyOf = async (forwarding: ReturnType<typeof forwardingOf>, headers: Record<string, string> = {}) =>
      lookInCache(
        { ...forwarding, request: browserRequest("GET", "/api/v1/payments", { headers }) },
        new URL(url("/payments")),
      );
    return { cache, deps, keep, entry, copyOf };
  }

  describe("storeRead", () => {
    it("serves the cached body on a 304 to its revalidation, and keeps the copy fresh again with the 304's headers", async () => {
      const { deps, keep, entry, copyOf } = await setup();
      await keep();
      time += 20_000;
      const f = forwardingOf(deps, operations.listPayments);
      const copy = await copyOf(f);
      expect(copy.cached?.etag).toBe('W/"old"');
      const passed = { ETag: 'W/"old2"', "RateLimit-Remaining": "8", "X-Request-Id": "up1" };
      const answer = await storeRead(f, sent(new Response(null, { status: 304, headers: passed })), passed, copy);
      expect([
        answer.status,
        await answer.text(),
        answer.headers.get("ETag"),
        answer.headers.get("X-Request-Id"),
        answer.headers.get("Cache-Control"),
      ]).toEqual([200, OLD, 'W/"old2"', "rid", "private, no-store"]);
      // The 304 spent a request: its figures are the budget now, and the browser's meter is told.
      expect(answer.headers.get("RateLimit-Remaining")).toBe("8");
      expect(f.trace).toMatchObject({ source: "revalidated", cache: "revalidated" });
      expect(await entry()).toMatchObject({
        etag: 'W/"old2"',
        storedAt: T0 + 20_000,
        freshUntil: T0 + 35_000,
        headers: expect.objectContaining({ ETag: 'W/"old2"' }),
      });
      // Fresh again: the next request is answered from it.
      time += 14_999;
      expect((await copyOf(forwardingOf(deps, operations.listPayments))).fresh?.status).toBe(200);
    });

    it("answers 304 to the browser after revalidating, when its If-None-Match names the copy", async () => {
      const { deps, keep, copyOf } = await setup();
      await keep();
      time += 20_000;
      const f = forwardingOf(deps, operations.listPayments);
      const copy = await copyOf(f, { "If-None-Match": 'W/"old"' });
      const answer = await storeRead(f, sent(new Response(null, { status: 304 })), { "X-Request-Id": "up1" }, copy);
      expect([answer.status, await answer.text()]).toEqual([304, ""]);
    });

    it("passes a 304 to the browser's own ETag back as it is when nothing was cached", async () => {
      const { deps, entry, copyOf } = await setup();
      const f = forwardingOf(deps, operations.listPayments);
      const copy = await copyOf(f, { "If-None-Match": 'W/"browser"' });
      const answer = await storeRead(
        f,
        sent(new Response(null, { status: 304, headers: { ETag: 'W/"browser"' } })),
        { ETag: 'W/"browser"', "X-Request-Id": "up1" },
        copy,
      );
      expect([answer.status, await answer.text(), answer.headers.get("X-Request-Id")]).toEqual([304, "", "up1"]);
      expect(f.trace.source).toBe("upstream");
      expect(await entry()).toBeUndefined();
    });

    it("stores a 200 with its ETag, fresh for its operation's time, and answers it private, no-store", async () => {
      const { deps, entry, copyOf } = await setup();
      const f = forwardingOf(deps, operations.listPayments);
      const copy = await copyOf(f);
      const passed = {
        ETag: 'W/"new"',
        "Content-Type": "application/json",
        "X-Request-Id": "up1",
        "RateLimit-Remaining": "9",
      };
      const answer = await storeRead(f, sent(new Response(NEW, { status: 200, headers: passed })), passed, copy);
      expect(answer.status).toBe(200);
      expect(Object.fromEntries(answer.headers)).toEqual({
        etag: 'W/"new"',
        "content-type": "application/json",
        "x-request-id": "up1",
        "ratelimit-remaining": "9",
        "cache-control": "private, no-store",
      });
      expect(await answer.text()).toBe(NEW);
      const stored = await entry();
      expect(stored).toMatchObject({
        status: 200,
        etag: 'W/"new"',
        storedAt: T0,
        freshUntil: T0 + 15_000,
        resource: "Payments",
        headers: passed,
      });
      expect(new TextDecoder().decode(stored!.body)).toBe(NEW);
    });

    it("answers an empty 200 but does not store it", async () => {
      const { deps, entry, copyOf } = await setup();
      const f = forwardingOf(deps, operations.listPayments);
      const answer = await storeRead(
        f,
        sent(new Response(null, { status: 200, headers: { ETag: 'W/"empty"' } })),
        { ETag: 'W/"empty"', "X-Request-Id": "up1" },
        await copyOf(f),
      );
      expect([answer.status, await answer.text(), answer.headers.get("Cache-Control")]).toEqual([
        200,
        "",
        "private, no-store",
      ]);
      expect(await entry()).toBeUndefined();
    });

    it.each([
      {
        name: "502 when it broke off",
        timedOut: false,
        status: 502,
        error: "The Data API's answer broke off. Try again in a moment.",
      },
      {
        name: "504 when the timeout fired",
        timedOut: true,
        status: 504,
        error: "The Data API stopped answering within 5 s.",
      },
    ])("answers a 200 whose body breaks off with $name, storing nothing", async ({ timedOut, status, error }) => {
      const { deps, entry, copyOf } = await setup();
      const f = forwardingOf(deps, operations.listPayments);
      const answer = await storeRead(f, sent(breaksOff(200), timedOut), { "X-Request-Id": "up1" }, await copyOf(f));
      expect([answer.status, answer.headers.get("X-Request-Id"), answer.headers.get("Cache-Control")]).toEqual([
        status,
        "rid",
        "private, no-store",
      ]);
      expect(await answer.json()).toEqual({ Error: error });
      expect(await entry()).toBeUndefined();
    });

    it.each([
      { timedOut: false, reason: "unreachable" },
      { timedOut: true, reason: "timeout" },
    ])(
      "answers the last-known copy, marked $reason, when the body breaks off (timeout fired: $timedOut)",
      async ({ timedOut, reason }) => {
        const { deps, keep, entry, copyOf } = await setup();
        await keep();
        time += 60_000;
        const f = forwardingOf(deps, operations.listPayments);
        const copy = await copyOf(f);
        const answer = await storeRead(f, sent(breaksOff(200), timedOut), { "X-Request-Id": "up1" }, copy);
        expect([answer.status, await answer.text(), answer.headers.get(STALE_HEADER)]).toEqual([
          200,
          OLD,
          `${reason}; at=${new Date(T0).toISOString()}`,
        ]);
        expect(f.trace).toMatchObject({ source: "stale", cache: "stale" });
        // The copy is kept as it was.
        expect((await entry())?.storedAt).toBe(T0);
      },
    );

    it("answers 502 when the body breaks off and the copy is older than the request allows", async () => {
      const { deps, keep, copyOf } = await setup();
      await keep();
      time += 60_000;
      const f = forwardingOf(deps, operations.listPayments);
      const copy = await copyOf(f, { "Cache-Control": "stale-if-error=0" });
      expect((await storeRead(f, sent(breaksOff(200)), {}, copy)).status).toBe(502);
    });

    it.each([404, 429, 500])(
      "streams a %i as it comes, with the headers passed back, storing nothing",
      async (status) => {
        const { deps, keep, entry, copyOf } = await setup();
        await keep();
        time += 20_000;
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let reads = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (reads++ === 0) return controller.enqueue(bytes('{"Error":'));
            await gate;
            controller.enqueue(bytes('"Nope"}'));
            controller.close();
          },
        });
        const f = forwardingOf(deps, operations.listPayments);
        const copy = await copyOf(f);
        const answering = storeRead(
          f,
          sent(new Response(body, { status })),
          { "X-Request-Id": "up1", "Retry-After": "30" },
          copy,
        );
        // Answered before the body's end: the second part is held back until the answer is out.
        const out = await Promise.race([
          answering.then(() => true),
          new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
        ]);
        release();
        expect(out).toBe(true);
        const answer = await answering;
        expect([
          answer.status,
          answer.headers.get("Retry-After"),
          answer.headers.get("X-Request-Id"),
          answer.headers.get("Cache-Control"),
        ]).toEqual([status, "30", "up1", "private, no-store"]);
        expect(await answer.text()).toBe('{"Error":"Nope"}');
        expect((await entry())?.storedAt).toBe(T0);
      },
    );
  });

  describe("storeWrite", () => {
    const ALLOCATE = operations.createPaymentApplication;

    it("makes the resource's entries of the key stale on a 2xx, and no other key's or resource's", async () => {
      const { deps, keep, entry } = await setup();
      await keep("/payments");
      await keep("/payments/applications");
      await keep("/invoices", KEY.fingerprint, "Invoices");
      await keep("/payments", OTHER_KEY);
      const answer = await storeWrite(
        forwardingOf(deps, ALLOCATE),
        Response.json({ Data: { RequestID: 1 } }, { status: 201 }),
        { "X-Request-Id": "up1" },
      );
      expect([answer.status, answer.headers.get("Cache-Control")]).toEqual([201, "private, no-store"]);
      expect(await answer.json()).toEqual({ Data: { RequestID: 1 } });
      expect([await entry("/payments"), await entry("/payments/applications")]).toEqual([undefined, undefined]);
      expect(await entry("/invoices", KEY.fingerprint, "Invoices")).toBeDefined();
      expect(await entry("/payments", OTHER_KEY)).toBeDefined();
    });

    it.each([400, 409, 429, 500, 503])("keeps the entries on a %i", async (status) => {
      const { deps, keep, entry } = await setup();
      await keep("/payments");
      const answer = await storeWrite(forwardingOf(deps, ALLOCATE), Response.json({ Error: "No" }, { status }), {
        "X-Request-Id": "up1",
      });
      expect([answer.status, await answer.json()]).toEqual([status, { Error: "No" }]);
      expect(await entry("/payments")).toBeDefined();
    });

    it("makes the entries stale on a 2xx whose body then breaks off: the write may well have been made", async () => {
      const { deps, keep, entry } = await setup();
      await keep("/payments");
      const answer = await storeWrite(forwardingOf(deps, ALLOCATE), breaksOff(201), { "X-Request-Id": "up1" });
      expect(answer.status).toBe(201);
      await expect(answer.text()).rejects.toThrow();
      expect(await entry("/payments")).toBeUndefined();
    });

    it("passes a write's answer on without a cache configured", async () => {
      const answer = await storeWrite(
        forwardingOf(depsOf(undefined), ALLOCATE),
        Response.json({ Data: {} }, { status: 201 }),
        { Location: "/api/v1/payments/applications/1" },
      );
      expect([answer.status, answer.headers.get("Location")]).toEqual([201, "/api/v1/payments/applications/1"]);
    });
  });
});

describe.each(databaseProfiles())("the store stage's audit entries on $name", ({ open }) => {
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });

  /** A write recorded as the pipeline records it (the request checked, its entry written as it is sent). */
  async function recorded(
    method: string,
    path: string,
    init: BrowserInit = {},
    trail?: (audit: AuditTrail) => AuditTrail,
  ) {
    time = T0;
    const database = await open();
    opened.push(database);
    const real = createAuditTrail(database.db, () => new Date(time));
    const audit = trail ? trail(real) : real;
    const request = browserRequest(method, path, {
      ...init,
      headers: { "Idempotency-Key": "idem-1", ...init.headers },
    });
    const url = new URL(request.url);
    const [, , version, ...segments] = url.pathname.split("/");
    const checked = await checkRequest(request.clone(), version as Version, segments);
    if (isRefusal(checked)) throw new Error(`refused: ${JSON.stringify(checked.body)}`);
    const t = telemetry();
    const deps = depsOf(createResponseCache(createMemoryStore(), { now: () => time }), { audit, telemetry: t });
    const write = auditOf({ request, deps, actor: ACTOR, requestId: "rid" }, checked);
    if (!write) throw new Error("not a recorded write");
    await write.sending();
    const rows = () =>
      database.db
        .selectFrom("audit_events")
        .select(["result", "upstream_status", "request_id", "answer_json", "outcome"])
        .execute();
    return { forwarding: forwardingOf(deps, checked.operation, write), rows, telemetry: t, audit: real };
  }
  const ALLOCATE = "/api/v1/payments/applications?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7&Amount=1.00";

  it("writes a recorded write's answer onto its entry, and answers it as it came", async () => {
    const { forwarding, rows } = await recorded("POST", ALLOCATE);
    const body = JSON.stringify({ Data: { RequestID: 41, Status: "Pending" } });
    const answer = await storeWrite(
      forwarding,
      new Response(body, { status: 201, headers: { "X-Request-Id": "up41" } }),
      { "X-Request-Id": "up41" },
    );
    expect([answer.status, await answer.text(), answer.headers.get("Cache-Control")]).toEqual([
      201,
      body,
      "private, no-store",
    ]);
    const [row] = await rows();
    expect(row).toMatchObject({ result: "done", upstream_status: 201, request_id: "up41", outcome: "Pending" });
    expect(JSON.parse(row!.answer_json)).toEqual({ paymentRequestId: 41 });
  });

  it("writes a refusal of the API's onto the entry", async () => {
    const { forwarding, rows } = await recorded("POST", ALLOCATE);
    const answer = await storeWrite(
      forwarding,
      Response.json({ Error: { code: "INSUFFICIENT_BALANCE", detail: "Not enough." } }, { status: 400 }),
      {},
    );
    expect(answer.status).toBe(400);
    const [row] = await rows();
    expect(row).toMatchObject({ result: "refused", upstream_status: 400 });
    expect(JSON.parse(row!.answer_json)).toEqual({ errorCode: "INSUFFICIENT_BALANCE", errorDetail: "Not enough." });
  });

  it("answers a DELETE's 204 without a body, its entry done", async () => {
    const { forwarding, rows } = await recorded("DELETE", "/api/v2/purchases/PO-G1");
    const answer = await storeWrite(forwarding, new Response(null, { status: 204 }), { "X-Request-Id": "up1" });
    expect([answer.status, answer.body]).toEqual([204, null]);
    expect(await rows()).toEqual([
      expect.objectContaining({ result: "done", upstream_status: 204, outcome: "Deleted" }),
    ]);
  });

  it("answers 502 with the Idempotency-Key advice when a recorded write's answer breaks off, and records no status", async () => {
    const { forwarding, rows } = await recorded("POST", ALLOCATE);
    const answer = await storeWrite(forwarding, breaksOff(201, '{"Data":{"RequestID":41'), { "X-Request-Id": "up41" });
    expect([answer.status, answer.headers.get("X-Request-Id"), answer.headers.get("Cache-Control")]).toEqual([
      502,
      "rid",
      "private, no-store",
    ]);
    expect(((await answer.json()) as { Error: string }).Error).toMatch(
      /whether the write was done is not known.*same Idempotency-Key is safe/,
    );
    const [row] = await rows();
    // The request id the browser was told stays on the entry: the two can be matched up.
    expect(row).toMatchObject({ result: "unknown", upstream_status: null, request_id: "rid" });
    expect(JSON.parse(row!.answer_json)).toEqual({ errorDetail: expect.stringMatching(/did not answer/) });
  });

  it("answers the API's answer when the trail cannot take it, and tells the telemetry", async () => {
    const down = new Error("database away");
    const {
      forwarding,
      rows,
      telemetry: t,
    } = await recorded("POST", ALLOCATE, {}, (audit) => ({ ...audit, settle: () => Promise.reject(down) }));
    const answer = await storeWrite(forwarding, Response.json({ Data: { RequestID: 5 } }, { status: 201 }), {});
    expect(answer.status).toBe(201);
    expect(t.failed).toHaveBeenCalledExactlyOnceWith("audit answer not recorded", down, "rid");
    expect(await rows()).toEqual([expect.objectContaining({ result: "sent", upstream_status: null })]);
  });

  it("learns a recorded allocation's outcome from a read of the applications, and keeps the read's answer", async () => {
    const { forwarding, rows, audit } = await recorded("POST", ALLOCATE);
    await storeWrite(forwarding, Response.json({ Data: { RequestID: 41, Status: "Pending" } }, { status: 201 }), {});
    const read = forwardingOf(depsOf(undefined, { audit }), operations.listPaymentApplications);
    const body = JSON.stringify({
      Data: [
        { RequestID: 41, Status: "Confirmed" },
        { RequestID: 99, Status: "Rejected" },
      ],
    });
    const answer = await storeRead(
      read,
      sent(new Response(body, { status: 200 })),
      {},
      { lookup: undefined, cached: undefined, browserEtag: null, staleAllowanceMs: 0 },
    );
    expect(await answer.text()).toBe(body);
    expect(await rows()).toEqual([expect.objectContaining({ result: "done", outcome: "Confirmed" })]);
  });
});
