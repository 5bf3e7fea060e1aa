import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest } from "./proxy";
import { connect, describe as describeSession, removeKey, signOut, switchKey } from "./session-api";
import { type BrowserInit, browserRequest, cookieOf, createTestBackend, DEMO_KEYS, type TestBackend } from "./testing";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
beforeEach(async () => {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
});
afterEach(() => backend.close());

const post = (json: unknown, init: BrowserInit = {}) => connect(browserRequest("POST", "/api/session", { json, ...init }), backend);
const get = (cookie?: string) => describeSession(browserRequest("GET", "/api/session", { cookie, site: null }), backend);
const patch = (cookie: string, json: unknown, init: BrowserInit = {}) => switchKey(browserRequest("PATCH", "/api/session", { cookie, json, ...init }), backend);
const remove = (cookie: string, keyId: string, init: BrowserInit = {}) => removeKey(browserRequest("DELETE", `/api/session/keys/${keyId}`, { cookie, ...init }), keyId, backend);
const out = (cookie: string | undefined, init: BrowserInit = {}) => signOut(browserRequest("DELETE", "/api/session", { cookie, ...init }), backend);
const proxyGet = (cookie: string, path: string) => proxyRequest(browserRequest("GET", `/api/v1/${path}`, { cookie }), "v1", path.split("/"), backend);

interface Described {
  keyType: string | null;
  activeKeyId: string | null;
  keys: { id: string; keyType: string }[];
  rateLimit: { limit: number; remaining: number } | null;
}
const ALL_KEYS = Object.values(DEMO_KEYS);
const errorOf = async (response: Response) => ((await response.json()) as { Error: { code: string; fieldErrors?: { field: string }[] } }).Error;

/** Connects the demo keys of these types one after the other into one ring; answers the last cookie and the key ids. */
async function ring(...types: ("Customer" | "Supplier" | "Employee")[]) {
  let cookie: string | undefined;
  const ids: string[] = [];
  for (const demo of types) {
    const response = await post({ demo, environment: "test" }, { cookie });
    expect(response.status).toBe(201);
    cookie = cookieOf(response);
    ids.push(((await response.json()) as { activeKeyId: string }).activeKeyId);
  }
  return { cookie: cookie!, ids };
}

