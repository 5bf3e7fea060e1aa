import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthTables } from "./db/schema";
import { databaseProfiles } from "./db/testing";
import type { InvitationMade, MembersJson } from "@/lib/session/members-view";
import { inviteMember, listMembers, updateMember } from "./members-api";
import { recordingMailer } from "./auth/testing";
import { getSession } from "./session-api";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  createTestBackend,
  joinAs,
  signUp,
  type TestBackend,
} from "./testing";

let backend: TestBackend;
afterEach(() => backend.close());

const list = (cookie?: string) => listMembers(browserRequest("GET", "/api/members", { cookie, site: null }), backend);
const link = (cookie: string, memberId: string, json: unknown, init: BrowserInit = {}) =>
  updateMember(browserRequest("PATCH", `/api/members/${memberId}`, { cookie, json, ...init }), backend, { memberId });
const members = async (cookie: string) => {
  const response = await list(cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as MembersJson;
};
const errorCode = async (response: Response) =>
  ((await response.json()) as { Error: { code?: string } | string }).Error;
const asPerson = (cookie: string) => new Headers({ cookie, origin: BACKROOM });
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

// The list is Backroom's own SQL over better-auth's tables (a grouped last activity, dates as each database keeps them).
describe.each(databaseProfiles())("GET /api/members on $name", ({ open }) => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}), { database: await open() });
  });

  it("lists the workspace's members to every member: role, two-factor status, when they joined and were last active, the rep link", async () => {
    const owner = await connectKey(backend, "test-key-1234567890", "Employee");
    const accounts = await joinAs(backend, owner.workspaceId, "accounts");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const { internalAdapter } = await backend.auth.$context;
    await internalAdapter.updateUser(viewer.userId, { twoFactorEnabled: true });
    // A member who never signed in (added by an operator): no last activity.
    const quiet = await internalAdapter.createUser(
      { email: "quiet@valley.example", name: "zz quiet", emailVerified: false },
      { method: "admin" },
    );
    await backend.auth.api.addMember({
      body: { userId: quiet.id, role: "purchasing", organizationId: owner.workspaceId },
    });
    // Someone else's workspace and member.
    const stranger = await connectKey(backend, "test-key-0987654321", "Customer");

    const before = Date.now();
    const body = await members(viewer.cookie);
    expect(body.mailDelivers).toBe(false);
    // By name, in the database's collation: compared here as a set.
    const byId = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(body.members.map((m) => [m.userId, m.role, m.twoFactorEnabled, m.salesRepUserId]).sort(byId)).toEqual(
      [
        [owner.userId, "owner", false, null],
        [accounts.userId, "accounts", false, null],
        [viewer.userId, "viewer", true, null],
        [quiet.id, "purchasing", false, null],
      ].sort(byId),
    );
    for (const member of body.members) {
      expect(member.joinedAt).toMatch(ISO);
      expect(member.memberId).toEqual(expect.any(String));
      expect(member.email).toMatch(/@/);
    }
    const active = body.members.filter((m) => m.userId !== quiet.id).map((m) => Date.parse(m.lastActiveAt!));
    for (const at of active) expect(Math.abs(at - before)).toBeLessThan(60_000);
    expect(body.members.find((m) => m.userId === quiet.id)!.lastActiveAt).toBeNull();
    expect(body.members.map((m) => m.userId)).not.toContain(stranger.userId);
    expect(JSON.stringify(body)).not.toMatch(/password|token|test-key/i);
  });

  it("lists pending invitations with their role, expiry and inviter; not those accepted, cancelled, declined or expired, nor another workspace's", async () => {
    const owner = await connectKey(backend, "test-key-1234567890", "Customer");
    const ownerEmail = (await backend.actors.resolve(asPerson(owner.cookie)))!.person.email;
    const invite = (
      email: string,
      role: "viewer" | "accounts" = "viewer",
      cookie = owner.cookie,
      organizationId = owner.workspaceId,
    ) => backend.auth.api.createInvitation({ body: { organizationId, email, role }, headers: asPerson(cookie) });
    const pending = await invite("pending@valley.example", "accounts");
    const cancelled = await invite("cancelled@valley.example");
    await backend.auth.api.cancelInvitation({ body: { invitationId: cancelled.id }, headers: asPerson(owner.cookie) });
    const expired = await invite("expired@valley.example");
    await backend.db
      .withTables<AuthTables & { auth_invitation: { id: string; expiresAt: Date | string } }>()
      .updateTable("auth_invitation")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const accepted = await invite("accepted@valley.example");
    const acceptor = await signUp(backend, "accepted@valley.example");
    await backend.auth.api.acceptInvitation({
      body: { invitationId: accepted.id },
      headers: asPerson(acceptor.cookie),
    });
    const declined = await invite("declined@valley.example");
    const decliner = await signUp(backend, "declined@valley.example");
    await backend.auth.api.rejectInvitation({
      body: { invitationId: declined.id },
      headers: asPerson(decliner.cookie),
    });
    const stranger = await connectKey(backend, "test-key-0987654321", "Customer");
    await invite("theirs@hill.example", "viewer", stranger.cookie, stranger.workspaceId);

    const body = await members(owner.cookie);
    expect(body.invitations).toEqual([
      {
        id: pending.id,
        email: "pending@valley.example",
        role: "accounts",
        expiresAt: expect.stringMatching(ISO),
        invitedBy: ownerEmail,
      },
    ]);
    expect(Date.parse(body.invitations![0]!.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });

  it("answers 401 when nobody is signed in and 403 NO_WORKSPACE outside a workspace", async () => {
    expect((await list()).status).toBe(401);
    const outsider = await signUp(backend);
    const response = await list(outsider.cookie);
    expect([response.status, await errorCode(response)]).toEqual([
      403,
      expect.objectContaining({ code: "NO_WORKSPACE" }),
    ]);
  });
});

