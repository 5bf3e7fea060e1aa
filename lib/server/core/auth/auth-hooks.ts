import "server-only";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditEvent, AuditReference } from "@/lib/audit/audit-types";
import type { AuditTrail } from "../audit/audit-trail";
import type { AuthEvents } from "./events";
import { demoShared } from "./auth-database-hooks";
import { isDemoPerson, isReservedAddress } from "./demo";
import { demoRule } from "./auth-endpoints";
import { isSafeRedirect } from "@/lib/session/safe-next";
import { DEMO_FIXED_DETAIL } from "../route-errors";
import { type ActingPerson, actorOf } from "../audit/write-audit";
import { clientAddress, type ConnectThrottle, type ThrottleWait } from "../connect-throttle";

/**
 * What better-auth's endpoints leave in Backroom's audit trail, and the sign-in throttle around them (one limiter with
 * refused keys: `connect-throttle.ts`, per address and per account):
 * - a sign-in (password, passkey, a second factor, single sign-on, a new account signed in) is an entry, a failed one
 *   too (with the email tried), and failures earn the address and the account a wait;
 * - invitations sent, cancelled and accepted, roles changed, members removed or leaving are entries naming whom they
 *   concern;
 * - a shared demo person may not use what would change them for every visitor, and lists only their own session
 *   (`auth-endpoints.ts` says which); nobody signs up with a demo's address, or signs in with one by password;
 * - every address the library would send a person to afterwards is held to Backroom's one redirect rule (`safeNext`).
 * Sign-out is recorded where it happens (`/api/auth/sign-out`, and sign-out everywhere).
 */

/** Where a person signs in, and how, in the trail's words. */
const SIGN_INS: Record<string, string> = {
  "/sign-in/email": "password",
  "/sign-up/email": "new account",
  // Where mail goes out, the new account signs in by the confirmation link.
  "/verify-email": "address confirmed",
  "/passkey/verify-authentication": "passkey",
  "/two-factor/verify-totp": "second factor (authenticator app)",
  "/two-factor/verify-backup-code": "second factor (backup code)",
};
const signInMethod = (path: string) => SIGN_INS[path] ?? (path.startsWith("/callback/") ? "single sign-on" : undefined);

/** Where a failure earns the address and the account being tried a wait (`connect-throttle.ts`). */
const THROTTLED = new Set([
  "/sign-in/email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/passkey/verify-authentication",
]);

const ORGANIZATION_EVENTS: Record<string, AuditEvent> = {
  "/organization/invite-member": "invitation-sent",
  "/organization/cancel-invitation": "invitation-cancelled",
  "/organization/accept-invitation": "invitation-accepted",
  "/organization/update-member-role": "role-changed",
  "/organization/remove-member": "member-removed",
  "/organization/leave": "member-left",
};

/** A sign-in's second step: its failures also lock the account's second step (`second-step` in the throttle). */
const isSecondStep = (path: string) => path.startsWith("/two-factor/");

/**
 * The account a throttled request tries: the email it names, or for a second step, the person of the session, or of
 * the signed cookie the first step left (`two_factor`, as better-auth's `verifyTwoFactor` reads it), whichever address
 * the attempt comes from.
 */
async function accountTried(ctx: AuthMiddlewareContext): Promise<string | undefined> {
  const email = text((ctx.body as Record<string, unknown> | undefined)?.email);
  if (email || !isSecondStep(ctx.path)) return email;
  const session = (await getSessionFromCtx(ctx).catch(() => null)) as Session | null;
  if (session) return session.user.email;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret).catch(() => null);
  if (!identifier) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier).catch(() => null);
  const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
  return user?.email;
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * What the demo's people may not do (403 `DEMO_SHARED`): nobody signs up with a demo's address, nobody signs in with
 * one by password from a browser (the demo signs in through `POST /api/demo`, on the server: failed tries would make
 * its person wait, and every visitor with it), and a demo person uses nothing that would change them for every visitor.
 */
