import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { InvitationMade, InvitationRow, MemberRow, MembersJson } from "@/lib/session/members-view";
import { isOwner, mayGiveRole, ONLY_OWNERS_MAKE_OWNERS } from "@/lib/session/role-options";
import { may, ROLE_NAMES } from "@/lib/session/roles";
import type { ActorResolver } from "./auth/actor";
import { type Auth, INVITATION_DAYS } from "./auth/auth";
import { isReservedAddress, RESERVED_ADDRESS_DETAIL } from "./auth/demo";
import { createInvitationLinks, invitationPath } from "./auth/invitation-links";
import type { Mailer } from "./auth/mailer";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { defineRoute, type RouteInput } from "./define-route";
import { invalidField, refuse } from "./route-errors";
import { publicOrigin } from "./public-origin";
import { NO_STORE } from "./route-errors";

/** What the members' routes need from the backend. */
export interface MembersDeps {
  actors: ActorResolver;
  auth: Auth;
  db: Kysely<BackroomDatabase>;
  mailer: Mailer;
  /** Whether Backroom sends mail: without, an invitation's link is shown once, to the person who made it. */
  mailDelivers: boolean;
  /** `PUBLIC_URL`: the address in an invitation's link (the request's own address without it). */
  publicUrl?: string;
}

/** A pending invitation (`InvitationRow`), by id: never its link's secret. */
export const InvitationRowAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().describe("The inviter's email."),
}) satisfies z.ZodType<InvitationRow>;

/** A member (`MemberRow`). */
export const MemberRowAnswer = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  joinedAt: z.string(),
  twoFactorEnabled: z.boolean(),
  lastActiveAt: z
    .string()
    .nullable()
    .describe("The last time any of their sessions was used (moved at most once a minute), or null."),
  salesRepUserId: z.number().nullable().describe("The sales rep (`/salesReps` UserID) the member is linked to."),
}) satisfies z.ZodType<MemberRow>;

/** `GET /api/members` (`MembersJson`). */
export const MembersAnswer = z.object({
  members: z.array(MemberRowAnswer),
  invitations: z
    .array(InvitationRowAnswer)
    .nullable()
    .describe("The pending invitations, to those who may invite; null for the others, who see none."),
  mailDelivers: z
    .boolean()
    .describe("Whether Backroom sends mail: without, an invitation's link is shown once, to whoever made it."),
}) satisfies z.ZodType<MembersJson>;

/** `POST /api/members/invitations` (`InvitationMade`). */
export const InvitationMadeAnswer = z.object({
  invitation: InvitationRowAnswer,
  link: z
    .string()
    .optional()
    .describe("The invitation's link, where Backroom sends no mail: answered this once, to whoever made it."),
}) satisfies z.ZodType<InvitationMade>;

const iso = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const tables = (deps: MembersDeps) => deps.db.withTables<AuthTables>();

/** The workspace's pending invitations (by id, never their links' secrets), for those who may invite. */
async function pendingInvitations(deps: MembersDeps, workspaceId: string): Promise<InvitationRow[]> {
  const rows = await tables(deps)
    .selectFrom("auth_invitation")
    .innerJoin("auth_user", "auth_user.id", "auth_invitation.inviterId")
    .select([
      "auth_invitation.id",
      "auth_invitation.email",
      "auth_invitation.role",
      "auth_invitation.expiresAt",
      "auth_user.email as invitedBy",
    ])
    .where("auth_invitation.organizationId", "=", workspaceId)
    .where("auth_invitation.status", "=", "pending")
    .orderBy("auth_invitation.expiresAt")
    .execute();
  const now = Date.now();
  return rows
    .filter((i) => new Date(i.expiresAt).getTime() > now)
    .map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role ?? "viewer",
      expiresAt: iso(i.expiresAt)!,
      invitedBy: i.invitedBy,
    }));
}

