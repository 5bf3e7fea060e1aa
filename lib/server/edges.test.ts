import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MAPPING } from "@/lib/domain/accounting/mapping";
import type { MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { InvitationMade, MembersJson } from "@/lib/session/members-view";
import type { SavedViewsJson } from "@/lib/session/saved-views-view";
import { getAccountingMapping, putAccountingMapping } from "./accounting/accounting-api";
import { createAccountingStore } from "./accounting/accounting-store";
import { listAudit } from "./activity/audit-api";
import { createBackground } from "./core/background/background-reads";
import { authRoute } from "./core/auth/auth-route";
import { demoEmail } from "./core/auth/demo";
import { roleOf as roleIn } from "./core/auth/invitation-rights";
import type { AuthTables } from "./core/db/schema";
import { demoSignIn } from "./core/demo-api";
import { acceptInvitation, readInvitation } from "./core/invitations-api";
import { inviteMember, listMembers, removeMember, updateMember } from "./core/members-api";
import { createNotificationStore } from "./core/notify/notification-store";
import { getSession as describeSession } from "./core/session-api";
import { proxyRequest } from "./core/proxy";
import { createRequestLog } from "./core/request-log";
import { listRequests } from "./core/request-log-api";
import { createMemoryStore } from "./core/shared/memory-store";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  joinAs,
  linkSecretOf,
  refusalCode,
  sessionCookieOf,
  signUp,
  type TestBackend,
} from "./core/testing";
import { leaveWorkspace } from "./core/workspaces-api";
import { createMenuSnapshots } from "./menus/menu-snapshot";
import { createMenuStore } from "./menus/menu-store";
import { createMenu, listMenus, revokeMenu } from "./menus/menus-api";
import { servePublicMenu } from "./menus/public-menu-route";
import { createNote, listNotes } from "./notes/notes-api";
import { createView, deleteView, listViews } from "./views/views-api";
import { createTestBackend } from "./testing";

/**
 * Closed at the edges: each finding of the second review, tried as an attacker would (two workspaces, every role,
 * outsiders and visitors of the shared demo), through the routes a browser reaches. Each test failed before its fix.
 */

let backend: TestBackend;
afterEach(() => backend.close());

const code = refusalCode;
const secretOf = linkSecretOf;
const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM, host: new URL(BACKROOM).host });
const roleOf = (workspaceId: string, userId: string) => roleIn(backend.db, workspaceId, userId);
/** The emails of the pending invitations the owner sees on the Members page. */
const pendingOf = async () =>
  (
    (await (
      await listMembers(browserRequest("GET", "/api/members", { cookie: ownerCookie, site: null }), backend)
    ).json()) as MembersJson
  ).invitations!.map((i) => i.email);
let ownerCookie = "";