describe("PATCH /api/members/{memberId} (the sales rep link)", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  async function team() {
    const owner = await connectKey(backend, "test-key-1234567890", "Employee");
    const roles = {
      admin: await joinAs(backend, owner.workspaceId, "admin"),
      accounts: await joinAs(backend, owner.workspaceId, "accounts"),
      purchasing: await joinAs(backend, owner.workspaceId, "purchasing"),
      viewer: await joinAs(backend, owner.workspaceId, "viewer"),
    };
    return { owner, ...roles };
  }
  const repOf = async (cookie: string, userId: string) =>
    (await members(cookie)).members.find((m) => m.userId === userId)!.salesRepUserId;

  it("links a member to a sales rep and unlinks them, and the member's session says so on their next request", async () => {
    const { owner, viewer } = await team();
    expect(
      (
        (await (
          await getSession(browserRequest("GET", "/api/session", { cookie: viewer.cookie, site: null }), backend)
        ).json()) as { salesRepUserId: number | null }
      ).salesRepUserId,
    ).toBeNull();
    const response = await link(owner.cookie, viewer.memberId, { salesRepUserId: 1042 });
    expect([response.status, await response.text()]).toEqual([204, ""]);
    expect(await repOf(owner.cookie, viewer.userId)).toBe(1042);
    const session = await getSession(
      browserRequest("GET", "/api/session", { cookie: viewer.cookie, site: null }),
      backend,
    );
    expect(((await session.json()) as { salesRepUserId: number | null }).salesRepUserId).toBe(1042);
    expect((await link(owner.cookie, viewer.memberId, { salesRepUserId: null })).status).toBe(204);
    expect(await repOf(owner.cookie, viewer.userId)).toBeNull();
  });

  it("lets an admin link a member, themselves included", async () => {
    const { owner, admin, accounts } = await team();
    expect((await link(admin.cookie, accounts.memberId, { salesRepUserId: 7 })).status).toBe(204);
    expect((await link(admin.cookie, admin.memberId, { salesRepUserId: 8 })).status).toBe(204);
    expect([await repOf(owner.cookie, accounts.userId), await repOf(owner.cookie, admin.userId)]).toEqual([7, 8]);
  });

  it.each(["accounts", "purchasing", "viewer"] as const)(
    "answers 403 FORBIDDEN_BY_ROLE to %s, and links nobody",
    async (role) => {
      const t = await team();
      const response = await link(t[role].cookie, t[role].memberId, { salesRepUserId: 9 });
      expect([response.status, await errorCode(response)]).toEqual([
        403,
        expect.objectContaining({ code: "FORBIDDEN_BY_ROLE" }),
      ]);
      expect(await repOf(t.owner.cookie, t[role].userId)).toBeNull();
    },
  );

  it("answers 404 for another workspace's member, and for a member id that is nobody's; links nobody", async () => {
    const { owner } = await team();
    const stranger = await connectKey(backend, "test-key-0987654321", "Customer");
    const theirs = await joinAs(backend, stranger.workspaceId, "viewer");
    for (const memberId of [theirs.memberId, "no-such-member"])
      expect((await link(owner.cookie, memberId, { salesRepUserId: 9 })).status).toBe(404);
    expect(await repOf(stranger.cookie, theirs.userId)).toBeNull();
  });

  it.each([
    { name: "a rep id of 0", json: { salesRepUserId: 0 } },
    { name: "a negative rep id", json: { salesRepUserId: -3 } },
    { name: "a fractional rep id", json: { salesRepUserId: 1.5 } },
    { name: "a rep id as text", json: { salesRepUserId: "101" } },
    { name: "no rep id", json: {} },
    { name: "an extra field", json: { salesRepUserId: 101, role: "owner" } },
    { name: "text that is not JSON", json: "salesRepUserId=101" },
  ])("answers 400 to $name, and links nobody", async ({ json }) => {
    const { owner, viewer } = await team();
    expect((await link(owner.cookie, viewer.memberId, json)).status).toBe(400);
    expect(await repOf(owner.cookie, viewer.userId)).toBeNull();
  });

  it("refuses a cross-site request (403), and links nobody", async () => {
    const { owner, viewer } = await team();
    expect((await link(owner.cookie, viewer.memberId, { salesRepUserId: 101 }, { site: "cross-site" })).status).toBe(
      403,
    );
    expect(await repOf(owner.cookie, viewer.userId)).toBeNull();
  });
});

