import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { MAX_BODY_BYTES } from "@/lib/data-api/request-body";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { type ProxyTelemetry, proxyRequest, proxyRoute } from ".";
import type { LoggedRequest } from "@/lib/session/request-log-view";
import { createRequestLog } from "../request-log";
import { createMemoryStore } from "../shared/memory-store";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  allocatable,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  signUp,
  type TestBackend,
  writesOf,
  UPSTREAM,
} from "../testing";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const backends: TestBackend[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

type Answer = (request: Request) => Response | Promise<Response>;
const toSandbox: Answer = (request) => sandbox.runtime.app.fetch(request);

/** A backend answered by `answer` (the sandbox unless given), with a session holding the demo key of `type`. */
async function connected(
  type: keyof typeof DEMO_KEYS = "Customer",
  answer: Answer = toSandbox,
  options: { timeoutMs?: number } = {},
) {
  const backend = await createTestBackend(answer, options);
  backends.push(backend);
  const { cookie, keyId, fingerprint } = await connectKey(backend, DEMO_KEYS[type], type);
  /** A request through the proxy's route, as the route file at /api/{version}/[...path] serves it. */
  const send = (method: string, path: string, init: BrowserInit = {}, as = cookie) => {
    const version = new URL(path, BACKROOM).pathname.split("/")[2] as Version;
    return proxyRoute(version)(browserRequest(method, path, { cookie: as, ...init }), backend);
  };
  return { backend, cookie, keyId, fingerprint, send };
}

const json = async (response: Response) =>
  (await response.json()) as Record<string, unknown> & { Error?: unknown; Data?: Record<string, unknown>[] };
const errorCode = async (response: Response) => ((await json(response)).Error as { code?: string }).code;
const list = (records: unknown[] = []) => Response.json({ Data: records, Page: 1, PageSize: 50, HasNextPage: false });
/** The API's own answer to a request made directly with a demo key, at the address the proxy uses; a text body is sent as it is, with `extra` headers. */
async function direct(
  method: string,
  path: string,
  type: keyof typeof DEMO_KEYS,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { "x-api-key": DEMO_KEYS[type], ...extra };
  if (body !== undefined && typeof body !== "string") headers["Content-Type"] = "application/json";
  const response = await sandbox.runtime.app.fetch(
    new Request(`${UPSTREAM}/test/api${path}`, {
      method,
      headers,
      body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}
/** An upstream that never answers: it fails only when its request is aborted. */
const never: Answer = (request) =>
  new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason));
  });

describe("proxy: requests refused before anything goes upstream", () => {
  it.each([
    {
      name: "GET when nobody is signed in answers 401 NOT_SIGNED_IN",
      method: "GET",
      path: "/api/v1/invoices",
      init: {},
      cookie: "",
      status: 401,
      code: "NOT_SIGNED_IN",
    },
    {
      name: "GET with a session token better-auth never issued answers 401 NOT_SIGNED_IN",
      method: "GET",
      path: "/api/v1/invoices",
      init: {},
      cookie: `backroom.session_token=${"Z".repeat(32)}.${"s".repeat(43)}`,
      status: 401,
      code: "NOT_SIGNED_IN",
    },
    {
      name: "a cross-site POST answers 403",
      method: "POST",
      path: "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=1&Amount=1",
      init: { site: "cross-site" },
      status: 403,
    },
    {
      name: "a DELETE with another site's Origin answers 403",
      method: "DELETE",
      path: "/api/v2/purchases/PO-1",
      init: { site: null, headers: { Origin: "https://evil.example" } },
      status: 403,
    },
    {
      name: "a cross-site POST without a session answers 403, not 401",
      method: "POST",
      path: "/api/v2/purchases",
      init: { site: "cross-site", json: {} },
      cookie: "",
      status: 403,
    },
    {
      name: "GET of a path outside the registry answers 404",
      method: "GET",
      path: "/api/v1/nowhere",
      init: {},
      status: 404,
    },
    {
      name: "GET with an extra segment answers 404",
      method: "GET",
      path: "/api/v1/invoices/1/extra",
      init: {},
      status: 404,
    },
    { name: "GET of a v1 path under v2 answers 404", method: "GET", path: "/api/v2/invoices", init: {}, status: 404 },
    {
      name: "GET of the sandbox's operator endpoints answers 404",
      method: "GET",
      path: "/api/v1/operator/faults",
      init: {},
      status: 404,
    },
  ])("$name", async ({ method, path, init, cookie, status, code }) => {
    const { backend, send } = await connected();
    const response = await send(method, path, init, cookie);
    expect(response.status).toBe(status);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { Error: error } = await json(response);
    // Who is asking is a refusal a page acts on (its code); the proxy's own contract refusals are the API's words.
    if (code) expect(error).toEqual({ code, detail: expect.any(String) });
    else expect(typeof error).toBe("string");
    expect(backend.calls).toHaveLength(0);
  });

  it("refuses a real session token whose signature was changed (401), and reads nothing upstream", async () => {
    const { backend, cookie, send } = await connected();
    const forged = cookie.replace(
      /(backroom\.session_token=[^.;]+\.)([^;]+)/,
      (_all, token: string) => `${token}${"A".repeat(43)}`,
    );
    expect(forged).not.toBe(cookie);
    const response = await send("GET", "/api/v1/invoices", {}, forged);
    expect([response.status, await errorCode(response)]).toEqual([401, "NOT_SIGNED_IN"]);
    expect(backend.calls).toHaveLength(0);
  });
});