async function invite(cookie: string, email: string, role: string) {
  const response = await inviteMember(
    browserRequest("POST", "/api/members/invitations", { cookie, json: { email, role } }),
    backend,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return secretOf(((await response.json()) as InvitationMade).link!);
}
const accept = (cookie: string, secret: string) =>
  acceptInvitation(browserRequest("POST", "/api/invitations/accept", { cookie, json: { secret } }), backend);

describe("invitations die with their maker's right", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  async function workspaceWithAdmin() {
    const owner = await connectKey(backend, "test-key-1234567890");
    ownerCookie = owner.cookie;
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    return { owner, admin };
  }

  it("an admin removed takes their pending invitations: the link answers 409 INVITATION_VOID, and nobody joins", async () => {
    const { owner, admin } = await workspaceWithAdmin();
    const secret = await invite(admin.cookie, "friend@outside.example", "admin");
    const kept = await invite(owner.cookie, "colleague@valley.example", "viewer");
    const removed = await removeMember(
      browserRequest("DELETE", `/api/members/${admin.memberId}`, { cookie: owner.cookie }),
      backend,
      { memberId: admin.memberId },
    );
    expect(removed.status).toBe(204);
    expect(await pendingOf()).toEqual(["colleague@valley.example"]);

    const friend = await signUp(backend, "friend@outside.example");
    const page = await readInvitation(backend.db, secret, (await backend.actors.resolve(asPerson(friend.cookie)))!);
    expect(page).toEqual({ problem: expect.objectContaining({ text: expect.stringMatching(/may no longer invite/) }) });
    const answer = await accept(friend.cookie, secret);
    expect([answer.status, await code(answer)]).toEqual([409, "INVITATION_VOID"]);
    expect(await roleOf(owner.workspaceId, friend.userId)).toBeUndefined();
    // Cancelled by an owner while its maker may still invite: no longer open, in the usual words.
    const colleague = await signUp(backend, "colleague@valley.example");
    const pending = await backend.db
      .withTables<AuthTables>()
      .selectFrom("auth_invitation")
      .select("id")
      .where("email", "=", "colleague@valley.example")
      .executeTakeFirstOrThrow();
    await backend.auth.api.cancelInvitation({ body: { invitationId: pending.id }, headers: asPerson(owner.cookie) });
    const cancelled = await accept(colleague.cookie, kept);
    expect([cancelled.status, await code(cancelled)]).toEqual([404, "INVITATION_NOT_FOUND"]);
  });

  it("an invitation still pending from before is refused when its maker may no longer make it (409 INVITATION_VOID)", async () => {
    const { owner, admin } = await workspaceWithAdmin();
    const secret = await invite(admin.cookie, "friend@outside.example", "admin");
    // As a database from before this rule holds it: the maker demoted behind the library's back, the invitation open.
    await backend.db
      .withTables<AuthTables>()
      .updateTable("auth_member")
      .set({ role: "viewer" })
      .where("id", "=", admin.memberId)
      .execute();
    await backend.actors.events.membershipChanged({
      workspaceId: owner.workspaceId,
      userId: admin.userId,
      kind: "role",
    });
    const friend = await signUp(backend, "friend@outside.example");
    const answer = await accept(friend.cookie, secret);
    expect([answer.status, await code(answer)]).toEqual([409, "INVITATION_VOID"]);
    expect(await roleOf(owner.workspaceId, friend.userId)).toBeUndefined();
    // Cancelled on the way: it is gone from the members' list, and the link now finds nothing open.
    expect(await pendingOf()).toEqual([]);
  });

  it("a demotion cancels what the new role may not invite, and keeps what it may", async () => {
    const { owner, admin } = await workspaceWithAdmin();
    const other = await joinAs(backend, owner.workspaceId, "admin");
    await invite(admin.cookie, "a@outside.example", "accounts");
    await invite(other.cookie, "b@outside.example", "viewer");
    const promoted = await updateMember(
      browserRequest("PATCH", `/api/members/${other.memberId}`, { cookie: owner.cookie, json: { role: "owner" } }),
      backend,
      { memberId: other.memberId },
    );
    expect(promoted.status).toBe(204);
    const demoted = await updateMember(
      browserRequest("PATCH", `/api/members/${admin.memberId}`, { cookie: owner.cookie, json: { role: "accounts" } }),
      backend,
      { memberId: admin.memberId },
    );
    expect(demoted.status).toBe(204);
    expect(await pendingOf()).toEqual(["b@outside.example"]);
  });

  it("a member who leaves takes their invitations", async () => {
    const { admin } = await workspaceWithAdmin();
    await invite(admin.cookie, "a@outside.example", "viewer");
    const left = await leaveWorkspace(
      browserRequest("POST", "/api/workspace/leave", { cookie: admin.cookie, json: {} }),
      backend,
    );
    expect(left.status).toBe(204);
    expect(await pendingOf()).toEqual([]);
  });
});

describe("an admin changes nothing of an owner", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  it("refuses an admin's change of an owner's rep link (403), and keeps it", async () => {
    const owner = await connectKey(backend, "test-key-1234567890", "Employee");
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    const ownerMember = (
      (await (
        await listMembers(browserRequest("GET", "/api/members", { cookie: admin.cookie, site: null }), backend)
      ).json()) as MembersJson
    ).members.find((m) => m.userId === owner.userId)!;
    const relinked = await updateMember(
      browserRequest("PATCH", `/api/members/${ownerMember.memberId}`, {
        cookie: admin.cookie,
        json: { salesRepUserId: 4242 },
      }),
      backend,
      { memberId: ownerMember.memberId },
    );
    expect([relinked.status, await code(relinked)]).toEqual([403, "FORBIDDEN_BY_ROLE"]);
    const row = await backend.db
      .withTables<AuthTables>()
      .selectFrom("auth_member")
      .select("salesRepUserId")
      .where("id", "=", ownerMember.memberId)
      .executeTakeFirstOrThrow();
    expect(row.salesRepUserId).toBeNull();
  });
});

