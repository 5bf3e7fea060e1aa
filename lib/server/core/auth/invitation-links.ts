import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuthTables, BackroomDatabase } from "../db/schema";

/** An invitation, as the person it was sent to reads it (signed in with its address). */
export interface OpenInvitation {
  id: string;
  email: string;
  role: string;
  workspaceId: string;
  workspaceName: string;
  inviterId: string;
  inviterEmail: string;
  expiresAt: string;
  /** `pending` while it waits for its answer (and has not expired), else `accepted`, `rejected`, `canceled`. */
  status: string;
  expired: boolean;
}

/** An invitation's page: `/invitations/{secret}`. */
const INVITATION_PATH = /^\/invitations\/([A-Za-z0-9_-]{43})$/;

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * The page an invitation's link opens, from its secret.
 *
 * @example
 * invitationPath("qV3…"); // "/invitations/qV3…"
 */
export function invitationPath(secret: string): string {
  return `/invitations/${secret}`;
}

/** The secret of an invitation's page path (`?next=/invitations/{secret}` on the way to signing up), if it is one. */
export function invitationSecretOf(path: string | undefined): string | undefined {
  return path ? INVITATION_PATH.exec(path)?.[1] : undefined;
}

export interface InvitationLinks {
  /** A new secret for an invitation (its link's), kept only as its hash: the caller mails it, or shows it once. */
  make(invitationId: string): Promise<string>;
  /** The invitation whose link holds this secret, whatever its state. */
  find(secret: string): Promise<OpenInvitation | undefined>;
}

/**
 * The secrets of invitations' links. An invitation is accepted by its link's secret, which nothing a member can list
 * holds (the Members page shows invitations by id, to those who may invite): 32 random bytes, kept as their SHA-256,
 * so a leaked table accepts nothing either.
 *
 * @example
 * const links = createInvitationLinks(db);
 * const secret = await links.make(invitation.id); // mail `${site}/invitations/${secret}`
 * const invitation = await links.find(secret); // its workspace, role, inviter, state
 */
export function createInvitationLinks(
  db: Kysely<BackroomDatabase>,
  now: () => Date = () => new Date(),
): InvitationLinks {
  return {
    async make(invitationId) {
      const secret = randomBytes(32).toString("base64url");
      await db
        .insertInto("invitation_links")
        .values({ invitation_id: invitationId, secret_hash: hash(secret), created_at: now().toISOString() })
        .execute();
      return secret;
    },

    async find(secret) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
      const row = await db
        .withTables<AuthTables>()
        .selectFrom("invitation_links")
        .innerJoin("auth_invitation", "auth_invitation.id", "invitation_links.invitation_id")
        .innerJoin("auth_organization", "auth_organization.id", "auth_invitation.organizationId")
        .innerJoin("auth_user", "auth_user.id", "auth_invitation.inviterId")
        .select([
          "auth_invitation.id",
          "auth_invitation.email",
          "auth_invitation.role",
          "auth_invitation.status",
          "auth_invitation.expiresAt",
          "auth_organization.id as workspaceId",
          "auth_organization.name as workspaceName",
          "auth_invitation.inviterId",
          "auth_user.email as inviterEmail",
        ])
        .where("invitation_links.secret_hash", "=", hash(secret))
        .executeTakeFirst();
      if (!row) return undefined;
      const expiresAt = new Date(row.expiresAt);
      return {
        id: row.id,
        email: row.email,
        role: row.role ?? "viewer",
        workspaceId: row.workspaceId,
        workspaceName: row.workspaceName,
        inviterId: row.inviterId,
        inviterEmail: row.inviterEmail,
        expiresAt: expiresAt.toISOString(),
        status: row.status,
        expired: expiresAt.getTime() <= now().getTime(),
      };
    },
  };
}

/** Whether an invitation still waits for its answer: pending and not expired. */
export const isOpen = (invitation: OpenInvitation | undefined): invitation is OpenInvitation =>
  invitation !== undefined && invitation.status === "pending" && !invitation.expired;