describe("POST /api/session (connect)", () => {
  it.each([
    { name: "with a key typed in", body: { apiKey: DEMO_KEYS.Customer, environment: "test" }, key: DEMO_KEYS.Customer, keyType: "Customer" },
    { name: "with a key pasted with spaces around it", body: { apiKey: ` ${DEMO_KEYS.Employee}\n`, environment: "test" }, key: DEMO_KEYS.Employee, keyType: "Employee" },
    { name: "as the demo brand", body: { demo: "Supplier", environment: "test" }, key: DEMO_KEYS.Supplier, keyType: "Supplier" },
  ])("connects $name: 201, an opaque HttpOnly cookie, the key's description and never the key", async ({ body, key, keyType }) => {
    const response = await post(body);
    expect(response.status).toBe(201);
    const setCookie = response.headers.getSetCookie();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^backroom_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/);
    expect(setCookie[0]).not.toContain(key);
    const text = await response.text();
    expect(text).not.toContain(key);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(json).toMatchObject({ keyType, environment: "test", label: expect.any(String), scope: { summary: expect.any(String) } });
    expect(await backend.rows()).toEqual({ sessions: 1, keys: 1 });
    // The stored key is the one given (the demo key for a demo), and the cookie reaches it.
    const sessionId = cookieOf(response).split("=")[1]!;
    expect((await backend.store.activeKey(sessionId))?.apiKey).toBe(key);
  });

  it("over https sets the __Host- cookie, Secure", async () => {
    const response = await post({ demo: "Customer", environment: "test" }, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__Host-backroom_session=[A-Za-z0-9_-]{43}; .*; Secure$/);
  });

  it("refuses a wrong key with 401 KEY_REJECTED, no cookie, and nothing stored", async () => {
    const response = await post({ apiKey: "test-wrong-key-123456", environment: "test" });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("KEY_REJECTED");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
  });

  it("refuses a test key offered as a production key (401): keys belong to one environment", async () => {
    const response = await post({ apiKey: DEMO_KEYS.Customer, environment: "production" });
    expect(response.status).toBe(401);
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
  });

  it.each([
    { name: "Sec-Fetch-Site: cross-site", init: { site: "cross-site" } },
    { name: "Sec-Fetch-Site: same-site", init: { site: "same-site" } },
    { name: "an Origin of another site and no Sec-Fetch-Site", init: { site: null, headers: { Origin: "https://evil.example" } } },
    { name: "neither Sec-Fetch-Site nor Origin", init: { site: null } },
  ])("refuses a POST with $name: 403, no upstream request, nothing stored", async ({ init }) => {
    const response = await post({ apiKey: DEMO_KEYS.Customer, environment: "test" }, init);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(backend.calls).toHaveLength(0);
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
  });

  it.each([
    { name: "an empty object", json: {}, fields: ["apiKey", "environment"] },
    { name: "a key too short", json: { apiKey: "abc", environment: "test" }, fields: ["apiKey"] },
    { name: "an unknown environment", json: { apiKey: DEMO_KEYS.Customer, environment: "staging" }, fields: ["environment"] },
    { name: "an unknown demo user", json: { demo: "Admin", environment: "test" }, fields: ["demo"] },
    { name: "an extra field", json: { apiKey: DEMO_KEYS.Customer, environment: "test", remember: true }, fields: ["remember"] },
    { name: "text that is not JSON", json: "apiKey=abc", fields: [""] },
  ])("answers 400 VALIDATION_FAILED with field errors to $name, and asks nothing upstream", async ({ json, fields }) => {
    const response = await post(json);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors?.length).toBeGreaterThan(0);
    for (const field of fields) expect(error.fieldErrors?.map((f) => f.field)).toContain(field);
    expect(backend.calls).toHaveLength(0);
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
  });

  it("answers 400 NO_DEMO to a demo user in an environment without demo keys", async () => {
    const response = await post({ demo: "Customer", environment: "production" });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("NO_DEMO");
    expect(backend.calls).toHaveLength(0);
  });

  it("answers 502 KEY_CHECK_FAILED when the API cannot be reached, and stores nothing", async () => {
    backend.answerWith(() => Promise.reject(new TypeError("fetch failed")));
    const response = await post({ apiKey: DEMO_KEYS.Customer, environment: "test" });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("KEY_CHECK_FAILED");
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
  });

  it("gives a new session id on every connect: the old cookie stops working, the ring holds both keys", async () => {
    const first = await post({ demo: "Customer", environment: "test" });
    const firstCookie = cookieOf(first);
    const second = await post({ demo: "Supplier", environment: "test" }, { cookie: firstCookie });
    expect(second.status).toBe(201);
    const secondCookie = cookieOf(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await get(firstCookie)).status).toBe(401);
    const now = (await (await get(secondCookie)).json()) as Described;
    expect(now.keys.map((k) => k.keyType)).toEqual(["Customer", "Supplier"]);
    expect(now.keyType).toBe("Supplier");
    expect(await backend.rows()).toEqual({ sessions: 1, keys: 2 });
  });

  it("connecting the same key again keeps one copy of it in the ring", async () => {
    const { cookie } = await ring("Customer", "Customer");
    const now = (await (await get(cookie)).json()) as Described;
    expect(now.keys.map((k) => k.keyType)).toEqual(["Customer"]);
    expect(await backend.rows()).toEqual({ sessions: 1, keys: 1 });
  });
});