describe("withheld notifications stay withheld after leaving", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  it("shows a workspace's notifications only while the person is a member who meets its policy", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const member = await joinAs(backend, owner.workspaceId, "accounts");
    const notifications = createNotificationStore(backend.db);
    await notifications.tell({
      userId: member.userId,
      workspaceId: owner.workspaceId,
      kind: "payment-confirmed",
      effectKey: "t:1",
      title: "Payment request 41 confirmed: $1,200.00",
      link: "/payments",
    });
    await notifications.tell({
      userId: member.userId,
      workspaceId: null,
      kind: "payment-confirmed",
      effectKey: "t:2",
      title: "Your own",
      link: null,
    });
    await backend.auth.api.updateOrganization({
      body: { organizationId: owner.workspaceId, data: { requireTwoFactor: true } },
      headers: asPerson(owner.cookie),
    });
    expect((await notifications.list(member.userId)).items.map((n) => n.title)).toEqual(["Your own"]);
    const left = await leaveWorkspace(
      browserRequest("POST", "/api/workspace/leave", { cookie: member.cookie, json: {} }),
      backend,
    );
    expect(left.status).toBe(204);
    expect((await notifications.list(member.userId)).items.map((n) => n.title)).toEqual(["Your own"]);
    expect(await notifications.unread(member.userId)).toBe(1);
  });
});

/** The code an authenticator app shows for a `totpURI`'s secret now. */
async function totpNow(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret")!;
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

describe("wrong second-factor codes count per account", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  const call = (path: string, json: unknown, from: string, cookie?: string) =>
    authRoute(
      browserRequest("POST", `/api/auth${path}`, {
        ...(cookie ? { cookie } : {}),
        json,
        headers: { Origin: BACKROOM, "X-Forwarded-For": from },
      }),
      backend,
    );

  it("locks an account's second step after the sixth wrong code in ten minutes, from whatever addresses, right code or not", async () => {
    const person = await signUp(backend, "ana@valley.example");
    const enabled = (await backend.auth.api.enableTwoFactor({
      body: { password: "correct horse battery staple" },
      headers: asPerson(person.cookie),
    })) as { totpURI: string };
    await backend.auth.api.verifyTOTP({
      body: { code: await totpNow(enabled.totpURI) },
      headers: asPerson(person.cookie),
    });
    /** The first step from an address: its `two_factor` cookie. */
    const firstStep = async (from: string) => {
      const signedIn = await call(
        "/sign-in/email",
        { email: "ana@valley.example", password: "correct horse battery staple" },
        from,
      );
      expect(signedIn.status, await signedIn.clone().text()).toBe(200);
      return sessionCookieOf(signedIn);
    };
    const wrong = (await totpNow(enabled.totpURI)) === "000000" ? "111111" : "000000";
    for (const [i, from] of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6"].entries()) {
      const answer = await call("/two-factor/verify-totp", { code: wrong }, from, await firstStep(from));
      expect(answer.status, `attempt ${i + 1}`).toBe(401);
    }
    const right = await call(
      "/two-factor/verify-totp",
      { code: await totpNow(enabled.totpURI) },
      "10.0.0.7",
      await firstStep("10.0.0.7"),
    );
    expect([right.status, await code(right)]).toEqual([429, "TOO_MANY_ATTEMPTS"]);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(60);
  });
});

