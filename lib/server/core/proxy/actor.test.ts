import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseProfiles } from "../db/testing";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  signUp,
  type TestBackend,
} from "../testing";
import { resolveAsking } from "./actor";
import type { ProxyTelemetry } from "./context";

/**
 * The actor stage on its own, over the test backend's real resolver (better-auth, the workspace keys): who is asking,
 * with the key they work with, or Backroom's refusal; a session store that does not answer is 503, anything else it
 * throws is left to the route.
 */

const telemetry = () =>
  ({ upstream: vi.fn(), cache: vi.fn(), answered: vi.fn(), failed: vi.fn() }) satisfies ProxyTelemetry;
const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM });
const get = (cookie?: string) => browserRequest("GET", "/api/v1/invoices", { cookie });
const errorOf = async (response: Response) =>
  (await response.json()) as { Error: { code: string; detail: string } | string };

describe.each(databaseProfiles())("resolveAsking on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });
  async function backend() {
    const made = await createTestBackend(() => Response.json({}), { database: await open() });
    backends.push(made);
    return made;
  }

  it("answers the actor of a member signed in, with the workspace's key in clear", async () => {
    const b = await backend();
    const owner = await connectKey(b, DEMO_KEYS.Supplier, "Supplier");
    const viewer = await joinAs(b, owner.workspaceId, "viewer");
    const t = telemetry();
    const who = await resolveAsking(get(viewer.cookie), { actors: b.actors, telemetry: t }, "rid");
    if (!("actor" in who)) throw new Error(`refused ${who.refused.status}`);
    expect(who.actor).toMatchObject({
      person: { id: viewer.userId },
      workspace: { id: owner.workspaceId },
      membership: { role: "viewer" },
      key: {
        id: owner.keyId,
        fingerprint: owner.fingerprint,
        apiKey: DEMO_KEYS.Supplier,
        keyType: "Supplier",
        environment: "test",
      },
    });
    expect(t.failed).not.toHaveBeenCalled();
  });

  it("answers 401 NOT_SIGNED_IN without a cookie, with the request id", async () => {
    const b = await backend();
    const who = await resolveAsking(get(), { actors: b.actors }, "rid401");
    if (!("refused" in who)) throw new Error("expected a refusal");
    expect([
      who.refused.status,
      who.refused.headers.get("X-Request-Id"),
      who.refused.headers.get("Cache-Control"),
    ]).toEqual([401, "rid401", "private, no-store"]);
    expect(await errorOf(who.refused)).toEqual({ Error: { code: "NOT_SIGNED_IN", detail: expect.any(String) } });
  });

  it("answers 403 NO_WORKSPACE to a person working in no workspace", async () => {
    const b = await backend();
    const { cookie } = await signUp(b);
    const who = await resolveAsking(get(cookie), { actors: b.actors }, "rid");
    if (!("refused" in who)) throw new Error("expected a refusal");
    expect([who.refused.status, await errorOf(who.refused)]).toEqual([
      403,
      { Error: { code: "NO_WORKSPACE", detail: expect.any(String) } },
    ]);
  });

  it("answers 409 NO_KEY in a workspace that holds no key", async () => {
    const b = await backend();
    const { cookie } = await signUp(b);
    const workspace = await b.auth.api.createOrganization({
      body: { name: "Keyless", slug: "keyless" },
      headers: asPerson(cookie),
    });
    await b.auth.api.setActiveOrganization({ body: { organizationId: workspace!.id }, headers: asPerson(cookie) });
    const who = await resolveAsking(get(cookie), { actors: b.actors }, "rid");
    if (!("refused" in who)) throw new Error("expected a refusal");
    expect([who.refused.status, await errorOf(who.refused)]).toEqual([
      409,
      { Error: { code: "NO_KEY", detail: expect.any(String) } },
    ]);
  });

  it("answers 403 TWO_FACTOR_REQUIRED to a member without two factors once the workspace requires them, though it holds a key", async () => {
    const b = await backend();
    const owner = await connectKey(b, DEMO_KEYS.Customer, "Customer");
    expect("actor" in (await resolveAsking(get(owner.cookie), { actors: b.actors }, "rid"))).toBe(true);
    await b.auth.api.updateOrganization({
      body: { organizationId: owner.workspaceId, data: { requireTwoFactor: true } },
      headers: asPerson(owner.cookie),
    });
    const who = await resolveAsking(get(owner.cookie), { actors: b.actors }, "rid");
    if (!("refused" in who)) throw new Error("expected a refusal");
    expect([who.refused.status, await errorOf(who.refused)]).toEqual([
      403,
      { Error: { code: "TWO_FACTOR_REQUIRED", detail: expect.any(String) } },
    ]);
  });
});

describe("resolveAsking when the resolver throws", () => {
  const throwing = (error: unknown) => ({ resolve: () => Promise.reject(error) });

  it.each([
    {
      name: "a refused connection (ECONNREFUSED)",
      error: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    },
    {
      name: "PostgreSQL shutting down (57P01)",
      error: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    },
    {
      name: "an error caused by a reset connection",
      error: new Error("session read failed", {
        cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      }),
    },
  ])("answers 503 with Retry-After to $name, and tells the telemetry", async ({ error }) => {
    const t = telemetry();
    const who = await resolveAsking(
      get("backroom.session_token=x.y"),
      { actors: throwing(error), telemetry: t },
      "rid503",
    );
    if (!("refused" in who)) throw new Error("expected a refusal");
    expect([
      who.refused.status,
      who.refused.headers.get("Retry-After"),
      who.refused.headers.get("X-Request-Id"),
    ]).toEqual([503, "5", "rid503"]);
    expect((await errorOf(who.refused)).Error).toMatch(/session store.*rid503/);
    expect(t.failed).toHaveBeenCalledExactlyOnceWith("session store unavailable", error, "rid503");
  });

  it("answers 503 without a telemetry to tell", async () => {
    const who = await resolveAsking(
      get(),
      { actors: throwing(Object.assign(new Error("x"), { code: "ETIMEDOUT" })) },
      "rid",
    );
    expect("refused" in who && who.refused.status).toBe(503);
  });

  it.each([
    { name: "a TypeError (a bug)", error: new TypeError("Cannot read properties of undefined (reading 'scope')") },
    {
      name: "an error with a code that is not an outage",
      error: Object.assign(new Error("duplicate key"), { code: "23505" }),
    },
    { name: "a thrown string", error: "ECONNREFUSED" },
  ])("lets $name propagate, telling nobody", async ({ error }) => {
    const t = telemetry();
    await expect(resolveAsking(get(), { actors: throwing(error), telemetry: t }, "rid")).rejects.toBe(error);
    expect(t.failed).not.toHaveBeenCalled();
  });
});
