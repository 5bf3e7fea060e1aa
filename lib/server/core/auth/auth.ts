import "server-only";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { createHash } from "node:crypto";
import { hkdf } from "../session/key-crypto";
import { type AuthConfig, OIDC_PROVIDER_ID } from "./auth-config";
import { authDatabaseHooks } from "./auth-database-hooks";
import { emailAndPasswordOptions, emailVerificationOptions } from "./auth-email-options";
import { authHooks } from "./auth-hooks";
import { authPlugins } from "./auth-plugins";
import { sharedSecondaryStorage } from "./secondary-storage";

export { type AuthConfig, INVITATION_DAYS } from "./auth-config";

/** better-auth's endpoints, under Backroom's address (`app/api/auth/[...all]/route.ts`). */
export const AUTH_BASE_PATH = "/api/auth";

/**
 * Where Backroom answers without PUBLIC_URL (local use, the tests): the loopback hosts on the port it listens on, and
 * no other port's. Another app on this machine (a development server, a local page) is another origin: any port would
 * let it sign a person in or out.
 *
 * @example
 * loopbackHosts(3000); // ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]
 */
export function loopbackHosts(port: number): string[] {
  // Port 80 is the one an address leaves out (and the Host header with it).
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => (port === 80 ? host : `${host}:${port}`));
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
  return {
    appName: "Backroom",
    basePath: AUTH_BASE_PATH,
    baseURL: config.publicUrl ?? { allowedHosts: loopbackHosts(config.port), protocol: "http" as const },
    trustedOrigins: config.publicUrl ? [config.publicUrl] : loopbackHosts(config.port).map((host) => `http://${host}`),
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
    emailAndPassword: emailAndPasswordOptions(config),
    emailVerification: emailVerificationOptions(config),
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
    databaseHooks: authDatabaseHooks(config),
    advanced: {
      cookiePrefix: "backroom",
      // X-Forwarded-For as Backroom's server settled it (scripts/serve.mjs: believed only with TRUST_PROXY).
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    plugins: authPlugins(config),
  } satisfies BetterAuthOptions;
}

/**
 * Backroom's better-auth: accounts, sessions, workspaces and their members, invitations, two factors, passkeys and
 * single sign-on, on Backroom's own database. Its endpoints under `/api/auth/*` answer the browser only where
 * `auth-endpoints.ts` opens them; workspaces, members and invitations are changed by Backroom's routes, which call it
 * here on the server after Backroom's own checks (and mail an invitation's link themselves: `invitation-links.ts`).
 *
 * @example
 * const auth = createAuth({ db, dialect: "sqlite", secrets, store, mailer, port: 3000, idleSeconds: 8 * 3600 });
 * const session = await auth.api.getSession({ headers: request.headers });
 */
export function createAuth(config: AuthConfig) {
  return betterAuth(authOptions(config));
}

export type Auth = ReturnType<typeof createAuth>;
