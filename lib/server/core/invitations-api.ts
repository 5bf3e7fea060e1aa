import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { authFailure } from "@/lib/session/auth-failure";
import { parseRole } from "@/lib/session/roles";
import type { InvitationAnswer, InvitationView } from "@/lib/session/session-view";
import type { Actor, ActorResolver } from "./auth/actor";
import type { Auth } from "./auth/auth";
import { createInvitationLinks, type OpenInvitation } from "./auth/invitation-links";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { isReservedAddress, RESERVED_ADDRESS_DETAIL } from "./auth/demo";
import { invitationHolds, roleOf } from "./auth/invitation-rights";
import { defineRoute } from "./define-route";
import { refusal, refuse } from "./route-errors";

/** What the invited person's routes need from the backend. */
export interface InvitationsDeps {
  actors: ActorResolver;
  auth: Auth;
  db: Kysely<BackroomDatabase>;
}

/** The library's refusal of an invitation in Backroom's words, by its code. */
const refused = (code: string, status: number) =>
  refusal(code, authFailure({ code, status }, "This invitation cannot be answered."), status);

/**
 * An invitation as the person signed in may read it: the invitation of a link's secret, only while it waits for its
 * answer, only for the person it was sent to (the workspace, the inviter and the role are theirs to see, nobody
 * else's), and only while its maker may still make it (`invitationHolds`: one who left, was removed or may no longer
 * invite that role took it with them, and it is cancelled now if it was not then). Refused in Backroom's words
 * otherwise. A demo person answers none: the demo's people belong to the demo.
 */
async function forThisPerson(
  db: Kysely<BackroomDatabase>,
  invitation: OpenInvitation | undefined,
  actor: Actor,
): Promise<OpenInvitation> {
  if (isReservedAddress(actor.person.email)) throw refuse("demo-shared", RESERVED_ADDRESS_DETAIL);
  if (!invitation) throw refused("INVITATION_NOT_FOUND", 404);
  const forThem = invitation.email.toLowerCase() === actor.person.email.toLowerCase();
  // Not open (`isOpen`, whose narrowing would leave nothing of it to read here).
  if (invitation.status !== "pending" || invitation.expired) {
    // Cancelled with its maker's right (they left, were removed or changed role): its person is told so.
    if (forThem && invitation.status === "canceled" && !(await invitationHolds(db, invitation)))
      throw refused("INVITATION_VOID", 409);
    throw refused("INVITATION_NOT_FOUND", 404);
  }
  if (!forThem) throw refused("YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION", 403);
  if (!(await invitationHolds(db, invitation))) {
    await db
      .withTables<AuthTables>()
      .updateTable("auth_invitation")
      .set({ status: "canceled" })
      .where("id", "=", invitation.id)
      .where("status", "=", "pending")
      .execute();
    throw refused("INVITATION_VOID", 409);
  }
  return invitation;
}

/** What the invitation's page shows the person signed in, or why it shows nothing of it. */
export async function readInvitation(
  db: Kysely<BackroomDatabase>,
  secret: string,
  actor: Actor,
): Promise<{ invitation: InvitationView } | { problem: { text: string; otherAddress: boolean } }> {
  try {
    const invitation = await forThisPerson(db, await createInvitationLinks(db).find(secret), actor);
    return {
      invitation: {
        workspaceName: invitation.workspaceName,
        role: invitation.role,
        inviterEmail: invitation.inviterEmail,
        expiresAt: invitation.expiresAt,
      },
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    return {
      problem: {
        text: authFailure(
          { code, status: 400, message: (error as Error).message },
          "The invitation could not be read.",
        ),
        otherAddress: code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
      },
    };
  }
}

const Secret = z.strictObject({ secret: z.string().min(1).max(100) });

/** What accepting or declining answers (`InvitationAnswer`): the invitation's workspace. */
export const InvitationAnswerSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
}) satisfies z.ZodType<InvitationAnswer>;

/** The refusals both answers share (`forThisPerson`), in the description's words. */
const INVITATION_REFUSALS = [
  "`secret` is the invitation link's secret: an invitation's id, which its workspace's inviters see, answers nothing.",
  "",
  "- 404 `INVITATION_NOT_FOUND`: no invitation has that secret, or it is no longer open (accepted, declined,",
  "  cancelled or expired).",
  "- 403 `YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION`: it was sent to another address.",
  "- 409 `INVITATION_VOID`: whoever made it may no longer invite to that workspace, or that role (they left, were",
  "  removed or changed role); it is cancelled.",
  "- 403 `DEMO_SHARED`: the shared demo's person answers no invitation.",
  "- The accounts library's refusals, with its code (`EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION`",
  "  where Backroom sends mail and the address is not confirmed).",
].join("\n");

/** Whether the person is already a member of a workspace (an invitation accepted twice: the second finds the first). */
const memberOf = async (deps: InvitationsDeps, workspaceId: string, userId: string) =>
  parseRole(await roleOf(deps.db, workspaceId, userId)) !== undefined;

export const acceptInvitation = defineRoute(
  {
    method: "POST",
    path: "/api/invitations/accept",
    summary: "The invited person joins the invitation's workspace with its role, and works in it from now on.",
    description: `Signed in with the address it was sent to (confirmed, where Backroom sends mail). Accepting twice answers the same.\n\n${INVITATION_REFUSALS}`,
    need: "signed-in",
    body: Secret,
    answer: InvitationAnswerSchema,
  },
  async ({ request, actor, body }, deps: InvitationsDeps) => {
    const found = await createInvitationLinks(deps.db).find(body.secret);
    const answer = (invitation: OpenInvitation): InvitationAnswer => ({
      workspaceId: invitation.workspaceId,
      workspaceName: invitation.workspaceName,
    });
    if (
      found?.status === "accepted" &&
      found.email.toLowerCase() === actor.person.email.toLowerCase() &&
      (await memberOf(deps, found.workspaceId, actor.person.id))
    )
      return answer(found);
    const invitation = await forThisPerson(deps.db, found, actor);
    await deps.auth.api.acceptInvitation({ body: { invitationId: invitation.id }, headers: request.headers });
    return answer(invitation);
  },
);

export const declineInvitation = defineRoute(
  {
    method: "POST",
    path: "/api/invitations/decline",
    summary: "The invited person declines the invitation: its link works no more.",
    description: `Signed in with the address it was sent to. Declining twice answers the same.\n\n${INVITATION_REFUSALS}`,
    need: "signed-in",
    body: Secret,
    answer: InvitationAnswerSchema,
  },
  async ({ request, actor, body }, deps: InvitationsDeps) => {
    const found = await createInvitationLinks(deps.db).find(body.secret);
    if (found?.status === "rejected" && found.email.toLowerCase() === actor.person.email.toLowerCase())
      return { workspaceId: found.workspaceId, workspaceName: found.workspaceName } satisfies InvitationAnswer;
    const invitation = await forThisPerson(deps.db, found, actor);
    await deps.auth.api.rejectInvitation({ body: { invitationId: invitation.id }, headers: request.headers });
    return { workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName } satisfies InvitationAnswer;
  },
);
