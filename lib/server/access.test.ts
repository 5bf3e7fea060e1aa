import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { InvitationMade, MembersJson } from "@/lib/session/members-view";
import { listAudit } from "./activity/audit-api";
import { authRoute } from "./core/auth/auth-route";
import { roleOf as roleIn } from "./core/auth/invitation-rights";
import type { AuthTables } from "./core/db/schema";
import { acceptInvitation } from "./core/invitations-api";
import { inviteMember, listMembers, removeMember, updateMember } from "./core/members-api";
import { createRequestLog } from "./core/request-log";
import { listRequests } from "./core/request-log-api";
import { demoSignIn } from "./core/demo-api";
import { createMemoryStore } from "./core/shared/memory-store";
import { createNotificationStore } from "./core/notify/notification-store";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  joinAs,
  linkSecretOf,
  refusalCode,
  sessionCookieOf,
  signUp,
  type TestBackend,
} from "./core/testing";
import { createTestBackend } from "./testing";
import { chooseWorkspace, createWorkspace } from "./core/workspaces-api";
import { listViews } from "./views/views-api";

/**
 * Who may do what, tried as an attacker would: each finding of the review, through the routes a browser reaches
 * (`/api/auth/*` through its gate, Backroom's own routes), answered with a refusal that changes nothing.
 */

let backend: TestBackend;
beforeEach(async () => {
  backend = await createTestBackend(() => Response.json({}));
});
afterEach(() => backend.close());

const code = refusalCode;
/** The accounts library's endpoint `/api/auth${path}` as a browser on Backroom's page would call it. */
const library = (cookie: string, method: "GET" | "POST", path: string, json?: unknown, site = "same-origin") =>
  authRoute(
    browserRequest(method, `/api/auth${path}`, {
      cookie,
      site,
      ...(json === undefined ? {} : { json }),
      headers: site === "same-origin" ? { Origin: BACKROOM } : { Origin: "https://evil.example" },
    }),
    backend,
  );
const members = async (cookie: string) => {
  const response = await listMembers(browserRequest("GET", "/api/members", { cookie, site: null }), backend);
  expect(response.status).toBe(200);
  return (await response.json()) as MembersJson;
};
const roleOf = (workspaceId: string, userId: string) => roleIn(backend.db, workspaceId, userId);
const activeWorkspaceOf = async (cookie: string) =>
  (await backend.actors.resolve(new Headers({ cookie, host: new URL(BACKROOM).host })))?.workspace?.id;
const secretOf = linkSecretOf;

describe("a viewer cannot make themself an admin", () => {
  it("sees no invitation id, reaches none of the library's organization endpoints, cannot accept by id nor change a role", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const invited = await inviteMember(
      browserRequest("POST", "/api/members/invitations", {
        cookie: owner.cookie,
        json: { email: "new@a.example", role: "admin" },
      }),
      backend,
    );
    expect(invited.status).toBe(201);
    const made = (await invited.json()) as InvitationMade;
    // Without mail, the link is answered once, to the person who made it; it holds a secret, not the id.
    expect(made.link).toMatch(/\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(made.link).not.toContain(made.invitation.id);

    // The viewer lists no invitation, in the members' answer or anywhere in it.
    const seen = await members(viewer.cookie);
    expect(seen.invitations).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(made.invitation.id);
    for (const [method, path, json] of [
      ["GET", "/organization/list-invitations", undefined],
      ["GET", "/organization/get-full-organization", undefined],
      ["POST", "/organization/accept-invitation", { invitationId: made.invitation.id }],
      ["POST", "/organization/update-member-role", { memberId: viewer.memberId, role: "admin" }],
    ] as const) {
      const response = await library(viewer.cookie, method, path, json);
      expect(response.status, path).toBe(404);
    }

    // In a fresh browser, signed up as the invited address: the invitation's id accepts nothing.
    const squatter = await signUp(backend, "new@a.example");
    const byId = await acceptInvitation(
      browserRequest("POST", "/api/invitations/accept", {
        cookie: squatter.cookie,
        json: { secret: made.invitation.id },
      }),
      backend,
    );
    expect([byId.status, await code(byId)]).toEqual([404, "INVITATION_NOT_FOUND"]);
    expect(await roleOf(owner.workspaceId, squatter.userId)).toBeUndefined();

    // Backroom's own route refuses the viewer's change of their role.
    const promoted = await updateMember(
      browserRequest("PATCH", `/api/members/${viewer.memberId}`, { cookie: viewer.cookie, json: { role: "admin" } }),
      backend,
      { memberId: viewer.memberId },
    );
    expect([promoted.status, await code(promoted)]).toEqual([403, "FORBIDDEN_BY_ROLE"]);
    expect(await roleOf(owner.workspaceId, viewer.userId)).toBe("viewer");

    // The invited person, with the link's secret, joins as what they were invited as.
    const accepted = await acceptInvitation(
      browserRequest("POST", "/api/invitations/accept", {
        cookie: squatter.cookie,
        json: { secret: secretOf(made.link!) },
      }),
      backend,
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await roleOf(owner.workspaceId, squatter.userId)).toBe("admin");
  });

  it("an invitation's secret accepts only for the address it was sent to", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const made = (await (
      await inviteMember(
        browserRequest("POST", "/api/members/invitations", {
          cookie: owner.cookie,
          json: { email: "mia@a.example", role: "accounts" },
        }),
        backend,
      )
    ).json()) as InvitationMade;
    const other = await signUp(backend, "someone-else@a.example");
    const refused = await acceptInvitation(
      browserRequest("POST", "/api/invitations/accept", {
        cookie: other.cookie,
        json: { secret: secretOf(made.link!) },
      }),
      backend,
    );
    expect([refused.status, await code(refused)]).toEqual([403, "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION"]);
    expect(await roleOf(owner.workspaceId, other.userId)).toBeUndefined();
  });
});