export const listMembers = defineRoute(
  {
    method: "GET",
    path: "/api/members",
    summary: "The workspace's members, and its pending invitations to those who may invite.",
    description:
      "Every member sees who is in the workspace (by name): each member's role, two-factor status, last activity and " +
      "sales rep link. The pending invitations, soonest to expire first, go only to those who may invite, never with " +
      "a link's secret.",
    need: "workspace",
    answer: MembersAnswer,
  },
  async ({ actor }, deps: MembersDeps) => {
    const db = tables(deps);
    const workspaceId = actor.workspace.id;
    const invites = may(actor.membership.role, { invitation: ["create"] });
    const [members, sessions, invitations] = await Promise.all([
      db
        .selectFrom("auth_member")
        .innerJoin("auth_user", "auth_user.id", "auth_member.userId")
        .select([
          "auth_member.id as memberId",
          "auth_member.userId",
          "auth_member.role",
          "auth_member.createdAt",
          "auth_member.salesRepUserId",
          "auth_user.name",
          "auth_user.email",
          "auth_user.twoFactorEnabled",
        ])
        .where("auth_member.organizationId", "=", workspaceId)
        .orderBy("auth_user.name")
        .execute(),
      db
        .selectFrom("auth_session")
        .innerJoin("auth_member", "auth_member.userId", "auth_session.userId")
        .select(["auth_session.userId", (eb) => eb.fn.max("auth_session.updatedAt").as("last")])
        .where("auth_member.organizationId", "=", workspaceId)
        .groupBy("auth_session.userId")
        .execute(),
      invites ? pendingInvitations(deps, workspaceId) : null,
    ]);
    const lastActive = new Map(sessions.map((s) => [s.userId, iso(s.last as Date | string | null)]));
    const body: MembersJson = {
      members: members.map((m) => ({
        memberId: m.memberId,
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        joinedAt: iso(m.createdAt)!,
        twoFactorEnabled: Boolean(m.twoFactorEnabled),
        // A visitor of the shared demo is active now; the demo person's last activity is another visitor's.
        lastActiveAt:
          actor.visitor && m.userId === actor.person.id ? new Date().toISOString() : (lastActive.get(m.userId) ?? null),
        salesRepUserId: m.salesRepUserId ?? null,
      })),
      invitations,
      mailDelivers: deps.mailDelivers,
    };
    return body;
  },
);

const Invite = z.strictObject({
  email: z.email({ error: "email: an email address" }).max(254),
  role: z.enum(ROLE_NAMES, { error: `role: one of ${ROLE_NAMES.join(", ")}` }),
});

/** Backroom's address, for a link in a mail: PUBLIC_URL, else the address the request came to. */
const siteOf = (request: Request, deps: MembersDeps) => deps.publicUrl ?? publicOrigin(request);

export const inviteMember = defineRoute(
  {
    method: "POST",
    path: "/api/members/invitations",
    summary: "Invites someone to the workspace, with a role.",
    description: [
      `The invitation's link (its secret) is mailed to the address, and ends in ${INVITATION_DAYS} days; where Backroom`,
      "sends no mail, the link is answered here (`link`), once, to whoever made it.",
      "",
      "- 400 `VALIDATION_FAILED` on `role`: an admin invites no owner (only owners invite owners).",
      "- 403 `DEMO_SHARED`: an address of the shared demo's domain (`backroom.invalid`).",
      "- The accounts library's refusals, with its code: `USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION`,",
      "  `USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION`.",
    ].join("\n"),
    status: 201,
    answer: InvitationMadeAnswer,
    need: "workspace",
    permission: { invitation: ["create"] },
    body: Invite,
  },
  async ({ request, actor, body }, deps: MembersDeps) => {
    if (isReservedAddress(body.email)) throw refuse("demo-shared", RESERVED_ADDRESS_DETAIL);
    if (!mayGiveRole({ myRole: actor.membership.role, myUserId: actor.person.id, to: body.role }))
      throw invalidField("role", "Only owners invite owners.");
    const invitation = await deps.auth.api.createInvitation({
      body: { email: body.email, role: body.role, organizationId: actor.workspace.id },
      headers: request.headers,
    });
    const secret = await createInvitationLinks(deps.db).make(invitation.id);
    const link = `${siteOf(request, deps)}${invitationPath(secret)}`;
    const inviter = actor.person;
    await deps.mailer.send({
      to: invitation.email,
      subject: `${inviter.name} invites you to ${actor.workspace.name} on Backroom`,
      text: `${inviter.name} (${inviter.email}) invites you to the workspace ${actor.workspace.name} as ${invitation.role}.\n\nAccept: ${link}\n\nThe invitation ends in ${INVITATION_DAYS} days.`,
      link,
    });
    const made: InvitationMade = {
      invitation: {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: iso(invitation.expiresAt)!,
        invitedBy: inviter.email,
      },
      ...(deps.mailDelivers ? {} : { link }),
    };
    return made;
  },
);

