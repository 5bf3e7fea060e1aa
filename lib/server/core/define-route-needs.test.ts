import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Permission, ROLE_NAMES, type RoleName } from "@/lib/session/roles";
import { ROUTE_FAILURES } from "./route-errors";
import { BACKROOM, browserRequest, connectKey, createTestBackend, joinAs, signUp, type TestBackend } from "./testing";
import { defineRoute } from "./define-route";

/** Where a route under test says it is: what every route's spec must say of itself. */
const AT = { method: "POST", path: "/api/test", summary: "A route under test." } as const;

type ActorNeed = "signed-in" | "workspace" | "key";

// The checks every route handler makes first: a write from elsewhere is refused, then who is asking is resolved and
// checked against what the handler needs, then against the permission its role must grant. Each refusal answered from
// the one map, in the API's error shape, before the handler runs.

let backend: TestBackend;
beforeEach(async () => {
  backend = await createTestBackend(() => Response.json({}));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await backend.close();
});

let ran = 0;
/** A route that tells what its handler was given: who is asking, and the route's parameter. */
const echo = (need: ActorNeed, permission?: Permission) =>
  defineRoute({ ...AT, need, ...(permission ? { permission } : {}) }, async ({ actor, params }) => {
    ran++;
    return {
      person: actor.person.id,
      workspace: actor.workspace?.id ?? null,
      role: actor.membership?.role ?? null,
      key: actor.key?.id ?? null,
      extra: params.extra,
    };
  });
const call = (
  need: ActorNeed,
  cookie: string | undefined,
  init: { method?: string; site?: string | null; permission?: Permission } = {},
) =>
  echo(need, init.permission)(
    browserRequest(init.method ?? "GET", "/api/anything", { cookie, site: init.site }),
    backend,
    { extra: "extra" },
  );
const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
  cache: response.headers.get("Cache-Control"),
  id: response.headers.get("X-Request-Id"),
});
const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM });

/** Who may be asking, each made on the backend: answers their cookie (none for nobody). */
const STATES = {
  nobody: async () => undefined,
  "a forged session": async () => `backroom.session_token=${"Q".repeat(32)}.${"s".repeat(43)}`,
  "a person in no workspace": async () => (await signUp(backend)).cookie,
  "a member of a workspace holding no key": async () => {
    const { cookie } = await signUp(backend);
    const workspace = await backend.auth.api.createOrganization({
      body: { name: "Keyless", slug: `keyless-${Math.random().toString(36).slice(2, 8)}` },
      headers: asPerson(cookie),
    });
    await backend.auth.api.setActiveOrganization({
      body: { organizationId: workspace!.id },
      headers: asPerson(cookie),
    });
    return cookie;
  },
  "a member without the two factors the workspace requires": async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    await backend.auth.api.updateOrganization({
      body: { organizationId: owner.workspaceId, data: { requireTwoFactor: true } },
      headers: asPerson(owner.cookie),
    });
    return owner.cookie;
  },
  "a member working with a key": async () => (await connectKey(backend, "test-key-1234567890")).cookie,
} as const;
type State = keyof typeof STATES;

const OK = { status: 200 } as const;
const refused = (failure: "not-signed-in" | "no-workspace" | "two-factor-required" | "no-key") => ({
  status: ROUTE_FAILURES[failure].status,
  code: ROUTE_FAILURES[failure].code,
});
/** What each need answers for each state. */
const TABLE: [State, Record<ActorNeed, { status: number; code?: string }>][] = [
  [
    "nobody",
    { "signed-in": refused("not-signed-in"), workspace: refused("not-signed-in"), key: refused("not-signed-in") },
  ],
  [
    "a forged session",
    { "signed-in": refused("not-signed-in"), workspace: refused("not-signed-in"), key: refused("not-signed-in") },
  ],
  ["a person in no workspace", { "signed-in": OK, workspace: refused("no-workspace"), key: refused("no-workspace") }],
  ["a member of a workspace holding no key", { "signed-in": OK, workspace: OK, key: refused("no-key") }],
  [
    // The workspace's data is closed to them until they turn theirs on: its request log, audit trail, views, members.
    "a member without the two factors the workspace requires",
    { "signed-in": OK, workspace: refused("two-factor-required"), key: refused("two-factor-required") },
  ],
  ["a member working with a key", { "signed-in": OK, workspace: OK, key: OK }],
];

