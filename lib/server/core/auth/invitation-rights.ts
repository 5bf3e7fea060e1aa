import "server-only";
import type { Kysely } from "kysely";
import { mayGiveRole } from "@/lib/session/role-options";
import { parseRole } from "@/lib/session/roles";
import type { AuthTables, BackroomDatabase } from "../db/schema";

/**
 * An invitation holds only while its maker may still make it: a member of its workspace whose role may invite that role
 * (`mayGiveRole`, the Members page's rule). A member removed, leaving, or given a role that may not invite (or not that
 * role) takes their pending invitations with them (`voidInvitationsOf`), and accepting checks again
 * (`invitationHolds`), so a link made before either cannot bring anyone in.
 */

/** A person's role in a workspace now, as stored, if they are a member of it. */
export async function roleOf(db: Kysely<BackroomDatabase>, workspaceId: string, userId: string) {
  const row = await db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .select("role")
    .where("organizationId", "=", workspaceId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.role;
}

/** Whether a member with `inviterRole` (undefined: no longer a member) may invite someone as `role`. */
function inviterMay(inviterRole: string | undefined, inviterId: string, role: string | null): boolean {
  const to = parseRole(role ?? "viewer");
  return inviterRole !== undefined && to !== undefined && mayGiveRole({ myRole: inviterRole, myUserId: inviterId, to });
}

/**
 * Whether an invitation still holds: its maker is a member of its workspace whose role may invite its role.
 *
 * @example
 * if (!(await invitationHolds(db, invitation))) throw refusal("INVITATION_VOID", "…", 409);
 */
export async function invitationHolds(
  db: Kysely<BackroomDatabase>,
  invitation: { workspaceId: string; inviterId: string; role: string | null },
): Promise<boolean> {
  return inviterMay(
    await roleOf(db, invitation.workspaceId, invitation.inviterId),
    invitation.inviterId,
    invitation.role,
  );
}

/**
 * Cancels the pending invitations a member made in a workspace that they may no longer make (all of them once they
 * are no member); answers how many. Called when a member is removed, leaves, or has their role changed.
 *
 * @example
 * await voidInvitationsOf(db, workspaceId, removed.userId); // 2
 */
export async function voidInvitationsOf(
  db: Kysely<BackroomDatabase>,
  workspaceId: string,
  inviterId: string,
): Promise<number> {
  const auth = db.withTables<AuthTables>();
  const [pending, role] = await Promise.all([
    auth
      .selectFrom("auth_invitation")
      .select(["id", "role"])
      .where("organizationId", "=", workspaceId)
      .where("inviterId", "=", inviterId)
      .where("status", "=", "pending")
      .execute(),
    roleOf(db, workspaceId, inviterId),
  ]);
  const dead = pending.filter((i) => !inviterMay(role, inviterId, i.role)).map((i) => i.id);
  if (dead.length === 0) return 0;
  await auth
    .updateTable("auth_invitation")
    .set({ status: "canceled" })
    .where("id", "in", dead)
    .where("status", "=", "pending")
    .execute();
  return dead.length;
}
