import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionKey, SessionView } from "@/lib/session/session-view";
import type { RoleName } from "@/lib/session/roles";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { AuthTables } from "./db/schema";
import { proxyRequest } from "./proxy";
import { createRequestLog } from "./request-log";
import { chooseKey, getSession } from "./session-api";
import { addKey, listKeys, removeKey } from "./keys-api";
import { demoSignIn } from "./demo-api";
import { createMemoryStore } from "./shared/memory-store";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  sessionCookieOf,
  signUp,
  type TestBackend,
} from "./testing";

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

const get = (cookie?: string) => getSession(browserRequest("GET", "/api/session", { cookie, site: null }), backend);
const choose = (cookie: string, json: unknown, init: BrowserInit = {}) =>
  chooseKey(browserRequest("PATCH", "/api/session", { cookie, json, ...init }), backend);
const keysOf = (cookie: string) => listKeys(browserRequest("GET", "/api/keys", { cookie, site: null }), backend);
const add = (cookie: string, json: unknown, init: BrowserInit = {}) =>
  addKey(browserRequest("POST", "/api/keys", { cookie, json, ...init }), backend);
const remove = (cookie: string, keyId: string, init: BrowserInit = {}) =>
  removeKey(browserRequest("DELETE", `/api/keys/${keyId}`, { cookie, ...init }), backend, { keyId });
const demo = (json: unknown, init: BrowserInit = {}) =>
  demoSignIn(browserRequest("POST", "/api/demo", { json, ...init }), backend);
const proxyGet = (cookie: string, path: string) =>
  proxyRequest(browserRequest("GET", `/api/v1/${path}`, { cookie }), "v1", path.split("?")[0]!.split("/"), backend);

const ALL_KEYS = Object.values(DEMO_KEYS);
const view = async (response: Response) => (await response.json()) as SessionView;
const errorOf = async (response: Response) =>
  ((await response.json()) as { Error: { code: string; detail: string; fieldErrors?: { field: string }[] } }).Error;