describe("POST /api/members/invitations", () => {
  it.each([
    { mail: true, publicUrl: "https://backroom.example" },
    { mail: false, publicUrl: undefined },
  ])(
    "mails the link's secret (mail $mail), on PUBLIC_URL or the inviter's own address; answers the link only where no mail goes",
    async ({ mail, publicUrl }) => {
      backend = await createTestBackend(() => Response.json({}));
      const owner = await connectKey(backend, "test-key-1234567890");
      // The accounts made without mail (nothing to prove here); the invitation where mail goes out, or not.
      const mailer = recordingMailer(mail);
      const made = await inviteMember(
        browserRequest("POST", "/api/members/invitations", {
          cookie: owner.cookie,
          json: { email: "Mia@Shop.example", role: "accounts" },
        }),
        { ...backend, mailer, mailDelivers: mail, publicUrl },
      );
      expect(made.status).toBe(201);
      const answer = (await made.json()) as InvitationMade;
      const sent = mailer.sent.filter((m) => m.to === "mia@shop.example");
      expect(sent).toHaveLength(1);
      const site = publicUrl ?? BACKROOM;
      expect(sent[0]!.link).toMatch(new RegExp(`^${site}/invitations/[A-Za-z0-9_-]{43}$`));
      expect(sent[0]!.text).toContain(sent[0]!.link);
      expect(sent[0]!.link).not.toContain(answer.invitation.id);
      expect(answer.link).toBe(mail ? undefined : sent[0]!.link);
      expect(answer.invitation).toMatchObject({ email: "mia@shop.example", role: "accounts" });
      // Nowhere is the secret kept: the table holds its hash.
      const secret = sent[0]!.link.split("/").at(-1)!;
      const kept = await backend.db.selectFrom("invitation_links").selectAll().execute();
      expect(JSON.stringify(kept)).not.toContain(secret);
      expect(kept).toHaveLength(1);
    },
  );

  it.each([
    { name: "no address", json: { role: "viewer" } },
    { name: "not an address", json: { email: "mia", role: "viewer" } },
    { name: "an unknown role", json: { email: "mia@shop.example", role: "superuser" } },
    { name: "two roles in one", json: { email: "mia@shop.example", role: "admin,owner" } },
    { name: "an extra field", json: { email: "mia@shop.example", role: "viewer", organizationId: "x" } },
  ])("answers 400 to $name, and invites nobody", async ({ json }) => {
    backend = await createTestBackend(() => Response.json({}));
    const owner = await connectKey(backend, "test-key-1234567890");
    const response = await inviteMember(
      browserRequest("POST", "/api/members/invitations", { cookie: owner.cookie, json }),
      backend,
    );
    expect(response.status).toBe(400);
    expect(backend.mail).toEqual([]);
    expect((await members(owner.cookie)).invitations).toEqual([]);
  });
});
