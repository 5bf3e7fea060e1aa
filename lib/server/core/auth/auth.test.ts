import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuditTrail } from "../audit/audit-trail";
import { createConnectThrottle } from "../connect-throttle";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { betterAuth } from "better-auth";
import { isAPIError } from "better-auth/api";
import { type AuthConfig, authOptions, INVITATION_DAYS } from "./auth";
import { recordingMailer, testAuth, testAuthConfig } from "./testing";

const opened: Database[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://localhost:3000";

describe.each(databaseProfiles())("Backroom's better-auth on $name", ({ open }) => {
  /** better-auth on a fresh database; `mail: false` for a Backroom that sends no mail (no address to prove first). */
  async function setup({ mail = true }: { mail?: boolean } = {}) {
    const database = await open();
    opened.push(database);
    const audit = createAuditTrail(database.db);
    const throttle = createConnectThrottle({ secret: "t".repeat(40) });
    const { auth, config } = testAuth(database, { audit, throttle, mailer: recordingMailer(mail) });
    /**
     * Signs up and answers the Cookie header of the person's session: at once without mail; with mail, once the link of
     * the confirmation mail is followed (the sign-up itself signs nobody in).
     */
    const person = async (email: string, name = email.split("@")[0]!) => {
      const res = await auth.api.signUpEmail({
        body: { email, password: PASSWORD, name },
        asResponse: true,
        headers: new Headers({ origin: ORIGIN }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      if (!mail) return cookieOf(res);
      expect(res.headers.getSetCookie()).toEqual([]);
      const link = (config.mailer as unknown as { sent: { to: string; link: string }[] }).sent.findLast(
        (m) => m.to === email && m.link.includes("verify-email"),
      )!.link;
      const verified = await auth.handler(new Request(link));
      expect(verified.status).toBeLessThan(400);
      return cookieOf(verified);
    };
    const as = (cookie: string) => new Headers({ cookie, origin: ORIGIN });
    /** A workspace owned by a new person, and that person's cookie. */
    const workspaceOf = async (email: string, slug = "valley") => {
      const owner = await person(email);
      const workspace = await auth.api.createOrganization({ body: { name: slug, slug }, headers: as(owner) });
      return { owner, workspaceId: workspace!.id };
    };
    /** The audit trail's rows, oldest first. */
    const trail = () =>
      database.db
        .selectFrom("audit_events")
        .select([
          "event",
          "result",
          "user_id",
          "user_email",
          "workspace_id",
          "client_address",
          "reference_json",
          "answer_json",
        ])
        .orderBy("id")
        .execute();
    /** Signs an existing person in again: their new session's Cookie header. */
    const signInAs = async (email: string) =>
      cookieOf(await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true }));
    return { database, auth, config, audit, person, as, workspaceOf, trail, signInAs };
  }

  it("signs up with an Argon2id password, and signs in with it (and not with another)", async () => {
    const { auth, database } = await setup({ mail: false });
    await auth.api.signUpEmail({ body: { email: "ana@shop.example", password: PASSWORD, name: "Ana" } });
    const stored = await sql<{
      password: string;
    }>`select password from auth_account where "providerId" = 'credential'`.execute(database.db);
    expect(stored.rows[0]!.password).toMatch(/^\$argon2id\$/);
    const ok = await auth.api.signInEmail({
      body: { email: "ana@shop.example", password: PASSWORD },
      asResponse: true,
    });
    expect(ok.status).toBe(200);
    const wrong = await auth.api.signInEmail({
      body: { email: "ana@shop.example", password: "not the password at all" },
      asResponse: true,
    });
    expect(wrong.status).toBe(401);
  });

  it("with mail, signs nobody in before the address is proved, answers a taken address as a new one and tells its owner, and mails a new link to a sign-in before", async () => {
    const { auth, config } = await setup();
    const sent = (config.mailer as unknown as { sent: { to: string; subject: string; link: string }[] }).sent;
    const signUp = (password: string) =>
      auth.api.signUpEmail({
        body: { email: "ana@shop.example", password, name: "Ana" },
        asResponse: true,
        headers: new Headers({ origin: ORIGIN }),
      });
    const first = await signUp(PASSWORD);
    expect([first.status, first.headers.getSetCookie()]).toEqual([200, []]);
    expect(sent.map((m) => [m.to, m.link.includes("verify-email")])).toEqual([["ana@shop.example", true]]);
    // The same address again: the same answer (no session, a made-up user), and a mail to whoever has the address.
    const again = await signUp("another long passphrase");
    expect([again.status, again.headers.getSetCookie()]).toEqual([200, []]);
    const [a, b] = [
      (await first.json()) as { token: null; user: Record<string, unknown> },
      (await again.json()) as { token: null; user: Record<string, unknown> },
    ];
    expect(Object.keys(b.user).sort()).toEqual(Object.keys(a.user).sort());
    expect([a.token, b.token]).toEqual([null, null]);
    expect(sent.at(-1)).toMatchObject({ to: "ana@shop.example", subject: expect.stringContaining("tried to create") });
    // Signing in before proving the address: refused, and a new link is on its way.
    const early = await auth.api.signInEmail({
      body: { email: "ana@shop.example", password: PASSWORD },
      asResponse: true,
      headers: new Headers({ origin: ORIGIN }),
    });
    expect(early.status).toBe(403);
    expect(sent.filter((m) => m.link.includes("verify-email"))).toHaveLength(2);
    // The link signs the person in.
    const verified = await auth.handler(new Request(sent.findLast((m) => m.link.includes("verify-email"))!.link));
    expect(verified.status).toBeLessThan(400);
    expect(cookieOf(verified)).toMatch(/backroom\.session_token=/);
  });

  it("makes a workspace's creator its owner, and keeps the last owner from leaving or being demoted", async () => {
    const { auth, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({
      body: { name: "Valley Cannabis", slug: "valley-cannabis" },
      headers: as(owner),
    });
    const members = await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) });
    expect(members.members.map((m) => m.role)).toEqual(["owner"]);
    await expect(
      auth.api.leaveOrganization({ body: { organizationId: workspace!.id }, headers: as(owner) }),
    ).rejects.toThrow(/only owner|without an owner/i);
    await expect(
      auth.api.updateMemberRole({
        body: { organizationId: workspace!.id, memberId: members.members[0]!.id, role: "admin" },
        headers: as(owner),
      }),
    ).rejects.toThrow(/only owner|without an owner/i);
  });

  it("lets an owner invite with a role, the invited person accept, and keeps a viewer from inviting or changing roles", async () => {
    const { auth, config, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({
      body: { name: "Valley Cannabis", slug: "valley" },
      headers: as(owner),
    });
    const invitation = await auth.api.createInvitation({
      body: { organizationId: workspace!.id, email: "vic@shop.example", role: "viewer" },
      headers: as(owner),
    });
    // The library mails no invitation: Backroom's route does, with its link's secret (members-api.test.ts).
    const sent = (config.mailer as unknown as { sent: { to: string }[] }).sent;
    expect(sent.filter((m) => m.to === "vic@shop.example")).toEqual([]);
    // The mailer delivers in this test: the invited person has a session only once the address is proved.
    const viewer = await person("vic@shop.example");
    await auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(viewer) });
    const members = await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) });
    expect(members.members.map((m) => [m.user.email, m.role]).sort()).toEqual([
      ["owner@shop.example", "owner"],
      ["vic@shop.example", "viewer"],
    ]);
    // A viewer manages nobody.
    await expect(
      auth.api.createInvitation({
        body: { organizationId: workspace!.id, email: "x@shop.example", role: "viewer" },
        headers: as(viewer),
      }),
    ).rejects.toThrow(/not allowed/i);
    const ownerMember = members.members.find((m) => m.role === "owner")!;
    await expect(
      auth.api.updateMemberRole({
        body: { organizationId: workspace!.id, memberId: ownerMember.id, role: "viewer" },
        headers: as(viewer),
      }),
    ).rejects.toThrow(/not allowed/i);
    // An invitation is used once.
    await expect(
      auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(viewer) }),
    ).rejects.toThrow(/not found/i);
  });

  it("reads second factors enrolled under a secret after the secrets rotate, and after older ones are dropped", async () => {
    const database = await open();
    opened.push(database);
    const [a, b, c] = [
      "first-secret-0123456789abcdefghijklmnopq",
      "second-secret-0123456789abcdefghijklmno",
      "third-secret-0123456789abcdefghijklmnopq",
    ];
    const under = (current: string, previous?: string[]) =>
      testAuth(database, { secrets: { current, previous }, mailer: recordingMailer(false) }).auth;
    // Enrolled while the secret was `b` (after `a`).
    const first = under(b, [a]);
    const signedUp = await first.api.signUpEmail({
      body: { email: "ana@shop.example", password: PASSWORD, name: "Ana" },
      asResponse: true,
      headers: new Headers({ origin: ORIGIN }),
    });
    const userId = ((await signedUp.clone().json()) as { user: { id: string } }).user.id;
    const enrolled = await first.api.enableTwoFactor({
      body: { password: PASSWORD },
      headers: new Headers({ cookie: cookieOf(signedUp), origin: ORIGIN }),
    });
    // Rotated to `c`, with `a` (never used for it) dropped: `b`'s version still names `b`.
    const later = under(c, [b]);
    const codes = await later.api.viewBackupCodes({ body: { userId } });
    expect(codes.backupCodes.sort()).toEqual(
      "backupCodes" in enrolled ? [...enrolled.backupCodes].sort() : ["(no backup codes)"],
    );
  });

  it("keeps an admin from demoting or removing an owner, and from making one, where an owner may", async () => {
    const { auth, config, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({
      body: { name: "Mojave Sun", slug: "mojave" },
      headers: as(owner),
    });
    /** Invites, signs the person up, follows their verification link and accepts: answers their cookie. */
    const join = async (email: string, role: "owner" | "admin") => {
      const invitation = await auth.api.createInvitation({
        body: { organizationId: workspace!.id, email, role },
        headers: as(owner),
      });
      const cookie = await person(email);
      const verify = (config.mailer as unknown as { sent: { to: string; link: string }[] }).sent.find(
        (m) => m.to === email && m.link.includes("verify-email"),
      )!;
      await auth.handler(new Request(verify.link));
      await auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(cookie) });
      return cookie;
    };
    await join("olga@brand.example", "owner");
    const admin = await join("ada@brand.example", "admin");
    const members = (await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) }))
      .members;
    const second = members.find((m) => m.user.email === "olga@brand.example")!;
    const adminMember = members.find((m) => m.role === "admin")!;
    await expect(
      auth.api.updateMemberRole({
        body: { organizationId: workspace!.id, memberId: second.id, role: "viewer" },
        headers: as(admin),
      }),
    ).rejects.toThrow(/not allowed/i);
    // better-auth words this one as if the owner were leaving: refused all the same.
    await expect(
      auth.api.removeMember({
        body: { organizationId: workspace!.id, memberIdOrEmail: second.id },
        headers: as(admin),
      }),
    ).rejects.toThrow(/only owner|not allowed/i);
    await expect(
      auth.api.updateMemberRole({
        body: { organizationId: workspace!.id, memberId: adminMember.id, role: "owner" },
        headers: as(admin),
      }),
    ).rejects.toThrow(/not allowed/i);
    // An owner may do each.
    await auth.api.updateMemberRole({
      body: { organizationId: workspace!.id, memberId: adminMember.id, role: "accounts" },
      headers: as(owner),
    });
    await auth.api.removeMember({
      body: { organizationId: workspace!.id, memberIdOrEmail: second.id },
      headers: as(owner),
    });
    const after = (await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) }))
      .members;
    expect(after.map((m) => [m.user.email, m.role]).sort()).toEqual([
      ["ada@brand.example", "accounts"],
      ["owner@shop.example", "owner"],
    ]);
  });

  describe("the last owner", () => {
    it("may leave or be demoted once another owner is there, and the one left then may not", async () => {
      const { auth, person, as, workspaceOf } = await setup({ mail: false });
      const { owner, workspaceId } = await workspaceOf("owner@shop.example");
      const second = await person("second@shop.example");
      const secondMember = await auth.api.addMember({
        body: {
          userId: (await auth.api.getSession({ headers: as(second) }))!.user.id,
          role: "owner",
          organizationId: workspaceId,
        },
      });
      const members = await auth.api.listMembers({ query: { organizationId: workspaceId }, headers: as(owner) });
      const first = members.members.find((m) => m.user.email === "owner@shop.example")!;
      await auth.api.updateMemberRole({
        body: { organizationId: workspaceId, memberId: first.id, role: "admin" },
        headers: as(second),
      });
      // The second owner is the last one now.
      await expect(
        auth.api.leaveOrganization({ body: { organizationId: workspaceId }, headers: as(second) }),
      ).rejects.toThrow(/only owner|without an owner/i);
      await expect(
        auth.api.updateMemberRole({
          body: { organizationId: workspaceId, memberId: secondMember!.id, role: "viewer" },
          headers: as(second),
        }),
      ).rejects.toThrow(/only owner|without an owner/i);
      // An admin cannot remove them either.
      await expect(
        auth.api.removeMember({
          body: { organizationId: workspaceId, memberIdOrEmail: secondMember!.id },
          headers: as(owner),
        }),
      ).rejects.toThrow(/only owner|not allowed/i);
      const after = await auth.api.listMembers({ query: { organizationId: workspaceId }, headers: as(owner) });
      expect(after.members.map((m) => [m.user.email, m.role]).sort()).toEqual([
        ["owner@shop.example", "admin"],
        ["second@shop.example", "owner"],
      ]);
    });
  });

  describe("invitations", () => {
    it(`last ${INVITATION_DAYS} days: accepted the minute before, refused the minute after`, async () => {
      const { auth, person, as, workspaceOf, signInAs } = await setup({ mail: false });
      const created = await workspaceOf("owner@shop.example");
      const { workspaceId } = created;
      let { owner } = created;
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const made = Date.now();
      const early = await auth.api.createInvitation({
        body: { organizationId: workspaceId, email: "early@shop.example", role: "viewer" },
        headers: as(owner),
      });
      const late = await auth.api.createInvitation({
        body: { organizationId: workspaceId, email: "late@shop.example", role: "viewer" },
        headers: as(owner),
      });
      expect(new Date(late.expiresAt).getTime() - made).toBeGreaterThanOrEqual(INVITATION_DAYS * 86_400_000 - 1_000);
      expect(new Date(late.expiresAt).getTime() - made).toBeLessThanOrEqual(INVITATION_DAYS * 86_400_000 + 1_000);
      // Each invited person signs up when they open the link (a session of theirs from a week ago would have ended).
      vi.setSystemTime(made + INVITATION_DAYS * 86_400_000 - 60_000);
      await auth.api.acceptInvitation({
        body: { invitationId: early.id },
        headers: as(await person("early@shop.example")),
      });
      vi.setSystemTime(made + INVITATION_DAYS * 86_400_000 + 60_000);
      await expect(
        auth.api.acceptInvitation({ body: { invitationId: late.id }, headers: as(await person("late@shop.example")) }),
      ).rejects.toThrow(/not found/i);
      // The owner signs in again a week later to look.
      owner = await signInAs("owner@shop.example");
      const members = await auth.api.listMembers({ query: { organizationId: workspaceId }, headers: as(owner) });
      expect(members.members.map((m) => m.user.email).sort()).toEqual(["early@shop.example", "owner@shop.example"]);
    });

    it("is accepted once: a second accept, a cancelled one and a declined one are refused", async () => {
      const { auth, person, as, workspaceOf } = await setup({ mail: false });
      const { owner, workspaceId } = await workspaceOf("owner@shop.example");
      const invite = (email: string) =>
        auth.api.createInvitation({
          body: { organizationId: workspaceId, email, role: "accounts" },
          headers: as(owner),
        });
      const [used, cancelled, declined] = [
        await invite("ana@shop.example"),
        await invite("ben@shop.example"),
        await invite("cy@shop.example"),
      ];
      const [ana, ben, cy] = [
        await person("ana@shop.example"),
        await person("ben@shop.example"),
        await person("cy@shop.example"),
      ];

      await auth.api.acceptInvitation({ body: { invitationId: used.id }, headers: as(ana) });
      await expect(auth.api.acceptInvitation({ body: { invitationId: used.id }, headers: as(ana) })).rejects.toThrow(
        /not found/i,
      );
      await auth.api.cancelInvitation({ body: { invitationId: cancelled.id }, headers: as(owner) });
      await expect(
        auth.api.acceptInvitation({ body: { invitationId: cancelled.id }, headers: as(ben) }),
      ).rejects.toThrow(/not found/i);
      await auth.api.rejectInvitation({ body: { invitationId: declined.id }, headers: as(cy) });
      await expect(auth.api.acceptInvitation({ body: { invitationId: declined.id }, headers: as(cy) })).rejects.toThrow(
        /not found/i,
      );
      // Another person cannot accept an invitation made for someone else's address.
      const forAna = await invite("ana.two@shop.example");
      await expect(auth.api.acceptInvitation({ body: { invitationId: forAna.id }, headers: as(ben) })).rejects.toThrow(
        /recipient|not found|not allowed/i,
      );

      const members = await auth.api.listMembers({ query: { organizationId: workspaceId }, headers: as(owner) });
      expect(members.members.map((m) => [m.user.email, m.role]).sort()).toEqual([
        ["ana@shop.example", "accounts"],
        ["owner@shop.example", "owner"],
      ]);
    });
  });

  describe("sign-in throttling (the hooks and the connect throttle's limiter)", () => {
    /**
     * A sign-in through better-auth's API, answered as a Response: a refusal the hooks throw before the endpoint (the
     * throttle's 429) is better-auth's APIError, which its handler turns into this very answer.
     */
    const signIn = async (
      auth: Awaited<ReturnType<typeof setup>>["auth"],
      email: string,
      password: string,
      address: string,
    ): Promise<Response> => {
      try {
        return await auth.api.signInEmail({
          body: { email, password },
          asResponse: true,
          headers: new Headers({ origin: ORIGIN, "x-forwarded-for": address }),
        });
      } catch (error) {
        if (!isAPIError(error)) throw error;
        return Response.json(error.body, { status: error.statusCode, headers: error.headers });
      }
    };

    it("makes an address wait after 5 failed sign-ins, whichever accounts were tried: 429 with Retry-After, the right password too", async () => {
      const { auth, person } = await setup();
      await person("ana@shop.example");
      for (let i = 1; i <= 5; i++)
        expect(
          (await signIn(auth, `nobody-${i}@shop.example`, "wrong password here", "203.0.113.9")).status,
          `failure ${i}`,
        ).toBe(401);
      const held = await signIn(auth, "ana@shop.example", PASSWORD, "203.0.113.9");
      expect([held.status, held.headers.get("Retry-After")]).toEqual([429, "60"]);
      expect((await held.json()) as { code: string; message: string }).toMatchObject({
        code: "TOO_MANY_ATTEMPTS",
        message: expect.stringMatching(/from your address: try again in 60 seconds/),
      });
      // Another address is not held up.
      expect((await signIn(auth, "ana@shop.example", PASSWORD, "198.51.100.2")).status).toBe(200);
      // Through the route (/api/auth/sign-in/email), the same 429 with its Retry-After.
      const http = await auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: JSON.stringify({ email: "ana@shop.example", password: PASSWORD }),
        }),
      );
      expect([http.status, http.headers.get("Retry-After")]).toEqual([429, "60"]);
    });

    it("makes an account wait after 5 failed sign-ins from any addresses, and only that account", async () => {
      const { auth, person } = await setup();
      await person("ana@shop.example");
      await person("ben@shop.example");
      for (let i = 1; i <= 5; i++)
        expect(
          (await signIn(auth, "Ana@Shop.example", "wrong password here", `203.0.113.${i}`)).status,
          `failure ${i}`,
        ).toBe(401);
      const held = await signIn(auth, "ana@shop.example", PASSWORD, "198.51.100.7");
      expect([held.status, held.headers.get("Retry-After")]).toEqual([429, "60"]);
      expect(((await held.json()) as { message: string }).message).toMatch(/for this account/);
      expect((await signIn(auth, "ben@shop.example", PASSWORD, "198.51.100.7")).status).toBe(200);
    });

    it("forgets an address's and an account's failures at a sign-in that succeeds", async () => {
      const { auth, person } = await setup();
      await person("ana@shop.example");
      for (let i = 0; i < 4; i++) await signIn(auth, "ana@shop.example", "wrong password here", "203.0.113.9");
      expect((await signIn(auth, "ana@shop.example", PASSWORD, "203.0.113.9")).status).toBe(200);
      for (let i = 1; i <= 4; i++)
        expect(
          (await signIn(auth, "ana@shop.example", "wrong password here", "203.0.113.9")).status,
          `failure ${i}`,
        ).toBe(401);
      expect((await signIn(auth, "ana@shop.example", PASSWORD, "203.0.113.9")).status).toBe(200);
    });
  });

  describe("the audit trail of accounts (the hooks)", () => {
    it("records sign-ins, a failed sign-in with the address tried, and sign-outs, naming the person", async () => {
      const { auth, person, trail } = await setup();
      await person("ana@shop.example");
      const from = (address: string) => new Headers({ origin: ORIGIN, "x-forwarded-for": address });
      const signedIn = await auth.api.signInEmail({
        body: { email: "ana@shop.example", password: PASSWORD },
        asResponse: true,
        headers: from("203.0.113.9"),
      });
      expect(
        (
          await auth.api.signInEmail({
            body: { email: "ana@shop.example", password: "not the password at all" },
            asResponse: true,
            headers: from("198.51.100.3"),
          })
        ).status,
      ).toBe(401);
      const cookie = cookieOf(signedIn);
      await auth.api.signOut({ headers: new Headers({ cookie, origin: ORIGIN, "x-forwarded-for": "203.0.113.9" }) });
      const userId = ((await signedIn.clone().json()) as { user: { id: string } }).user.id;
      const who = { user_id: userId, user_email: "ana@shop.example", workspace_id: null };
      expect(await trail()).toEqual([
        {
          event: "sign-in",
          result: "done",
          ...who,
          client_address: "unknown",
          reference_json: JSON.stringify({ method: "address confirmed" }),
          answer_json: "{}",
        },
        {
          event: "sign-in",
          result: "done",
          ...who,
          client_address: "203.0.113.9",
          reference_json: JSON.stringify({ method: "password" }),
          answer_json: "{}",
        },
        {
          event: "sign-in-failed",
          result: "refused",
          user_id: null,
          user_email: "ana@shop.example",
          workspace_id: null,
          client_address: "198.51.100.3",
          reference_json: "{}",
          answer_json: expect.stringContaining('"method":"password"'),
        },
        {
          event: "sign-out",
          result: "done",
          ...who,
          client_address: "203.0.113.9",
          reference_json: JSON.stringify({ method: "this session" }),
          answer_json: "{}",
        },
      ]);
      expect(JSON.stringify(await trail())).not.toContain("not the password");
    });

    it("records invitations sent and accepted, a role changed and a member removed, naming who acted, whom it concerned and the workspace", async () => {
      const { auth, person, as, workspaceOf, trail } = await setup({ mail: false });
      const { owner, workspaceId } = await workspaceOf("owner@shop.example");
      const ownerId = (await auth.api.getSession({ headers: as(owner) }))!.user.id;
      const invitation = await auth.api.createInvitation({
        body: { organizationId: workspaceId, email: "ana@shop.example", role: "viewer" },
        headers: as(owner),
      });
      const ana = await person("ana@shop.example");
      const anaId = (await auth.api.getSession({ headers: as(ana) }))!.user.id;
      const accepted = await auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(ana) });
      await auth.api.updateMemberRole({
        body: { organizationId: workspaceId, memberId: accepted!.member.id, role: "accounts" },
        headers: as(owner),
      });
      await auth.api.removeMember({
        body: { organizationId: workspaceId, memberIdOrEmail: accepted!.member.id },
        headers: as(owner),
      });

      const rows = (await trail()).filter((r) => !r.event.startsWith("sign-"));
      expect(rows.map((r) => [r.event, r.result, r.user_id, r.workspace_id])).toEqual([
        ["invitation-sent", "done", ownerId, workspaceId],
        ["invitation-accepted", "done", anaId, workspaceId],
        ["role-changed", "done", ownerId, workspaceId],
        ["member-removed", "done", ownerId, workspaceId],
      ]);
      expect(JSON.parse(rows[0]!.reference_json)).toEqual({ subjectEmail: "ana@shop.example", role: "viewer" });
      expect(JSON.parse(rows[2]!.reference_json)).toEqual({ subjectEmail: "ana@shop.example", role: "accounts" });
      expect(JSON.parse(rows[3]!.reference_json)).toEqual({ subjectEmail: "ana@shop.example" });
    });
  });
});

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("the origins better-auth takes its writes from", () => {
  /**
   * better-auth as the server runs it, its origin check on (better-auth leaves it off under NODE_ENV=test), with one
   * person signed up; answers a password sign-in posted to `url` from `origin`.
   */
  async function checked(over: Partial<AuthConfig>) {
    const database = await databaseProfiles()[0]!.open();
    opened.push(database);
    const options = authOptions(testAuthConfig(database, { mailer: recordingMailer(false), ...over }));
    const auth = betterAuth({ ...options, advanced: { ...options.advanced, disableOriginCheck: false } });
    await auth.api.signUpEmail({
      body: { email: "ana@shop.example", password: PASSWORD, name: "Ana" },
      headers: new Headers({ host: "127.0.0.1:3000" }),
    });
    return (url: string, origin: string) =>
      auth.handler(
        new Request(`${url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin, "content-type": "application/json" },
          body: JSON.stringify({ email: "ana@shop.example", password: PASSWORD }),
        }),
      );
  }

  it("without PUBLIC_URL, the loopback hosts on the port Backroom listens on, and no other port's (another app on this machine)", async () => {
    const signIn = await checked({ publicUrl: undefined, port: 3000 });
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"])
      expect((await signIn(origin, origin)).status, origin).toBe(200);
    for (const origin of ["http://127.0.0.1:3001", "http://localhost:5173", "http://[::1]:8080", "http://127.0.0.1"]) {
      const refused = await signIn("http://127.0.0.1:3000", origin);
      expect([refused.status, refused.headers.getSetCookie()], origin).toEqual([403, []]);
    }
  });

  it("with PUBLIC_URL, its origin only", async () => {
    const signIn = await checked({ publicUrl: "https://backroom.example", port: 3000 });
    expect((await signIn("https://backroom.example", "https://backroom.example")).status).toBe(200);
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "https://evil.example"])
      expect((await signIn("http://127.0.0.1:3000", origin)).status, origin).toBe(403);
  });
});
