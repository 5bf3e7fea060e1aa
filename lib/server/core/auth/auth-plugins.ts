import "server-only";
import { passkey } from "@better-auth/passkey";
import type { BetterAuthOptions } from "better-auth";
import { genericOAuth, organization, twoFactor } from "better-auth/plugins";
import { accessControl, ROLES } from "@/lib/session/access-control";
import { type AuthConfig, INVITATION_DAYS, OIDC_PROVIDER_ID } from "./auth-config";
import { demoShared } from "./auth-database-hooks";
import { isReservedAddress } from "./demo";
import { voidInvitationsOf } from "./invitation-rights";

/**
 * better-auth's plugins in Backroom: workspaces (its organizations, with Backroom's five roles), two factors (backup
 * codes encrypted), passkeys, and single sign-on with an OpenID Connect provider when one is configured.
 *
 * @example
 * const options = { plugins: authPlugins(config) };
 */
export function authPlugins(config: AuthConfig) {
  const { mailer } = config;
  return [
    organization({
      ac: accessControl,
      roles: ROLES,
      creatorRole: "owner",
      invitationExpiresIn: INVITATION_DAYS * 24 * 60 * 60,
      cancelPendingInvitationsOnReInvite: true,
      // Without mail, the invited person cannot have proved the address; with it, they must have.
      requireEmailVerificationOnInvitation: mailer.delivers,
      schema: {
        organization: {
          modelName: "auth_organization",
          additionalFields: {
            requireTwoFactor: { type: "boolean", required: false, defaultValue: false, input: true },
          },
        },
        member: {
          modelName: "auth_member",
          additionalFields: { salesRepUserId: { type: "number", required: false, input: false } },
        },
        invitation: { modelName: "auth_invitation" },
      },
      organizationHooks: {
        // The demo's people belong to the demo only: nobody invites them, they accept nothing, and no path makes them
        // a member of another workspace (Backroom's routes say so first, in its words; these hold for every path).
        beforeCreateInvitation: async ({ invitation }) => {
          if (isReservedAddress(invitation.email)) throw demoShared();
        },
        beforeAcceptInvitation: async ({ user }) => {
          if (isReservedAddress(user.email)) throw demoShared();
        },
        beforeAddMember: async ({ user, organization: workspace }) => {
          if (isReservedAddress(user.email) && !workspace.slug.startsWith("demo-")) throw demoShared();
        },
        afterUpdateMemberRole: async ({ member, previousRole, user, organization: workspace }) => {
          void previousRole;
          void user;
          await voidInvitationsOf(config.db, workspace.id, member.userId);
          await config.events?.membershipChanged?.({
            workspaceId: workspace.id,
            userId: member.userId,
            kind: "role",
            role: member.role,
          });
        },
        afterRemoveMember: async ({ member, organization: workspace }) => {
          await voidInvitationsOf(config.db, workspace.id, member.userId);
          await config.events?.membershipChanged?.({
            workspaceId: workspace.id,
            userId: member.userId,
            kind: "removed",
          });
        },
        afterAddMember: async ({ member, organization: workspace }) => {
          await config.events?.membershipChanged?.({
            workspaceId: workspace.id,
            userId: member.userId,
            kind: "role",
            role: member.role,
          });
        },
        afterUpdateOrganization: async ({ organization: workspace }) => {
          if (workspace) await config.events?.workspaceChanged?.(workspace.id);
        },
      },
    }),
    twoFactor({
      issuer: "Backroom",
      schema: { twoFactor: { modelName: "auth_two_factor" } },
      backupCodeOptions: { storeBackupCodes: "encrypted" },
    }),
    passkey({ rpName: "Backroom", schema: { passkey: { modelName: "auth_passkey" } } }),
    ...(config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.name,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : []),
  ] satisfies NonNullable<BetterAuthOptions["plugins"]>;
}
