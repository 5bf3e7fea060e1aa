import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { testAuth } from "./testing";

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://localhost:3000";

describe.each(databaseProfiles())("Backroom's better-auth on $name", ({ open }) => {
  async function setup() {
    const database = await open();
    opened.push(database);
    const { auth, config } = testAuth(database);
    /** Signs up (or in) and answers the Cookie header of the person's session. */
    const person = async (email: string, name = email.split("@")[0]!) => {
      const res = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name }, asResponse: true, headers: new Headers({ origin: ORIGIN }) });
      expect(res.status, await res.clone().text()).toBe(200);
      return cookieOf(res);
    };
    const as = (cookie: string) => new Headers({ cookie, origin: ORIGIN });
    return { database, auth, config, person, as };
  }

  it("signs up with an Argon2id password, and signs in with it (and not with another)", async () => {
    const { auth, database } = await setup();
    await auth.api.signUpEmail({ body: { email: "ana@shop.example", password: PASSWORD, name: "Ana" } });
    const stored = await sql<{ password: string }>`select password from auth_account where "providerId" = 'credential'`.execute(database.db);
    expect(stored.rows[0]!.password).toMatch(/^\$argon2id\$/);
    const ok = await auth.api.signInEmail({ body: { email: "ana@shop.example", password: PASSWORD }, asResponse: true });
    expect(ok.status).toBe(200);
    const wrong = await auth.api.signInEmail({ body: { email: "ana@shop.example", password: "not the password at all" }, asResponse: true });
    expect(wrong.status).toBe(401);
  });

  it("makes a workspace's creator its owner, and keeps the last owner from leaving or being demoted", async () => {
    const { auth, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({ body: { name: "Valley Cannabis", slug: "valley-cannabis" }, headers: as(owner) });
    const members = await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) });
    expect(members.members.map((m) => m.role)).toEqual(["owner"]);
    await expect(auth.api.leaveOrganization({ body: { organizationId: workspace!.id }, headers: as(owner) })).rejects.toThrow(/only owner|without an owner/i);
    await expect(auth.api.updateMemberRole({ body: { organizationId: workspace!.id, memberId: members.members[0]!.id, role: "admin" }, headers: as(owner) })).rejects.toThrow(/only owner|without an owner/i);
  });

  it("lets an owner invite with a role, the invited person accept, and keeps a viewer from inviting or changing roles", async () => {
    const { auth, config, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({ body: { name: "Valley Cannabis", slug: "valley" }, headers: as(owner) });
    const invitation = await auth.api.createInvitation({ body: { organizationId: workspace!.id, email: "vic@shop.example", role: "viewer" }, headers: as(owner) });
    const mail = (config.mailer as unknown as { sent: { to: string; link: string }[] }).sent.at(-1)!;
    expect(mail.to).toBe("vic@shop.example");
    expect(mail.link).toBe(`http://localhost:3000/invitations/${invitation.id}`);
    const viewer = await person("vic@shop.example");
    // The mailer delivers in this test: the address must be proved first.
    await expect(auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(viewer) })).rejects.toThrow(/verif/i);
    // The verification mail's link, followed.
    const verify = (config.mailer as unknown as { sent: { to: string; link: string }[] }).sent.find((m) => m.to === "vic@shop.example" && m.link.includes("verify-email"))!;
    expect((await auth.handler(new Request(verify.link))).status).toBeLessThan(400);
    await auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(viewer) });
    const members = await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) });
    expect(members.members.map((m) => [m.user.email, m.role]).sort()).toEqual([["owner@shop.example", "owner"], ["vic@shop.example", "viewer"]]);
    // A viewer manages nobody.
    await expect(auth.api.createInvitation({ body: { organizationId: workspace!.id, email: "x@shop.example", role: "viewer" }, headers: as(viewer) })).rejects.toThrow(/not allowed/i);
    const ownerMember = members.members.find((m) => m.role === "owner")!;
    await expect(auth.api.updateMemberRole({ body: { organizationId: workspace!.id, memberId: ownerMember.id, role: "viewer" }, headers: as(viewer) })).rejects.toThrow(/not allowed/i);
    // An invitation is used once.
    await expect(auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(viewer) })).rejects.toThrow(/not found/i);
  });

  it("keeps an admin from demoting or removing an owner, and from making one, where an owner may", async () => {
    const { auth, config, person, as } = await setup();
    const owner = await person("owner@shop.example");
    const workspace = await auth.api.createOrganization({ body: { name: "Mojave Sun", slug: "mojave" }, headers: as(owner) });
    /** Invites, signs the person up, follows their verification link and accepts: answers their cookie. */
    const join = async (email: string, role: "owner" | "admin") => {
      const invitation = await auth.api.createInvitation({ body: { organizationId: workspace!.id, email, role }, headers: as(owner) });
      const cookie = await person(email);
      const verify = (config.mailer as unknown as { sent: { to: string; link: string }[] }).sent.find((m) => m.to === email && m.link.includes("verify-email"))!;
      await auth.handler(new Request(verify.link));
      await auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: as(cookie) });
      return cookie;
    };
    await join("olga@brand.example", "owner");
    const admin = await join("ada@brand.example", "admin");
    const members = (await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) })).members;
    const second = members.find((m) => m.user.email === "olga@brand.example")!;
    const adminMember = members.find((m) => m.role === "admin")!;
    await expect(auth.api.updateMemberRole({ body: { organizationId: workspace!.id, memberId: second.id, role: "viewer" }, headers: as(admin) })).rejects.toThrow(/not allowed/i);
    // better-auth words this one as if the owner were leaving: refused all the same.
    await expect(auth.api.removeMember({ body: { organizationId: workspace!.id, memberIdOrEmail: second.id }, headers: as(admin) })).rejects.toThrow(/only owner|not allowed/i);
    await expect(auth.api.updateMemberRole({ body: { organizationId: workspace!.id, memberId: adminMember.id, role: "owner" }, headers: as(admin) })).rejects.toThrow(/not allowed/i);
    // An owner may do each.
    await auth.api.updateMemberRole({ body: { organizationId: workspace!.id, memberId: adminMember.id, role: "accounts" }, headers: as(owner) });
    await auth.api.removeMember({ body: { organizationId: workspace!.id, memberIdOrEmail: second.id }, headers: as(owner) });
    const after = (await auth.api.listMembers({ query: { organizationId: workspace!.id }, headers: as(owner) })).members;
    expect(after.map((m) => [m.user.email, m.role]).sort()).toEqual([["ada@brand.example", "accounts"], ["owner@shop.example", "owner"]]);
  });
});

function cookieOf(response: Response): string {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
