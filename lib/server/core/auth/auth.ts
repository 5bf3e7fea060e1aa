import "server-only";
import { passkey } from "@better-auth/passkey";
import { hash, verify } from "@node-rs/argon2";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { genericOAuth, organization, twoFactor } from "better-auth/plugins";
import type { Kysely } from "kysely";
import { accessControl, ROLES } from "@/lib/session/access-control";
import type { AuthTables, BackroomDatabase } from "../db/schema";
import { createHash } from "node:crypto";
import { hkdf } from "../session/key-crypto";
import type { AuditTrail } from "../audit/audit-trail";
import type { ConnectThrottle } from "../connect-throttle";
import type { SharedStore } from "../shared/shared-store";
import { authHooks } from "./auth-hooks";
import type { AuthEvents } from "./events";
import type { Mailer } from "./mailer";
import { sharedSecondaryStorage } from "./secondary-storage";
import { publicOrigin } from "../public-origin";

/** better-auth's endpoints, under Backroom's address (`app/api/auth/[...all]/route.ts`). */
export const AUTH_BASE_PATH = "/api/auth";
/**
 * The OpenID Connect provider's id in better-auth's generic OAuth. Its redirect URI, to register with the provider:
 * `{PUBLIC_URL}/api/auth/callback/oidc` (better-auth 1.7 calls generic providers back as social ones).
 */
export const OIDC_PROVIDER_ID = "oidc";
/** An invitation to a workspace is good for a week. */
export const INVITATION_DAYS = 7;

export interface AuthConfig {
  db: Kysely<BackroomDatabase>;
  dialect: "sqlite" | "postgres";
  /** SESSION_SECRET and SESSION_SECRET_PREVIOUS (newest first): better-auth's secrets are derived from them. */
  secrets: { current: string; previous?: string[] };
  /** Sessions (mirrored from the database) and rate-limit counters: the shared store, through its local fallback. */
  store: SharedStore;
  mailer: Mailer;
  /** `PUBLIC_URL`; unset: each request's own address, for loopback hosts only. */
  publicUrl?: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  /** A session ends after this long without a request, and this long after it began (enforced by `actor.ts`). */
  idleSeconds: number;
  /** Told of what better-auth does that Backroom must spread to every instance (`actor.ts`). */
  events?: AuthEvents;
  /** Where sign-ins, sign-outs, invitations and role changes are recorded (`auth-hooks.ts`). */
  audit?: AuditTrail;
  /** Failed sign-ins make the address and the account wait (the connect throttle's limiter). */
  throttle?: ConnectThrottle;
}

export type { AuthEvents } from "./events";

/** Loopback hosts, any port: where Backroom answers without PUBLIC_URL (local use, the tests). */
const LOOPBACK = ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"];

/**
 * Backroom's own address for a link in a mail: PUBLIC_URL, or without it the address the request came to (only a
 * loopback host gets this far: better-auth refuses any other without PUBLIC_URL, so a forged Host names no other site).
 */
function siteOf(config: AuthConfig, request: Request | undefined): string {
  return config.publicUrl ?? (request ? publicOrigin(request) : "");
}

/**
 * better-auth's secrets, derived from Backroom's (HKDF, "better-auth"), each with a version of its own that never
 * changes: a number drawn from the secret itself. better-auth writes the version beside what it encrypts (two-factor
 * secrets, backup codes) and reads it back by that number, so SESSION_SECRET_PREVIOUS may grow or lose its oldest
 * secrets without renumbering the rest (a version by place in the list did: dropping the oldest secret moved every
 * other one, and no second factor could be read). What was encrypted under a secret dropped is not readable: keep a
 * secret listed while second factors enrolled under it remain (docs/deploy.md).
 */
function authSecrets(secrets: AuthConfig["secrets"]): { version: number; value: string }[] {
  const versioned = (secret: string) => ({
    version: createHash("sha256").update(`backroom secret version ${secret}`).digest().readUInt32BE(0),
    value: hkdf(secret, "better-auth").toString("base64url"),
  });
  // A secret listed twice (the current one left among the previous ones) is one secret, once.
  return [...new Set([secrets.current, ...(secrets.previous ?? [])])].map(versioned);
}

/**
 * The options of Backroom's better-auth: its tables (`auth_*`, made by Backroom's migration 003), Argon2id passwords,
 * sessions in the database mirrored in the shared store, rate limits there too, and the plugins: workspaces
 * (better-auth's organizations, with Backroom's five roles), two factors (backup codes encrypted), passkeys, and single
 * sign-on with an OpenID Connect provider when one is configured. Separate from `createAuth` so the schema test can ask
 * better-auth what it expects of these very options.
 */
