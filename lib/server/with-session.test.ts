import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROUTE_FAILURES } from "./route-errors";
import type { SessionDeps } from "./session-api";
import { browserRequest, connectKey, createTestBackend, type TestBackend } from "./testing";
import { withSession } from "./with-session";

// The checks every session route handler makes first: a write from elsewhere is refused, and a handler that needs a
// session (or its active key) is not run without one. Both answered from the one map, in the API's error shape.

let backend: TestBackend;
beforeEach(async () => {
  backend = await createTestBackend(() => Response.json({}));
});
afterEach(() => backend.close());

/** A handler that tells what it was given: the session's parts it needs, and the argument before the backend. */
const echo = <N extends "cookie" | "session" | "active-key">(need: N) =>
  withSession(need, async (_request: Request, session, extra: string, _deps: SessionDeps) => {
    const given = session as { sessionId?: string; view?: { keys: unknown[] }; key?: { id: string } };
    return Response.json({ sessionId: given.sessionId ?? null, keys: given.view?.keys.length ?? null, key: given.key?.id ?? null, extra });
  });

const failure = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown, cache: response.headers.get("Cache-Control"), id: response.headers.get("X-Request-Id") });

describe("withSession", () => {
  it.each(["cookie", "session", "active-key"] as const)("refuses a cross-site write (%s) with 403, before reading the session", async (need) => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    const answer = await failure(await echo(need)(browserRequest("POST", "/api/session", { cookie, site: "cross-site" }), "x", backend));
    expect(answer).toMatchObject({ status: 403, body: { Error: "Cross-site request refused" }, cache: "private, no-store" });
    expect(answer.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("lets a read through from anywhere (a GET changes nothing)", async () => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    expect((await echo("session")(browserRequest("GET", "/api/session", { cookie, site: "cross-site" }), "x", backend)).status).toBe(200);
  });

  it.each([
    ["no cookie", undefined],
    ["a session id the store does not know", `backroom_session=${"Q".repeat(43)}`],
  ])("answers 401 not-connected with %s, for a handler that needs a session", async (_name, cookie) => {
    for (const need of ["session", "active-key"] as const) {
      const answer = await failure(await echo(need)(browserRequest("GET", "/api/session", { cookie }), "x", backend));
      expect(answer).toMatchObject({ status: 401, body: { Error: ROUTE_FAILURES["not-connected"].text() }, cache: "private, no-store" });
    }
  });

  it("answers 401 to a handler that needs the active key when the session has none left", async () => {
    const { cookie, keyId } = await connectKey(backend, "test-key-1234567890");
    await backend.store.removeKey(cookie.split("=")[1]!, keyId);
    expect((await echo("active-key")(browserRequest("GET", "/api/audit", { cookie }), "x", backend)).status).toBe(401);
  });

  it("gives the handler what it needs, and its own arguments", async () => {
    const { cookie, keyId } = await connectKey(backend, "test-key-1234567890");
    const sessionId = cookie.split("=")[1]!;
    const run = async (need: "cookie" | "session" | "active-key", c?: string) => (await echo(need)(browserRequest("PATCH", "/api/session", { cookie: c }), "extra", backend)).json();
    expect(await run("cookie")).toEqual({ sessionId: null, keys: null, key: null, extra: "extra" });
    expect(await run("cookie", cookie)).toEqual({ sessionId, keys: null, key: null, extra: "extra" });
    expect(await run("session", cookie)).toEqual({ sessionId, keys: 1, key: keyId, extra: "extra" });
    expect(await run("active-key", cookie)).toEqual({ sessionId, keys: 1, key: keyId, extra: "extra" });
  });
});