describe("a role is exactly one of the five", () => {
  it.each(["admin, owner", "admin,owner", "owner ", "Owner"])(
    "refuses an admin's invitation as %j, here and at the library (nothing is made)",
    async (role) => {
      const owner = await connectKey(backend, "test-key-1234567890");
      const admin = await joinAs(backend, owner.workspaceId, "admin");
      const invited = await inviteMember(
        browserRequest("POST", "/api/members/invitations", {
          cookie: admin.cookie,
          json: { email: "x@a.example", role },
        }),
        backend,
      );
      expect([invited.status, await code(invited)]).toEqual([400, "VALIDATION_FAILED"]);
      const direct = await library(admin.cookie, "POST", "/organization/invite-member", { email: "x@a.example", role });
      expect(direct.status).toBe(404);
      expect((await members(owner.cookie)).invitations).toEqual([]);
    },
  );

  it("refuses an admin's owner, by invitation or by role change, and an admin's removal of an owner", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const ownerMember = (await members(owner.cookie)).members.find((m) => m.role === "owner")!;
    const attempts = [
      inviteMember(
        browserRequest("POST", "/api/members/invitations", {
          cookie: admin.cookie,
          json: { email: "x@a.example", role: "owner" },
        }),
        backend,
      ),
      updateMember(
        browserRequest("PATCH", "/api/members/x", { cookie: admin.cookie, json: { role: "owner" } }),
        backend,
        { memberId: admin.memberId },
      ),
      updateMember(
        browserRequest("PATCH", "/api/members/x", { cookie: admin.cookie, json: { role: "owner" } }),
        backend,
        { memberId: viewer.memberId },
      ),
      updateMember(
        browserRequest("PATCH", "/api/members/x", { cookie: admin.cookie, json: { role: "viewer" } }),
        backend,
        { memberId: ownerMember.memberId },
      ),
      removeMember(browserRequest("DELETE", "/api/members/x", { cookie: admin.cookie }), backend, {
        memberId: ownerMember.memberId,
      }),
    ];
    for (const response of await Promise.all(attempts)) expect([400, 403]).toContain(response.status);
    expect(await roleOf(owner.workspaceId, admin.userId)).toBe("admin");
    expect(await roleOf(owner.workspaceId, viewer.userId)).toBe("viewer");
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("owner");
    expect((await members(owner.cookie)).invitations).toEqual([]);
  });

  it("reads a member whose stored role is two in one as no member: no workspace, no owner's powers", async () => {
    const owner = await connectKey(backend, "test-key-1234567890");
    const sly = await joinAs(backend, owner.workspaceId, "admin");
    await backend.db
      .withTables<AuthTables>()
      .updateTable("auth_member")
      .set({ role: "admin, owner" })
      .where("id", "=", sly.memberId)
      .execute();
    await backend.actors.events.membershipChanged({ workspaceId: owner.workspaceId, userId: sly.userId, kind: "role" });
    const ownerMember = (await members(owner.cookie)).members.find((m) => m.role === "owner")!;
    const removal = await removeMember(browserRequest("DELETE", "/api/members/x", { cookie: sly.cookie }), backend, {
      memberId: ownerMember.memberId,
    });
    expect([removal.status, await code(removal)]).toEqual([403, "NO_WORKSPACE"]);
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("owner");
  });
});

