import "server-only";

/**
 * How one of the shared demo people (one account every visitor signs in as) may use an endpoint:
 * - `open`: as anyone;
 * - `fixed`: not at all (403 `DEMO_SHARED`): it would change the person every visitor shares;
 * - `own-session`: it answers about this visitor's own session only (the sessions list).
 */
export type DemoRule = "open" | "fixed" | "own-session";

export interface AuthEndpoint {
  methods: readonly ("GET" | "POST")[];
  demo: DemoRule;
  /** The page of Backroom's that calls it. */
  usedBy: string;
}

/**
 * The accounts library's endpoints (better-auth, under `/api/auth`) that answer from the browser: the ones Backroom's
 * own pages call, and nothing else. Every other path of the library answers 404, so a workspace, its members and its
 * invitations change only through Backroom's routes, which check Backroom's roles (`lib/session/roles.ts`). Keyed by
 * the library's path (a `:name` segment stands for any one segment). `auth-endpoints.test.ts` lists every path the
 * library would answer and fails on one that is neither here nor in `CLOSED_AUTH_PATHS`.
 */
export const AUTH_ENDPOINTS: Readonly<Record<string, AuthEndpoint>> = {
  "/sign-up/email": { methods: ["POST"], demo: "open", usedBy: "/sign-up" },
  "/sign-in/email": { methods: ["POST"], demo: "open", usedBy: "/sign-in" },
  "/sign-in/social": { methods: ["POST"], demo: "open", usedBy: "/sign-in: single sign-on, started" },
  "/callback/:id": { methods: ["GET", "POST"], demo: "open", usedBy: "single sign-on: the provider's redirect back" },
  "/sign-out": { methods: ["POST"], demo: "open", usedBy: "every page's Sign out" },
  "/get-session": { methods: ["GET"], demo: "open", usedBy: "the accounts library's client: this session" },
  "/verify-email": { methods: ["GET"], demo: "open", usedBy: "the address confirmation mail's link" },
  "/request-password-reset": { methods: ["POST"], demo: "fixed", usedBy: "/forgot-password" },
  "/reset-password/:token": { methods: ["GET"], demo: "fixed", usedBy: "the password reset mail's link" },
  "/reset-password": { methods: ["POST"], demo: "fixed", usedBy: "/reset-password" },
  "/change-password": { methods: ["POST"], demo: "fixed", usedBy: "/account: Password" },
  "/update-user": { methods: ["POST"], demo: "fixed", usedBy: "/account: Profile (the name)" },
  "/list-sessions": { methods: ["GET"], demo: "own-session", usedBy: "/account: Where you are signed in" },
  "/revoke-other-sessions": { methods: ["POST"], demo: "fixed", usedBy: "/account: sign out of every other session" },
  "/revoke-sessions": { methods: ["POST"], demo: "fixed", usedBy: "/account: sign out everywhere" },
  "/two-factor/enable": { methods: ["POST"], demo: "fixed", usedBy: "/account: Two factors" },
  "/two-factor/disable": { methods: ["POST"], demo: "fixed", usedBy: "/account: Two factors" },
  "/two-factor/generate-backup-codes": { methods: ["POST"], demo: "fixed", usedBy: "/account: Two factors" },
  "/two-factor/verify-totp": { methods: ["POST"], demo: "open", usedBy: "/sign-in and /account: a code" },
  "/two-factor/verify-backup-code": { methods: ["POST"], demo: "open", usedBy: "/sign-in: a backup code" },
  "/passkey/generate-register-options": { methods: ["GET"], demo: "fixed", usedBy: "/account: Passkeys" },
  "/passkey/verify-registration": { methods: ["POST"], demo: "fixed", usedBy: "/account: Passkeys" },
  "/passkey/list-user-passkeys": { methods: ["GET"], demo: "open", usedBy: "/account: Passkeys" },
  "/passkey/delete-passkey": { methods: ["POST"], demo: "fixed", usedBy: "/account: Passkeys" },
  "/passkey/generate-authenticate-options": { methods: ["GET"], demo: "open", usedBy: "/sign-in: a passkey" },
  "/passkey/verify-authentication": { methods: ["POST"], demo: "open", usedBy: "/sign-in: a passkey" },
};

/**
 * The library's paths decided closed: no page of Backroom's needs them from the browser. Workspaces, members and
 * invitations are Backroom's routes (`/api/workspaces`, `/api/workspace`, `/api/members`, `/api/invitations`), which
 * call the library on the server after Backroom's own role checks.
 */
export const CLOSED_AUTH_PATHS: readonly string[] = [
  "/account-info",
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  "/error",
  "/get-access-token",
  "/link-social",
  "/list-accounts",
  "/ok",
  "/refresh-token",
  "/revoke-session",
  "/send-verification-email",
  "/unlink-account",
  "/update-session",
  "/verify-password",
  "/two-factor/get-totp-uri",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/passkey/update-passkey",
  "/organization/accept-invitation",
  "/organization/cancel-invitation",
  "/organization/check-slug",
  "/organization/create",
  "/organization/delete",
  "/organization/get-active-member",
  "/organization/get-active-member-role",
  "/organization/get-full-organization",
  "/organization/get-invitation",
  "/organization/get-organization",
  "/organization/has-permission",
  "/organization/invite-member",
  "/organization/leave",
  "/organization/list",
  "/organization/list-invitations",
  "/organization/list-members",
  "/organization/list-user-invitations",
  "/organization/reject-invitation",
  "/organization/remove-member",
  "/organization/set-active",
  "/organization/update",
  "/organization/update-member-role",
];

const PATTERNS = Object.entries(AUTH_ENDPOINTS).map(([path, endpoint]) => ({
  path,
  endpoint,
  pattern: new RegExp(`^${path.replace(/:[a-z]+/gi, "[^/]+")}$`),
}));

/**
 * The endpoint a request under `/api/auth` may reach, by its path below `/api/auth` and its method; undefined when the
 * library's own endpoint stays closed.
 *
 * @example
 * openAuthEndpoint("/sign-in/email", "POST"); // { path: "/sign-in/email", ... }
 * openAuthEndpoint("/organization/update-member-role", "POST"); // undefined
 */
export function openAuthEndpoint(path: string, method: string): { path: string; endpoint: AuthEndpoint } | undefined {
  const upper = method.toUpperCase();
  const found = PATTERNS.find((p) => p.pattern.test(path));
  return found && found.endpoint.methods.some((m) => m === upper) ? found : undefined;
}

/**
 * How the demo person may use an open endpoint, by the library's own name of it (`:token` and all); undefined for a
 * closed one, which only Backroom's routes call on the server, after their own checks (a demo person changes no
 * member, invitation or workspace there either: `define-route.ts`).
 */
export function demoRule(path: string): DemoRule | undefined {
  return AUTH_ENDPOINTS[path]?.demo;
}
