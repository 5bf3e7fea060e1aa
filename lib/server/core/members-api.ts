import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import type { ActorResolver } from "./auth/actor";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { failureAnswer, NO_STORE } from "./route-errors";
import { withActor } from "./with-actor";
import type { MembersJson } from "@/lib/session/members-view";

/** What the members endpoints need from the backend. */
export interface MembersDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
  /** Whether Backroom sends mail: without, the Members page shows an invitation's link to whoever may copy it. */
  mailDelivers: boolean;
}

type Tables = AuthTables & {
  auth_session: { userId: string; updatedAt: Date | string; expiresAt: Date | string };
  auth_invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: string | null;
    status: string;
    expiresAt: Date | string;
    inviterId: string;
  };
};

const iso = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

// GET /api/members: the workspace's members (role, two-factor status, last activity, rep link) and its pending
// invitations, for every member to see who is in the workspace; changing them is better-auth's organization endpoints
// (invite-member, update-member-role, remove-member, cancel-invitation), which check the role.
export const listMembers = withActor(
  "workspace",
  undefined,
  async (_request: Request, actor, deps: MembersDeps): Promise<Response> => {
    const db = deps.db.withTables<Tables>();
    const workspaceId = actor.workspace.id;
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
      db
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
        .execute(),
    ]);
    const lastActive = new Map(sessions.map((s) => [s.userId, iso(s.last as Date | string | null)]));
    const now = Date.now();
    const body: MembersJson = {
      members: members.map((m) => ({
        memberId: m.memberId,
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        joinedAt: iso(m.createdAt)!,
        twoFactorEnabled: Boolean(m.twoFactorEnabled),
        lastActiveAt: lastActive.get(m.userId) ?? null,
        salesRepUserId: m.salesRepUserId ?? null,
      })),
      invitations: invitations
        .filter((i) => new Date(i.expiresAt).getTime() > now)
        .map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role ?? "viewer",
          expiresAt: iso(i.expiresAt)!,
          invitedBy: i.invitedBy,
        })),
      mailDelivers: deps.mailDelivers,
    };
    return Response.json(body, { headers: NO_STORE });
  },
);

const LinkRep = z.strictObject({ salesRepUserId: z.number().int().positive().nullable() });

// PATCH /api/members/{memberId} {salesRepUserId}: owners and admins link a member to a sales rep (`/salesReps` UserID),
// so their customers, delivery days and AR aging open on "My accounts". A view, not a security boundary.
export const linkSalesRep = withActor(
  "workspace",
  { member: ["update"] },
  async (request: Request, actor, memberId: string, deps: MembersDeps): Promise<Response> => {
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 1024));
    } catch {
      body = undefined;
    }
    const parsed = LinkRep.safeParse(body);
    if (!parsed.success) return Response.json(validationErrorBody(parsed.error), { status: 400, headers: NO_STORE });
    const db = deps.db.withTables<Tables>();
    const member = await db
      .selectFrom("auth_member")
      .select(["userId"])
      .where("id", "=", memberId)
      .where("organizationId", "=", actor.workspace.id)
      .executeTakeFirst();
    if (!member) return failureAnswer("not-found");
    await db
      .updateTable("auth_member")
      .set({ salesRepUserId: parsed.data.salesRepUserId })
      .where("id", "=", memberId)
      .execute();
    await deps.actors.events.membershipChanged({
      workspaceId: actor.workspace.id,
      userId: member.userId,
      kind: "role",
    });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