describe("the library's redirects", () => {
  it("refuses a callbackURL that leaves the site, and makes no account", async () => {
    for (const callbackURL of [
      "/.//evil.example/pwned",
      "/%2e//evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      const email = `cb-${Math.random().toString(36).slice(2)}@a.example`;
      const response = await authRoute(
        browserRequest("POST", "/api/auth/sign-up/email", {
          site: null,
          headers: { Origin: BACKROOM },
          json: { email, password: "correct horse battery staple", name: "X", callbackURL },
        }),
        backend,
      );
      expect(response.status, callbackURL).toBe(403);
      const { internalAdapter } = await backend.auth.$context;
      expect(await internalAdapter.findUserByEmail(email)).toBeNull();
    }
  });
});

describe("a link from another site changes nothing", () => {
  it("leaves the person's active workspace as it was: the library's read is closed, Backroom's choice checks membership", async () => {
    const mine = await connectKey(backend, "test-key-1234567890");
    const theirs = await connectKey(backend, "test-key-0987654321");
    const slug = (
      await backend.db
        .withTables<AuthTables>()
        .selectFrom("auth_organization")
        .select("slug")
        .where("id", "=", theirs.workspaceId)
        .executeTakeFirstOrThrow()
    ).slug;
    const crossSite = await authRoute(
      browserRequest("GET", `/api/auth/organization/get-full-organization?organizationSlug=${slug}`, {
        cookie: mine.cookie,
        site: "cross-site",
      }),
      backend,
    );
    expect(crossSite.status).toBe(404);
    expect(await activeWorkspaceOf(mine.cookie)).toBe(mine.workspaceId);
    for (const site of ["same-origin", "cross-site"]) {
      const chosen = await chooseWorkspace(
        browserRequest("PUT", "/api/session/workspace", {
          cookie: mine.cookie,
          site,
          json: { workspaceId: theirs.workspaceId },
        }),
        backend,
      );
      expect([403, 404]).toContain(chosen.status);
      expect(await activeWorkspaceOf(mine.cookie)).toBe(mine.workspaceId);
    }
    const library404 = await library(mine.cookie, "POST", "/organization/set-active", {
      organizationId: theirs.workspaceId,
    });
    expect(library404.status).toBe(404);
    expect(await activeWorkspaceOf(mine.cookie)).toBe(mine.workspaceId);
  });
});

describe("two factors required mean every read of the workspace's data", () => {
  it("answers 403 TWO_FACTOR_REQUIRED to the request log, the audit trail, the members and the views, and withholds its notifications", async () => {
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
    expect((await notifications.list(member.userId)).items).toHaveLength(1);
    await backend.auth.api.updateOrganization({
      body: { organizationId: owner.workspaceId, data: { requireTwoFactor: true } },
      headers: new Headers({ cookie: owner.cookie, origin: BACKROOM }),
    });
    await backend.actors.workspaceChanged(owner.workspaceId);
    const get = (path: string) => browserRequest("GET", path, { cookie: member.cookie, site: null });
    const deps = { ...backend, requestLog: createRequestLog(createMemoryStore()) };
    const answers = {
      requests: await listRequests(get("/api/session/requests"), deps),
      audit: await listAudit(get("/api/activity"), deps),
      members: await listMembers(get("/api/members"), deps),
      views: await listViews(get("/api/views"), deps),
    };
    for (const [name, response] of Object.entries(answers))
      expect([name, response.status, await code(response)]).toEqual([name, 403, "TWO_FACTOR_REQUIRED"]);
    expect(await notifications.list(member.userId)).toEqual({ items: [], unread: 0 });
    expect(await notifications.unread(member.userId)).toBe(0);
  });
});

describe("the shared demo person", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await openTestSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await backend.close();
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  });

  const visitor = async (as: "Customer" | "Supplier" | "Employee" = "Employee") => {
    const response = await demoSignIn(
      browserRequest("POST", "/api/demo", { json: { as, environment: "test" } }),
      backend,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return sessionCookieOf(response);
  };

  it("lists each visitor's own session only, and no visitor can end another's or rename the person", async () => {
    const first = await visitor();
    const second = await visitor();
    const listed = await library(first, "GET", "/list-sessions");
    expect(listed.status).toBe(200);
    const sessions = (await listed.json()) as { token: string }[];
    expect(sessions).toHaveLength(1);
    const firstToken = first.split("=")[1]!.split(".")[0]!;
    expect(sessions[0]!.token).toBe(decodeURIComponent(firstToken));
    const secondToken = decodeURIComponent(second.split("=")[1]!.split(".")[0]!);
    expect((await library(first, "POST", "/revoke-session", { token: secondToken })).status).toBe(404);
    expect((await library(first, "POST", "/update-user", { name: "Mallory" })).status).toBe(403);
    const resolved = await backend.actors.resolve(new Headers({ cookie: second, host: new URL(BACKROOM).host }));
    expect(resolved?.person.name).not.toBe("Mallory");
    expect(resolved).toBeDefined();
  });

  it("finds its workspace though someone took its slug first, and nobody can take one of its slugs now", async () => {
    const squatter = await signUp(backend);
    const headers = new Headers({ cookie: squatter.cookie, origin: BACKROOM });
    // Through the library's endpoint: closed.
    const direct = await library(squatter.cookie, "POST", "/organization/create", {
      name: "Mine",
      slug: "demo-supplier-test",
    });
    expect(direct.status).toBe(404);
    // Through Backroom's: a slug of Backroom's making, never the demo's.
    const made = await createWorkspace(
      browserRequest("POST", "/api/workspaces", { cookie: squatter.cookie, json: { name: "demo supplier test" } }),
      backend,
    );
    expect(made.status).toBe(201);
    expect(((await made.json()) as { slug: string }).slug).not.toMatch(/^demo/);
    // A database from before: the slug taken on the server side (as the library's own endpoint once let anyone).
    await backend.auth.api.createOrganization({ body: { name: "Squat", slug: "demo-supplier-test" }, headers });
    await visitor("Supplier");
  });
});