describe("proxy: who is asking", () => {
  /** A backend answered by a list, and a person signed in who owns a workspace holding the demo Customer key. */
  async function setup() {
    const backend = await createTestBackend(() => list());
    backends.push(backend);
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = (cookie: string, method = "GET", path = "/api/v1/invoices") =>
      proxyRoute("v1")(browserRequest(method, path, { cookie }), backend);
    return { backend, owner, send };
  }
  const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM });

  it("answers 403 NO_WORKSPACE to a person signed in who works in no workspace, and sends nothing upstream", async () => {
    const { backend, send } = await setup();
    const { cookie } = await signUp(backend);
    const response = await send(cookie);
    expect([response.status, await errorCode(response)]).toEqual([403, "NO_WORKSPACE"]);
    expect(backend.calls).toHaveLength(0);
  });

  it("answers 409 NO_KEY in a workspace that holds no key yet", async () => {
    const { backend, send } = await setup();
    const { cookie } = await signUp(backend);
    const workspace = await backend.auth.api.createOrganization({
      body: { name: "Keyless", slug: "keyless" },
      headers: asPerson(cookie),
    });
    await backend.auth.api.setActiveOrganization({
      body: { organizationId: workspace!.id },
      headers: asPerson(cookie),
    });
    const response = await send(cookie);
    expect([response.status, await errorCode(response)]).toEqual([409, "NO_KEY"]);
    expect(backend.calls).toHaveLength(0);
  });

  it("answers 403 TWO_FACTOR_REQUIRED to a member without two factors once the workspace requires them", async () => {
    const { backend, owner, send } = await setup();
    expect((await send(owner.cookie)).status).toBe(200);
    await backend.auth.api.updateOrganization({
      body: { organizationId: owner.workspaceId, data: { requireTwoFactor: true } },
      headers: asPerson(owner.cookie),
    });
    const response = await send(owner.cookie);
    expect([response.status, await errorCode(response)]).toEqual([403, "TWO_FACTOR_REQUIRED"]);
    expect(backend.calls).toHaveLength(1);
  });

  it("answers 403 NO_WORKSPACE to a member removed from the workspace, on their next request", async () => {
    const { backend, owner, send } = await setup();
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await send(viewer.cookie)).status).toBe(200);
    await backend.auth.api.removeMember({
      body: { organizationId: owner.workspaceId, memberIdOrEmail: viewer.memberId },
      headers: asPerson(owner.cookie),
    });
    const response = await send(viewer.cookie);
    expect([response.status, await errorCode(response)]).toEqual([403, "NO_WORKSPACE"]);
    expect(backend.calls).toHaveLength(1);
  });

  it("answers 401 NOT_SIGNED_IN once the person signed out, with the same cookie", async () => {
    const { backend, owner, send } = await setup();
    expect((await send(owner.cookie)).status).toBe(200);
    await backend.auth.api.signOut({ headers: asPerson(owner.cookie) });
    const response = await send(owner.cookie);
    expect([response.status, await errorCode(response)]).toEqual([401, "NOT_SIGNED_IN"]);
    expect(backend.calls).toHaveLength(1);
  });

  it("sends every member of a workspace's requests upstream with the workspace's one key", async () => {
    const { backend, owner, send } = await setup();
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await send(owner.cookie, "GET", "/api/v1/invoices?PageSize=1")).status).toBe(200);
    expect((await send(viewer.cookie, "GET", "/api/v1/invoices?PageSize=2")).status).toBe(200);
    expect(backend.calls.map((c) => c.headers.get("x-api-key"))).toEqual([DEMO_KEYS.Customer, DEMO_KEYS.Customer]);
  });

  it.each([
    { name: "DELETE /invoices answers 405 with Allow: GET", method: "DELETE", path: "/api/v1/invoices", allow: "GET" },
    {
      name: "PUT /payments/applications answers 405 with Allow: GET, POST",
      method: "PUT",
      path: "/api/v1/payments/applications",
      allow: "GET, POST",
    },
    {
      name: "POST /purchases/{id} answers 405 with Allow: GET, PATCH, DELETE",
      method: "POST",
      path: "/api/v2/purchases/PO-1",
      allow: "GET, PATCH, DELETE",
    },
  ])("$name", async ({ method, path, allow }) => {
    const { backend, send } = await connected("Employee");
    const response = await send(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")?.split(", ").sort()).toEqual(allow.split(", ").sort());
    expect(backend.calls).toHaveLength(0);
  });

  it.each([
    {
      name: "GET /invoices with InvoiceIDs=abc",
      path: "/v1/invoices?InvoiceIDs=abc",
      error: "InvoiceIDs must be comma-separated integers, like 1,2,3",
    },
    {
      name: "GET /invoiceTransactions without its required InvoiceIDs",
      path: "/v1/invoiceTransactions",
      error: "InvoiceIDs parameter is required",
    },
    { name: "GET /payments with PageSize=0", path: "/v1/payments?PageSize=0", error: "PageSize must be 1 or more" },
    {
      name: "GET /invoices with a StartDate that is not a date",
      path: "/v1/invoices?StartDate=yesterday",
      error: "StartDate must be a date, YYYY-MM-DD",
    },
    {
      name: "GET /customers/{customerID} with a name for an id",
      path: "/v1/customers/abc",
      error: "customerID must be a number",
    },
  ])("$name answers 400 in the API's own error shape, with no upstream call", async ({ path, error }) => {
    const { backend, send } = await connected("Employee");
    const response = await send("GET", `/api${path}`);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toEqual({ Error: error });
    expect(backend.calls).toHaveLength(0);
    // The very answer the API gives to the same request.
    const api = await direct("GET", path, "Employee");
    expect([api.status, api.body]).toEqual([400, body]);
  });
});