async function refuseForTheDemo(ctx: AuthMiddlewareContext): Promise<void> {
  const email = text((ctx.body as Record<string, unknown> | undefined)?.email);
  if ((ctx.path === "/sign-up/email" || (ctx.path === "/sign-in/email" && ctx.request)) && isReservedAddress(email))
    throw demoShared();
  if (demoRule(ctx.path) === "fixed") {
    const session = (await getSessionFromCtx(ctx).catch(() => null)) as Session | null;
    if (isDemoPerson(session?.user.email))
      throw new APIError("FORBIDDEN", { code: "DEMO_SHARED", message: DEMO_FIXED_DETAIL });
  }
}

interface HookDeps {
  audit?: AuditTrail;
  throttle?: ConnectThrottle;
  /** Told of a member who left: better-auth has no organization hook for it, as it has for a removal. */
  events?: Pick<AuthEvents, "membershipChanged">;
}

type Session = {
  session: { id: string; activeOrganizationId?: string | null };
  user: { id: string; email: string; name: string };
};
/** The actor of an entry, from better-auth's session (the person acting) and the workspace concerned. */
function actorFrom(
  session: Session | null | undefined,
  workspaceId: string | null | undefined,
): ActingPerson | undefined {
  if (!session) return undefined;
  return { person: session.user, session: session.session, workspace: workspaceId ? { id: workspaceId } : null };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Where the library sends a person once an endpoint is done: each must be a path of this site (`safeNext`). */
const REDIRECTS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

/** The first redirect target of a request that leaves the site, if any. */
function unsafeRedirect(body: unknown, query: unknown): string | undefined {
  const read = (from: unknown, name: string) =>
    from && typeof from === "object" ? (from as Record<string, unknown>)[name] : undefined;
  for (const name of REDIRECTS) {
    const value = read(body, name) ?? read(query, name);
    if (value !== undefined && value !== "" && !isSafeRedirect(value)) return name;
  }
  return undefined;
}

/** A throttled attempt's refusal (429, with `Retry-After`), in words saying whose failures earned the wait. */
function tooManyAttempts(wait: ThrottleWait, path: string): APIError {
  const message =
    wait.scope !== "account"
      ? `Too many failed sign-ins from your address: try again in ${wait.seconds} seconds.`
      : isSecondStep(path)
        ? `Too many wrong codes for this account: its second step is locked for ${wait.seconds} seconds.`
        : `Too many failed sign-ins for this account: try again in ${wait.seconds} seconds.`;
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_ATTEMPTS", message },
    { "Retry-After": String(wait.seconds) },
  );
}

/**
 * better-auth's `hooks` for Backroom.
 *
 * @example
 * betterAuth({ ...options, hooks: authHooks({ audit, throttle }) });
 */