describe("defineRoute: who is asking", () => {
  it.each(
    TABLE.flatMap(([state, byNeed]) =>
      (Object.keys(byNeed) as ActorNeed[]).map((need) => ({ state, need, expected: byNeed[need] })),
    ),
  )("answers $expected.status to $state, for a handler that needs $need", async ({ state, need, expected }) => {
    const cookie = await STATES[state]();
    ran = 0;
    const got = await answer(await call(need, cookie));
    expect(got.status).toBe(expected.status);
    if (expected.code) {
      expect(got.body).toEqual({ Error: { code: expected.code, detail: expect.any(String) } });
      expect(got.cache).toBe("private, no-store");
      expect(got.id).toMatch(/^[0-9a-f]{32}$/);
      expect(ran).toBe(0);
    } else {
      expect(got.body.extra).toBe("extra");
      expect(ran).toBe(1);
    }
  });

  it.each(["signed-in", "workspace", "key"] as const)(
    "refuses a cross-site write (%s) with 403 before resolving anyone",
    async (need) => {
      const cookie = await STATES["a member working with a key"]();
      const resolve = vi.spyOn(backend.actors, "resolve");
      ran = 0;
      for (const method of ["POST", "PATCH", "DELETE", "PUT"]) {
        const got = await answer(await call(need, cookie, { method, site: "cross-site" }));
        expect(got).toMatchObject({
          status: 403,
          body: { Error: "Cross-site request refused" },
          cache: "private, no-store",
        });
      }
      // Nobody signed in, from elsewhere: still the cross-site refusal, not a 401.
      expect((await call(need, undefined, { method: "POST", site: null })).status).toBe(403);
      expect(resolve).not.toHaveBeenCalled();
      expect(ran).toBe(0);
    },
  );

  it("lets a read through from anywhere (a GET changes nothing)", async () => {
    const cookie = await STATES["a member working with a key"]();
    expect((await call("key", cookie, { site: "cross-site" })).status).toBe(200);
    expect((await call("key", cookie, { site: null })).status).toBe(200);
  });

  it("gives the handler who is asking, and the route's parameters", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    expect((await answer(await call("key", viewer.cookie, { method: "PATCH" }))).body).toEqual({
      person: viewer.userId,
      workspace: owner.workspaceId,
      role: "viewer",
      key: owner.keyId,
      extra: "extra",
    });
    const outsider = await signUp(backend);
    expect((await answer(await call("signed-in", outsider.cookie))).body).toEqual({
      person: outsider.userId,
      workspace: null,
      role: null,
      key: null,
      extra: "extra",
    });
  });

  describe("the role's permission", () => {
    /** Which roles each permission the route handlers ask for grants (lib/session/roles.ts). */
    const GRANTS: [string, Permission, RoleName[]][] = [
      ["keys: manage", { keys: ["manage"] }, ["owner", "admin"]],
      ["member: update", { member: ["update"] }, ["owner", "admin"]],
      ["audit: read", { audit: ["read"] }, ["owner", "admin", "accounts"]],
      ["payments: allocate", { payments: ["allocate"] }, ["owner", "admin", "accounts"]],
      ["purchases: write", { purchases: ["write"] }, ["owner", "admin", "purchasing"]],
    ];

    it.each(GRANTS)(
      "grants %s to %j only; every other role is answered 403 FORBIDDEN_BY_ROLE and the handler never runs",
      async (_name, permission, granted) => {
        const owner = await connectKey(backend, "test-key-1234567890");
        for (const role of ROLE_NAMES) {
          const cookie = role === "owner" ? owner.cookie : (await joinAs(backend, owner.workspaceId, role)).cookie;
          ran = 0;
          const got = await answer(await call("workspace", cookie, { method: "POST", permission }));
          if (granted.includes(role)) {
            expect([role, got.status, ran]).toEqual([role, 200, 1]);
          } else {
            expect([role, got.status, got.body, ran]).toEqual([
              role,
              403,
              { Error: { code: "FORBIDDEN_BY_ROLE", detail: expect.any(String) } },
              0,
            ]);
          }
        }
      },
    );

    it("is asked only of who meets the need: nobody is 401, a person in no workspace 403 NO_WORKSPACE", async () => {
      const permission = { keys: ["manage"] } as const;
      expect((await answer(await call("workspace", undefined, { permission }))).body).toMatchObject({
        Error: { code: "NOT_SIGNED_IN" },
      });
      const outsider = await signUp(backend);
      expect((await answer(await call("workspace", outsider.cookie, { permission }))).body).toMatchObject({
        Error: { code: "NO_WORKSPACE" },
      });
    });
  });
});