export const cancelInvitation = defineRoute(
  {
    method: "DELETE",
    path: "/api/members/invitations/{invitationId}",
    summary: "Cancels one of the workspace's pending invitations: its link works no more.",
    description: "404 when the workspace has no pending invitation of that id.",
    status: 204,
    need: "workspace",
    permission: { invitation: ["cancel"] },
  },
  async ({ request, actor, params }, deps: MembersDeps) => {
    const found = await tables(deps)
      .selectFrom("auth_invitation")
      .select("id")
      .where("id", "=", params.invitationId ?? "")
      .where("organizationId", "=", actor.workspace.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (!found) throw refuse("not-found", "No pending invitation of this workspace has that id.");
    await deps.auth.api.cancelInvitation({ body: { invitationId: found.id }, headers: request.headers });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/** A member of the actor's workspace by id, and how many owners the workspace has; refused 404 otherwise. */
async function memberOf(deps: MembersDeps, workspaceId: string, memberId: string | undefined) {
  const rows = await tables(deps)
    .selectFrom("auth_member")
    .select(["id", "userId", "role"])
    .where("organizationId", "=", workspaceId)
    .execute();
  const member = rows.find((m) => m.id === memberId);
  if (!member) throw refuse("not-found", "No member of this workspace has that id.");
  return { member, ownerCount: rows.filter((m) => isOwner(m.role)).length };
}

/** One change a request: the member's role, or the sales rep they are linked to (null: none). */
const MemberChange = z.union([
  z.strictObject({ role: z.enum(ROLE_NAMES, { error: `role: one of ${ROLE_NAMES.join(", ")}` }) }),
  z.strictObject({ salesRepUserId: z.number().int().positive().nullable() }),
]);

/** A member's role changed, as the Members page offers it (`mayGiveRole`): the library makes the change. */
async function changeRole(
  { request, actor }: RouteInput<"workspace", unknown, unknown>,
  deps: MembersDeps,
  target: Awaited<ReturnType<typeof memberOf>>,
  role: (typeof ROLE_NAMES)[number],
) {
  const allowed = mayGiveRole({
    myRole: actor.membership.role,
    myUserId: actor.person.id,
    to: role,
    member: target.member,
    ownerCount: target.ownerCount,
  });
  if (!allowed)
    throw isOwner(target.member.role) && target.ownerCount <= 1
      ? invalidField("role", "The last owner stays owner: make another member owner first.")
      : invalidField("role", "Only owners make or change owners.");
  await deps.auth.api.updateMemberRole({
    body: { memberId: target.member.id, role, organizationId: actor.workspace.id },
    headers: request.headers,
  });
}

export const updateMember = defineRoute(
  {
    method: "PATCH",
    path: "/api/members/{memberId}",
    summary: "Changes a member's role, or the sales rep they are linked to.",
    description: [
      "One change a request: `{role}`, or `{salesRepUserId}` (a `/salesReps` UserID; null: none). A member linked to a",
      'sales rep finds that rep\'s customers, delivery days and AR aging on "My accounts": a view, not a security',
      "boundary. The same role again changes nothing.",
      "",
      "- 404: no member of this workspace has that id.",
      "- 403 `FORBIDDEN_BY_ROLE`: an admin changing anything of an owner's (only owners make or change owners).",
      "- 400 `VALIDATION_FAILED` on `role`: an admin making an owner, or the workspace's last owner made anything else",
      "  (the last owner stays owner: make another member owner first).",
    ].join("\n"),
    status: 204,
    need: "workspace",
    permission: { member: ["update"] },
    body: MemberChange,
    invalid: "Give the member's new role, or the sales rep to link them to (null: none).",
  },
  async (input, deps: MembersDeps) => {
    const { actor, body, params } = input;
    const target = await memberOf(deps, actor.workspace.id, params.memberId);
    // Nothing of an owner's is an admin's to change: their role, nor the rep they are linked to.
    if (isOwner(target.member.role) && !isOwner(actor.membership.role))
      throw refuse("forbidden-by-role", ONLY_OWNERS_MAKE_OWNERS);
    if ("role" in body) {
      if (body.role !== target.member.role) await changeRole(input, deps, target, body.role);
    } else {
      await tables(deps)
        .updateTable("auth_member")
        .set({ salesRepUserId: body.salesRepUserId })
        .where("id", "=", target.member.id)
        .execute();
      await deps.actors.events.membershipChanged({
        workspaceId: actor.workspace.id,
        userId: target.member.userId,
        kind: "role",
      });
    }
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

export const removeMember = defineRoute(
  {
    method: "DELETE",
    path: "/api/members/{memberId}",
    summary: "Removes a member from the workspace: their access ends on every instance within a second.",
    description: [
      "- 404: no member of this workspace has that id.",
      "- 403 `FORBIDDEN_BY_ROLE`: an admin removing an owner (only owners remove owners), or anyone removing",
      "  themselves (they leave the workspace instead: `POST /api/workspace/leave`).",
    ].join("\n"),
    status: 204,
    need: "workspace",
    permission: { member: ["delete"] },
  },
  async ({ request, actor, params }, deps: MembersDeps) => {
    const { member } = await memberOf(deps, actor.workspace.id, params.memberId);
    if (member.userId === actor.person.id)
      throw refuse("forbidden-by-role", "To leave the workspace, use Leave the workspace on the Workspace page.");
    if (isOwner(member.role) && !isOwner(actor.membership.role))
      throw refuse("forbidden-by-role", "Only owners remove owners.");
    await deps.auth.api.removeMember({
      body: { memberIdOrEmail: member.id, organizationId: actor.workspace.id },
      headers: request.headers,
    });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