export function authHooks(deps: HookDeps) {
  // The account a throttled request tries, read before the endpoint runs (a second step's cookie may be spent after),
  // by the request's headers: the same object before and after it, and nothing a client can name.
  const tried = new WeakMap<Headers, string>();
  return {
    before: createAuthMiddleware(async (ctx) => {
      const request = new Request("http://backroom.internal", { headers: ctx.headers ?? new Headers() });
      // The database is the record of sessions: one the shared store still copies but the database no longer holds
      // (ended while Redis was away) is ended everywhere, and this request is answered as nobody's.
      const current = (await getSessionFromCtx(ctx).catch(() => null)) as
        | (Session & { session: { token: string } })
        | null;
      if (
        current &&
        !(await ctx.context.adapter.findOne({ model: "session", where: [{ field: "id", value: current.session.id }] }))
      ) {
        await ctx.context.internalAdapter.deleteSession(current.session.token).catch(() => undefined);
        throw new APIError("UNAUTHORIZED", {
          code: "SESSION_ENDED",
          message: "This session has ended: sign in again.",
        });
      }
      const unsafe = unsafeRedirect(ctx.body, ctx.query);
      if (unsafe)
        throw new APIError("FORBIDDEN", {
          code: "INVALID_CALLBACK_URL",
          message: `${unsafe} must be a path of this site.`,
        });
      await refuseForTheDemo(ctx);
      // Recorded before: afterwards the session is gone.
      if ((ctx.path === "/sign-out" || ctx.path === "/revoke-sessions") && deps.audit) {
        const session = (await getSessionFromCtx(ctx).catch(() => null)) as Session | null;
        if (session)
          await deps.audit.record({
            event: "sign-out",
            actor: actorOf(request, actorFrom(session, session.session.activeOrganizationId), undefined),
            result: "done",
            reference: { method: ctx.path === "/sign-out" ? "this session" : "every session" },
          });
        return;
      }
      if (!deps.throttle || !THROTTLED.has(ctx.path)) return;
      const account = await accountTried(ctx);
      if (account && ctx.headers) tried.set(ctx.headers, account);
      const wait = await deps.throttle.check(
        clientAddress(request),
        account,
        isSecondStep(ctx.path) ? "second-step" : "sign-in",
      );
      if (wait) throw tooManyAttempts(wait, ctx.path);
    }),

    after: createAuthMiddleware(async (ctx) => {
      const request = new Request("http://backroom.internal", { headers: ctx.headers ?? new Headers() });
      const returned: unknown = ctx.context.returned;
      const failed = isAPIError(returned);
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      if (demoRule(ctx.path) === "own-session" && Array.isArray(returned)) {
        const session = ((ctx.context.session as Session | null) ??
          (await getSessionFromCtx(ctx).catch(() => null))) as Session | null;
        // Every visitor of the demo is this one person: each sees their own session, never the others' (nor their tokens).
        if (isDemoPerson(session?.user.email))
          return ctx.json(returned.filter((s: { id?: unknown }) => s.id === session!.session.id));
      }
      const method = signInMethod(ctx.path);
      if (method) {
        const session = ctx.context.newSession as Session | null;
        const email = text(body.email);
        const address = clientAddress(request);
        if (session) {
          await deps.throttle?.succeeded(
            address,
            session.user.email,
            isSecondStep(ctx.path) ? "second-step" : "sign-in",
          );
          await deps.audit?.record({
            event: "sign-in",
            actor: actorOf(request, actorFrom(session, null), undefined),
            result: "done",
            reference: { method },
          });
        } else if (failed && (returned.statusCode === 401 || returned.statusCode === 403)) {
          if (THROTTLED.has(ctx.path))
            await deps.throttle?.failed(
              address,
              (ctx.headers && tried.get(ctx.headers)) ?? email,
              isSecondStep(ctx.path) ? "second-step" : "sign-in",
            );
          await deps.audit?.record({
            event: "sign-in-failed",
            actor: actorOf(request, undefined, undefined, email),
            result: "refused",
            upstreamStatus: null,
            answer: { method, errorCode: String(returned.body?.code ?? returned.status) },
          });
        }
        return;
      }
      const event = ORGANIZATION_EVENTS[ctx.path];
      if (!event || failed) return;
      // The acting person: better-auth's after-hooks are not given the endpoint's session, so it is read again.
      const session = ((ctx.context.session as Session | null) ??
        (await getSessionFromCtx(ctx).catch(() => null))) as Session | null;
      // Every instance drops what it holds of the leaver's membership, as after a removal.
      if (event === "member-left" && session && text(body.organizationId)) {
        await deps.events?.membershipChanged?.({
          workspaceId: text(body.organizationId)!,
          userId: session.user.id,
          kind: "left",
        });
      }
      if (!deps.audit) return;
      const answer = (returned ?? {}) as Record<string, unknown>;
      const invitation = (answer.invitation ?? answer) as Record<string, unknown>;
      const member = (answer.member ?? answer) as Record<string, unknown> & { user?: { email?: string } };
      const workspaceId =
        text(body.organizationId) ??
        text(invitation.organizationId) ??
        text(member.organizationId) ??
        session?.session.activeOrganizationId ??
        null;
      // A role changed or a member removed: better-auth answers the member without their user, so whom it concerns is read.
      const subject =
        text(invitation.email) ??
        member.user?.email ??
        (text(member.userId)
          ? (await ctx.context.internalAdapter.findUserById(text(member.userId)!).catch(() => null))?.email
          : undefined);
      const reference: AuditReference = {
        ...(subject ? { subjectEmail: subject } : {}),
        ...((text(body.role) ?? text(invitation.role)) ? { role: text(body.role) ?? text(invitation.role) } : {}),
      };
      await deps.audit.record({
        event,
        actor: actorOf(request, actorFrom(session, workspaceId), undefined),
        result: "done",
        reference,
      });
    }),
  };
}
