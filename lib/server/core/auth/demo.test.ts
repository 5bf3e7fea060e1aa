import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { inviteMember, updateMember } from "../members-api";
import { createWorkspace, leaveWorkspace, updateWorkspace } from "../workspaces-api";
import { authRoute } from "./auth-route";
import { getSession } from "../session-api";
import { addKey, listKeys, removeKey } from "../keys-api";
import { demoSignIn } from "../demo-api";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  sessionCookieOf,
  type TestBackend,
} from "../testing";
import { demoEmail, isDemoPerson } from "./demo";

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

const errorOf = async (response: Response) => (await response.json()) as { Error?: { code: string }; code?: string };

/** The demo Employee person signed in: their cookie and workspace's key. */
async function demoPerson() {
  const response = await demoSignIn(
    browserRequest("POST", "/api/demo", { json: { as: "Employee", environment: "test" } }),
    backend,
  );
  expect(response.status).toBe(200);
  return sessionCookieOf(response);
}

/** A call of better-auth's own endpoint `/api/auth${path}`, as the browser makes it. */
function authCall(cookie: string, path: string, json: unknown) {
  const method = json === undefined ? "GET" : "POST";
  return authRoute(
    browserRequest(method, `/api/auth${path}`, {
      cookie,
      ...(json === undefined ? {} : { json }),
      headers: { Origin: BACKROOM },
    }),
    backend,
  );
}

describe("the shared demo person", () => {
  it("is told apart by its address, and no other is", () => {
    expect(isDemoPerson(demoEmail("Customer", "test"))).toBe(true);
    expect(isDemoPerson("demo-customer-test@example.com")).toBe(false);
    expect(isDemoPerson("ana@backroom.invalid")).toBe(false);
    expect(isDemoPerson(undefined)).toBe(false);
  });

  it("is told so by GET /api/session (the pages hide what it may not change), and nobody else is", async () => {
    const shown = async (cookie: string) =>
      (
        (await (await getSession(browserRequest("GET", "/api/session", { cookie, site: null }), backend)).json()) as {
          demo: boolean;
        }
      ).demo;
    expect(await shown(await demoPerson())).toBe(true);
    expect(await shown((await connectKey(backend, DEMO_KEYS.Employee, "Employee")).cookie)).toBe(false);
  });

  it("may not add, remove or re-link what every visitor shares: keys and members (403 DEMO_SHARED), and the key stays", async () => {
    const cookie = await demoPerson();
    const keys = (
      (await (await listKeys(browserRequest("GET", "/api/keys", { cookie, site: null }), backend)).json()) as {
        keys: { id: string }[];
      }
    ).keys;
    expect(keys).toHaveLength(1);
    const added = await addKey(
      browserRequest("POST", "/api/keys", { cookie, json: { apiKey: DEMO_KEYS.Customer, environment: "test" } }),
      backend,
    );
    expect([added.status, (await errorOf(added)).Error?.code]).toEqual([403, "DEMO_SHARED"]);
    const removed = await removeKey(browserRequest("DELETE", `/api/keys/${keys[0]!.id}`, { cookie }), backend, {
      keyId: keys[0]!.id,
    });
    expect([removed.status, (await errorOf(removed)).Error?.code]).toEqual([403, "DEMO_SHARED"]);
    const linked = await updateMember(
      browserRequest("PATCH", "/api/members/x", { cookie, json: { salesRepUserId: 5 } }),
      backend,
      { memberId: "x" },
    );
    expect([linked.status, (await errorOf(linked)).Error?.code]).toEqual([403, "DEMO_SHARED"]);
    // Nothing was asked of the API, and the key is still there for the next visitor.
    expect(
      (
        (await (await listKeys(browserRequest("GET", "/api/keys", { cookie, site: null }), backend)).json()) as {
          keys: unknown[];
        }
      ).keys,
    ).toHaveLength(1);
  });

  it.each([
    ["/change-password", { currentPassword: "x".repeat(12), newPassword: "a new passphrase here" }],
    ["/two-factor/enable", { password: "x".repeat(12) }],
    ["/passkey/generate-register-options", undefined],
    ["/revoke-sessions", {}],
    ["/revoke-other-sessions", {}],
    ["/update-user", { name: "Someone else" }],
    ["/two-factor/disable", { password: "x".repeat(12) }],
    ["/passkey/delete-passkey", { id: "x" }],
  ])("may not call %s of better-auth (403 DEMO_SHARED)", async (path, json) => {
    const cookie = await demoPerson();
    const response = await authCall(cookie, path, json);
    expect([response.status, (await errorOf(response)).code]).toEqual([403, "DEMO_SHARED"]);
  });

  it.each([
    ["PATCH /api/workspace", updateWorkspace, "PATCH", { requireTwoFactor: true }],
    ["PATCH /api/workspace", updateWorkspace, "PATCH", { name: "Mine now" }],
    ["POST /api/members/invitations", inviteMember, "POST", { email: "someone@example.com", role: "viewer" }],
    ["POST /api/workspace/leave", leaveWorkspace, "POST", {}],
    ["POST /api/workspaces", createWorkspace, "POST", { name: "A demo visitor's own" }],
  ] as const)(
    "may not change its workspace or memberships: %s %j (403 DEMO_SHARED)",
    async (path, route, method, json) => {
      const cookie = await demoPerson();
      const response = await route(browserRequest(method, path.split(" ")[1]!, { cookie, json }), backend);
      expect([response.status, (await errorOf(response)).Error?.code]).toEqual([403, "DEMO_SHARED"]);
    },
  );

  it("signs in where mail goes out too, sending none: its `.invalid` address is taken as proved", async () => {
    const mailing = await createTestBackend((request) => sandbox.runtime.app.fetch(request), { mailDelivers: true });
    try {
      const response = await demoSignIn(
        browserRequest("POST", "/api/demo", { json: { as: "Customer", environment: "test" } }),
        mailing,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      expect(mailing.mail).toEqual([]);
    } finally {
      await mailing.close();
    }
  });

  it("signs in the first time as the next: one sign-in in the audit trail, no failed one before it", async () => {
    await demoPerson();
    await demoPerson();
    const entries = await backend.db
      .selectFrom("audit_events")
      .select(["event"])
      .where("user_email", "=", demoEmail("Employee", "test"))
      .orderBy("id")
      .execute();
    expect(entries.map((e) => e.event)).toEqual(["sign-in", "sign-in"]);
  });

  it("still signs out its own session", async () => {
    const cookie = await demoPerson();
    const response = await authCall(cookie, "/sign-out", {});
    expect(response.status).toBe(200);
    expect(await backend.actors.resolve(new Headers({ cookie, host: new URL(BACKROOM).host }))).toBeUndefined();
  });
});
