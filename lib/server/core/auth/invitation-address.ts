import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";

type Tables = { auth_invitation: { id: string; email: string; status: string; expiresAt: Date | string } };

/** An invitation's page, as `?next=` names it on the way to signing up: `/invitations/{id}`. */
const INVITATION_PATH = /^\/invitations\/([^/?#]{1,200})$/;

/**
 * The address an invitation was sent to, for the sign-up form on the way to it (`/sign-up?next=/invitations/{id}`):
 * the account made must have that address to accept it. Only while the invitation waits for an answer (pending, not
 * expired); the address alone, never the workspace, the inviter or the role (those are shown to the invited person
 * signed in with it). Undefined for any other `next`.
 *
 * @example
 * await invitedAddress(db, "/invitations/inv_1"); // "mia@shop.example"
 */
export async function invitedAddress(
  db: Kysely<BackroomDatabase>,
  next: string | undefined,
): Promise<string | undefined> {
  const id = next ? INVITATION_PATH.exec(next)?.[1] : undefined;
  if (!id) return undefined;
  const invitation = await db
    .withTables<Tables>()
    .selectFrom("auth_invitation")
    .select(["email", "expiresAt"])
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst()
    .catch(() => undefined);
  return invitation && new Date(invitation.expiresAt).getTime() > Date.now() ? invitation.email : undefined;
}