describe("proxy: a GET passes the API's answer through", () => {
  it("passes status, body, ETag and RateLimit-* as the API gives them, marked private, no-store", async () => {
    const { send } = await connected("Customer");
    const response = await send("GET", "/api/v1/invoices?PageSize=5");
    const api = await direct("GET", "/v1/invoices?PageSize=5", "Customer");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(api.body);
    expect((api.body.Data as unknown[]).length).toBeGreaterThan(0);
    expect(response.headers.get("ETag")).toBe(api.headers.get("ETag"));
    expect(response.headers.get("RateLimit-Limit")).toBe(api.headers.get("RateLimit-Limit"));
    expect(Number(response.headers.get("RateLimit-Remaining"))).toBeGreaterThan(0);
    expect(response.headers.get("RateLimit-Reset")).toMatch(/^\d+$/);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each([
    { name: "echoes the browser's alphanumeric X-Request-Id", sent: "abc123XYZ", echoed: true },
    { name: "generates an X-Request-Id when the browser sends none", sent: undefined, echoed: false },
    { name: "replaces an X-Request-Id with other characters", sent: "abc-123", echoed: false },
    { name: "replaces an X-Request-Id longer than 64 characters", sent: "a".repeat(65), echoed: false },
  ])("$name, and sends the same id upstream", async ({ sent, echoed }) => {
    const { backend, send } = await connected();
    const response = await send("GET", "/api/v1/states", {
      headers: sent === undefined ? {} : { "X-Request-Id": sent },
    });
    expect(response.status).toBe(200);
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[A-Za-z0-9]{1,64}$/);
    if (echoed) expect(id).toBe(sent);
    else expect(id).not.toBe(sent);
    expect(backend.calls.map((c) => c.headers.get("X-Request-Id"))).toEqual([id]);
  });

  it("gives each request its own generated X-Request-Id", async () => {
    const { send } = await connected();
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++) ids.add((await send("GET", "/api/v1/nowhere")).headers.get("X-Request-Id"));
    expect(ids.size).toBe(3);
  });

  it("sends upstream the stored key, Accept and the request id only: never the browser's cookies, credentials or other headers", async () => {
    const { backend, cookie, send } = await connected("Customer");
    const response = await send("GET", "/api/v1/invoices", {
      cookie: `${cookie}; theme=dark`,
      headers: {
        Authorization: "Bearer browser-token",
        "x-api-key": DEMO_KEYS.Employee,
        "X-Forwarded-For": "203.0.113.9",
        "User-Agent": "Mozilla/5.0",
        "Accept-Language": "fr",
        Referer: "http://backroom.test/invoices",
        Prefer: "return=minimal",
        "Idempotency-Key": "not-for-a-get",
      },
    });
    expect(response.status).toBe(200);
    const [call] = backend.calls;
    expect([...call!.headers.keys()].sort()).toEqual(["accept", "x-api-key", "x-request-id"]);
    expect(call!.headers.get("x-api-key")).toBe(DEMO_KEYS.Customer);
  });

  it("passes back only the API's own headers: no Set-Cookie, Server, CORS, caching or encoding headers", async () => {
    const { send } = await connected("Customer", () =>
      Response.json(
        { Data: [], Page: 1, PageSize: 50, HasNextPage: false },
        {
          headers: {
            ETag: 'W/"1"',
            "RateLimit-Limit": "1000",
            "RateLimit-Remaining": "998",
            "RateLimit-Reset": "1200",
            "X-Request-Id": "up1",
            "Set-Cookie": "upstream_session=secret; Path=/",
            Server: "upstream/1.0",
            "X-Powered-By": "Express",
            "Access-Control-Allow-Origin": "*",
            "Cache-Control": "public, max-age=600",
            Vary: "Accept-Encoding",
            "Content-Encoding": "gzip",
            "Strict-Transport-Security": "max-age=1",
            Location: "https://evil.example/",
          },
        },
      ),
    );
    const response = await send("GET", "/api/v1/invoices");
    expect(response.status).toBe(200);
    expect([...response.headers.keys()].sort()).toEqual([
      "cache-control",
      "content-type",
      "etag",
      "ratelimit-limit",
      "ratelimit-remaining",
      "ratelimit-reset",
      "x-request-id",
    ]);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ Data: [], Page: 1, PageSize: 50, HasNextPage: false });
  });

  it("passes a 429 through with Retry-After, and does not cache it", async () => {
    const { backend, send } = await connected("Customer", () =>
      Response.json(
        { Error: "Rate limit exceeded" },
        {
          status: 429,
          headers: {
            "Retry-After": "120",
            "RateLimit-Remaining": "0",
            "RateLimit-Limit": "1000",
            "RateLimit-Reset": "120",
          },
        },
      ),
    );
    for (let i = 0; i < 2; i++) {
      const response = await send("GET", "/api/v1/invoices");
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toBe("120");
      expect(await response.json()).toEqual({ Error: "Rate limit exceeded" });
    }
    expect(backend.calls).toHaveLength(2);
  });

  it("passes a 200 with an empty body through, and does not cache it", async () => {
    const { backend, send } = await connected(
      "Customer",
      () => new Response(null, { status: 200, headers: { ETag: 'W/"empty"' } }),
    );
    const first = await send("GET", "/api/v1/invoices");
    expect([first.status, await first.text()]).toEqual([200, ""]);
    expect((await send("GET", "/api/v1/invoices")).status).toBe(200);
    expect(backend.calls).toHaveLength(2);
  });
});

describe("proxy: the upstream URL comes from the registry's template", () => {
  it.each([
    {
      name: "an encoded slash in a v2 purchase id (as Next decodes it)",
      version: "v2",
      segments: ["purchases", "a/b"],
      status: 400,
    },
    {
      name: "a still-encoded slash and dot segment",
      version: "v2",
      segments: ["purchases", "%2F..%2Fevil"],
      status: 400,
    },
    { name: "a dot-dot purchase id", version: "v2", segments: ["purchases", ".."], status: 400 },
    { name: "a single-dot purchase id", version: "v2", segments: ["purchases", "."], status: 400 },
    {
      name: "a purchase id naming another host",
      version: "v2",
      segments: ["purchases", "//evil.example"],
      status: 400,
    },
    { name: "a purchase id with backslashes", version: "v2", segments: ["purchases", "\\\\evil.example"], status: 400 },
    {
      name: "a purchase id with a query and a fragment",
      version: "v2",
      segments: ["purchases", "PO-1?x=1#y"],
      status: 400,
    },
    {
      name: "segments climbing out of the version",
      version: "v2",
      segments: ["purchases", "..", "..", "..", "evil.example"],
      status: 404,
    },
    {
      name: "empty segments before a host name",
      version: "v1",
      segments: ["", "", "evil.example", "invoices"],
      status: 404,
    },
    { name: "a customer id with userinfo", version: "v1", segments: ["customers", "1@evil.example"], status: 400 },
    {
      name: "a customer id with an absolute URL",
      version: "v1",
      segments: ["customers", "http://evil.example/"],
      status: 400,
    },
  ])("$name never changes the upstream: $status", async ({ version, segments, status }) => {
    const { backend, cookie } = await connected("Employee", () => list());
    const request = browserRequest("GET", "/api/whatever", { cookie });
    const response = await proxyRequest(request, version as Version, segments, backend);
    expect(response.status).toBe(status);
    for (const call of backend.calls) expect(call.url.origin).toBe(UPSTREAM);
    expect(backend.calls).toHaveLength(0);
  });

  it("fills the template with a checked id and rebuilds the query from the operation's own parameters", async () => {
    const { backend, send } = await connected("Employee", () => Response.json({ data: {} }));
    expect(
      (
        await send(
          "GET",
          "/api/v2/purchases/PO-7_x?include_transactions=false&x-api-key=other&Injected=http://evil.example",
        )
      ).status,
    ).toBe(200);
    expect((await send("GET", "/api/v1/invoices?PageSize=5&Statuses=1,7&Evil=1&x-api-key=other")).status).toBe(200);
    expect(backend.calls.map((c) => c.url.href)).toEqual([
      `${UPSTREAM}/test/api/v2/purchases/PO-7_x?include_transactions=false`,
      `${UPSTREAM}/test/api/v1/invoices?Statuses=1%2C7&Page=1&PageSize=5`,
    ]);
  });
});

