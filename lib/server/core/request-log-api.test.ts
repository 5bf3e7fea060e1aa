import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxyRequest } from "./proxy";
import type { RequestLogEntry, RequestLogJson } from "@/lib/session/request-log-view";
import { createRequestLog, type RequestLog } from "./request-log";
import { createMemoryStore } from "./shared/memory-store";
import { listRequests } from "./request-log-api";
import type { Environment } from "./session";
import { removeKey } from "./keys-api";
import { BACKROOM, browserRequest, connectKey, createTestBackend, joinAs, signUp, type TestBackend } from "./testing";

let backend: TestBackend & { requestLog: RequestLog };
beforeEach(async () => {
  // The upstream answers every read with an empty list: these tests are about what the log shows, not the API.
  const base = await createTestBackend(() => Response.json({ Data: [], Page: 1, PageSize: 50, HasNextPage: false }));
  backend = Object.assign(base, { requestLog: createRequestLog(createMemoryStore()) });
});
afterEach(() => backend.close());

const list = (cookie?: string, query = "") =>
  listRequests(browserRequest("GET", `/api/session/requests${query}`, { cookie, site: null }), backend);
const proxyGet = (cookie: string, path: string) =>
  proxyRequest(browserRequest("GET", `/api/v1/${path}`, { cookie }), "v1", path.split("?")[0]!.split("/"), backend);
const body = async (response: Response) => (await response.json()) as RequestLogJson;

/** Adds a key to a workspace (stored directly: no probe), as an owner adding it does; answers the key's id. */
async function addKey(
  workspace: { workspaceId: string; userId: string },
  apiKey: string,
  label: string,
  environment: Environment = "test",
) {
  const { key } = await backend.keys.add(workspace.workspaceId, workspace.userId, {
    apiKey,
    environment,
    keyType: "Employee",
    label,
    scope: { summary: label },
  });
  await backend.actors.workspaceChanged(workspace.workspaceId);
  return key.id;
}

/** A logged request `second` seconds into the test's day. */
const entry = (second: number, requestId = `r${second}`): RequestLogEntry => ({
  at: new Date(Date.parse("2026-11-21T18:00:00.000Z") + second * 1000).toISOString(),
  method: "GET",
  path: "/api/v1/states",
  operation: "listStates",
  status: 200,
  durationMs: 1.5,
  requestId,
  source: "upstream",
});

describe("GET /api/session/requests", () => {
  it.each([
    { name: "without a session cookie", cookie: undefined },
    {
      name: "with a session token better-auth never issued",
      cookie: `backroom.session_token=${"Z".repeat(32)}.${"s".repeat(43)}`,
    },
  ])("answers 401 NOT_SIGNED_IN $name, as GET /api/session does, private, no-store", async ({ cookie }) => {
    const response = await list(cookie);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      Error: { code: "NOT_SIGNED_IN", detail: "Not signed in: sign in at /sign-in" },
    });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers 403 NO_WORKSPACE to a person working in no workspace", async () => {
    const { cookie } = await signUp(backend);
    const response = await list(cookie);
    expect([response.status, ((await response.json()) as { Error: { code: string } }).Error.code]).toEqual([
      403,
      "NO_WORKSPACE",
    ]);
  });

  it("answers the requests of every key of the workspace, by any member, newest first, with each key's id, label and environment", async () => {
    const owner = await connectKey(backend, "test-first-key-123456", "Customer");
    const first = owner.keyId;
    const second = await addKey(owner, "prod-second-key-123456", "Ops (Employee)", "production");
    const stranger = await connectKey(backend, "test-stranger-key-123456", "Customer");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    // A minute before the proxy's clock (18:00:00), which the request below is logged at.
    backend.requestLog.record(first, entry(-60));
    backend.requestLog.record(stranger.keyId, entry(-30));
    // The viewer works with the second key: the proxy logs under it.
    await backend.keys.setActive(owner.workspaceId, viewer.userId, second);
    await backend.actors.keyChosen(owner.workspaceId, viewer.userId);
    expect((await proxyGet(viewer.cookie, "invoices?Statuses=1,7")).status).toBe(200);

    for (const cookie of [owner.cookie, viewer.cookie]) {
      const response = await list(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const { requests } = await body(response);
      expect(requests).toEqual([
        {
          keyId: second,
          label: "Ops (Employee)",
          environment: "production",
          at: "2026-11-21T18:00:00.000Z",
          method: "GET",
          path: "/api/v1/invoices?Statuses=1,7",
          operation: "listInvoices",
          status: 200,
          durationMs: expect.any(Number),
          requestId: expect.stringMatching(/^[A-Za-z0-9]+$/),
          source: "upstream",
        },
        { keyId: first, label: "Customer key", environment: "test", ...entry(-60) },
      ]);
      expect(JSON.stringify(requests)).not.toMatch(/key-123456/);
    }
    // The other workspace sees its own key's requests only.
    expect((await body(await list(stranger.cookie))).requests.map((r) => r.keyId)).toEqual([stranger.keyId]);
  });

  it("answers 100 requests unless ?limit= says otherwise (1 to 200), and 400 for any other limit", async () => {
    const { cookie, keyId } = await connectKey(backend, "test-only-key-123456", "Customer");
    for (let i = 0; i < 250; i++) backend.requestLog.record(keyId, entry(i));
    expect((await body(await list(cookie))).requests).toHaveLength(100);
    const three = (await body(await list(cookie, "?limit=3"))).requests;
    expect(three.map((r) => r.requestId)).toEqual(["r249", "r248", "r247"]);
    expect((await body(await list(cookie, "?limit=200"))).requests).toHaveLength(200);
    for (const limit of ["0", "201", "-1", "2.5", "abc", ""]) {
      const response = await list(cookie, `?limit=${limit}`);
      expect([limit, response.status]).toEqual([limit, 400]);
      expect(await response.json()).toMatchObject({
        Error: { code: "VALIDATION_FAILED", detail: "limit must be an integer from 1 to 200" },
      });
    }
  });

  it("forgets a key's requests when the key is removed from the workspace", async () => {
    const owner = await connectKey(backend, "test-first-key-123456", "Customer");
    const second = await addKey(owner, "test-second-key-123456", "Second");
    backend.requestLog.record(owner.keyId, entry(1));
    backend.requestLog.record(second, entry(2));

    const removed = await removeKey(
      browserRequest("DELETE", `/api/keys/${owner.keyId}`, { cookie: owner.cookie }),
      backend,
      { keyId: owner.keyId },
    );
    expect(removed.status).toBe(204);
    expect((await backend.requestLog.recent([owner.keyId, second])).map((r) => r.keyId)).toEqual([second]);
    expect((await body(await list(owner.cookie))).requests.map((r) => r.keyId)).toEqual([second]);
  });

  it("answers 401 once the person signed out (better-auth's sign-out), with the same cookie", async () => {
    const owner = await connectKey(backend, "test-first-key-123456", "Customer");
    expect((await list(owner.cookie)).status).toBe(200);
    await backend.auth.api.signOut({ headers: new Headers({ cookie: owner.cookie, origin: BACKROOM }) });
    expect((await list(owner.cookie)).status).toBe(401);
  });
});
