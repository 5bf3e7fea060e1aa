import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import { createInvitationLinks, invitationSecretOf, isOpen } from "./invitation-links";

/**
 * The address an invitation was sent to, for the sign-up form on the way to it (`/sign-up?next=/invitations/{secret}`):
 * the account made must have that address to accept it. Only while the invitation waits for an answer (pending, not
 * expired); the address alone, never the workspace, the inviter or the role (those are shown to the invited person
 * signed in with it). Undefined for any other `next`.
 *
 * @example
 * await invitedAddress(db, "/invitations/qV3…"); // "mia@shop.example"
 */
export async function invitedAddress(
  db: Kysely<BackroomDatabase>,
  next: string | undefined,
): Promise<string | undefined> {
  const secret = invitationSecretOf(next);
  if (!secret) return undefined;
  const invitation = await createInvitationLinks(db)
    .find(secret)
    .catch(() => undefined);
  return isOpen(invitation) ? invitation.email : undefined;
}