describe("proxy: the per-key response cache", () => {
  it("serves a second identical GET within its freshness without an upstream call", async () => {
    const { backend, send } = await connected("Customer");
    const first = await send("GET", "/api/v1/payments");
    const firstBody = await first.text();
    backend.advance(10_000);
    const second = await send("GET", "/api/v1/payments");
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(second.headers.get("Cache-Control")).toBe("private, no-store");
    expect(backend.calls).toHaveLength(1);
  });

  it("revalidates a stale entry with If-None-Match and serves the cached body on the API's 304", async () => {
    const { backend, send } = await connected("Customer");
    const first = await send("GET", "/api/v1/payments");
    const firstBody = await first.text();
    backend.advance(16_000);
    const second = await send("GET", "/api/v1/payments");
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(backend.calls).toHaveLength(2);
    expect(backend.calls[1]!.headers.get("If-None-Match")).toBe(first.headers.get("ETag"));
    expect(backend.calls[1]!.status).toBe(304);
    // Revalidated, it is fresh again.
    await send("GET", "/api/v1/payments");
    expect(backend.calls).toHaveLength(2);
  });

  it("revalidates a fresh entry when the page sends Cache-Control: no-cache (a status check), and still serves 304s from it", async () => {
    const { backend, send } = await connected("Customer");
    const first = await send("GET", "/api/v1/payments");
    const firstBody = await first.text();
    backend.advance(1_000);
    const checked = await send("GET", "/api/v1/payments", { headers: { "Cache-Control": "no-cache" } });
    expect(checked.status).toBe(200);
    expect(await checked.text()).toBe(firstBody);
    expect(backend.calls).toHaveLength(2);
    expect(backend.calls[1]!.headers.get("If-None-Match")).toBe(first.headers.get("ETag"));
    // Without the header, the copy is fresh again and no call goes out.
    await send("GET", "/api/v1/payments");
    expect(backend.calls).toHaveLength(2);
  });

  it("keeps reference data fresh for minutes, working lists for seconds", async () => {
    const { backend, send } = await connected("Customer");
    await send("GET", "/api/v1/states");
    await send("GET", "/api/v1/invoices");
    backend.advance(4 * 60_000);
    await send("GET", "/api/v1/states");
    await send("GET", "/api/v1/invoices");
    expect(backend.calls.map((c) => c.url.pathname)).toEqual([
      "/test/api/v1/states",
      "/test/api/v1/invoices",
      "/test/api/v1/invoices",
    ]);
  });

  it("answers 304 to a browser's If-None-Match equal to the cached ETag, without an upstream call", async () => {
    const { backend, send } = await connected("Customer");
    const first = await send("GET", "/api/v1/payments");
    const etag = first.headers.get("ETag")!;
    const again = await send("GET", "/api/v1/payments", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    expect(backend.calls).toHaveLength(1);
    const other = await send("GET", "/api/v1/payments", { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("forwards a browser's If-None-Match when nothing is cached, and passes the API's 304 back", async () => {
    const { backend, send } = await connected("Customer");
    const etag = (await direct("GET", "/v1/payments", "Customer")).headers.get("ETag")!;
    const response = await send("GET", "/api/v1/payments", { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
    expect(backend.calls[0]!.headers.get("If-None-Match")).toBe(etag);
  });

  it("never answers one key with another key's entry", async () => {
    const backend = await createTestBackend(toSandbox);
    backends.push(backend);
    const customer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const employee = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const get = (cookie: string) =>
      proxyRoute("v1")(browserRequest("GET", "/api/v1/customers?PageSize=500", { cookie }), backend);
    const asCustomer = await (await get(customer.cookie)).json();
    const asEmployee = await (await get(employee.cookie)).json();
    expect(backend.calls.map((c) => c.headers.get("x-api-key"))).toEqual([DEMO_KEYS.Customer, DEMO_KEYS.Employee]);
    expect(asEmployee).toEqual((await direct("GET", "/v1/customers?PageSize=500", "Employee")).body);
    expect(asEmployee).not.toEqual(asCustomer);
    // Each key's own entry still serves it.
    expect(await (await get(customer.cookie)).json()).toEqual(asCustomer);
    expect(backend.calls).toHaveLength(2);
  });

  it("a successful write drops the same key's cached /payments list; a refused one does not", async () => {
    const { backend, send } = await connected("Customer");
    const payments = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? []) as {
      PaymentInvoiceNum: string;
      ARAccountID: number;
      AvailableBalance: string;
    }[];
    const payment = payments.find((p) => Number(p.AvailableBalance) >= 1);
    expect(payment).toBeDefined();
    const invoices = (
      await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment!.ARAccountID}`))
    ).Data as { InvoiceNum: string }[];
    expect(invoices.length).toBeGreaterThan(0);
    const apply = (amount: string) =>
      send(
        "POST",
        `/api/v1/payments/applications?PaymentInvoiceNum=${payment!.PaymentInvoiceNum}&TargetInvoiceNum=${invoices[0]!.InvoiceNum}&ARAccountID=${payment!.ARAccountID}&Amount=${amount}`,
      );

    await send("GET", "/api/v1/payments");
    const before = backend.calls.length;
    expect((await send("GET", "/api/v1/payments")).status).toBe(200);
    expect(backend.calls).toHaveLength(before);

    // Refused (above the invoice's open balance here, before the API; above the payment's credit at the API).
    const refused = await apply("99999999.00");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await send("GET", "/api/v1/payments");
    // Still served from the cache: no new read of the list.
    expect(backend.calls.slice(before).filter((c) => c.url.pathname === "/test/api/v1/payments")).toHaveLength(0);

    expect((await apply("0.01")).status).toBe(201);
    const after = await send("GET", "/api/v1/payments");
    expect(after.status).toBe(200);
    expect(
      backend.calls
        .slice(before)
        .filter((c) => c.method !== "GET" || c.url.pathname === "/test/api/v1/payments")
        .map((c) => `${c.method} ${c.url.pathname}`),
    ).toEqual(["POST /test/api/v1/payments/applications", "GET /test/api/v1/payments"]);
  });
});

describe("proxy: writes", () => {
  /** A vendor of the demo brand's, found through the API as the brand sees it. */
  async function draftBody(send: Awaited<ReturnType<typeof connected>>["send"], poNum: string) {
    const vendor = ((await json(await send("GET", "/api/v1/vendors?PageSize=1"))).Data ?? [])[0] as {
      VendorID: number;
      LocationID: number;
      SupplierID: number;
    };
    return {
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: "2026-12-15",
      po_num: poNum,
    };
  }

  it.each([
    {
      name: "an empty object answers 400 with a field error per missing field",
      init: { json: {} },
      status: 400,
      code: "VALIDATION_FAILED",
      fields: ["vendor_id", "to_location_id", "supplier_id", "delivery_date", "po_num"],
    },
    {
      name: "an unknown field answers 400 UNKNOWN_FIELD",
      init: {
        json: { vendor_id: 1, to_location_id: 1, supplier_id: 1, delivery_date: "2026-12-15", po_num: "X", rush: true },
      },
      status: 400,
      code: "VALIDATION_FAILED",
      fields: ["rush"],
    },
    {
      name: "a delivery date that is no date answers 400",
      init: { json: { vendor_id: 1, to_location_id: 1, supplier_id: 1, delivery_date: "soon", po_num: "X" } },
      status: 400,
      code: "VALIDATION_FAILED",
      fields: ["delivery_date"],
    },
    {
      name: "text that is not JSON answers 400 MALFORMED_JSON",
      init: { json: "{not json" },
      status: 400,
      code: "MALFORMED_JSON",
      fields: [],
    },
    {
      name: "a text/plain body answers 415",
      init: { body: "{}", headers: { "Content-Type": "text/plain" } },
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      fields: [],
    },
    {
      name: "a form body answers 415",
      init: { body: "po_num=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      fields: [],
    },
    {
      name: "a body over 256 KiB answers 413",
      init: { json: { po_num: "x".repeat(MAX_BODY_BYTES) } },
      status: 413,
      code: "BODY_TOO_LARGE",
      fields: [],
    },
  ])("POST /v2/purchases with $name, with no upstream call", async ({ init, status, code, fields }) => {
    const { backend, send } = await connected("Supplier");
    const response = await send("POST", "/api/v2/purchases", init);
    expect(response.status).toBe(status);
    const body = (await json(response)).Error as { code: string; fieldErrors?: { field: string }[] };
    expect(body.code).toBe(code);
    expect(body.fieldErrors?.map((f) => f.field).sort() ?? []).toEqual([...fields].sort());
    expect(backend.calls).toHaveLength(0);
  });

  it("answers a bad body with the field errors the API itself gives", async () => {
    const { send } = await connected("Supplier");
    const body = { vendor_id: "7", po_num: "", extra: 1 };
    const proxied = await send("POST", "/api/v2/purchases", { json: body });
    const api = await direct("POST", "/v2/purchases", "Supplier", body);
    expect([proxied.status, await proxied.json()]).toEqual([api.status, api.body]);
  });

  it("a v2 create answers 201 with Location rewritten to Backroom's /api/v2/purchases/{id}, which reads the purchase back", async () => {
    const { backend, send } = await connected("Supplier");
    const created = await send("POST", "/api/v2/purchases", { json: await draftBody(send, "PROXY-LOC-1") });
    expect(created.status).toBe(201);
    const id = ((await json(created)).data as { purchase_global_id: string }).purchase_global_id;
    expect(created.headers.get("Location")).toBe(`/api/v2/purchases/${id}`);
    const upstreamLocation = backend.calls.at(-1)!;
    expect(upstreamLocation.url.pathname).toBe("/test/api/v2/purchases");
    const read = await send("GET", created.headers.get("Location")!);
    expect(read.status).toBe(200);
    expect(((await json(read)).data as { po_num: string }).po_num).toBe("PROXY-LOC-1");
  });

  it("forwards Idempotency-Key and Prefer, and passes back Preference-Applied and Idempotency-Replayed", async () => {
    const { backend, send } = await connected("Supplier");
    const body = await draftBody(send, "PROXY-IDEM-1");
    const headers = { "Idempotency-Key": "proxy-idem-1", Prefer: "return=minimal" };
    const first = await send("POST", "/api/v2/purchases", { json: body, headers });
    const again = await send("POST", "/api/v2/purchases", { json: body, headers });
    const writes = backend.calls.filter((c) => c.method === "POST");
    expect(
      writes.map((c) => [c.headers.get("Idempotency-Key"), c.headers.get("Prefer"), c.headers.get("Content-Type")]),
    ).toEqual([
      ["proxy-idem-1", "return=minimal", "application/json"],
      ["proxy-idem-1", "return=minimal", "application/json"],
    ]);
    expect(JSON.parse(writes[0]!.body!)).toEqual(body);
    expect([
      first.status,
      await first.text(),
      first.headers.get("Preference-Applied"),
      first.headers.get("Idempotency-Replayed"),
    ]).toEqual([201, "", "return=minimal", null]);
    expect([again.status, again.headers.get("Idempotency-Replayed")]).toEqual([201, "true"]);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(first.headers.get("Location")).toMatch(/^\/api\/v2\/purchases\/[A-Za-z0-9_-]+$/);
  });

  it("passes a 204 of a DELETE back without a body", async () => {
    const { send } = await connected("Supplier");
    const created = await send("POST", "/api/v2/purchases", { json: await draftBody(send, "PROXY-DEL-1") });
    const location = created.headers.get("Location")!;
    const deleted = await send("DELETE", location);
    expect([deleted.status, await deleted.text()]).toEqual([204, ""]);
    expect((await send("GET", location)).status).toBe(404);
  });

  it("drops a Location outside the API's base instead of passing it on", async () => {
    const { send } = await connected(
      "Customer",
      allocatable(
        () =>
          Response.json(
            { Data: {} },
            { status: 201, headers: { Location: "https://evil.example/test/api/v1/payments/applications/1" } },
          ),
        { I: "10.00" },
      ),
    );
    const response = await send(
      "POST",
      "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=1&Amount=1",
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("Location")).toBeNull();
  });

  it.each([
    {
      name: "the API cannot be reached: 502",
      answer: (() => Promise.reject(new TypeError("fetch failed"))) as Answer,
      status: 502,
      error: /could not be reached/,
    },
    {
      name: "the API answers 503: 503",
      answer: (() => Response.json({ Error: "Service unavailable" }, { status: 503 })) as Answer,
      status: 503,
      error: /unavailable/,
    },
    {
      name: "the API answers 500: 500",
      answer: (() => Response.json({ Error: "Unexpected server error" }, { status: 500 })) as Answer,
      status: 500,
      error: /Unexpected/,
    },
  ])("sends a write exactly once when $name", async ({ answer, status, error }) => {
    // The target's balance is read first (and answered); the write itself meets the failure.
    const { backend, send } = await connected("Customer", allocatable(answer, { I: "10.00" }));
    const response = await send(
      "POST",
      "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=1&Amount=1",
      { headers: { "Idempotency-Key": "once" } },
    );
    expect(response.status).toBe(status);
    expect((await json(response)).Error).toMatch(error);
    expect(writesOf(backend.calls)).toHaveLength(1);
  });
});

describe("proxy: the request check it shares with the API", () => {
  it.each([
    { name: "an empty body", body: "", type: "application/json" },
    { name: "a body of white space", body: " \n ", type: "application/json" },
    { name: "text that is not JSON", body: "{not json", type: "application/json" },
    { name: "a text/plain body", body: "{}", type: "text/plain" },
    { name: "a form body", body: "po_num=1", type: "application/x-www-form-urlencoded; charset=utf-8" },
    {
      name: "an unknown field under a Prefer whose handling is another preference's parameter",
      body: '{"po_num":"X","rush":true}',
      type: "application/json",
      prefer: "return=representation; handling=lenient",
    },
    {
      name: "an unknown field under handling=lenientish",
      body: '{"po_num":"X","rush":true}',
      type: "application/json",
      prefer: "handling=lenientish",
    },
  ])("refuses $name with the very answer the API gives, with no upstream call", async ({ body, type, prefer }) => {
    const { backend, send } = await connected("Supplier");
    const headers = { "Content-Type": type, ...(prefer ? { Prefer: prefer } : {}) };
    const response = await send("POST", "/api/v2/purchases/validate", { body, headers });
    const api = await direct("POST", "/v2/purchases/validate", "Supplier", body, headers);
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect([response.status, await response.json()]).toEqual([api.status, api.body]);
    expect(backend.calls).toHaveLength(0);
  });

  it("reads an unknown field leniently under handling=lenient, as the API does: the same answer, nothing said of it", async () => {
    const { send } = await connected("Supplier");
    const body = '{"po_num":"X","rush":true}';
    const headers = { "Content-Type": "application/json", Prefer: "handling=lenient" };
    const response = await send("POST", "/api/v2/purchases/validate", { body, headers });
    const answer = await response.json();
    const api = await direct("POST", "/v2/purchases/validate", "Supplier", body, headers);
    expect([response.status, answer]).toEqual([api.status, api.body]);
    const fields = ((answer as { Error?: { fieldErrors?: { field: string }[] } }).Error?.fieldErrors ?? []).map(
      (f) => f.field,
    );
    expect(fields.length).toBeGreaterThan(0);
    expect(fields).not.toContain("rush");
  });

  it("answers 304 from the cache to an If-None-Match that names its ETag in a list, or is *, as the API compares", async () => {
    const { backend, send } = await connected("Customer");
    const etag = (await send("GET", "/api/v1/payments")).headers.get("ETag")!;
    for (const sent of [`W/"other", ${etag}`, etag.replace(/^W\//, ""), "*"]) {
      const again = await send("GET", "/api/v1/payments", { headers: { "If-None-Match": sent } });
      expect([again.status, await again.text()], sent).toEqual([304, ""]);
    }
    expect(backend.calls).toHaveLength(1);
    // The API answers the same request alike.
    const api = await sandbox.runtime.app.fetch(
      new Request(`${UPSTREAM}/test/api/v1/payments`, {
        headers: { "x-api-key": DEMO_KEYS.Customer, "If-None-Match": "*" },
      }),
    );
    expect([api.status, await api.text()]).toEqual([304, ""]);
  });
});

describe("proxy: when the API does not answer", () => {
  it("answers 504 with a clear message once the timeout passes, and aborts the upstream request", async () => {
    const { backend, send } = await connected("Customer", never, { timeoutMs: 50 });
    const started = performance.now();
    const response = await send("GET", "/api/v1/invoices");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.status).toBe(504);
    expect((await json(response)).Error).toMatch(/did not answer within 50 ms/);
    expect(backend.calls).toHaveLength(1);
  });

  it("answers 502 to a GET when the API cannot be reached", async () => {
    const { send } = await connected("Customer", () => Promise.reject(new TypeError("fetch failed")));
    const response = await send("GET", "/api/v1/invoices");
    expect(response.status).toBe(502);
    expect((await json(response)).Error).toMatch(/could not be reached/);
  });

  it("answers 499 and stops waiting for the API when the browser goes away", async () => {
    const browser = new AbortController();
    const { backend, cookie } = await connected("Customer", (request) => {
      const pending = never(request);
      browser.abort();
      return pending;
    });
    const request = new Request(new URL("/api/v1/invoices", BACKROOM), {
      headers: { Cookie: cookie, Host: "backroom.test" },
      signal: browser.signal,
    });
    const response = await proxyRequest(request, "v1", ["invoices"], backend);
    expect(response.status).toBe(499);
  });
});

describe("proxy: answers that break off, and ETags the cache did not make", () => {
  it("answers 502 when the API's headers come but its body breaks off", async () => {
    const broken = () =>
      new Response(new ReadableStream({ start: (controller) => controller.error(new Error("socket closed")) }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    const { send } = await connected("Customer", broken);
    const response = await send("GET", "/api/v1/invoices");
    expect(response.status).toBe(502);
    expect((await json(response)).Error).toMatch(/broke off/);
  });

  it("revalidates a cached entry without an ETag by fetching it again, not with the browser's ETag", async () => {
    let calls = 0;
    const noEtag = (request: Request) => {
      calls++;
      expect(request.headers.get("If-None-Match")).toBeNull();
      return list([{ StateAbbreviation: `S${calls}` }]);
    };
    const { backend, send } = await connected("Customer", noEtag);
    await send("GET", "/api/v1/invoices");
    backend.advance(60_000);
    const response = await send("GET", "/api/v1/invoices", { headers: { "If-None-Match": 'W/"browser-copy"' } });
    expect(response.status).toBe(200);
    expect(((await json(response)).Data as { StateAbbreviation: string }[])[0]!.StateAbbreviation).toBe("S2");
  });
});

describe("proxy: the rate-limit book", () => {
  it("keeps the last RateLimit figures the API gave for the key", async () => {
    const { backend, fingerprint, send } = await connected("Customer");
    const response = await send("GET", "/api/v1/invoices");
    expect((await backend.rateLimits.get([fingerprint]))[0]).toMatchObject({
      limit: Number(response.headers.get("RateLimit-Limit")),
      remaining: Number(response.headers.get("RateLimit-Remaining")),
    });
    backend.answerWith(() =>
      Response.json(
        { Data: [] },
        { headers: { "RateLimit-Limit": "1000", "RateLimit-Remaining": "7", "RateLimit-Reset": "60" } },
      ),
    );
    await send("GET", "/api/v1/payments");
    const figures = (await backend.rateLimits.get([fingerprint]))[0]!;
    expect([figures.limit, figures.remaining]).toEqual([1000, 7]);
    expect(Date.parse(figures.resetsAt) - Date.parse(figures.seenAt)).toBe(60_000);
  });
});

describe("proxy: the request log", () => {
  /** A connected backend whose proxy writes to a request log; `logged()` answers the key's entries, newest first. */
  async function logging(
    type: keyof typeof DEMO_KEYS = "Customer",
    answer: Answer = toSandbox,
    options: { timeoutMs?: number } = {},
  ) {
    const setup = await connected(type, answer, options);
    const requestLog = createRequestLog(createMemoryStore());
    setup.backend.requestLog = requestLog;
    return { ...setup, requestLog, logged: () => requestLog.recent([setup.keyId]) };
  }
  const START = "2026-11-21T18:00:00.000Z";
  /** Every value of every entry, as text: none may hold a key. */
  const everyValue = (entries: LoggedRequest[]) => entries.flatMap((e) => Object.values(e).map(String));

  it("notes an upstream answer once: when, method, path with the browser's query, operation, status, duration, request id", async () => {
    const { keyId, logged, send } = await logging("Customer");
    const response = await send("GET", "/api/v1/invoices?Statuses=1,7&PageSize=5", {
      headers: { "X-Request-Id": "support123" },
    });
    expect(response.status).toBe(200);
    const [entry, ...rest] = await logged();
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      keyId,
      at: START,
      method: "GET",
      path: "/api/v1/invoices?Statuses=1,7&PageSize=5",
      operation: "listInvoices",
      status: 200,
      durationMs: expect.any(Number),
      requestId: "support123",
      source: "upstream",
    });
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.round(entry!.durationMs * 10) / 10).toBe(entry!.durationMs);
  });

  it("notes a fresh cache hit as cache and a 304-revalidated one as revalidated, each once", async () => {
    const { backend, logged, send } = await logging("Customer");
    const first = await send("GET", "/api/v1/payments");
    backend.advance(1_000);
    const fresh = await send("GET", "/api/v1/payments");
    backend.advance(16_000);
    const revalidated = await send("GET", "/api/v1/payments");
    expect([first.status, fresh.status, revalidated.status]).toEqual([200, 200, 200]);
    expect(backend.calls.map((c) => c.status)).toEqual([200, 304]);
    expect((await logged()).map((e) => [e.at, e.source, e.status, e.operation, e.requestId])).toEqual([
      ["2026-11-21T18:00:17.000Z", "revalidated", 200, "listPayments", revalidated.headers.get("X-Request-Id")],
      ["2026-11-21T18:00:01.000Z", "cache", 200, "listPayments", fresh.headers.get("X-Request-Id")],
      [START, "upstream", 200, "listPayments", first.headers.get("X-Request-Id")],
    ]);
  });

  it.each([
    {
      name: "an unknown path: 404, no operation",
      method: "GET",
      path: "/api/v1/nowhere?x=1",
      init: {},
      status: 404,
      operation: null,
    },
    { name: "a wrong method: 405", method: "DELETE", path: "/api/v1/invoices", init: {}, status: 405, operation: null },
    {
      name: "a query the contract refuses: 400",
      method: "GET",
      path: "/api/v1/invoices?InvoiceIDs=abc",
      init: {},
      status: 400,
      operation: "listInvoices",
    },
    {
      name: "a body that is not JSON: 415",
      method: "POST",
      path: "/api/v2/purchases",
      init: { body: "{}", headers: { "Content-Type": "text/plain" } },
      status: 415,
      operation: "createPurchase",
    },
    {
      name: "a body over the limit: 413",
      method: "POST",
      path: "/api/v2/purchases",
      init: { json: { po_num: "x".repeat(MAX_BODY_BYTES) } },
      status: 413,
      operation: "createPurchase",
    },
  ])(
    "notes $name, answered by the proxy itself, as refused, once",
    async ({ method, path, init, status, operation }) => {
      const { backend, logged, send } = await logging("Supplier");
      const response = await send(method, path, init);
      expect(response.status).toBe(status);
      expect(backend.calls).toHaveLength(0);
      expect(await logged()).toEqual([
        expect.objectContaining({
          method,
          path,
          operation,
          status,
          source: "refused",
          requestId: response.headers.get("X-Request-Id"),
        }),
      ]);
    },
  );

  it("notes a 502 (the API cannot be reached) and a 504 (no answer in time) as upstream answers, once each", async () => {
    const { backend, logged, send } = await logging("Customer", () => Promise.reject(new TypeError("fetch failed")), {
      timeoutMs: 50,
    });
    expect((await send("GET", "/api/v1/invoices")).status).toBe(502);
    backend.answerWith(never);
    expect((await send("GET", "/api/v1/payments")).status).toBe(504);
    expect((await logged()).map((e) => [e.operation, e.status, e.source])).toEqual([
      ["listPayments", 504, "upstream"],
      ["listInvoices", 502, "upstream"],
    ]);
    expect((await logged())[0]!.durationMs).toBeGreaterThanOrEqual(40);
  });

  it("notes nothing before the key is known: no session (401), a cross-site write (403)", async () => {
    const { cookie, logged, requestLog, send } = await logging("Customer");
    expect((await send("GET", "/api/v1/invoices", {}, "")).status).toBe(401);
    expect((await send("POST", "/api/v2/purchases", { site: "cross-site", json: {} }, cookie)).status).toBe(403);
    expect(await logged()).toEqual([]);
    expect(await requestLog.recent([""])).toEqual([]);
  });

  it("notes each key's requests under its own ring id, and never the key in any field", async () => {
    const backend = await createTestBackend(toSandbox);
    backends.push(backend);
    backend.requestLog = createRequestLog(createMemoryStore());
    const customer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const employee = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const get = (cookie: string, path: string) => proxyRoute("v1")(browserRequest("GET", path, { cookie }), backend);
    // A millisecond apart: entries of two keys are ordered by their time (within one key, also by when they were noted).
    for (const [cookie, path] of [
      [customer.cookie, "/api/v1/invoices?PageSize=5"],
      [customer.cookie, "/api/v1/invoices?PageSize=5"],
      [employee.cookie, "/api/v1/customers"],
      [employee.cookie, "/api/v1/nowhere"],
    ] as const) {
      await get(cookie, path);
      backend.advance(1);
    }
    const entries = await backend.requestLog.recent([customer.keyId, employee.keyId]);
    expect(entries.map((e) => [e.keyId, e.source])).toEqual([
      [employee.keyId, "refused"],
      [employee.keyId, "upstream"],
      [customer.keyId, "cache"],
      [customer.keyId, "upstream"],
    ]);
    const values = everyValue(entries);
    for (const key of Object.values(DEMO_KEYS)) expect(values.filter((v) => v.includes(key))).toEqual([]);
    expect(JSON.stringify(entries)).not.toMatch(/demo/);
  });
});

describe("proxy: telemetry", () => {
  /** A connected backend whose telemetry is recorded: the upstream calls, cache outcomes and log lines it was told. */
  async function observed(type: keyof typeof DEMO_KEYS = "Customer", answer: Answer = toSandbox) {
    const setup = await connected(type, answer);
    const seen = {
      upstream: [] as [string, string][],
      cache: [] as string[],
      lines: [] as Parameters<ProxyTelemetry["answered"]>[0][],
      failed: [] as string[],
    };
    setup.backend.telemetry = {
      upstream: (operation, status) => void seen.upstream.push([operation, status]),
      cache: (outcome) => void seen.cache.push(outcome),
      answered: (line) => void seen.lines.push(line),
      failed: (what) => void seen.failed.push(what),
    };
    return { ...setup, seen };
  }

  it("tells each request's cache outcome: miss, hit, revalidated, and bypass for a write", async () => {
    // The write's target owes enough (its balance is read first, and not through the telemetry's stages).
    const { backend, send, seen } = await observed("Customer", allocatable(toSandbox, { I: "10.00" }));
    await send("GET", "/api/v1/payments");
    await send("GET", "/api/v1/payments");
    backend.advance(16_000);
    await send("GET", "/api/v1/payments");
    await send("POST", "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=1&Amount=1");
    expect(seen.cache).toEqual(["miss", "hit", "revalidated", "bypass"]);
    expect(seen.upstream.map(([operation, status]) => `${operation} ${status}`)).toEqual([
      "listPayments 200",
      "listPayments 304",
      expect.stringMatching(/^createPaymentApplication \d{3}$/),
    ]);
  });

  it("tells every cache outcome as bypass when the cache is off", async () => {
    const { backend, send, seen } = await observed("Customer");
    backend.cache = undefined;
    await send("GET", "/api/v1/states");
    await send("GET", "/api/v1/states");
    expect(seen.cache).toEqual(["bypass", "bypass"]);
    expect(backend.calls).toHaveLength(2);
  });

  it("writes one line per answer, with the request id, operation, status and duration, and never the key or the query's values", async () => {
    const { send, seen } = await observed("Customer");
    await send("GET", "/api/v1/invoices?CustomerIDs=20001&Statuses=1", { headers: { "X-Request-Id": "abc123" } });
    await send("GET", "/api/v1/nowhere");
    await send("GET", "/api/v1/invoices", {}, "");
    expect(seen.lines).toEqual([
      {
        requestId: "abc123",
        method: "GET",
        operation: "listInvoices",
        status: 200,
        durationMs: expect.any(Number),
        source: "upstream",
        cache: "miss",
      },
      expect.objectContaining({ operation: null, status: 404, source: "refused", cache: null }),
      expect.objectContaining({ operation: null, status: 401, source: "unauthenticated", cache: null }),
    ]);
    const text = JSON.stringify(seen);
    for (const word of [DEMO_KEYS.Customer, "20001", "CustomerIDs", "Statuses"]) expect(text).not.toContain(word);
  });

  it("tells an unreachable API and a timeout apart, by operation", async () => {
    const { backend, send, seen } = await observed("Customer", () => Promise.reject(new TypeError("fetch failed")));
    await send("GET", "/api/v1/invoices");
    backend.timeoutMs = 20;
    backend.answerWith(never);
    await send("GET", "/api/v1/payments");
    expect(seen.upstream).toEqual([
      ["listInvoices", "unreachable"],
      ["listPayments", "timeout"],
    ]);
    expect(seen.failed).toEqual([expect.stringMatching(/listInvoices: the Data API could not be reached/)]);
  });

  it("answers 503 in the API's error shape, and tells it as nobody's, when the session store cannot answer", async () => {
    const { backend, send, seen } = await observed("Customer");
    backend.actors = {
      ...backend.actors,
      resolve: () =>
        Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    };
    const response = await send("GET", "/api/v1/invoices");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect((await json(response)).Error).toMatch(/session store/);
    // Why is the route's log line ("dependency unavailable", with the error): the telemetry counts the answer.
    expect(seen.lines).toEqual([
      expect.objectContaining({
        status: 503,
        source: "unauthenticated",
        requestId: response.headers.get("X-Request-Id"),
      }),
    ]);
    expect(backend.calls).toHaveLength(0);
  });

  it("answers a fault of Backroom's own in the session read with the route's 500, not as an outage", async () => {
    const { backend, send, seen } = await observed("Customer");
    backend.actors = {
      ...backend.actors,
      resolve: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'scope')")),
    };
    const response = await send("GET", "/api/v1/invoices");
    expect(response.status).toBe(500);
    expect(response.headers.get("Retry-After")).toBeNull();
    expect((await json(response)).Error).toMatch(/Something went wrong on Backroom's side \(request [0-9a-f]{32}\)/);
    expect(seen.failed).toEqual([]);
  });
});