const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM });
async function count(table: "workspace_keys" | "auth_user" | "auth_organization"): Promise<number> {
  const row = await backend.db
    .withTables<AuthTables>()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A person signed in who owns a new workspace holding no key yet, working in it. */
async function emptyWorkspace(name = "Valley Cannabis") {
  const person = await signUp(backend);
  const workspace = await backend.auth.api.createOrganization({
    body: { name, slug: `${name.toLowerCase().replaceAll(" ", "-")}-${person.userId.slice(0, 6)}` },
    headers: asPerson(person.cookie),
  });
  await backend.auth.api.setActiveOrganization({
    body: { organizationId: workspace!.id },
    headers: asPerson(person.cookie),
  });
  return { ...person, workspaceId: workspace!.id };
}

/** An owner whose workspace holds the demo keys of these types (the first added first), working with the first. */
async function workspaceWith(...types: (keyof typeof DEMO_KEYS)[]) {
  const [first, ...rest] = types;
  const owner = await connectKey(backend, DEMO_KEYS[first!], first!);
  const ids = [owner.keyId];
  for (const type of rest) {
    const { key } = await backend.keys.add(owner.workspaceId, owner.userId, {
      apiKey: DEMO_KEYS[type],
      environment: "test",
      keyType: type,
      label: `${type} key`,
      scope: { summary: "test" },
    });
    ids.push(key.id);
  }
  await backend.actors.workspaceChanged(owner.workspaceId);
  return { ...owner, ids };
}

describe("GET /api/session (describe)", () => {
  it.each([
    { name: "no cookie", cookie: undefined },
    {
      name: "a session token better-auth never issued",
      cookie: `backroom.session_token=${"A".repeat(32)}.${"B".repeat(43)}`,
    },
    { name: "a malformed cookie", cookie: "backroom.session_token=../../etc" },
  ])("answers 401 NOT_SIGNED_IN to $name", async ({ cookie }) => {
    const response = await get(cookie);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("NOT_SIGNED_IN");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("describes a person signed in outside any workspace: no workspace, role or key", async () => {
    const person = await signUp(backend);
    const response = await get(person.cookie);
    expect(response.status).toBe(200);
    expect(await view(response)).toEqual({
      person: { id: person.userId, email: person.email, name: person.email.split("@")[0], twoFactorEnabled: false },
      workspace: null,
      role: null,
      salesRepUserId: null,
      needsTwoFactor: false,
      workspaces: [],
      keys: [],
      activeKeyId: null,
      mailDelivers: false,
      demo: false,
    });
  });

  it("describes the person, the workspace and role, its keys and the one they work with, and no key or fingerprint anywhere", async () => {
    const owner = await workspaceWith("Customer", "Employee");
    const response = await get(owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    const text = await response.text();
    for (const key of ALL_KEYS) expect(text).not.toContain(key);
    expect(text).not.toContain(owner.fingerprint);
    const described = JSON.parse(text) as SessionView;
    expect(described).toMatchObject({
      person: { id: owner.userId },
      workspace: { id: owner.workspaceId, requireTwoFactor: false },
      role: "owner",
      activeKeyId: owner.ids[0],
      needsTwoFactor: false,
    });
    expect(described.keys.map((k) => [k.id, k.keyType, k.environment, k.sandbox])).toEqual([
      [owner.ids[0], "Customer", "test", true],
      [owner.ids[1], "Employee", "test", true],
    ]);
    expect(described.keys[0]!.hint).toBe(DEMO_KEYS.Customer.slice(-4));
    expect(described.workspaces).toEqual([
      { id: owner.workspaceId, name: described.workspace!.name, slug: described.workspace!.slug, role: "owner" },
    ]);
  });

  it("lists every workspace the person belongs to, with their role in each", async () => {
    const owner = await workspaceWith("Customer");
    const other = await workspaceWith("Supplier");
    const member = await joinAs(backend, owner.workspaceId, "accounts");
    await backend.auth.api.addMember({
      body: { userId: member.userId, role: "viewer", organizationId: other.workspaceId },
    });
    const described = await view(await get(member.cookie));
    expect(described.role).toBe("accounts");
    expect(described.workspaces.map((w) => [w.id, w.role]).sort()).toEqual(
      [
        [owner.workspaceId, "accounts"],
        [other.workspaceId, "viewer"],
      ].sort(),
    );
  });

  it("shows the last rate-limit figures the API gave the key through the proxy, to every member working with it", async () => {
    const owner = await workspaceWith("Customer");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await view(await get(owner.cookie))).keys[0]!.rateLimit).toBeNull();
    const proxied = await proxyGet(owner.cookie, "states");
    expect(proxied.status).toBe(200);
    const figures = {
      limit: Number(proxied.headers.get("RateLimit-Limit")),
      remaining: Number(proxied.headers.get("RateLimit-Remaining")),
    };
    expect((await view(await get(owner.cookie))).keys[0]!.rateLimit).toMatchObject(figures);
    expect((await view(await get(viewer.cookie))).keys[0]!.rateLimit).toMatchObject(figures);
  });
});

describe("PATCH /api/session (choose the key to work with)", () => {
  it("makes another key of the workspace the person's, and the proxy sends it from then on, in every session of theirs and nobody else's", async () => {
    const owner = await workspaceWith("Customer", "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    // A second session of the owner's (another browser), working in the same workspace.
    const again = await backend.auth.api.signInEmail({
      body: { email: (await view(await get(owner.cookie))).person.email, password: "correct horse battery staple" },
      asResponse: true,
    });
    const otherBrowser = sessionCookieOf(again);
    await backend.auth.api.setActiveOrganization({
      body: { organizationId: owner.workspaceId },
      headers: asPerson(otherBrowser),
    });
    expect((await proxyGet(otherBrowser, "states")).status).toBe(200);

    const response = await choose(owner.cookie, { activeKeyId: owner.ids[1] });
    expect(response.status).toBe(200);
    expect(await view(response)).toMatchObject({ activeKeyId: owner.ids[1] });
    backend.calls.length = 0;
    for (const cookie of [owner.cookie, otherBrowser, viewer.cookie])
      expect((await proxyGet(cookie, "invoices?PageSize=3")).status).toBe(200);
    // The viewer still works with the workspace's first key (the second request of a key is its cache's).
    expect(backend.calls.map((c) => c.headers.get("x-api-key"))).toEqual([DEMO_KEYS.Employee, DEMO_KEYS.Customer]);
    expect((await view(await get(otherBrowser))).activeKeyId).toBe(owner.ids[1]);
    expect((await view(await get(viewer.cookie))).activeKeyId).toBe(owner.ids[0]);
  });

  it("lets a viewer choose too: picking a key is no change to the workspace", async () => {
    const owner = await workspaceWith("Customer", "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await choose(viewer.cookie, { activeKeyId: owner.ids[1] })).status).toBe(200);
    expect((await view(await get(viewer.cookie))).activeKeyId).toBe(owner.ids[1]);
  });

  it.each([
    { name: "a key id of no key in the workspace", body: { activeKeyId: "no-such-key" }, init: {}, status: 404 },
    { name: "another workspace's key", body: "stranger", init: {}, status: 404 },
    { name: "no key id", body: {}, init: {}, status: 400 },
    { name: "a key id and an extra field", body: { activeKeyId: "x", all: true }, init: {}, status: 400 },
    { name: "text that is not JSON", body: "{activeKeyId", init: {}, status: 400 },
    { name: "a cross-site request", body: "second", init: { site: "cross-site" }, status: 403 },
  ])("answers $status to $name and keeps the key", async ({ body, init, status }) => {
    const owner = await workspaceWith("Customer", "Employee");
    const stranger = await workspaceWith("Supplier");
    const json =
      body === "stranger" ? { activeKeyId: stranger.keyId } : body === "second" ? { activeKeyId: owner.ids[1] } : body;
    const response = await choose(owner.cookie, json, init);
    expect(response.status).toBe(status);
    expect((await view(await get(owner.cookie))).activeKeyId).toBe(owner.ids[0]);
    expect((await view(await get(stranger.cookie))).activeKeyId).toBe(stranger.keyId);
  });

  it("answers 401 without a session and 403 NO_WORKSPACE outside a workspace", async () => {
    const owner = await workspaceWith("Customer");
    const outsider = await signUp(backend);
    expect(
      (await choose(`backroom.session_token=${"B".repeat(32)}.${"C".repeat(43)}`, { activeKeyId: owner.keyId })).status,
    ).toBe(401);
    const response = await choose(outsider.cookie, { activeKeyId: owner.keyId });
    expect([response.status, (await errorOf(response)).code]).toEqual([403, "NO_WORKSPACE"]);
  });
});

describe("GET /api/keys", () => {
  it("lists the workspace's keys to every member, oldest first, never a key nor its fingerprint", async () => {
    const owner = await workspaceWith("Supplier", "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const response = await keysOf(viewer.cookie);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const key of ALL_KEYS) expect(text).not.toContain(key);
    expect(text).not.toContain(owner.fingerprint);
    expect((JSON.parse(text) as { keys: SessionKey[] }).keys.map((k) => [k.id, k.keyType])).toEqual([
      [owner.ids[0], "Supplier"],
      [owner.ids[1], "Employee"],
    ]);
  });

  it("answers 403 NO_WORKSPACE outside a workspace, and shows nobody another workspace's keys", async () => {
    await workspaceWith("Customer");
    const outsider = await signUp(backend);
    expect((await keysOf(outsider.cookie)).status).toBe(403);
    const other = await emptyWorkspace();
    expect(await (await keysOf(other.cookie)).json()).toEqual({ keys: [] });
  });
});

describe("POST /api/keys (add a key)", () => {
  it("checks the key with the Data API, keeps it encrypted for the workspace, and answers what it found: 201, never the key", async () => {
    const owner = await emptyWorkspace();
    const response = await add(owner.cookie, { apiKey: ` ${DEMO_KEYS.Supplier}\n`, environment: "test" });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toContain(DEMO_KEYS.Supplier);
    const added = JSON.parse(text) as SessionKey;
    expect(added).toMatchObject({
      id: expect.any(String),
      keyType: "Supplier",
      environment: "test",
      label: expect.stringContaining("(brand)"),
      scope: { summary: expect.any(String) },
      hint: DEMO_KEYS.Supplier.slice(-4),
    });
    // The probe went to the environment's API with the key as typed, trimmed.
    expect(backend.calls.length).toBeGreaterThan(0);
    for (const call of backend.calls) {
      expect(call.url.pathname).toMatch(/^\/test\/api\/v1\//);
      expect(call.headers.get("x-api-key")).toBe(DEMO_KEYS.Supplier);
    }
    expect(await count("workspace_keys")).toBe(1);
    // Every member works with it at once: the first key is everyone's.
    expect((await view(await get(owner.cookie))).activeKeyId).toBe(added.id);
    const audit = await backend.db
      .selectFrom("audit_events")
      .select(["event", "result", "key_type", "user_id", "workspace_id"])
      .where("event", "=", "key-added")
      .execute();
    expect(audit).toEqual([
      {
        event: "key-added",
        result: "done",
        key_type: "Supplier",
        user_id: owner.userId,
        workspace_id: owner.workspaceId,
      },
    ]);
  });

  it("answers 200 and keeps one copy when the same key is added again", async () => {
    const owner = await emptyWorkspace();
    const first = await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" });
    const again = await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test", label: "Again" });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(((await again.json()) as SessionKey).id).toBe(((await first.json()) as SessionKey).id);
    expect(await count("workspace_keys")).toBe(1);
  });

  it("lets an admin add a key", async () => {
    const owner = await emptyWorkspace();
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    expect((await add(admin.cookie, { apiKey: DEMO_KEYS.Employee, environment: "test", label: "Ops" })).status).toBe(
      201,
    );
    expect((await view(await get(owner.cookie))).keys.map((k) => k.label)).toEqual(["Ops"]);
  });

  it.each(["accounts", "purchasing", "viewer"] as const)(
    "answers 403 FORBIDDEN_BY_ROLE to a member with the role %s: nothing asked upstream, nothing kept",
    async (role: RoleName) => {
      const owner = await emptyWorkspace();
      const member = await joinAs(backend, owner.workspaceId, role);
      const response = await add(member.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" });
      expect([response.status, (await errorOf(response)).code]).toEqual([403, "FORBIDDEN_BY_ROLE"]);
      expect(backend.calls).toHaveLength(0);
      expect(await count("workspace_keys")).toBe(0);
    },
  );

  it("refuses a wrong key with 401 KEY_REJECTED, keeps nothing, and records the refusal", async () => {
    const owner = await emptyWorkspace();
    const response = await add(owner.cookie, { apiKey: "test-wrong-key-123456", environment: "test" });
    expect([response.status, (await errorOf(response)).code]).toEqual([401, "KEY_REJECTED"]);
    expect(await count("workspace_keys")).toBe(0);
    const audit = await backend.db
      .selectFrom("audit_events")
      .select(["event", "result", "upstream_status", "user_id", "workspace_id", "answer_json"])
      .where("event", "=", "key-added")
      .execute();
    expect(audit).toEqual([
      {
        event: "key-added",
        result: "refused",
        upstream_status: 401,
        user_id: owner.userId,
        workspace_id: owner.workspaceId,
        answer_json: JSON.stringify({ errorCode: "KEY_REJECTED" }),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain("test-wrong-key-123456");
  });

  it("refuses a test key offered as a production key (401): keys belong to one environment", async () => {
    const owner = await emptyWorkspace();
    const response = await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "production" });
    expect(response.status).toBe(401);
    expect(await count("workspace_keys")).toBe(0);
  });

  it("makes an address that had 5 keys refused wait (401 with Retry-After, then 429 with nothing upstream), and holds up no other address", async () => {
    const owner = await emptyWorkspace();
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    const wrong = { apiKey: "test-wrong-key-000000", environment: "test" };
    for (let i = 1; i <= 4; i++) expect((await add(owner.cookie, wrong, from("203.0.113.50"))).status).toBe(401);
    const fifth = await add(owner.cookie, wrong, from("203.0.113.50"));
    expect([fifth.status, fifth.headers.get("Retry-After")]).toEqual([401, "60"]);
    expect((await errorOf(fifth)).detail).toMatch(/try again in 60 seconds/);

    const calls = backend.calls.length;
    const held = await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" }, from("203.0.113.50"));
    expect([held.status, held.headers.get("Retry-After")]).toEqual([429, "60"]);
    expect(await held.json()).toEqual({
      Error: {
        code: "TOO_MANY_ATTEMPTS",
        detail: "Too many keys were refused from your address. Try again in 60 seconds.",
        retryAfterSeconds: 60,
      },
    });
    expect(backend.calls).toHaveLength(calls);
    expect(
      (await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" }, from("198.51.100.9"))).status,
    ).toBe(201);
  });

  it("answers 502 KEY_CHECK_FAILED when the API cannot be reached, keeps nothing, and counts nothing against the address", async () => {
    const owner = await emptyWorkspace();
    backend.answerWith(() => Promise.reject(new TypeError("fetch failed")));
    for (let i = 0; i < 6; i++) {
      const response = await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" });
      expect([response.status, (await errorOf(response)).code]).toEqual([502, "KEY_CHECK_FAILED"]);
    }
    expect(await count("workspace_keys")).toBe(0);
  });

  it.each([
    { name: "an empty object", json: {}, fields: ["apiKey", "environment"] },
    { name: "a key too short", json: { apiKey: "abc", environment: "test" }, fields: ["apiKey"] },
    {
      name: "an unknown environment",
      json: { apiKey: DEMO_KEYS.Customer, environment: "staging" },
      fields: ["environment"],
    },
    {
      name: "an extra field",
      json: { apiKey: DEMO_KEYS.Customer, environment: "test", remember: true },
      fields: ["remember"],
    },
    { name: "text that is not JSON", json: "apiKey=abc", fields: ["body"] },
  ])(
    "answers 400 VALIDATION_FAILED with field errors to $name, and asks nothing upstream",
    async ({ json, fields }) => {
      const owner = await emptyWorkspace();
      const response = await add(owner.cookie, json);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      for (const field of fields) expect(error.fieldErrors?.map((f) => f.field)).toContain(field);
      expect(backend.calls).toHaveLength(0);
    },
  );

  it.each([
    { name: "Sec-Fetch-Site: cross-site", init: { site: "cross-site" } },
    {
      name: "an Origin of another site and no Sec-Fetch-Site",
      init: { site: null, headers: { Origin: "https://evil.example" } },
    },
    { name: "neither Sec-Fetch-Site nor Origin", init: { site: null } },
  ])("refuses a POST with $name: 403, nothing upstream, nothing kept", async ({ init }) => {
    const owner = await emptyWorkspace();
    expect((await add(owner.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" }, init)).status).toBe(403);
    expect(backend.calls).toHaveLength(0);
    expect(await count("workspace_keys")).toBe(0);
  });
});

describe("DELETE /api/keys/{keyId} (remove a key)", () => {
  it("removes the key at once, with its cached answers, rate-limit figures and request log, and records it", async () => {
    const owner = await workspaceWith("Customer", "Employee");
    backend.requestLog = createRequestLog(createMemoryStore());
    expect((await proxyGet(owner.cookie, "states")).status).toBe(200);
    const statesUrl = backend.calls.at(-1)!.url.href;
    const cached = () => backend.cache!.lookup(owner.fingerprint, statesUrl, "Directory");
    expect((await cached()).entry).toBeDefined();
    expect((await backend.rateLimits.get([owner.fingerprint]))[0]).toBeDefined();
    expect(await backend.requestLog.recent([owner.keyId])).toHaveLength(1);

    const response = await remove(owner.cookie, owner.keyId);
    expect([response.status, await response.text()]).toEqual([204, ""]);
    expect((await view(await get(owner.cookie))).keys.map((k) => k.id)).toEqual([owner.ids[1]]);
    expect((await cached()).entry).toBeUndefined();
    expect((await backend.rateLimits.get([owner.fingerprint]))[0]).toBeUndefined();
    expect(await backend.requestLog.recent([owner.keyId])).toEqual([]);
    const removed = await backend.db
      .selectFrom("audit_events")
      .select(["event", "key_type", "user_id", "workspace_id"])
      .where("event", "=", "key-removed")
      .execute();
    expect(removed).toEqual([
      { event: "key-removed", key_type: "Customer", user_id: owner.userId, workspace_id: owner.workspaceId },
    ]);
  });

  it("moves every member who worked with the removed key to the workspace's oldest one left, on their next request", async () => {
    const owner = await workspaceWith("Customer", "Supplier", "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await choose(viewer.cookie, { activeKeyId: owner.ids[2] })).status).toBe(200);
    expect((await proxyGet(viewer.cookie, "states")).status).toBe(200);
    expect(backend.calls.at(-1)!.headers.get("x-api-key")).toBe(DEMO_KEYS.Employee);

    expect((await remove(owner.cookie, owner.ids[2]!)).status).toBe(204);
    expect((await view(await get(viewer.cookie))).activeKeyId).toBe(owner.ids[0]);
    expect((await proxyGet(viewer.cookie, "invoices?PageSize=1")).status).toBe(200);
    expect(backend.calls.at(-1)!.headers.get("x-api-key")).toBe(DEMO_KEYS.Customer);
    // The last key gone, the workspace holds none: the proxy says so.
    await remove(owner.cookie, owner.ids[0]!);
    await remove(owner.cookie, owner.ids[1]!);
    const none = await proxyGet(viewer.cookie, "invoices?PageSize=2");
    expect([none.status, (await errorOf(none)).code]).toEqual([409, "NO_KEY"]);
  });

  it.each([
    { name: "a key id of no key in the workspace", keyId: "no-such-key", who: "owner", init: {}, status: 404 },
    { name: "another workspace's key", keyId: "stranger", who: "owner", init: {}, status: 404 },
    { name: "a cross-site request", keyId: "own", who: "owner", init: { site: "cross-site" }, status: 403 },
    { name: "a viewer", keyId: "own", who: "viewer", init: {}, status: 403 },
    { name: "accounts", keyId: "own", who: "accounts", init: {}, status: 403 },
    { name: "purchasing", keyId: "own", who: "purchasing", init: {}, status: 403 },
  ] as const)("answers $status to $name and removes nothing", async ({ keyId, who, init, status }) => {
    const owner = await workspaceWith("Customer");
    const stranger = await workspaceWith("Supplier");
    const cookie = who === "owner" ? owner.cookie : (await joinAs(backend, owner.workspaceId, who)).cookie;
    const response = await remove(
      cookie,
      keyId === "own" ? owner.keyId : keyId === "stranger" ? stranger.keyId : keyId,
      init,
    );
    expect(response.status).toBe(status);
    if (who !== "owner") expect((await errorOf(response)).code).toBe("FORBIDDEN_BY_ROLE");
    expect(await count("workspace_keys")).toBe(2);
  });
});

describe("POST /api/demo (try the demo)", () => {
  it.each([
    { as: "Customer", key: DEMO_KEYS.Customer, label: "(retailer)" },
    { as: "Supplier", key: DEMO_KEYS.Supplier, label: "(brand)" },
    { as: "Employee", key: DEMO_KEYS.Employee, label: "Distributor staff (employee)" },
  ] as const)(
    "signs into the demo $as person, owner of a demo workspace holding the demo key, and its Set-Cookie signs in",
    async ({ as, key, label }) => {
      const response = await demo({ as, environment: "test" });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(key);
      const answered = JSON.parse(text) as SessionView;
      expect(answered).toMatchObject({
        role: "owner",
        workspace: { name: expect.stringContaining("(demo)") },
        keys: [{ keyType: as, environment: "test", label: expect.stringContaining(label) }],
      });
      const cookie = sessionCookieOf(response);
      expect(cookie).toMatch(/backroom\.session_token=/);
      expect(await view(await get(cookie))).toMatchObject({
        person: { email: `demo-${as.toLowerCase()}-test@backroom.invalid` },
        activeKeyId: answered.activeKeyId,
      });
      backend.calls.length = 0;
      expect((await proxyGet(cookie, "states")).status).toBe(200);
      expect(backend.calls.map((c) => c.headers.get("x-api-key"))).toEqual([key]);
    },
  );

  it("makes the demo person, workspace and key once: a second sign-in probes nothing and adds nothing", async () => {
    const first = await demo({ as: "Supplier", environment: "test" });
    expect(first.status).toBe(200);
    const rows = {
      people: await count("auth_user"),
      workspaces: await count("auth_organization"),
      keys: await count("workspace_keys"),
    };
    expect(rows).toEqual({ people: 1, workspaces: 1, keys: 1 });
    const calls = backend.calls.length;
    const second = await demo({ as: "Supplier", environment: "test" });
    expect(second.status).toBe(200);
    expect(backend.calls).toHaveLength(calls);
    expect({
      people: await count("auth_user"),
      workspaces: await count("auth_organization"),
      keys: await count("workspace_keys"),
    }).toEqual(rows);
    expect(((await second.json()) as SessionView).activeKeyId).toBe(((await first.json()) as SessionView).activeKeyId);
    // Two sessions of one demo person: each signs in.
    expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first));
  });

  it("answers two first sign-ins at once, making one person, one workspace and one key", async () => {
    const answers = await Promise.all([
      demo({ as: "Employee", environment: "test" }),
      demo({ as: "Employee", environment: "test" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect({
      people: await count("auth_user"),
      workspaces: await count("auth_organization"),
      keys: await count("workspace_keys"),
    }).toEqual({ people: 1, workspaces: 1, keys: 1 });
    for (const answer of answers) expect((await view(await get(sessionCookieOf(answer)))).keys).toHaveLength(1);
  });

  it("answers 400 NO_DEMO where the real API serves the environment, and signs nobody in", async () => {
    const response = await demo({ as: "Customer", environment: "production" });
    expect([response.status, (await errorOf(response)).code]).toEqual([400, "NO_DEMO"]);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(backend.calls).toHaveLength(0);
    expect(await count("auth_user")).toBe(0);
  });

  it.each([
    { name: "an unknown kind", json: { as: "Admin", environment: "test" }, fields: ["as"] },
    { name: "an unknown environment", json: { as: "Customer", environment: "staging" }, fields: ["environment"] },
    {
      name: "an API key offered",
      json: { as: "Customer", environment: "test", apiKey: DEMO_KEYS.Customer },
      fields: ["apiKey"],
    },
    { name: "text that is not JSON", json: "as=Customer", fields: ["body"] },
  ])("answers 400 VALIDATION_FAILED to $name, and signs nobody in", async ({ json, fields }) => {
    const response = await demo(json);
    const error = await errorOf(response);
    expect([response.status, error.code]).toEqual([400, "VALIDATION_FAILED"]);
    for (const field of fields) expect(error.fieldErrors?.map((f) => f.field)).toContain(field);
    expect(await count("auth_user")).toBe(0);
  });

  it("refuses a cross-site sign-in (403) and signs nobody in", async () => {
    const response = await demo(
      { as: "Customer", environment: "test" },
      { site: null, headers: { Origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await count("auth_user")).toBe(0);
  });

  it("answers 404 to anything but a POST", async () => {
    expect((await demoSignIn(browserRequest("GET", "/api/demo", { site: null }), backend)).status).toBe(404);
  });
});