export function authOptions(config: AuthConfig) {
  const { mailer } = config;
  return {
    appName: "Backroom",
    basePath: AUTH_BASE_PATH,
    baseURL: config.publicUrl ?? { allowedHosts: LOOPBACK, protocol: "http" as const },
    trustedOrigins: config.publicUrl ? [config.publicUrl] : LOOPBACK.map((host) => `http://${host}`),
    secrets: authSecrets(config.secrets),
    database: { db: config.db, type: config.dialect, transaction: true },
    secondaryStorage: sharedSecondaryStorage(config.store),
    telemetry: { enabled: false },
    user: { modelName: "auth_user" },
    account: { modelName: "auth_account", accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] } },
    // Tokens (email verification, password resets, sign-in state with the OpenID provider) in the database, so a link
    // outlives a restart of the embedded profile, and by their hash, so a leaked table holds none that works.
    verification: { modelName: "auth_verification", storeInDatabase: true, storeIdentifier: "hashed" as const },
    session: {
      modelName: "auth_session",
      // Idle: a session seen within the last `idleSeconds` lives on (its expiry moves at most once a minute).
      expiresIn: config.idleSeconds,
      updateAge: Math.min(60, Math.floor(config.idleSeconds / 10)),
      // The database is the record (a restart of the embedded profile keeps people signed in); the shared store holds
      // a copy every instance reads, and a revocation deletes both.
      storeSessionInDatabase: true,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      password: {
        // @node-rs/argon2's default algorithm is Argon2id (its const enum cannot be named under isolatedModules); a test
        // checks the stored hash says so.
        hash: (password: string) => hash(password),
        verify: ({ hash: stored, password }: { hash: string; password: string }) => verify(stored, password),
      },
      revokeSessionsOnPasswordReset: true,
      // Where mail goes out, an address is proved before its person signs in: a sign-up answers alike whether the
      // address had an account or not (no enumeration), and the one who has it is told by mail instead.
      requireEmailVerification: mailer.delivers,
      onExistingUserSignUp: async ({ user }: { user: { email: string } }, request?: Request) => {
        const signIn = `${siteOf(config, request)}/sign-in`;
        await mailer.send({
          to: user.email,
          subject: "Someone tried to create a Backroom account with your address",
          text: `Someone tried to create a Backroom account with this address, which already has one.\n\nIf it was you, sign in: ${signIn} (or reset your password there).\nIf it was not, nothing has changed and you need do nothing.`,
          link: signIn,
        });
      },
      sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }) => {
        await mailer.send({
          to: user.email,
          subject: "Reset your Backroom password",
          text: `Someone asked to reset the password of your Backroom account.\n\nSet a new one: ${url}\n\nIf it was not you, ignore this mail.`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: mailer.delivers,
      // A person who signs in before proving the address gets a new link.
      sendOnSignIn: mailer.delivers,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }: { user: { email: string }; url: string }) => {
        await mailer.send({
          to: user.email,
          subject: "Confirm your Backroom account",
          text: `Confirm that this address is yours: ${url}`,
          link: url,
        });
      },
    },
    // Per address, in the shared store: sign-ins and second factors 20 a minute; sign-ups 30 (an office behind one
    // address bringing its team on; better-auth's own default, 3 in 10 s, refused that).
    rateLimit: {
      enabled: true,
      storage: "secondary-storage" as const,
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/*": { window: 60, max: 20 },
        "/sign-up/*": { window: 60, max: 30 },
        "/two-factor/*": { window: 60, max: 20 },
      },
    },
    hooks: authHooks({ audit: config.audit, throttle: config.throttle, events: config.events }),
    databaseHooks: {
      // A person changed (two factors turned off, a new address or name): every session of theirs is read again, on
      // every instance, as for a sign-out (a workspace that requires two factors stops giving them its key at once).
      user: {
        update: {
          after: async (user: { id: string }) => {
            if (!config.events?.sessionChanged) return;
            const sessions = await config.db
              .withTables<AuthTables>()
              .selectFrom("auth_session")
              .select("token")
              .where("userId", "=", user.id)
              .execute();
            for (const { token } of sessions) await config.events.sessionChanged(token);
          },
        },
      },
      session: {
        update: {
          after: async (session: { token: string }) => void (await config.events?.sessionChanged?.(session.token)),
        },
        delete: {
          after: async (session: { token: string }) => void (await config.events?.sessionChanged?.(session.token)),
        },
      },
    },
    advanced: {
      cookiePrefix: "backroom",
      // X-Forwarded-For as Backroom's server settled it (scripts/serve.mjs: believed only with TRUST_PROXY).
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    plugins: [
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
          afterUpdateMemberRole: async ({ member, previousRole, user, organization: workspace }) => {
            void previousRole;
            void user;
            await config.events?.membershipChanged?.({
              workspaceId: workspace.id,
              userId: member.userId,
              kind: "role",
              role: member.role,
            });
          },
          afterRemoveMember: async ({ member, organization: workspace }) => {
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
    ],
  } satisfies BetterAuthOptions;
}

/**
 * Backroom's better-auth: accounts, sessions, workspaces and their members, invitations, two factors, passkeys and
 * single sign-on, on Backroom's own database. Its endpoints under `/api/auth/*` answer the browser only where
 * `auth-endpoints.ts` opens them; workspaces, members and invitations are changed by Backroom's routes, which call it
 * here on the server after Backroom's own checks (and mail an invitation's link themselves: `invitation-links.ts`).
 *
 * @example
 * const auth = createAuth({ db, dialect: "sqlite", secrets, store, mailer, idleSeconds: 8 * 3600 });
 * const session = await auth.api.getSession({ headers: request.headers });
 */
export function createAuth(config: AuthConfig) {
  return betterAuth(authOptions(config));
}

export type Auth = ReturnType<typeof createAuth>;
