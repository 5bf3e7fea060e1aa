import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxyRequest } from "./proxy";
import { createRequestLog, type RequestLog, type RequestLogEntry } from "./request-log";
import { createMemoryStore } from "./shared/memory-store";
import { listRequests, type RequestLogJson } from "./request-log-api";
import type { Environment } from "./session";
import { removeKey, signOut } from "./session-api";
import { browserRequest, createTestBackend, type TestBackend } from "./testing";

let backend: TestBackend & { requestLog: RequestLog };
beforeEach(async () => {
  // The upstream answers every read with an empty list: these tests are about what the log shows, not the API.
  const base = await createTestBackend(() => Response.json({ Data: [], Page: 1, PageSize: 50, HasNextPage: false }));
  backend = Object.assign(base, { requestLog: createRequestLog(createMemoryStore()) });
});
afterEach(() => backend.close());

const list = (cookie?: string, query = "") => listRequests(browserRequest("GET", `/api/session/requests${query}`, { cookie, site: null }), backend);
const proxyGet = (cookie: string, path: string) => proxyRequest(browserRequest("GET", `/api/v1/${path}`, { cookie }), "v1", path.split("?")[0]!.split("/"), backend);
const body = async (response: Response) => (await response.json()) as RequestLogJson;

/** Adds a key to the session (a new one without `cookie`), as connecting does; answers the new cookie and the key's id. */
async function addKey(cookie: string | undefined, apiKey: string, label: string, environment: Environment = "test") {
  const previous = cookie?.split("=")[1];
  const { sessionId, keyId } = await backend.store.connect(previous, { apiKey, environment, keyType: "Employee", label, scope: { summary: label } });
  return { cookie: `backroom_session=${sessionId}`, keyId };
}

/** A logged request `second` seconds into the test's day. */
const entry = (second: number, requestId = `r${second}`): RequestLogEntry => ({
  at: new Date(Date.parse("2026-11-21T18:00:00.000Z") + second * 1000).toISOString(),
  method: "GET", path: "/api/v1/states", operation: "listStates", status: 200, durationMs: 1.5, requestId, source: "upstream",
});

describe("GET /api/session/requests", () => {
  it.each([
    { name: "without a session cookie", cookie: undefined },
    { name: "with a session id the store does not know", cookie: `backroom_session=${"Z".repeat(43)}` },
  ])("answers 401 {Error} $name, as GET /api/session does, private, no-store", async ({ cookie }) => {
    const response = await list(cookie);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ Error: "Not connected: connect an API key at /connect" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers the requests of every key of the ring, newest first, with each key's id, label and environment", async () => {
    const first = await addKey(undefined, "test-first-key-123456", "Acme (Customer)");
    const second = await addKey(first.cookie, "prod-second-key-123456", "Ops (Employee)", "production");
    const stranger = await addKey(undefined, "test-stranger-key-123456", "Someone else");
    // A minute before the proxy's clock (18:00:00), which the request below is logged at.
    backend.requestLog.record(first.keyId, entry(-60));
    backend.requestLog.record(stranger.keyId, entry(-30));
    // The second key is the active one: the proxy logs under it.
    expect((await proxyGet(second.cookie, "invoices?Statuses=1,7")).status).toBe(200);

    const response = await list(second.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { requests } = await body(response);
    expect(requests).toEqual([
      {
        keyId: second.keyId, label: "Ops (Employee)", environment: "production", at: "2026-11-21T18:00:00.000Z", method: "GET",
        path: "/api/v1/invoices?Statuses=1,7", operation: "listInvoices", status: 200, durationMs: expect.any(Number),
        requestId: expect.stringMatching(/^[A-Za-z0-9]+$/), source: "upstream",
      },
      { keyId: first.keyId, label: "Acme (Customer)", environment: "test", ...entry(-60) },
    ]);
    expect(JSON.stringify(requests)).not.toMatch(/key-123456/);
  });

  it("answers 100 requests unless ?limit= says otherwise (1 to 200), and 400 for any other limit", async () => {
    const { cookie, keyId } = await addKey(undefined, "test-only-key-123456", "Only");
    for (let i = 0; i < 250; i++) backend.requestLog.record(keyId, entry(i));
    expect((await body(await list(cookie))).requests).toHaveLength(100);
    const three = (await body(await list(cookie, "?limit=3"))).requests;
    expect(three.map((r) => r.requestId)).toEqual(["r249", "r248", "r247"]);
    expect((await body(await list(cookie, "?limit=200"))).requests).toHaveLength(200);
    for (const limit of ["0", "201", "-1", "2.5", "abc", ""]) {
      const response = await list(cookie, `?limit=${limit}`);
      expect([limit, response.status]).toEqual([limit, 400]);
      expect(await response.json()).toEqual({ Error: "limit must be an integer from 1 to 200" });
    }
  });

  it("forgets a key's requests when the key is removed, and the session's when it signs out", async () => {
    const first = await addKey(undefined, "test-first-key-123456", "First");
    const second = await addKey(first.cookie, "test-second-key-123456", "Second");
    backend.requestLog.record(first.keyId, entry(1));
    backend.requestLog.record(second.keyId, entry(2));

    expect((await removeKey(browserRequest("DELETE", `/api/session/keys/${first.keyId}`, { cookie: second.cookie }), first.keyId, backend)).status).toBe(200);
    expect((await backend.requestLog.recent([first.keyId, second.keyId])).map((r) => r.keyId)).toEqual([second.keyId]);
    expect((await body(await list(second.cookie))).requests.map((r) => r.keyId)).toEqual([second.keyId]);

    expect((await signOut(browserRequest("DELETE", "/api/session", { cookie: second.cookie }), backend)).status).toBe(204);
    expect(await backend.requestLog.recent([first.keyId, second.keyId])).toEqual([]);
    expect((await list(second.cookie)).status).toBe(401);
  });
});