describe("GET /api/session (describe)", () => {
  it.each([
    { name: "no cookie", cookie: undefined },
    { name: "a well-formed id the store does not know", cookie: `backroom_session=${"A".repeat(43)}` },
    { name: "a malformed id", cookie: "backroom_session=../../etc" },
  ])("answers 401 to $name", async ({ cookie }) => {
    expect((await get(cookie)).status).toBe(401);
  });

  it("describes the active key and the ring, and no key appears anywhere in the answer", async () => {
    const { cookie, ids } = await ring("Customer", "Supplier", "Employee");
    const response = await get(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    const text = await response.text();
    for (const key of ALL_KEYS) expect(text).not.toContain(key);
    const json = JSON.parse(text) as Described & { environment: string; label: string };
    expect(json).toMatchObject({ keyType: "Employee", environment: "test", activeKeyId: ids[2], label: "Distributor staff (employee)" });
    expect(json.keys.map((k) => k.id)).toEqual(ids);
  });

  it("shows the last rate-limit figures the API gave the active key through the proxy", async () => {
    const { cookie } = await ring("Customer");
    expect(((await (await get(cookie)).json()) as Described).rateLimit).toBeNull();
    const proxied = await proxyGet(cookie, "states");
    expect(proxied.status).toBe(200);
    const described = (await (await get(cookie)).json()) as Described;
    expect(described.rateLimit).toMatchObject({
      limit: Number(proxied.headers.get("RateLimit-Limit")),
      remaining: Number(proxied.headers.get("RateLimit-Remaining")),
    });
  });
});

describe("PATCH /api/session (switch keys)", () => {
  it("makes another key of the ring active, and the proxy sends that key from then on", async () => {
    const { cookie, ids } = await ring("Customer", "Supplier");
    const response = await patch(cookie, { activeKeyId: ids[0] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ activeKeyId: ids[0], keyType: "Customer" });
    backend.calls.length = 0;
    expect((await proxyGet(cookie, "invoices")).status).toBe(200);
    expect(backend.calls.map((c) => c.headers.get("x-api-key"))).toEqual([DEMO_KEYS.Customer]);
  });

  it.each([
    { name: "a key id of no key in the ring", body: { activeKeyId: "no-such-key" }, init: {}, status: 404 },
    { name: "no key id", body: {}, init: {}, status: 400 },
    { name: "a key id and an extra field", body: { activeKeyId: "x", all: true }, init: {}, status: 400 },
    { name: "a cross-site request", body: "first", init: { site: "cross-site" }, status: 403 },
  ])("answers $status to $name and keeps the active key", async ({ body, init, status }) => {
    const { cookie, ids } = await ring("Customer", "Supplier");
    const response = await patch(cookie, body === "first" ? { activeKeyId: ids[0] } : body, init);
    expect(response.status).toBe(status);
    expect(((await (await get(cookie)).json()) as Described).activeKeyId).toBe(ids[1]);
  });

  it("answers 404 without a session", async () => {
    const { ids } = await ring("Customer");
    expect((await patch(`backroom_session=${"B".repeat(43)}`, { activeKeyId: ids[0] })).status).toBe(404);
  });
});

describe("DELETE /api/session/keys/{keyId} (remove a key)", () => {
  it("deletes the stored key at once; removing the active one makes the other active", async () => {
    const { cookie, ids } = await ring("Customer", "Supplier");
    const response = await remove(cookie, ids[1]!);
    expect(response.status).toBe(200);
    const json = (await response.json()) as Described;
    expect(json.keys.map((k) => k.id)).toEqual([ids[0]]);
    expect(json).toMatchObject({ activeKeyId: ids[0], keyType: "Customer" });
    expect(await backend.rows()).toEqual({ sessions: 1, keys: 1 });
  });

  it.each([
    { name: "a key id of no key in the ring", keyId: "no-such-key", init: {}, status: 404 },
    { name: "a cross-site request", keyId: "first", init: { site: "cross-site" }, status: 403 },
  ])("answers $status to $name and removes nothing", async ({ keyId, init, status }) => {
    const { cookie, ids } = await ring("Customer", "Supplier");
    expect((await remove(cookie, keyId === "first" ? ids[0]! : keyId, init)).status).toBe(status);
    expect(await backend.rows()).toEqual({ sessions: 1, keys: 2 });
  });
});

describe("DELETE /api/session (sign out)", () => {
  it("answers 204, clears the cookie, deletes the keys, and the old cookie is useless afterwards", async () => {
    const { cookie } = await ring("Customer", "Supplier");
    const response = await out(cookie);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(["backroom_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"]);
    expect(await backend.rows()).toEqual({ sessions: 0, keys: 0 });
    expect((await get(cookie)).status).toBe(401);
    expect((await proxyGet(cookie, "invoices")).status).toBe(401);
  });

  it("drops the signed-out keys' cached answers and rate-limit figures from the shared store", async () => {
    const { cookie } = await ring("Customer");
    expect((await proxyGet(cookie, "states")).status).toBe(200);
    const { fingerprint } = (await backend.store.view(cookie.split("=")[1]!))!.keys[0]!;
    const statesUrl = backend.calls.at(-1)!.url.href;
    const cached = () => backend.cache!.lookup(fingerprint, statesUrl, "Directory");
    expect((await cached()).entry).toBeDefined();
    expect((await backend.rateLimits.get([fingerprint]))[0]).toBeDefined();
    await out(cookie);
    expect((await cached()).entry).toBeUndefined();
    expect((await backend.rateLimits.get([fingerprint]))[0]).toBeUndefined();
  });

  it("over https clears the __Host- cookie too", async () => {
    const { cookie } = await ring("Customer");
    const response = await out(cookie, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.getSetCookie().map((c) => c.split("=")[0]).sort()).toEqual(["__Host-backroom_session", "backroom_session"]);
  });

  it("refuses a cross-site sign-out (403): the session stays", async () => {
    const { cookie } = await ring("Customer");
    expect((await out(cookie, { site: "cross-site" })).status).toBe(403);
    expect((await get(cookie)).status).toBe(200);
  });

  it("answers 204 and clears the cookie without a session too", async () => {
    const response = await out(undefined);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toHaveLength(1);
  });
});