describe("the shared demo, on the sandbox", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await openTestSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  });

  describe("the demo's people belong to the demo", () => {
    const tryDemo = async (as: "Customer" | "Supplier" | "Employee", init: BrowserInit = {}) => {
      const response = await demoSignIn(
        browserRequest("POST", "/api/demo", { json: { as, environment: "test" }, ...init }),
        backend,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      return sessionCookieOf(response);
    };
    const library = (path: string, json: unknown, cookie?: string) =>
      authRoute(
        browserRequest("POST", `/api/auth${path}`, {
          ...(cookie ? { cookie } : {}),
          json,
          headers: { Origin: BACKROOM },
        }),
        backend,
      );

    it("refuses a sign-up with a demo's address, in any case (403 DEMO_SHARED), and makes no account", async () => {
      for (const email of [demoEmail("Customer", "test"), "Demo-Employee-Test@Backroom.Invalid"]) {
        const answer = await library("/sign-up/email", { email, password: "correct horse battery staple", name: "x" });
        expect([email, answer.status, await code(answer)]).toEqual([email, 403, "DEMO_SHARED"]);
      }
      const users = await backend.db.withTables<AuthTables>().selectFrom("auth_user").select("email").execute();
      expect(users).toEqual([]);
    });

    it("lets nobody lock the demo by failing its sign-in: a browser's password sign-in as a demo person is refused", async () => {
      await tryDemo("Employee");
      for (let i = 0; i < 8; i++) {
        const answer = await library("/sign-in/email", {
          email: demoEmail("Employee", "test"),
          password: `wrong ${i}`,
        });
        expect([answer.status, await code(answer)]).toEqual([403, "DEMO_SHARED"]);
      }
      await tryDemo("Employee");
    });

    it("refuses an invitation to a demo's address (403 DEMO_SHARED)", async () => {
      const owner = await connectKey(backend, "test-key-1234567890");
      const answer = await inviteMember(
        browserRequest("POST", "/api/members/invitations", {
          cookie: owner.cookie,
          json: { email: demoEmail("Customer", "test"), role: "owner" },
        }),
        backend,
      );
      expect([answer.status, await code(answer)]).toEqual([403, "DEMO_SHARED"]);
    });

    it("takes a demo person pulled into another workspace before back out of it, and refuses their accepting any invitation", async () => {
      const outsider = await connectKey(backend, "test-key-1234567890");
      const visitor = await tryDemo("Customer");
      const demoPerson = (await backend.actors.resolve(asPerson(visitor)))!.person;
      // As a database from before holds it: invited as owner (the library's own way), and one more invitation pending.
      const invitation = await backend.auth.api.createInvitation({
        body: { organizationId: outsider.workspaceId, email: "someone@else.example", role: "owner" },
        headers: asPerson(outsider.cookie),
      });
      await backend.db
        .withTables<AuthTables>()
        .updateTable("auth_invitation")
        .set({ email: demoPerson.email })
        .where("id", "=", invitation.id)
        .execute();
      await backend.auth.api
        .addMember({
          body: { userId: demoPerson.id, role: "owner", organizationId: outsider.workspaceId },
        })
        .catch(() => undefined);
      await backend.db
        .withTables<AuthTables>()
        .insertInto("auth_member")
        .values({
          id: "pulled-in",
          organizationId: outsider.workspaceId,
          userId: demoPerson.id,
          role: "owner",
          createdAt: new Date().toISOString(),
          salesRepUserId: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();

      // The next visitor: the demo's workspace only, and the invitation to the demo's address is gone.
      const next = await tryDemo("Customer");
      const session = (await (
        await describeSession(browserRequest("GET", "/api/session", { cookie: next, site: null }), backend)
      ).json()) as { workspaces: { name: string }[] };
      expect(session.workspaces.map((w) => w.name)).toEqual(["Valley Cannabis (demo)"]);
      expect(await roleOf(outsider.workspaceId, demoPerson.id)).toBeUndefined();
      const pending = await backend.db
        .withTables<AuthTables>()
        .selectFrom("auth_invitation")
        .select("status")
        .where("id", "=", invitation.id)
        .executeTakeFirstOrThrow();
      expect(pending.status).toBe("canceled");

      // And an invitation that somehow reaches them is answered DEMO_SHARED.
      const secret = await invite(outsider.cookie, "friend@outside.example", "viewer");
      await backend.db
        .withTables<AuthTables>()
        .updateTable("auth_invitation")
        .set({ email: demoPerson.email })
        .where("email", "=", "friend@outside.example")
        .execute();
      const answer = await accept(next, secret);
      expect([answer.status, await code(answer)]).toEqual([403, "DEMO_SHARED"]);
      expect(await roleOf(outsider.workspaceId, demoPerson.id)).toBeUndefined();

      // The outsider's trail lists no demo visitor's sign-in.
      const trail = await listAudit(
        browserRequest("GET", "/api/activity?event=sign-in", { cookie: outsider.cookie, site: null }),
        backend,
      );
      const entries = ((await trail.json()) as { entries: { userEmail: string }[] }).entries;
      expect(entries.map((e) => e.userEmail)).not.toContain(demoPerson.email);
    });

    it("repairs a demo whose address someone signed up with first (with two factors on): Try the demo works, their password does not", async () => {
      const email = demoEmail("Employee", "test");
      // As a database from before the address was reserved: an account made with it, its own password, two factors.
      const { internalAdapter, password } = await backend.auth.$context;
      const squatter = await internalAdapter.createUser(
        { email, name: "Backroom Support", emailVerified: true },
        { method: "admin" },
      );
      await internalAdapter.linkAccount({
        userId: squatter.id,
        providerId: "credential",
        accountId: squatter.id,
        password: await password.hash("the squatter's own password"),
      });
      await internalAdapter.updateUser(squatter.id, { twoFactorEnabled: true });
      const visitor = await tryDemo("Employee");
      const actor = (await backend.actors.resolve(asPerson(visitor)))!;
      expect(actor.person).toMatchObject({ email, name: "Demo distributor staff", twoFactorEnabled: false });
      expect(actor.workspace?.name).toBe("Distributor staff (demo)");
      const theirs = await backend.auth.api
        .signInEmail({ body: { email, password: "the squatter's own password" }, headers: new Headers() })
        .catch((error: { statusCode?: number }) => error.statusCode);
      expect(theirs).toBe(401);
      // Two factors turned on behind the demo's back (its own password still right): taken back too.
      await internalAdapter.updateUser(squatter.id, { twoFactorEnabled: true });
      const again = (await backend.actors.resolve(asPerson(await tryDemo("Employee"))))!;
      expect(again.person.twoFactorEnabled).toBe(false);
    });
  });

  describe("demo visitors see nothing of one another", () => {
    /** A visitor trying the demo from their own browser and address: their cookies (session and visitor). */
    const visit = async (as: "Customer" | "Supplier" | "Employee", from: string, cookie?: string) => {
      const response = await demoSignIn(
        browserRequest("POST", "/api/demo", {
          json: { as, environment: "test" },
          headers: { "X-Forwarded-For": from, ...(cookie ? { Cookie: cookie } : {}) },
        }),
        backend,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      return sessionCookieOf(response);
    };
    const get = (path: string, cookie: string) => browserRequest("GET", path, { cookie, site: null });

    it("reads only their own session's entries in the audit trail and its CSV: no other visitor's address or sign-in", async () => {
      const first = await visit("Employee", "198.51.100.7");
      const second = await visit("Employee", "203.0.113.9");
      const json = await (await listAudit(get("/api/activity", second), backend)).text();
      const csv = await (await listAudit(get("/api/activity?format=csv", second), backend)).text();
      expect(json).toContain("203.0.113.9");
      for (const text of [json, csv]) expect(text).not.toContain("198.51.100.7");
      const page = JSON.parse(json) as { entries: { session: string }[]; people: unknown[] };
      expect(new Set(page.entries.map((e) => e.session)).size).toBe(1);
      expect(page.people).toHaveLength(1);
      expect(first).not.toBe(second);
    });

    it("lists in the request log only what their own pages asked", async () => {
      const deps = { ...backend, requestLog: createRequestLog(createMemoryStore()) };
      const first = await visit("Customer", "198.51.100.7");
      const second = await visit("Customer", "203.0.113.9");
      const read = (cookie: string, path: string) =>
        proxyRequest(get(`/api/v1/${path}`, cookie), "v1", path.split("?")[0]!.split("/"), deps);
      expect((await read(first, "invoices?PageSize=1&Search=first-visitor")).status).toBe(200);
      expect((await read(second, "states")).status).toBe(200);
      await deps.requestLog.flush();
      const rows = async (cookie: string) =>
        (
          (await (await listRequests(get("/api/session/requests", cookie), deps)).json()) as {
            requests: Record<string, unknown>[];
          }
        ).requests;
      expect((await rows(second)).map((r) => r.path)).toEqual(["/api/v1/states"]);
      const own = await rows(first);
      expect(own.map((r) => r.path).join()).toContain("first-visitor");
      // The visitor's id stays on the server.
      expect(own.every((r) => !("visitor" in r))).toBe(true);
    });

    it("keeps each visitor's saved views their own, and the same browser's are theirs again as another of the demo's people", async () => {
      const first = await visit("Employee", "198.51.100.7");
      const second = await visit("Employee", "203.0.113.9");
      const made = await createView(
        browserRequest("POST", "/api/views", { cookie: first, json: { name: "Mine", path: "/invoices" } }),
        backend,
      );
      expect(made.status).toBe(201);
      const id = ((await made.json()) as { id: string }).id;
      const listed = async (cookie: string) =>
        ((await (await listViews(get("/api/views", cookie), backend)).json()) as SavedViewsJson).views.map(
          (v) => v.name,
        );
      expect(await listed(first)).toEqual(["Mine"]);
      expect(await listed(second)).toEqual([]);
      const removed = await deleteView(browserRequest("DELETE", `/api/views/${id}`, { cookie: second }), backend, {
        viewId: id,
      });
      expect(removed.status).toBe(404);
      // The first visitor's browser, trying the staff again: the same visitor.
      expect(await listed(await visit("Employee", "198.51.100.7", first))).toEqual(["Mine"]);
    });

    it("keeps each visitor's books mapping and visit notes their own", async () => {
      const deps = { ...backend, accounting: { store: createAccountingStore(backend.db) } };
      const first = await visit("Customer", "198.51.100.7");
      const second = await visit("Customer", "203.0.113.9");
      const put = await putAccountingMapping(
        browserRequest("PUT", "/api/accounting/mapping", {
          cookie: first,
          json: { ...DEFAULT_MAPPING, vendorName: "Renamed by a visitor" },
        }),
        deps,
      );
      expect(put.status, await put.clone().text()).toBe(200);
      const vendor = async (cookie: string) =>
        (
          (await (await getAccountingMapping(get("/api/accounting/mapping", cookie), deps)).json()) as {
            mapping: { vendorName: string };
          }
        ).mapping.vendorName;
      expect(await vendor(first)).toBe("Renamed by a visitor");
      expect(await vendor(second)).toBe(DEFAULT_MAPPING.vendorName);

      const actor = (await backend.actors.resolve(asPerson(first)))!;
      const customerId = actor.key!.scope.customers?.[0]?.id ?? 0;
      expect(customerId).toBeGreaterThan(0);
      const noted = await createNote(
        browserRequest("POST", "/api/notes", {
          cookie: first,
          json: { customerId, text: "Seen by nobody else" },
          headers: { "Idempotency-Key": "note-1" },
        }),
        backend,
      );
      expect(noted.status, await noted.clone().text()).toBe(201);
      const notes = async (cookie: string) =>
        (
          (await (await listNotes(get(`/api/notes?customerId=${customerId}`, cookie), backend)).json()) as {
            notes: { text: string }[];
          }
        ).notes.map((n) => n.text);
      expect(await notes(first)).toEqual(["Seen by nobody else"]);
      expect(await notes(second)).toEqual([]);
    });

    it("keeps each visitor's menu links their own, for a day at most, and their public page says it is a demo", async () => {
      const shared = createMemoryStore();
      const menus = {
        store: createMenuStore(backend.db, backend.now),
        snapshots: createMenuSnapshots({
          shared,
          background: createBackground({ proxy: backend, shared, paceMs: 0 }),
          keys: backend.keys,
        }),
        rateLimit: 1000,
      };
      const deps = { ...backend, menus, shared };
      const first = await visit("Supplier", "198.51.100.7");
      const second = await visit("Supplier", "203.0.113.9");
      const made = await createMenu(
        browserRequest("POST", "/api/menus", {
          cookie: first,
          json: {
            name: "Holiday menu",
            states: [],
            categories: [],
            expiresAt: "2027-06-30",
            contactEmail: "sales@brand.example",
          },
          headers: { "Idempotency-Key": "menu-1" },
        }),
        deps,
      );
      expect(made.status, await made.clone().text()).toBe(201);
      const link = (await made.json()) as { id: string; token: string; expiresAt: string };
      expect(Date.parse(link.expiresAt) - backend.now!()).toBe(24 * 60 * 60 * 1000);
      const listed = async (cookie: string) =>
        ((await (await listMenus(get("/api/menus", cookie), deps)).json()) as { links: MenuLinkJson[] }).links.map(
          (l) => l.name,
        );
      expect(await listed(first)).toEqual(["Holiday menu"]);
      expect(await listed(second)).toEqual([]);
      const revoked = await revokeMenu(browserRequest("DELETE", `/api/menus/${link.id}`, { cookie: second }), deps, {
        token: link.id,
      });
      expect(revoked.status).toBe(404);
      const page = await servePublicMenu(browserRequest("GET", `/menu/${link.token}`, { site: null }), deps, {
        token: link.token,
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("A demo of Backroom");
    });
  });
});
